// Transformers on one-way bindings: synchronous, reversed, async, and by registered name.

extension OneWayBinding {
    /// Writes the target through `transformer` from now on (and now, unless the binding was
    /// made with a `!` operator).
    ///
    /// The transformer's input and output may differ from the binding's types where automatic
    /// conversion bridges them (a `String` output writes a `String?` label); otherwise the
    /// mismatch is reported and nothing changes.
    ///
    /// - Parameter transformer: Held by the chain until the binding ends; called where the
    ///   target is written.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((model, \.name) ~> (nameLabel, \.text)).transformed(by: Uppercase())
    /// ```
    @discardableResult
    public func transformed<T: Transformer>(by transformer: T) -> OneWayBinding {
        guard let forward = TransformerFunctions.forward(transformer, from: Source.self, to: Target.self) else {
            link.reportMismatch(T.self, reads: T.Input.self, makes: T.Output.self, from: Source.self, to: Target.self)
            return self
        }
        link.redeclare(toChain: nil, fromChain: forward, doing: "transform")
        return self
    }

    /// Writes the target through `transformer`, or through its reverse when `reversed` is
    /// true (BIND's `!` flip: a transformer from `A` to `B` then binds a `B` source to an `A`
    /// target).
    ///
    /// - Parameters:
    ///   - transformer: Held by the chain until the binding ends.
    ///   - reversed: Whether to apply `reverseTransform` instead of `transform`.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((model, \.name) ~> (nameLabel, \.text)).transformed(by: Uppercase(), reversed: true)
    /// ```
    @discardableResult
    public func transformed<T: ReversibleTransformer>(by transformer: T, reversed: Bool) -> OneWayBinding {
        guard reversed else { return transformed(by: transformer) }
        guard let backward = TransformerFunctions.through(transformer, reversed: true, from: Source.self, to: Target.self) else {
            link.reportMismatch(T.self, reads: T.Output.self, makes: T.Input.self, from: Source.self, to: Target.self)
            return self
        }
        link.redeclare(toChain: nil, fromChain: backward, doing: "transform")
        return self
    }

    /// Writes the target with the results of an async transformer: each value the source sends
    /// (now too, unless the binding was made with a `!` operator) starts a task, a newer
    /// value cancels the older task, and only the latest value's result is written.
    ///
    /// - Parameter transformer: Held by the chain until the binding ends, which cancels the
    ///   task still running.
    /// - Returns: The binding.
    ///
    /// The result is written on the main actor when the binding was declared there, else on a
    /// task of Bindery's (serially, so the last value's result is the one that stays).
    ///
    /// ```swift
    /// ((model, \.name) ~> (avatar, \.image)).transformed(by: AvatarLoader())
    /// ```
    @discardableResult
    public func transformed<T: AsyncTransformer>(by transformer: T) -> OneWayBinding {
        guard let input = Conversion.adapter(from: Source.self, to: T.Input.self),
              let output = Conversion.adapter(from: T.Output.self, to: Target.self)
        else {
            link.reportMismatch(T.self, reads: T.Input.self, makes: T.Output.self, from: Source.self, to: Target.self)
            return self
        }
        let link = self.link
        let run = AsyncTransformRun(transformer, onMainActor: link.delivery == .mainActor, label: link.label)
        link.replaceWrites(by: run, with: { value in run.start(input(value)) { link.write(output($0)) } }, doing: "transform")
        return self
    }

    /// Writes the target through the transformer registered as `name` (see
    /// ``Bind/register(_:as:)-(Transformer,_)``); an unknown name, or a mismatch of types, is
    /// reported and changes nothing.
    ///
    /// - Parameters:
    ///   - name: The registered name.
    ///   - reversed: Whether to apply the transformer's reverse.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((model, \.name) ~> (nameLabel, \.text)).transformed(byName: "Uppercase")
    /// ```
    @discardableResult
    public func transformed(byName name: String, reversed: Bool = false) -> OneWayBinding {
        switch TransformerRegistry.shared.entry(named: name) {
        case .sync(let transformer)?:
            guard reversed else { return transformed(by: transformer) }
            guard let reversible = transformer as? any ReversibleTransformer else {
                Report.noReverse(link.headLabel, link.label, named: name, isAsync: false)
                return self
            }
            return transformed(by: reversible, reversed: true)
        case .async(let transformer)?:
            guard !reversed else {
                Report.noReverse(link.headLabel, link.label, named: name, isAsync: true)
                return self
            }
            return transformed(by: transformer)
        case nil:
            link.reportUnknownTransformer(name)
            return self
        }
    }
}

extension OneWayBinding {
    /// A binding declared with its transformer (`~>` with `through:`): the target is bound once,
    /// converted by it. A transformer whose types do not fit is reported, and nothing is bound.
    init<Key: OperandKey<Target>, T: Transformer>(
        declaring head: consuming EndpointSpec<Source>, _ object: Key.Root, _ key: Key, through transformer: T, initial: Bool
    ) {
        guard let forward = TransformerFunctions.forward(transformer, from: Source.self, to: Target.self) else {
            let refused = OperatorLink<Source, Target>(refusing: key, headKeyPath: head.keyPath, role: .receives, initial: initial)
            refused.reportMismatch(T.self, reads: T.Input.self, makes: T.Output.self, from: Source.self, to: Target.self, binding: true)
            self.init(refused)
            return
        }
        self.init(OperatorLink(head: head, object, key, role: .receives, initial: initial, toChain: nil, fromChain: forward))
    }

    /// A binding declared with its async transformer (`~>` with `through:`): the target is
    /// bound writing nothing, and written only with the transformer's results. A transformer
    /// whose types do not fit is reported, and nothing is bound.
    init<Key: OperandKey<Target>, T: AsyncTransformer>(
        declaring head: consuming EndpointSpec<Source>, _ object: Key.Root, _ key: Key, throughAsync transformer: T
    ) {
        guard let input = Conversion.adapter(from: Source.self, to: T.Input.self),
              let output = Conversion.adapter(from: T.Output.self, to: Target.self)
        else {
            let refused = OperatorLink<Source, Target>(refusing: key, headKeyPath: head.keyPath, role: .receives, initial: true)
            refused.reportMismatch(T.self, reads: T.Input.self, makes: T.Output.self, from: Source.self, to: Target.self, binding: true)
            self.init(refused)
            return
        }
        let link = OperatorLink(head: head, object, key, role: .receives, initial: true, toChain: nil, fromChain: nil)
        let run = AsyncTransformRun(transformer, onMainActor: link.delivery == .mainActor, label: link.label)
        link.addWrites(by: run) { value in run.start(input(value)) { link.write(output($0)) } }
        self.init(link)
    }
}
