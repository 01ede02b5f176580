import Synchronization

/// What both operator handles hold: the declaration of the chain's head, and the declaration of
/// the second endpoint (with the blocks the binding adds), which a transform declares again.
/// `unbind()` ends both, and nothing another binding declared.
@usableFromInline
struct OperatorLink<Head, Property>: @unchecked Sendable {
    // @unchecked: every field is immutable; the chain is only touched with the graph lock
    // held, and a key holds a key path and an object's identity, never the object. `original`
    // holds a value of the receiver's type, which need not be `Sendable`: it is only written
    // back into the object it was read from, by `refuse`, as a chain's write would be.
    /// The head's declaration.
    @usableFromInline let chain: Chain<Head>
    /// The second endpoint's declaration, in the same chain: its endpoint, the blocks `observe`
    /// added and an async transformer's block.
    @usableFromInline let side: Chain<Head>
    @usableFromInline let key: any OperandKey<Property>
    @usableFromInline let role: Role
    @usableFromInline let initial: Bool
    @usableFromInline let delivery: Delivery
    /// The head's key path, for diagnostics.
    @usableFromInline let headKeyPath: AnyKeyPath
    /// What a two-way binding's second endpoint held before the binding wrote it (a
    /// `Property`), and how many changes its chain had accepted then: a transformer refused
    /// after the fact puts it back (see `refuse`). Nil for a one-way binding, or one that wrote
    /// nothing when it bound. Held untyped, so that the handle's layout is the same whatever
    /// its types: code that is not specialised for them (an `unbind()` called through the
    /// public handle) then reaches its fields without asking the runtime for the type's layout.
    @usableFromInline let original: (value: Any, changes: UInt32)?

    /// Starts a chain at `head` and adds the endpoint `key` names on `object`, converted
    /// automatically; see ``OperandKey/automaticSpec(on:role:initial:delivery:)``.
    @inlinable
    init<Key: OperandKey<Property>>(head: consuming EndpointSpec<Head>, _ object: Key.Root, _ key: Key, role: Role, initial: Bool) {
        let delivery = Delivery.automatic.resolvedForCurrentThread()
        head.delivery = head.role.contains(.receives) ? delivery : .immediate
        headKeyPath = head.keyPath
        let spec: EndpointSpec<Head> = key.automaticSpec(on: object, role: role, initial: initial, delivery: delivery)
        let before = role.contains(.sends) && initial ? Self.untracked(object, key.keyPath) : nil
        chain = Chain(head: consume head)
        let side = chain.declaring(Declaration.make()).adding(consume spec)
        self.side = side
        original = before.map { ($0 as Any, side.acceptedChanges) }
        self.key = key
        self.role = role
        self.initial = initial
        self.delivery = delivery
    }

    /// Starts a chain at `head` and adds the endpoint `key` names on `object`, converted by the
    /// given functions from the start: what a view's declared bindings use, so that a
    /// transformer costs one declaration, not two. Inlined, so that it is specialised where
    /// the binding is declared.
    @inlinable
    init<Key: OperandKey<Property>>(
        head: consuming EndpointSpec<Head>, _ object: Key.Root, _ key: Key, role: Role, initial: Bool,
        toChain: ((Property) -> Head)?, fromChain: ((Head) -> Property)?
    ) {
        let delivery = Delivery.automatic.resolvedForCurrentThread()
        head.delivery = head.role.contains(.receives) ? delivery : .immediate
        headKeyPath = head.keyPath
        let spec: EndpointSpec<Head> = key.spec(
            on: object, role: role, initial: initial, delivery: delivery, toChain: toChain, fromChain: fromChain)
        chain = Chain(head: consume head)
        side = chain.declaring(Declaration.make()).adding(consume spec)
        original = nil
        self.key = key
        self.role = role
        self.initial = initial
        self.delivery = delivery
    }

