import Synchronization

/// What both operator handles hold: the chain, and the key of the endpoint the operator added
/// after the chain's head, which `unbind()` removes and a transform declares again.
@usableFromInline
struct OperatorLink<Head, Property>: @unchecked Sendable {
    // @unchecked: every field is immutable; the core is only touched with the registry lock
    // held, and a key holds a key path and an object's identity, never the object.
    @usableFromInline let chain: Chain<Head>
    @usableFromInline let key: any OperandKey<Property>
    @usableFromInline let role: Role
    @usableFromInline let initial: Bool
    @usableFromInline let delivery: Delivery
    /// The named blocks `observe` added, which `unbind()` removes too.
    @usableFromInline var observers: [String] = []

    /// Starts a chain at `head` and adds the endpoint `key` names on `object`, converted
    /// automatically; see ``OperandKey/automaticSpec(on:role:initial:delivery:)``.
    @inlinable
    init<Key: OperandKey<Property>>(head: consuming EndpointSpec<Head>, _ object: Key.Root, _ key: Key, role: Role, initial: Bool) {
        let delivery = Delivery.automatic.resolvedForCurrentThread()
        head.delivery = head.role.contains(.receives) ? delivery : .immediate
        let spec: EndpointSpec<Head> = key.automaticSpec(on: object, role: role, initial: initial, delivery: delivery)
        chain = Chain(head: head).adding(spec)
        self.key = key
        self.role = role
        self.initial = initial
        self.delivery = delivery
    }

    /// Declares the second endpoint again, converted by `toChain` and `fromChain` (see
    /// <doc:Guarantees#Joins>: the chain keeps its value, and the endpoint receives it again
    /// if the binding gives an initial value). Reported if the binding has ended.
    func redeclare(toChain: ((Property) -> Head)?, fromChain: ((Head) -> Property)?, doing what: String) {
        guard let object = liveObject() else {
            Diagnostics.report(.misuse, rule: .lifetime, "cannot \(what) the binding to \(label): it has ended; nothing changed")
            return
        }
        let spec: EndpointSpec<Head> = key.spec(
            on: object, role: role, initial: initial, delivery: delivery, toChain: toChain, fromChain: fromChain)
        _ = chain.adding(spec)
    }

    /// The second endpoint's object, if the binding has not ended and the object is alive.
    func liveObject() -> AnyObject? {
        Registry.shared.locked {
            chain.core.resolvedLocked().memberLocked(objectID: key.objectID, keyPath: key.anyKeyPath)?.targetLocked()
        }
    }

    /// Removes the second endpoint and the blocks `observe` added; the rest of the chain (other
    /// declarations that joined the head) stays.
    func unbind() {
        Registry.shared.locked {
            let core = chain.core.resolvedLocked()
            for name in observers { _ = core.removeBlockLocked(named: name) }
            if let member = core.memberLocked(objectID: key.objectID, keyPath: key.anyKeyPath) { core.detachLocked(member) }
        }
    }

    /// Whether the second endpoint is still in a bound chain.
    var isBound: Bool {
        Registry.shared.locked {
            let core = chain.core.resolvedLocked()
            return core.memberLocked(objectID: key.objectID, keyPath: key.anyKeyPath) != nil && core.isCompleteLocked
        }
    }

    /// This link with a named block added to the chain, run with the chain's value.
    func observing(delivery: Delivery, _ body: @escaping (Head) -> Void) -> OperatorLink {
        let name = "observe #\(ObserverCounter.shared.count.add(1, ordering: .relaxed).newValue)"
        _ = chain.adding(block: name, initial: initial, delivery: delivery, body)
        var link = self
        link.observers.append(name)
        return link
    }

    /// How diagnostics name the second endpoint.
    var label: String { "\(key.anyKeyPath)" }
}

/// Numbers the blocks `observe` adds, so that each has a name of its own.
final class ObserverCounter: Sendable {
    static let shared = ObserverCounter()
    let count = Atomic<Int>(0)
}
