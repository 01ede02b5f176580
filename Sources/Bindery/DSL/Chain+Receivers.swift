// Continuations that receive: `.out`, `.outNot`, named blocks; and filters.

extension Chain {
    /// Adds a receiver: any class's writable property, written with the chain's value
    /// converted automatically (`Int` → `String?` label text, `Double` → `Float`, …).
    ///
    /// The object is not retained; if it goes, it is dropped at the next dispatch (a `@Dynamic`
    /// object or a control at once). It gets the chain's current value now unless `initial`
    /// is false (see <doc:Guarantees#Initial-value>). Declared from main-actor code, it is
    /// written only on the main actor (see <doc:Threading>); declared anywhere else, on the
    /// thread that made the change.
    ///
    /// - Parameters:
    ///   - object: The receiver.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - delivery: Where it is written: by default, on the main actor when declared from
    ///     main-actor code and on the changing thread otherwise; `.immediate` or `.mainActor`
    ///     to choose.
    ///   - isolation: Where the receiver is declared; leave it out (it is the caller's).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(snLabel, \.text)
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        delivery: Delivery = .automatic, isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: .receives, initial: initial)
        spec.delivery = delivery.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a receiver written with `convert(value)`: for custom types.
    ///
    /// - Parameters:
    ///   - object: The receiver, not retained.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - delivery: Where it is written: by default, on the main actor when declared from
    ///     main-actor code and on the changing thread otherwise; `.immediate` or `.mainActor`
    ///     to choose.
    ///   - isolation: Where the receiver is declared; leave it out (it is the caller's).
    ///   - convert: Chain value → property; held strongly by the chain, run where the receiver
    ///     is written (the changing thread, or the main actor), so it is `@Sendable`; write it
    ///     `{ @MainActor in … }` to use main-actor state.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(panel, \.background, convert: { colors[$0 % colors.count] })
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        delivery: Delivery = .automatic, isolation: (any Actor)? = #isolation, convert: @escaping @Sendable (Value) -> Property
    ) -> Chain {
        var spec = EndpointSpec<Value>.property(object, keyPath, writable: keyPath, role: .receives, toChain: nil, fromChain: convert)
        spec.initial = initial
        spec.delivery = delivery.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a receiver written on the main actor with `convert(value)`, a converter isolated
    /// to the main actor (one that uses a main-actor formatter, say).
    ///
    /// The receiver is written, and `convert` runs, only on the main actor: at once when the
    /// change is made on the main thread, queued there in order from any other thread.
    ///
    /// - Parameters:
    ///   - object: The receiver, not retained.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - convert: Chain value → property, isolated to the main actor; held strongly by the
    ///     chain. The value and the property's type cross to the main actor, so both are
    ///     `Sendable`.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.bytes).out(sizeLabel, \.text, convert: { @MainActor in sizeFormatter.string(for: $0) })
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        convert: @escaping @MainActor (Value) -> Property
    ) -> Chain where Value: Sendable, Property: Sendable {
        // Safe: a main-actor receiver is only ever written on the main actor, and its
        // converter runs in that write.
        out(object, keyPath, initial: initial, delivery: .mainActor) { value in MainActor.assumeIsolated { convert(value) } }
    }

    /// Adds one element of an array property as a receiver. An index out of range skips the
    /// write and reports it (see <doc:Guarantees#Bad-input>).
    ///
    /// - Parameters:
    ///   - object: The receiver, not retained.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(board, \.history, index: 0)
    /// ```
    @inlinable @discardableResult
    public func out<Root: AnyObject, Element: Equatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>, index: Int, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        let fromChain = Automatic.outOf(Value.self, Element.self)
        var spec = EndpointSpec<Value>.element(
            object, keyPath, writable: keyPath, index: index, role: .receives, toChain: nil, fromChain: fromChain)
        if fromChain == nil { spec.noteMissing(Value.self, Element.self) }
        spec.initial = initial
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a Bool receiver written with the negation of the chain's value (after conversion
    /// to Bool).
    ///
    /// - Parameters:
    ///   - object: The receiver, not retained.
    ///   - keyPath: Its Bool property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.isWin).outNot(loseBadge, \.isVisible)
    /// ```
    @inlinable @discardableResult
    public func outNot<Root: AnyObject>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Bool>, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.negated(object, keyPath, role: .receives, initial: initial)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a control's designated property as a receiver.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.winRate).out(rateSlider)
    /// ```
    @inlinable @discardableResult
    public func out<Root: Control>(_ control: Root, initial: Bool = true, isolation: (any Actor)? = #isolation) -> Chain {
        out(control, Root.designatedKeyPath, initial: initial, isolation: isolation)
    }

    /// Adds a named block that receives every accepted value of the chain.
    ///
    /// Blocks run after all property receivers, in the order they were added, with no Bindery
    /// lock held. A block declared from main-actor code runs only on the main actor (at once
    /// when the change is made on the main thread, queued there otherwise); one declared
    /// anywhere else runs on the thread that made the change (which may be any thread, so the
    /// block is `@Sendable`). To touch main-actor state in the block, write it
    /// `{ @MainActor value in … }`. A block gets the chain's current value now unless
    /// `initial` is false. Adding a block with a name the chain already has replaces that
    /// block. The block is held strongly until the chain ends or `Bind.unbind(_:_:block:)`
    /// removes it: capture objects weakly.
    ///
    /// - Parameters:
    ///   - name: The block's name, for unbinding and the status query.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - body: The block.
    ///   - isolation: Where the block is declared; leave it out. Declared from main-actor
    ///     code, the block runs only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.code).out("log") { code in print("drew", code) }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, isolation: (any Actor)? = #isolation, _ body: @escaping @Sendable (Value) -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: Delivery.automatic.resolved(declaredIn: isolation), body)
    }

    /// Adds a named block that receives the chain's values converted to the type it declares.
    ///
    /// See ``out(_:initial:isolation:_:)-(_,_,_,(Value)->Void)`` for order, threads and retention.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - body: The block, taking a type the chain's value converts to automatically.
    ///   - isolation: Where the block is declared; leave it out. Declared from main-actor
    ///     code, the block runs only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out("log") { (serial: String) in print("draw", serial) }
    /// ```
    @discardableResult
    public func out<Argument>(
        _ name: String, initial: Bool = true, isolation: (any Actor)? = #isolation, _ body: @escaping @Sendable (Argument) -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: Delivery.automatic.resolved(declaredIn: isolation), body)
    }

    /// Adds a named block that runs on every accepted value, without looking at it.
    ///
    /// See ``out(_:initial:isolation:_:)-(_,_,_,(Value)->Void)`` for order, threads and retention.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs now.
    ///   - body: The block.
    ///   - isolation: Where the block is declared; leave it out. Declared from main-actor
    ///     code, the block runs only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.code).out("sound") { player.click() }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, isolation: (any Actor)? = #isolation, _ body: @escaping @Sendable () -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: Delivery.automatic.resolved(declaredIn: isolation)) { (_: Value) in body() }
    }

    /// Adds a named block isolated to the main actor, as the closure says: UI work.
    ///
    /// A closure written `{ @MainActor value in … }` runs on the main actor, wherever the chain
    /// is declared and whichever thread changes it: at once, in the change, when the change
    /// happens on the main thread; queued on the main actor, in the order the changes were
    /// made, from any other thread. A queued run is dropped if the block was removed or the
    /// chain ended meanwhile. The value crosses to the main actor, so it is `Sendable`. Order
    /// and retention are as for ``out(_:initial:isolation:_:)-(_,_,_,(Value)->Void)``.
    ///
    /// - Parameters:
    ///   - name: The block's name, for unbinding and the status query.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.progress).out("bar") { @MainActor value in progressBar.value = value }
    /// ```
    @discardableResult
    public func out(_ name: String, initial: Bool = true, _ body: @escaping @MainActor (Value) -> Void) -> Chain
    where Value: Sendable {
        out(name, initial: initial, delivery: .mainActor, body)
    }

    /// Adds a named block isolated to the main actor that receives the chain's values
    /// converted to the type it declares (the conversion runs on the main actor too).
    ///
    /// It runs as the `@MainActor` block that takes the chain's value does.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.isWin).out("flash") { @MainActor (won: Bool) in if won { flash() } }
    /// ```
    @discardableResult
    public func out<Argument: Sendable>(_ name: String, initial: Bool = true, _ body: @escaping @MainActor (Argument) -> Void) -> Chain
    where Value: Sendable {
        out(name, initial: initial, delivery: .mainActor, body)
    }

    /// Adds a named block isolated to the main actor that runs on every accepted value,
    /// without looking at it.
    ///
    /// It runs as the `@MainActor` block that takes the chain's value does.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs now.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.progress).out("redraw") { @MainActor in chart.setNeedsDisplay() }
    /// ```
    @discardableResult
    public func out(_ name: String, initial: Bool = true, _ body: @escaping @MainActor () -> Void) -> Chain {
        out(name, initial: initial, delivery: .mainActor, body)
    }

    /// Adds a named block that runs on the main actor: UI work.
    ///
    /// When the change happens on the main thread, the block runs at once, in the change,
    /// after the property receivers; from any other thread it is queued on the main actor in
    /// the order the changes were made. A queued run is dropped if the block was removed or
    /// the chain ended meanwhile. The value crosses to the main actor, so it is `Sendable`.
    /// Order and retention are as for ``out(_:initial:isolation:_:)-(_,_,_,(Value)->Void)``.
    ///
    /// - Parameters:
    ///   - name: The block's name, for unbinding and the status query.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - delivery: `.mainActor`.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.progress).out("bar", delivery: .mainActor) { progressBar.value = $0 }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, delivery: MainActorDelivery, _ body: @escaping @MainActor (Value) -> Void
    ) -> Chain where Value: Sendable {
        adding(block: name, initial: initial, delivery: .mainActor) { (value: Value) in
            MainActor.assumeIsolated { body(value) }
        }
    }

    /// Adds a main-actor block that receives the chain's values converted to the type it
    /// declares (the conversion runs on the main actor too).
    ///
    /// It runs as a main-actor block that takes the chain's value does: at once on the main
    /// thread, queued on the main actor from any other thread.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs with the chain's value now.
    ///   - delivery: `.mainActor`.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.bytes).out("size", delivery: .mainActor) { (text: String) in sizeLabel.text = text }
    /// ```
    @discardableResult
    public func out<Argument: Sendable>(
        _ name: String, initial: Bool = true, delivery: MainActorDelivery, _ body: @escaping @MainActor (Argument) -> Void
    ) -> Chain where Value: Sendable {
        adding(block: name, initial: initial, delivery: .mainActor) { (argument: Argument) in
            MainActor.assumeIsolated { body(argument) }
        }
    }

    /// Adds a main-actor block that runs on every accepted value, without looking at it.
    ///
    /// It runs as a main-actor block that takes the chain's value does: at once on the main
    /// thread, queued on the main actor from any other thread.
    ///
    /// - Parameters:
    ///   - name: The block's name.
    ///   - initial: Whether it runs now.
    ///   - delivery: `.mainActor`.
    ///   - body: The block, isolated to the main actor.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(downloader, \.progress).out("redraw", delivery: .mainActor) { chart.setNeedsDisplay() }
    /// ```
    @discardableResult
    public func out(
        _ name: String, initial: Bool = true, delivery: MainActorDelivery, _ body: @escaping @MainActor () -> Void
    ) -> Chain {
        adding(block: name, initial: initial, delivery: .mainActor) { (_: Value) in
            MainActor.assumeIsolated { body() }
        }
    }

    /// Adds a filter: a value reaches receivers and blocks only if every filter of the chain
    /// passes it (see <doc:Guarantees#Filters>).
    ///
    /// A rejected value reaches nobody, and its source is put back to the chain's last
    /// accepted value (at first, the value at bind time, so a first rejection never blanks a
    /// field); the put-back does not propagate. The filter runs on the thread that made the
    /// change (any thread, so it is `@Sendable`), with no Bindery lock held, and is held
    /// strongly until the chain ends.
    ///
    /// - Parameter isIncluded: Whether a value may pass.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winCode).inout(winCodeField, \.text, on: .editingChanged).filter { $0.count <= 3 }
    /// ```
    @discardableResult
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Chain {
        adding(filter: isIncluded)
    }
}