    /// `object`'s property, read as Bindery reads (see `ThreadState.readingUntracked`): a read
    /// that Observation recorded would give a `@Dynamic` object an `ObservationRegistrar`.
    /// Through the property's shared accessors when it has them (a load, or the accessors
    /// `@Dynamic` generated, found in the memo a bind uses), else through the key path, which
    /// costs about as much as the rest of the bind. Inlined, so that it is specialised where
    /// the binding is declared.
    @inlinable
    static func untracked<Root: AnyObject>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>) -> Property {
        let direct = DirectAccess.accessor(of: object, keyPath, Property.self)
        let offset = direct == nil ? StoredProperty.offset(of: keyPath) : nil
        if let shared = SharedAccessors.property(direct: direct, offset: offset, keyPath: keyPath, writes: false, explicit: false),
           let value = shared.read?(object) {
            return value
        }
        return DirectAccess.readingUntracked { object[keyPath: keyPath] }
    }

    /// A binding refused before anything was bound (its conversion could not be made), and
    /// reported by the caller: it binds nothing, and its handle says so.
    init<Key: OperandKey<Property>>(refusing key: Key, headKeyPath: AnyKeyPath, role: Role, initial: Bool) {
        chain = Chain(core: RefusedChain(), declaration: Declaration(number: 0))
        side = chain
        self.key = key
        self.role = role
        self.initial = initial
        delivery = .immediate
        self.headKeyPath = headKeyPath
        original = nil
    }

    /// Declares the second endpoint again, converted by `toChain` and `fromChain` (see
    /// <doc:Guarantees#Joins>: the chain keeps its value, and the endpoint receives it again
    /// if the binding gives an initial value). Reported if the binding has ended.
    func redeclare(toChain: ((Property) -> Head)?, fromChain: ((Head) -> Property)?, doing what: String) {
        guard let object = liveObject() else {
            Report.bindingEnded(what, label)
            return
        }
        let spec: EndpointSpec<Head> = key.spec(
            on: object, role: role, initial: initial, delivery: delivery, toChain: toChain, fromChain: fromChain)
        removeAsyncTransform()
        _ = side.adding(consume spec)
    }

    /// Removes the block of an async transformer given before, if any: the one this binding's
    /// second declaration added, owned by its run.
    func removeAsyncTransform() {
        GraphLock.shared.locked {
            _ = side.core.resolvedLocked().removeBlocksLocked(declaredBy: side.declaration) { $0 is any AnyAsyncTransformRun }
        }
    }

    /// Runs `body` with each value of the chain (now too, if the binding gives an initial
    /// value), in place of the second endpoint's writes: it stays in the chain, writing
    /// nothing, so that its object's lifetime still ends the binding.
    func replaceWrites(by run: any AnyAsyncTransformRun, with body: @escaping (Head) -> Void, doing what: String) {
        redeclare(toChain: nil, fromChain: nil, doing: what)
        guard liveObject() != nil else { return }
        addWrites(by: run, body)
    }

    /// Runs `body` with each value of the chain (now too, if the binding gives an initial
    /// value): for a second endpoint declared to write nothing, whose writes `body` makes.
    func addWrites(by run: any AnyAsyncTransformRun, _ body: @escaping (Head) -> Void) {
        _ = side.adding(block: "async transform", isAnonymous: true, initial: initial, delivery: .immediate, owner: run, body)
    }

    /// Writes `value` into the second endpoint's object, if the binding still has it: for an
    /// async transformer's result, which arrives after the chain's own write is over.
    func write(_ value: Property) {
        guard let object = liveObject() else { return }
        key.write(value, into: object)
    }

    /// Refuses a function for the second endpoint: reports why, and removes the endpoint, so
    /// that the binding binds nothing.
    /// The second endpoint is put back as it was before the binding wrote it, unless a change
    /// has gone through the binding since (then what it holds is what the binding and its user
    /// made it, and it stays).
    func refuse(_ why: String, rule: BindingDiagnostic.Rule) {
        Report.notBothWays(headLabel, label, why, rule: rule)
        let object = original.flatMap { original in
            GraphLock.shared.locked { () -> AnyObject? in
                let core = side.core.resolvedLocked()
                guard core === side.core, core.acceptedChanges == original.changes else { return nil }
                return core.endpointLocked(declaredBy: side.declaration)?.targetLocked()
            }
        }
        unbind()
        if let object, let original, let value = original.value as? Property { key.write(value, into: object) }
    }

    /// Reports a transformer that does not fit the binding's types.
    ///
    /// - Parameter binding: Whether the transformer was given with the binding, which is then
    ///   not bound; otherwise the binding keeps its conversion.
    func reportMismatch(
        _ transformer: Any.Type, reads input: Any.Type, makes output: Any.Type, from source: Any.Type, to target: Any.Type,
        binding: Bool = false
    ) {
        Report.transformerMismatch(headLabel, label, transformer, reads: input, makes: output, from: source, to: target, binding: binding)
    }

    /// Reports a name no transformer was registered under; nothing changes.
    func reportUnknownTransformer(_ name: String) {
        Report.unknownTransformer(headLabel, label, name, nearest: NearestName.find(name, among: TransformerRegistry.shared.names))
    }

    /// The second endpoint's object, if the binding has not ended and the object is alive.
    func liveObject() -> AnyObject? {
        GraphLock.shared.locked {
            side.core.resolvedLocked().endpointLocked(declaredBy: side.declaration)?.targetLocked()
        }
    }

    /// Ends the binding's two declarations: the second endpoint and the blocks the binding
    /// added leave the chain, and so does the head unless another binding declared it too.
    @usableFromInline
    func unbind() {
        GraphLock.shared.locked {
            OperatorParts.endLocked(side: side.core, side.declaration, head: chain.core, chain.declaration)
        }
    }

    /// What ``unbind()`` ends.
    @usableFromInline
    var parts: OperatorParts { OperatorParts(head: chain.part, side: side.part) }

    /// Whether the second endpoint is still in a bound chain.
    var isBound: Bool {
        GraphLock.shared.locked { OperatorParts.isInEffectLocked(side: side.core, side.declaration) }
    }

    /// This link with a named block added to the chain, run with the chain's value.
    func observing(delivery: Delivery, _ body: @escaping (Head) -> Void) -> OperatorLink {
        _ = side.adding(block: "observe", isAnonymous: true, initial: initial, delivery: delivery, body)
        return self
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
