import Synchronization

/// One registration of a target-action on one key path: the named block of a chain of its own,
/// whose only other member is the observed property, heard but never written or joined (a
/// listener: see `ListenerKind`). The block turns each value the property is set to into a
/// ``Change`` (remembering the value before) and calls the action, at once, held back by a
/// coalescing transaction, or on the main actor.
///
/// The chain's block holds the registration strongly; the registration holds the target
/// weakly and its chain's declaration, which it ends to end itself (see `DeclaredPart`). It ends
/// when its block leaves the chain (removed, or the chain ended: `liveness`), and ends itself
/// when a call finds the target gone.
final class ActionRegistration<Value>: @unchecked Sendable {
    // @unchecked: `last`, `target` and `part` are behind `lock` (so `last` skips the runtime's
    // exclusivity check, which the lock makes redundant); every other stored property is
    // immutable, `liveness` atomic.

    let keyPath: AnyKeyPath
    /// Whether the target asked to coalesce (`Coalesced`).
    let coalesces: Bool
    /// Whether the action runs on the main actor (declared from main-actor code).
    let onMainActor: Bool
    /// Ended by the chain when the block leaves it.
    let liveness = EndAction()
    /// Calls the action with the target; false when the target is gone.
    private let fire: @Sendable (Change<Value>) -> Bool

    private let lock = Lock()
    /// The value the last call carried, first the property's value at registration: the next
    /// change's old value.
    @exclusivity(unchecked) private var last: Value?
    /// The target, for `removeTarget` to recognise it.
    private weak var target: AnyObject?
    /// The declaration of the registration's chain (set once the chain is made).
    private var part: DeclaredPart?

    init(
        target: AnyObject, keyPath: AnyKeyPath, current: Value, coalesces: Bool, onMainActor: Bool,
        fire: @escaping @Sendable (Change<Value>) -> Bool
    ) {
        self.keyPath = keyPath
        self.coalesces = coalesces
        self.onMainActor = onMainActor
        self.fire = fire
        self.target = target
        last = current
    }

    /// Records the declaration that made the registration's chain, which `unbind()` ends.
    func registered(_ declared: DeclaredPart) {
        lock.withLock { part = declared }
    }

    /// Whether `object` is the registration's target (a target that has gone is no object's).
    func isTarget(_ object: AnyObject) -> Bool {
        lock.withLock { target === object }
    }

    /// The block's body: runs in the chain's dispatch, on the changing thread, one value at a
    /// time (a chain's changes are serialised); every value is a set of the property (the block
    /// joins its chain with no initial value). Specialised for the common value types, as the
    /// chain's dispatch is: unspecialised, each call looks up the metadata of `Value?` and
    /// `Change<Value>` in the runtime's tables, which costs more than the rest of the update.
    /// The generic form only forwards, so that nothing is looked up before it picks a
    /// specialisation.
    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    func receive(_ value: Value) {
        take(value)
    }

    @inline(never)
    private func take(_ value: Value) {
        lock.lock()
        let old = last
        last = value
        lock.unlock()
        let change = Change(keyPath: keyPath, old: old, new: value)
        if coalesces, CoalesceTransaction.isOpenOnCurrentThread {
            CoalesceTransaction.current.hold(change, for: self)
        } else {
            deliver(change)
        }
    }

    /// Makes the call where it belongs: here, or on the main actor. Skipped once the
    /// registration ended; a call that finds the target gone ends it. (Called from `take`'s
    /// specialisations, it is specialised with them.)
    func deliver(_ change: Change<Value>) {
        guard liveness.isLive else { return }
        if onMainActor, !MainQueue.isCurrent {
            MainQueue.enqueue { [self] in
                guard liveness.isLive else { return }
                if !fire(change) { unbind() }
            }
            return
        }
        if !fire(change) { unbind() }
    }

    /// Whether the registration is still in its chain.
    var isBound: Bool { liveness.isLive }

    /// Ends the registration's declaration: its block and the observed property's endpoint
    /// leave, which ends its chain.
    func unbind() {
        liveness.end()
        lock.withLock { part }?.end()
    }
}

/// What a target-action handle can do to one of its registrations, whatever its value type.
protocol AnyActionRegistration: AnyObject, Sendable {
    var isBound: Bool { get }
    func unbind()
    /// Whether `object` is the registration's target.
    func isTarget(_ object: AnyObject) -> Bool
}

extension ActionRegistration: AnyActionRegistration {}
