/// One observable read of a derived value's last evaluation, heard: an entry in the read
/// property's registrar that schedules the value when the property is set, and nothing more.
///
/// Not a chain: it is a listener (see `ListenerKind`) that no declaration finds, with no block,
/// no plan and no value; the registrar calls it after the chains that carry the property on,
/// and it hands the change to its value (`DerivedNode.inputChanged(_:keeping:)`), which
/// schedules an evaluation on the changing thread (see `DerivedSchedule`). So a tracked read
/// costs one small object and a word in the registrar's table, and a set that reaches it
/// allocates nothing.
///
/// The value is its object, held by its memory only (see `AnyEndpoint.object`): a listener
/// never keeps its value alive, and hears nothing once the value has begun to go. The value
/// subscribes and unsubscribes its listeners under the graph lock (`subscribe`, `cancel`);
/// the registrar lets go of them when its object goes.
///
/// A list operator's listeners hear one element's reads each (`ElementReadListener`): their
/// object is the element's record, and they override `heard(by:_:)`.
class ReadListener: AnyEndpoint {
    /// A listener of `read` for `target` (a derived value, or what a subclass hands changes
    /// to), not listening yet.
    init(_ read: ReadTracker.Read, for target: AnyObject) {
        var kind: (any EndpointKind)?
        if case .kind(let heard) = read.hearing { kind = heard }
        self.hearing = read.hearing
        readKeyPath = read.keyPath
        super.init(listeningFor: target, kind: kind)
    }

    /// How the read property is heard.
    private let hearing: Hearing
    /// The read property's key path.
    private let readKeyPath: AnyKeyPath

    final override var keyPath: AnyKeyPath { readKeyPath }

    final override var isChainMember: Bool { false }

    /// Starts listening. Graph lock held.
    final func subscribeLocked() {
        hearing.subscribeLocked(self)
    }

    /// Stops listening for good. Graph lock held; the caller lets go of the listener after
    /// the lock is released.
    final func cancelLocked() {
        isDetached = true
        unsubscribeAllLocked()
    }

    // The registrar's sole listener, read with no lock: kept past the read (the table may let
    // go of it once the read ends), and handed to `act`, which lets go of it.
    final override func decideWithoutLock(_ thread: UnsafeMutablePointer<ThreadState>) -> Decision? {
        guard !hearsUnderLock, !isDetached else { return hearsUnderLock ? nil : .ignore }
        return .dispatch(Unmanaged<AnyObject>.passRetained(self))
    }

    // Asked under the lock: the registry keeps it alive until it has acted (`.enqueue`).
    final override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        guard !isDetached else { return .ignore }
        if hearsUnderLock { keptKind.unsafelyUnwrapped.heardLocked(by: self, from: registrar, slot: slot) }
        return .enqueue
    }

    final override func act(_ decision: Decision, _ thread: UnsafeMutablePointer<ThreadState>) {
        switch decision {
        case .enqueue:
            heard(thread)
        case .dispatch(let kept):
            heard(thread)
            kept.release()
        default:
            return
        }
    }

    /// Hands the change to the target, if it is still there. No lock is held.
    private final func heard(_ thread: UnsafeMutablePointer<ThreadState>) {
        guard !isDetached, let target = objectIfAlive else { return }
        heard(by: target, thread)
    }

    /// What the target does with a change: overridden by each kind of listener.
    func heard(by target: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {}
}

/// The listener of one read of a derived value's evaluation: its target is the value's owner
/// (the public ``Derived`` or ``DerivedList``, or the computed property), so that finding the
/// target alive also holds what the evaluation will use, and the node schedules itself holding
/// it.
final class DerivedReadListener: ReadListener {
    /// The node, alive while its owner is (the owner holds it): not counted.
    private let node: Unmanaged<DerivedNode>

    init(_ read: ReadTracker.Read, node: DerivedNode, owner: AnyObject) {
        self.node = .passUnretained(node)
        super.init(read, for: owner)
    }

    override func heard(by target: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {
        node._withUnsafeGuaranteedRef { $0.inputChanged(thread, keeping: target) }
    }
}
