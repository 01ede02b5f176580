import Synchronization

/// One observable read of a derived value's last evaluation, heard: an entry in the read
/// property's registrar that schedules the value when the property is set, and nothing more.
///
/// Not a chain's endpoint: a subscriber (see `Subscriber`) that no declaration finds, with no
/// block, no plan and no value; the registrar calls it after the chains that carry the property
/// on, and it hands the change to its value (`DerivedNode.inputChanged(_:keeping:)`), which
/// schedules an evaluation on the changing thread (see `DerivedSchedule`). So a tracked read
/// costs one small object (its target, its hearing and its slots) and a word in the registrar's
/// table, and a set that reaches it allocates nothing.
///
/// The value is its target, held by its memory only (see `UnownedObject`): a listener never
/// keeps its value alive, and hears nothing once the value has begun to go. The value
/// subscribes and unsubscribes its listeners under the graph lock (`subscribe`, `cancel`);
/// the registrar lets go of them when its object goes.
///
/// A list operator's listeners hear one element's reads each (`ElementReadListener`): their
/// object is the element's record, and they override `heard(by:_:)`.
class ReadListener: Subscriber {
    /// A listener of `read` for `target` (a derived value, or what a subclass hands changes
    /// to), not listening yet.
    init(_ read: ReadTracker.Read, for target: AnyObject) {
        // The engine is installed before anything listens (see `RegistrarEngine`): a registrar
        // whose slot has several listeners tells it, and a derived value's reads may be the
        // first listeners a program makes.
        Registry.installIfNeeded()
        hearing = read.hearing
        object = Unmanaged.passUnretained(target)
        UnownedObject.keepMemory(of: object)
    }

    deinit {
        UnownedObject.releaseMemory(of: object)
    }

    // The fields are laid out so that the small ones share a word (a list operator keeps a
    // listener per element it follows: the benchmark row "memory.filter" pays for each word).

    /// How the read property is heard: one slot, or a kind (a control's events, a computed
    /// property's relay), which then hears each change under the lock.
    private let hearing: Hearing
    /// Set once cancelled, with the lock held. Atomic: an update reads it with no lock.
    private let cancelled = Atomic<Bool>(false)
    /// The first slot listened to, of `firstRegistrar`.
    @exclusivity(unchecked) private var firstSlot: Int32 = 0
    /// The target, held by its memory only (see `UnownedObject`): a listener never keeps its
    /// target alive, and hears nothing once the target has begun to go.
    private let object: Unmanaged<AnyObject>
    /// The registrar of the first slot listened to, unretained (the registrar lets go of its
    /// listeners, and they of it, when it goes); nil when none.
    @exclusivity(unchecked) private var firstRegistrar: Unmanaged<_ChangeRegistrar>?
    /// The other slots listened to (a control's several events).
    @exclusivity(unchecked) private var more: [Subscription] = []

    /// Whether every change is heard under the lock, by the read's kind.
    private var hearsUnderLock: Bool {
        if case .kind = hearing { return true }
        return false
    }

    final var isDetached: Bool { cancelled.load(ordering: .sequentiallyConsistent) }

    final override func target(record: Int) -> AnyObject? {
        if isDetached { return nil }
        return UnownedObject.retainIfAlive(object)
    }

    final override func joinsChains(record: Int) -> Bool { false }

    final override func slotsOfOwnerClass(record: Int) -> Int { 0 }

    final override func reachesLeaf(record: Int) -> Bool { false }

    final override func setReachesLeaf(_ reaches: Bool, record: Int) {}

    final override func subscriptions(record: Int) -> Subscriptions {
        Subscriptions(
            first: firstRegistrar.map { Subscription(registrar: $0.takeUnretainedValue(), slot: Int(firstSlot)) }, more: more)
    }

    final override func appendSubscription(_ subscription: Subscription, record: Int) {
        if firstRegistrar == nil, more.isEmpty {
            firstRegistrar = Unmanaged.passUnretained(subscription.registrar)
            firstSlot = Int32(truncatingIfNeeded: subscription.slot)
        } else {
            more.append(subscription)
        }
    }

    final override func removeAllSubscriptions(record: Int) {
        firstRegistrar = nil
        if !more.isEmpty { more = [] }
    }

    final override func activeLocked(record: Int) -> Listener? { isDetached ? nil : Listener(self) }

    /// Starts listening. Graph lock held.
    final func subscribeLocked() {
        hearing.subscribeLocked(Listener(self))
    }

    /// Stops listening for good. Graph lock held; the caller lets go of the listener after
    /// the lock is released.
    final func cancelLocked() {
        cancelled.store(true, ordering: .sequentiallyConsistent)
        unsubscribeAllLocked(record: 0)
    }

    // The registrar's sole listener, told inside its read of its table: decides without the
    // lock unless a kind hears the change first, ends the read, then acts.
    final override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        guard let decision = decideWithoutLock(thread) else {
            registrar.endRead()
            Registry.shared.notifyLocked(registrar, slot: slot, thread)
            return
        }
        registrar.endRead()
        act(decision, record: record, thread)
    }

    // The registrar's sole listener, read with no lock: kept past the read (the table may let
    // go of it once the read ends), and handed to `act`, which lets go of it.
    final override func decideWithoutLock(_ thread: UnsafeMutablePointer<ThreadState>) -> Decision? {
        guard !hearsUnderLock, !isDetached else { return hearsUnderLock ? nil : .ignore }
        return .dispatch(Unmanaged<AnyObject>.passRetained(self))
    }

    // Asked under the lock: the registry keeps it alive until it has acted (`.enqueue`).
    final override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        guard !isDetached else { return .ignore }
        if case .kind(let kind) = hearing { kind.heardLocked(by: Listener(self), from: registrar, slot: slot) }
        return .enqueue
    }

    final override func act(_ decision: Decision, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
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
        guard let target = target(record: 0) else { return }
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
