// Continuations that receive: `.out`, `.outNot`, named blocks; and filters.

extension Chain {
    /// Adds a receiver: any class's writable property, written with the chain's value
    /// converted automatically (`Int` → `String?` label text, `Double` → `Float`, …).
    ///
    /// The object is held weakly; if it goes, it is dropped at the next dispatch (a `@Dynamic`
    /// object or a control at once). It gets the chain's current value now unless `initial`
    /// is false (DESIGN rule 2). Writes happen on the thread that made the change.
    ///
    /// - Parameters:
    ///   - object: The receiver.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - delivery: Where it is written: on the changing thread, or on the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(snLabel, \.text)
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        delivery: Delivery = .immediate
    ) -> Chain {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: .receives, initial: initial)
        spec.delivery = delivery
        return adding(spec)
    }

    /// Adds a receiver written with `convert(value)`: for custom types.
    ///
    /// - Parameters:
    ///   - object: The receiver, held weakly.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - delivery: Where it is written: on the changing thread, or on the main actor.
    ///   - convert: Chain value → property; held strongly by the chain, run on the thread that
    ///     made the change (on the main actor with `.mainActor` delivery).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(panel, \.background, convert: { colors[$0 % colors.count] })
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        delivery: Delivery = .immediate, convert: @escaping (Value) -> Property
    ) -> Chain {
        var spec = EndpointSpec<Value>.property(object, keyPath, writable: keyPath, role: .receives, toChain: nil, fromChain: convert)
        spec.initial = initial
        spec.delivery = delivery
        return adding(spec)
    }

    /// Adds one element of an array property as a receiver. An index out of range skips the
    /// write and reports it (DESIGN rule 11).
    ///
    /// - Parameters:
    ///   - object: The receiver, held weakly.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    ///   - initial: Whether it receives the chain's value now.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(board, \.history, index: 0)
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Element: Equatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>, index: Int, initial: Bool = true
    ) -> Chain {
        let fromChain = Automatic.outOf(Value.self, Element.self)
        var spec = EndpointSpec<Value>.element(
            object, keyPath, writable: keyPath, index: index, role: .receives, toChain: nil, fromChain: fromChain)
        if fromChain == nil { spec.noteMissing(Value.self, Element.self) }
        spec.initial = initial
        return adding(spec)
    }

    /// Adds a Bool receiver written with the negation of the chain's value (after conversion
    /// to Bool).
    ///
    /// - Parameters:
    ///   - object: The receiver, held weakly.
    ///   - keyPath: Its Bool property.
    ///   - initial: Whether it receives the chain's value now.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.isWin).outNot(loseBadge, \.isVisible)
    /// ```
    @inlinable @discardableResult
    public func outNot<Root: AnyObject>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Bool>, initial: Bool = true
    ) -> Chain {
        adding(EndpointSpec<Value>.negated(object, keyPath, role: .receives, initial: initial))
    }

    /// Adds a control's designated property as a receiver.
    ///
    /// - Parameters:
    ///   - control: The control, held weakly.
    ///   - initial: Whether it receives the chain's value now.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.winRate).out(rateSlider)
    /// ```
    @inlinable @discardableResult
    public func out<Root: Control>(_ control: Root, initial: Bool = true) -> Chain {
        out(control, Root.designatedKeyPath, initial: initial)
    }

    /// Adds a named block that receives every accepted value of the chain.
    ///
    /// Blocks run after all property receivers, in the order they were added (DESIGN rule 9),
    /// on the thread that made the change, with no Bindery lock held. A block gets the chain's
    /// current value now unless `initial` is false. Adding a block with a name the chain
    /// already has replaces that block. The block is held strongly until the chain ends or
    /// `Bind.unbind(_:_:block:)` removes it: capture objects weakly.
    ///
    /// - Parameters:
    ///   - name: The block's name, for unbinding and the status query.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - delivery: Where it runs: on the changing thread, or on the main actor.
    ///   - body: The block.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.code).out("log") { code in print("drew", code) }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, delivery: Delivery = .immediate, _ body: @escaping (Value) -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: delivery, body)
    }

    /// Adds a named block that receives the chain's values converted to the type it declares.
    ///
    /// See ``out(_:initial:_:)-(_,_,(Value)->Void)`` for order, threads and retention.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - delivery: Where it runs: on the changing thread, or on the main actor.
    ///   - body: The block, taking a type the chain's value converts to automatically.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.isWin).out("flash") { (won: Bool) in if won { flash() } }
    /// ```
    @discardableResult
    public func out<Argument>(
        _ name: String, initial: Bool = true, delivery: Delivery = .immediate, _ body: @escaping (Argument) -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: delivery, body)
    }

    /// Adds a named block that runs on every accepted value, without looking at it.
    ///
    /// See ``out(_:initial:_:)-(_,_,(Value)->Void)`` for order, threads and retention.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs now.
    ///   - delivery: Where it runs: on the changing thread, or on the main actor.
    ///   - body: The block.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.code).out("sound") { player.click() }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, delivery: Delivery = .immediate, _ body: @escaping () -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: delivery) { (_: Value) in body() }
    }

    /// Adds a filter: a value reaches receivers and blocks only if every filter of the chain
    /// passes it (DESIGN rule 5).
    ///
    /// A rejected value reaches nobody, and its source is put back to the chain's last
    /// accepted value (at first, the value at bind time, so a first rejection never blanks a
    /// field); the put-back does not propagate. The filter runs on the thread that made the
    /// change, with no Bindery lock held, and is held strongly until the chain ends.
    ///
    /// - Parameter isIncluded: Whether a value may pass.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winCode).inout(winCodeField, \.text, on: .editingChanged).filter { $0.count <= 3 }
    /// ```
    @discardableResult
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Chain {
        adding(filter: isIncluded)
    }
}
