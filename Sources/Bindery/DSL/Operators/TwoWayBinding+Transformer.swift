// Transformers on two-way bindings: they need a reverse, so only reversible transformers bind;
// a transformer without one, and an async transformer, are refused.

extension TwoWayBinding {
    /// Converts both ways through `transformer`: `transform` from left to right,
    /// `reverseTransform` from right to left. The right side gets the left side's value through
    /// it now, unless the binding was made with `<!>`.
    ///
    /// A two-way binding needs both directions: a transformer that is not a
    /// ``ReversibleTransformer`` is refused, reported with both sides, and the binding is
    /// removed (it binds nothing). Types bridge by automatic conversion at either end, as for
    /// one-way bindings.
    ///
    /// - Parameter transformer: Held by the chain until the binding ends.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((lottery, \.winRate) <> (rateField, \.text)).transformed(by: Percent())
    /// ```
    @discardableResult
    public func transformed<T: Transformer>(by transformer: T) -> TwoWayBinding {
        guard let reversible = transformer as? any ReversibleTransformer else {
            link.refuse(
                "\(T.self) has no reverse (it is not a ReversibleTransformer), and a two-way binding converts both ways; "
                    + "give a reverse, or bind one way with ~> or <~",
                rule: .conversion)
            return self
        }
        return transformed(by: reversible, reversed: false)
    }

    /// Converts both ways through `transformer`, the other way round when `reversed` is true:
    /// `reverseTransform` from left to right, `transform` from right to left.
    ///
    /// - Parameters:
    ///   - transformer: Held by the chain until the binding ends.
    ///   - reversed: Whether to swap the transformer's directions.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((rateField, \.text) <> (lottery, \.winRate)).transformed(by: Percent(), reversed: true)
    /// ```
    @discardableResult
    public func transformed<T: ReversibleTransformer>(by transformer: T, reversed: Bool) -> TwoWayBinding {
        // Left → transformer's input side, through the transformer, → right; and back.
        let (inputSide, outputSide): (Any.Type, Any.Type) = reversed ? (T.Output.self, T.Input.self) : (T.Input.self, T.Output.self)
        guard let forward = TransformerFunctions.through(transformer, reversed: reversed, from: Left.self, to: Right.self),
              let backward = TransformerFunctions.through(transformer, reversed: !reversed, from: Right.self, to: Left.self)
        else {
            link.reportMismatch(T.self, reads: inputSide, makes: outputSide, from: Left.self, to: Right.self)
            return self
        }
        link.redeclare(toChain: backward, fromChain: forward, doing: "transform")
        return self
    }

    /// A two-way binding cannot go through an async transformer: its reverse would have to
    /// return at once. The binding is refused, reported with both sides, and removed (it binds
    /// nothing); bind one way with `~>` or `<~` instead.
    ///
    /// - Parameter transformer: The transformer, not kept.
    /// - Returns: The binding, which has ended.
    ///
    /// ```swift
    /// ((model, \.name) <> (nameField, \.text)).transformed(by: AvatarLoader())   // reported; not bound
    /// ```
    @discardableResult
    public func transformed<T: AsyncTransformer>(by transformer: T) -> TwoWayBinding {
        link.refuse(
            "\(T.self) is an async transformer, which goes one way only (a two-way binding converts back at once); bind one way with ~> or <~",
            rule: .conversion)
        return self
    }

    /// Converts both ways through the transformer registered as `name` (see
    /// ``Bind/register(_:as:)-(Transformer,_)``). An unknown name is reported and changes
    /// nothing; a transformer without a reverse, or an async one, is refused as by
    /// `transformed(by:)`.
    ///
    /// - Parameters:
    ///   - name: The registered name.
    ///   - reversed: Whether to swap the transformer's directions.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((lottery, \.winRate) <> (rateField, \.text)).transformed(byName: "Percent")
    /// ```
    @discardableResult
    public func transformed(byName name: String, reversed: Bool = false) -> TwoWayBinding {
        switch TransformerRegistry.shared.entry(named: name) {
        case .sync(let transformer)?:
            guard let reversible = transformer as? any ReversibleTransformer else { return transformed(by: transformer) }
            return transformed(by: reversible, reversed: reversed)
        case .async(let transformer)?:
            return transformed(by: transformer)
        case nil:
            link.reportUnknownTransformer(name)
            return self
        }
    }
}

extension TwoWayBinding {
    /// A binding declared with its reversible transformer (`<>` with `through:`): the right side
    /// is bound once, converted both ways by it. A transformer whose types do not fit is
    /// reported, and nothing is bound.
    init<Key: OperandKey<Right>, T: ReversibleTransformer>(
        declaring head: consuming EndpointSpec<Left>, _ object: Key.Root, _ key: Key, through transformer: T, initial: Bool
    ) {
        guard let forward = TransformerFunctions.through(transformer, reversed: false, from: Left.self, to: Right.self),
              let backward = TransformerFunctions.through(transformer, reversed: true, from: Right.self, to: Left.self)
        else {
            let refused = OperatorLink<Left, Right>(refusing: key, headKeyPath: head.keyPath, role: [.sends, .receives], initial: initial)
            refused.reportMismatch(T.self, reads: T.Input.self, makes: T.Output.self, from: Left.self, to: Right.self, binding: true)
            self.init(refused)
            return
        }
        self.init(OperatorLink(
            head: head, object, key, role: [.sends, .receives], initial: initial, toChain: backward, fromChain: forward))
    }
}
