extension DynamicValue where Value: Sendable {
    /// The value now, then each change, as an `AsyncSequence`: the values of the chain
    /// `Bind.in(self, \.value)` (see ``ChainValues``). A slow consumer skips to the newest
    /// value. The sequence ends when the value's object deinitialises or the iterating task is
    /// cancelled; it holds the value weakly.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// Task { for await value in count.values { print(value) } }
    /// ```
    public var values: ChainValues<Value> {
        Bind.in(self, Self.valueKeyPath).values
    }
}
