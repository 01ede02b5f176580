extension DynamicValue {
    /// `\.value`, as the conforming class names it: what every observer's chain starts from.
    static var valueKeyPath: KeyPath<Self, Value> { _valueKeyPath }

    /// Adds a block to the value's chain (`Bind.in(self, \.value)`): an observer.
    private func observer(_ kind: String, initial: Bool, delivery: Delivery, _ body: @escaping (Value) -> Void) -> DynamicBond {
        let chain = Bind.in(self, Self.valueKeyPath).adding(block: kind, isAnonymous: true, initial: initial, delivery: delivery, body)
        return DynamicBond(block: kind, of: chain)
    }

    /// Calls `observer` with the value now, then with every change.
    ///
    /// The observer is a block of the value's chain (the one `Bind.in(box, \.value)`
    /// continues), labelled `observe` in the graph, and ended by its handle. The chain holds it
    /// strongly until ``DynamicBond/unbind()``, `Bind.unbind(box)` or the box's deinit: you need not keep the returned handle, and should
    /// capture objects weakly in it. It runs on the thread that set the value (which may be any
    /// thread, so it is `@Sendable`), after the chain's receivers; declared from main-actor
    /// code, it runs on the main actor instead (at once when the value is set on the main
    /// thread, queued there in order otherwise). A value set while the observers run,
    /// by one of them or by another thread, is delivered to each observer after the current
    /// one: every observer ends at the last value.
    ///
    /// - Parameters:
    ///   - isolation: Where the observer is declared; leave it out.
    ///   - observer: Called with each value.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` removes the observer.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// count.observe { print("count is", $0) }      // prints "count is 0" now
    /// count.value = 1                               // prints "count is 1"
    /// ```
    @discardableResult
    public func observe(isolation: (any Actor)? = #isolation, _ observer: @escaping @Sendable (Value) -> Void) -> DynamicBond {
        self.observer("observe", initial: true, delivery: Delivery.automatic.resolved(declaredIn: isolation), observer)
    }

    /// Calls `observer`, isolated to the main actor, with the value now, then with every
    /// change, always on the main actor.
    ///
    /// Set on the main thread, the value reaches the observer at once; set on another thread,
    /// it is queued on the main actor, in the order the values were set, so the observer ends at
    /// the last one. The value crosses to the main actor, so it is `Sendable`. Retention and
    /// lifetime are as for ``observe(isolation:_:)``.
    ///
    /// - Parameter observer: Called with each value, on the main actor.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` removes the observer.
    ///
    /// ```swift
    /// let progress = Dynamic(0.0)
    /// progress.observe { @MainActor value in progressBar.value = value }
    /// ```
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (Value) -> Void) -> DynamicBond where Value: Sendable {
        self.observer("observe", initial: true, delivery: .mainActor) { value in
            MainActor.assumeIsolated { observer(value) }
        }
    }

    /// Calls `observer` with every later change of the value, not with the value now.
    ///
    /// The observer is a block of the value's chain, labelled `observeNew`, declared with
    /// `initial: false`; threads, retention and lifetime are as for
    /// ``observe(isolation:_:)``.
    ///
    /// - Parameters:
    ///   - isolation: Where the observer is declared; leave it out.
    ///   - observer: Called with each new value.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` removes the observer.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// count.observeNew { print("now", $0) }         // prints nothing yet
    /// count.value = 1                               // prints "now 1"
    /// ```
    @discardableResult
    public func observeNew(isolation: (any Actor)? = #isolation, _ observer: @escaping @Sendable (Value) -> Void) -> DynamicBond {
        self.observer("observeNew", initial: false, delivery: Delivery.automatic.resolved(declaredIn: isolation), observer)
    }

    /// Calls `observer`, isolated to the main actor, with every later change of the value,
    /// always on the main actor.
    ///
    /// Delivery is as for ``observe(_:)``; retention and lifetime as
    /// for ``observe(isolation:_:)``.
    ///
    /// - Parameter observer: Called with each new value, on the main actor.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` removes the observer.
    ///
    /// ```swift
    /// let progress = Dynamic(0.0)
    /// progress.observeNew { @MainActor value in progressBar.value = value }
    /// ```
    @discardableResult
    public func observeNew(_ observer: @escaping @MainActor (Value) -> Void) -> DynamicBond where Value: Sendable {
        self.observer("observeNew", initial: false, delivery: .mainActor) { value in
            MainActor.assumeIsolated { observer(value) }
        }
    }

    /// Sets an object's property to the value now (unless `fire` is false) and on
    /// every change, converted automatically (see <doc:AutomaticConversion>): a one-way bond.
    ///
    /// The bond is the chain `Bind.in(box, \.value).out(object, keyPath, initial: fire)`, and
    /// behaves as that chain does: `object` is not retained, and the bond ends when `object`
    /// goes (a `@Dynamic` object or a control at once, any other at the value's next change) or
    /// the box does; declared from main-actor code, the property is written only on the main
    /// actor. If the property is already in another chain, the two chains join (see
    /// <doc:Guarantees#Joins>); to keep another ``Dynamic`` box in step, bind it with
    /// ``Dynamic/bind(to:fire:)``, which never joins.
    ///
    /// - Parameters:
    ///   - object: The object to write.
    ///   - keyPath: Its property.
    ///   - fire: Whether the property takes the box's value now.
    ///   - isolation: Where the bond is declared; leave it out.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` ends the bond.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// count.bind(to: counterLabel, \.text)          // counterLabel.text == "0"
    /// ```
    @discardableResult
    public func bind<Root: AnyObject, Property>(
        to object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, fire: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> DynamicBond {
        let chain = Bind.in(self, Self.valueKeyPath).out(object, keyPath, initial: fire, isolation: isolation)
        return DynamicBond(bond: chain, to: object)
    }
}
