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
    /// The head's key path, for diagnostics.
    @usableFromInline let headKeyPath: AnyKeyPath
    /// The named blocks `observe` added, which `unbind()` removes too.
    @usableFromInline var observers: [String] = []

    /// Starts a chain at `head` and adds the endpoint `key` names on `object`, converted
    /// automatically; see ``OperandKey/automaticSpec(on:role:initial:delivery:)``.
    @inlinable
    init<Key: OperandKey<Property>>(head: consuming EndpointSpec<Head>, _ object: Key.Root, _ key: Key, role: Role, initial: Bool) {
        let delivery = Delivery.automatic.resolvedForCurrentThread()
        head.delivery = head.role.contains(.receives) ? delivery : .immediate
        headKeyPath = head.keyPath
        let spec: EndpointSpec<Head> = key.automaticSpec(on: object, role: role, initial: initial, delivery: delivery)
        chain = Chain(head: head).adding(spec)
        self.key = key
        self.role = role
        self.initial = initial
        self.delivery = delivery
    }

    /// Starts a chain at `head` and adds the endpoint `key` names on `object`, converted by the
    /// given functions from the start: what a view's declared bindings use, so that a
    /// transformer costs one declaration, not two.
    @usableFromInline
    init<Key: OperandKey<Property>>(
        head: consuming EndpointSpec<Head>, _ object: Key.Root, _ key: Key, role: Role, initial: Bool,
        toChain: ((Property) -> Head)?, fromChain: ((Head) -> Property)?
    ) {
        let delivery = Delivery.automatic.resolvedForCurrentThread()
        head.delivery = head.role.contains(.receives) ? delivery : .immediate
        headKeyPath = head.keyPath
        let spec: EndpointSpec<Head> = key.spec(
            on: object, role: role, initial: initial, delivery: delivery, toChain: toChain, fromChain: fromChain)
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
        if Registry.shared.locked({ chain.core.resolvedLocked().hasBlocks }) { removeAsyncTransform() }
        _ = chain.adding(spec)
    }

    /// The name of the block that runs an async transformer for the second endpoint: one per
    /// endpoint, so that a new transform replaces it and `unbind()` finds it.
    var asyncBlockName: String {
        "async transform \(UInt(bitPattern: key.objectID.hashValue)) \(UInt(bitPattern: ObjectIdentifier(key.anyKeyPath).hashValue))"
    }

    /// Removes the block of an async transformer given before, if any.
    func removeAsyncTransform() {
        Registry.shared.locked { _ = chain.core.resolvedLocked().removeBlockLocked(named: asyncBlockName) }
    }

    /// Runs `body` with each value of the chain (now too, if the binding gives an initial
    /// value), in place of the second endpoint's writes: it stays in the chain, writing
    /// nothing, so that its object's lifetime still ends the binding.
    func replaceWrites(with body: @escaping (Head) -> Void, doing what: String) {
        redeclare(toChain: nil, fromChain: nil, doing: what)
        guard liveObject() != nil else { return }
        _ = chain.adding(block: asyncBlockName, initial: initial, delivery: .immediate, body)
    }

    /// Writes `value` into the second endpoint's object, if the binding still has it: for an
    /// async transformer's result, which arrives after the chain's own write is over.
    func write(_ value: Property) {
        guard let object = liveObject() else { return }
        key.write(value, into: object)
    }

    /// Refuses a function for the second endpoint: reports why, and removes the endpoint, so
    /// that the binding binds nothing.
    func refuse(_ why: String, rule: BindingDiagnostic.Rule) {
        Diagnostics.report(.misuse, rule: rule, "cannot bind \(headLabel) and \(label) both ways: \(why). Not bound")
        unbind()
    }

    /// Reports a transformer that does not fit the binding's types; nothing changes.
    func reportMismatch(_ transformer: Any.Type, reads input: Any.Type, makes output: Any.Type, from source: Any.Type, to target: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot transform the binding of \(headLabel) to \(label) by \(transformer): it converts \(input) to \(output), "
                + "and the binding needs \(source) to \(target) (automatic conversion may bridge either end). Nothing changed")
    }

    /// Reports a name no transformer was registered under; nothing changes.
    func reportUnknownTransformer(_ name: String) {
        var message = "cannot transform the binding of \(headLabel) to \(label): no transformer is registered as \"\(name)\""
        if let nearest = NearestName.find(name, among: TransformerRegistry.shared.names) { message += "; did you mean \"\(nearest)\"?" }
        Diagnostics.report(.misuse, rule: .badInput, message + " (register one with Bind.register(_:as:)). Nothing changed")
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
            if core.hasBlocks {
                for name in observers { _ = core.removeBlockLocked(named: name) }
                _ = core.removeBlockLocked(named: asyncBlockName)
            }
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
        let name = ObserverCounter.uniqueName("observe")
        _ = chain.adding(block: name, initial: initial, delivery: delivery, body)
        var link = self
        link.observers.append(name)
        return link
    }

    /// How diagnostics name the second endpoint (never by printing its key path; see
    /// `EndpointLabel`).
    var label: String { Self.label(of: key.anyKeyPath) }

    /// How diagnostics name the chain's head.
    var headLabel: String { Self.label(of: headKeyPath) }

    static func label(of keyPath: AnyKeyPath) -> String {
        guard let root = type(of: keyPath).rootType as? AnyObject.Type else { return "\(type(of: keyPath).valueType)" }
        return EndpointLabel.make(root, keyPath: keyPath, index: nil, events: [])
    }
}

/// Numbers the blocks that `observe` and commands add, so that each has a name of its own
/// (a block declared again under its name replaces the old one).
final class ObserverCounter: Sendable {
    static let shared = ObserverCounter()
    let count = Atomic<Int>(0)

    /// `prefix` and a number no other call returned.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix) #\(shared.count.add(1, ordering: .relaxed).newValue)"
    }
}
