// SwiftBond's functional half on `Dynamic` and `Derived`: `map`, `removingDuplicates`, and the
// timing operators. Each returns a `Derived` value that holds its source weakly.

extension DynamicValue where Self: Sendable {
    /// A derived value: `transform` of this value, now and after every change.
    ///
    /// The result holds this value weakly: once it has gone, the result keeps its last value.
    /// It is sent after every change of this value (use the `Equatable` overload, or
    /// ``DynamicValue/removingDuplicates()``, to send only changes). `transform` runs on the thread
    /// that changed this value, with no Bindery lock held.
    ///
    /// ```swift
    /// let name = Dynamic("Ada")
    /// let greeting = name.map { "Hello, \($0)" }      // greeting.value == "Hello, Ada"
    /// greeting.bind(to: label, \.text)
    /// ```
    public func map<Result>(_ transform: @escaping @Sendable (Value) -> Result) -> Derived<Result> {
        mapped(transform, isSame: nil)
    }

    /// A derived value: `transform` of this value, now and after every change that changes
    /// the result.
    ///
    /// As the other `map(_:)`, but the result is sent only when it differs from the one sent
    /// last.
    ///
    /// ```swift
    /// let count = Dynamic(3)
    /// let isEmpty = count.map { $0 == 0 }             // sent when it turns true or false
    /// isEmpty.bind(to: label, \.isVisible)
    /// ```
    public func map<Result: Equatable>(_ transform: @escaping @Sendable (Value) -> Result) -> Derived<Result> {
        mapped(transform, isSame: { $0 == $1 })
    }

    /// `transform` of this value, held weakly, sent unless `isSame` says it did not change.
    private func mapped<Result>(_ transform: @escaping @Sendable (Value) -> Result, isSame: ((Result, Result) -> Bool)?) -> Derived<Result> {
        Derived(label: "map of \(Self.self)", isSame: isSame, initial: { transform(value) }) { [weak self] result in
            // Its source gone, a map keeps its last value.
            guard let self else { return }
            result = transform(self.value)
        }
    }

    /// A derived value that follows this one, sent only when `areSame` says it changed.
    ///
    /// For a value that is not `Equatable`: a ``Derived`` value of an `Equatable` type is sent
    /// only when it changed already, any other after every evaluation. The result holds this
    /// value weakly.
    ///
    /// ```swift
    /// let position = Dynamic(Point(x: 0, y: 0))
    /// let moved = position.removingDuplicates { $0.x == $1.x && $0.y == $1.y }
    /// moved.observe { print("moved to", $0.x, $0.y) }
    /// ```
    public func removingDuplicates(by areSame: @escaping @Sendable (Value, Value) -> Bool) -> Derived<Value> {
        Derived(label: "removingDuplicates of \(Self.self)", isSame: areSame, initial: { value }) { [weak self] result in
            guard let self else { return }
            result = self.value
        }
    }
}

extension DynamicValue where Self: Sendable, Value: Equatable {
    /// A derived value that follows this one, sent only when it changed: a ``Dynamic`` box
    /// sends every set, even of an equal value; this does not.
    ///
    /// ```swift
    /// let query = Dynamic("")
    /// query.removingDuplicates().observe { print("search for", $0) }
    /// ```
    public func removingDuplicates() -> Derived<Value> {
        removingDuplicates(by: { $0 == $1 })
    }
}
