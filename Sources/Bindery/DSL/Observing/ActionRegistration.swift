import Synchronization

/// One registration of a target-action on one key path: the named block of a chain of its own,
/// whose only other member is the observed property, heard but never written or joined (see
/// `EndpointSpec.standsAlone`). The block turns each value the property is set to into a
/// ``Change`` (remembering the value before) and calls the action, at once, held back by a
/// coalescing transaction, or on the main actor.
///
/// The chain's block holds the registration strongly; the registration holds the target and the
/// observed object weakly. It ends when its block leaves the chain (removed, or the chain
/// ended: `liveness`), and removes its block itself when a call finds the target gone.
final class ActionRegistration<Value>: @unchecked Sendable {
    // @unchecked: `last`, `primed` and `observed` are behind `lock` (so the first two skip the
    // runtime's exclusivity check, which the lock makes redundant); every other stored property
    // is immutable, `liveness` atomic.

    /// The block's name in the chain: `TargetActionName.prefix` of the target, the observed
    /// object and the key path, then a number of its own.
    let blockName: String
    let keyPath: AnyKeyPath
    /// Whether the target asked to coalesce (`Coalesced`).
    let coalesces: Bool
    /// Whether the action runs on the main actor (declared from main-actor code).
    let onMainActor: Bool
    /// Whether the registration's first value (the property's, when its block joins) is a call.
    let callsImmediately: Bool
    /// Ended by the chain when the block leaves it.
    let liveness = BlockLiveness()
    /// Calls the action with the target; false when the target is gone.
    private let fire: @Sendable (Change<Value>) -> Bool

    private let lock = Lock()
    /// The value the last call (or the registration's first value) carried: the next change's
    /// old value.
    @exclusivity(unchecked) private var last: Value?
    /// Whether the block has had its first value: the property's, sent when the block joins
    /// its chain. That value is no change (the property had it already), but with
    /// `callImmediately`; every later one is a set of the property.
    @exclusivity(unchecked) private var primed = false
    /// The observed object, to remove the block from its chain.
    private weak var observed: AnyObject?

    init(
        target: ObjectIdentifier, keyPath: AnyKeyPath, coalesces: Bool, onMainActor: Bool, callsImmediately: Bool,
        observed: AnyObject, fire: @escaping @Sendable (Change<Value>) -> Bool
    ) {
        blockName = ObserverCounter.uniqueName(TargetActionName.prefix(target: target, object: ObjectIdentifier(observed), keyPath: keyPath))
        self.keyPath = keyPath
        self.coalesces = coalesces
        self.onMainActor = onMainActor
        self.callsImmediately = callsImmediately
        self.fire = fire
        self.observed = observed
    }

    /// The block's body: runs in the chain's dispatch, on the changing thread, one value at a
    /// time (a chain's changes are serialised). Specialised for the common value types, as the
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
        let isFirst = !primed
        last = value
        primed = true
        lock.unlock()
        if isFirst {
            if callsImmediately { deliver(Change(keyPath: keyPath, old: nil, new: value)) }
            return
        }
        let change = Change(keyPath: keyPath, old: old, new: value)
        let transaction = ThreadState.current.pointee.coalescing
        if coalesces, transaction.isOpen {
            transaction.hold(change, for: self)
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

    /// Takes the registration's block out of its chain.
    func unbind() {
        liveness.end()
        guard let object = lock.withLock({ observed }) else { return }
        let lifetime = Registry.lifetimeRegistrar(of: object)
        let name = blockName
        Registry.shared.locked {
            Registry.shared.forEachEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath) { endpoint in
                _ = endpoint.anyCore.resolvedLocked().removeBlockLocked(named: name)
            }
        }
    }
}

/// What a target-action handle can do to one of its registrations, whatever its value type.
protocol AnyActionRegistration: AnyObject, Sendable {
    var isBound: Bool { get }
    func unbind()
}

extension ActionRegistration: AnyActionRegistration {}

/// The names of target-actions' blocks: every block of one target on one observed object starts
/// with the same prefix, and on one of its key paths with a longer one, so that `removeTarget`
/// finds them; a number after ` #` makes each registration's name its own.
enum TargetActionName {
    static func prefix(target: ObjectIdentifier, object: ObjectIdentifier, keyPath: AnyKeyPath?) -> String {
        let base = "target-action \(hex(target)) on \(hex(object))"
        guard let keyPath else { return base + " at " }
        return base + " at \(hex(keyPath))"
    }

    /// Whether `name` is the block of a registration of `target` on `object` (at `keyPath`, or
    /// at any key path when it is nil).
    static func isBlock(_ name: String, target: ObjectIdentifier, object: ObjectIdentifier, keyPath: AnyKeyPath?) -> Bool {
        name.hasPrefix(prefix(target: target, object: object, keyPath: keyPath) + (keyPath == nil ? "" : " #"))
    }

    private static func hex(_ id: ObjectIdentifier) -> String {
        String(UInt(bitPattern: id), radix: 16)
    }

    private static func hex(_ keyPath: AnyKeyPath) -> String {
        String(UInt(bitPattern: keyPath.hashValue), radix: 16)
    }
}
