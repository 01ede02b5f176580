// Any `AsyncSequence` as a chain's sender.

extension Bind {
    /// Starts a chain whose sender is an `AsyncSequence`: each element the sequence yields is
    /// a change of the chain. The chain's value is optional, `nil` until the first element.
    ///
    /// A sequence has no current value, so a receiver that joins before the first element
    /// gets `nil` (converted: a label's text becomes `""`, a number `0`), unless it is declared
    /// with `initial: false`; give the chain a value of its own with
    /// ``in(sequence:initial:)`` to keep it non-optional.
    ///
    /// The sequence is iterated by a task that Bindery starts now and holds for you: nothing
    /// needs retaining (see <doc:Guarantees#Lifetime>). Each element propagates on the task's
    /// thread; a receiver declared from main-actor code is written on the main actor. The task
    /// is cancelled when the chain ends: when it is unbound, or when its receivers' objects go
    /// (a `@Dynamic` object or a control at once, another object at the next element). When the
    /// sequence finishes, its sender is gone and the chain ends; receivers keep the last value.
    /// A declaration that never gets a receiver iterates until the sequence finishes.
    ///
    /// - Parameter sequence: The elements, handed over to the task; it must not throw (see
    ///   ``in(sequence:onError:)``).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(sequence: temperatures).out(temperatureLabel, \.text)
    /// ```
    @discardableResult
    public static func `in`<Elements: AsyncSequence>(sequence: sending Elements) -> Chain<Elements.Element?>
    where Elements.Failure == Never, Elements.Element: Sendable {
        SequenceSender.start(sequence, initial: nil, transform: { $0 }, onError: nil)
    }

    /// Starts a chain whose sender is an `AsyncSequence`, with `initial` as the chain's value
    /// until the first element.
    ///
    /// Receivers that join before the first element get `initial`. Otherwise as
    /// ``in(sequence:)``: the sequence is iterated by a task Bindery holds, each element
    /// propagates on the task's thread (main-actor receivers on the main actor), and the task
    /// is cancelled when the chain ends.
    ///
    /// - Parameters:
    ///   - sequence: The elements, handed over to the task; it must not throw (see
    ///     ``in(sequence:initial:onError:)``).
    ///   - initial: The chain's value until the sequence yields.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(sequence: temperatures, initial: 20.0).out(temperatureLabel, \.text)
    /// ```
    @discardableResult
    public static func `in`<Elements: AsyncSequence>(sequence: sending Elements, initial: Elements.Element) -> Chain<Elements.Element>
    where Elements.Failure == Never, Elements.Element: Sendable {
        SequenceSender.start(sequence, initial: initial, transform: { $0 }, onError: nil)
    }

    /// Starts a chain whose sender is an `AsyncSequence` that may throw: the first error ends
    /// the iteration and is handed to `onError`.
    ///
    /// A chain carries values, not failures, so an error ends the sequence's part in it: the
    /// task stops, the sender is gone and the chain ends, its receivers keeping the last value.
    /// An error thrown because the chain ended first (the task was cancelled) is not reported.
    /// Otherwise as ``in(sequence:)``.
    ///
    /// - Parameters:
    ///   - sequence: The elements, handed over to the task.
    ///   - onError: Gets the error, once, on the task's thread; held until then.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(sequence: readings, onError: { error in print("sensor failed:", error) })
    ///     .out(temperatureLabel, \.text)
    /// ```
    @discardableResult
    public static func `in`<Elements: AsyncSequence>(
        sequence: sending Elements, onError: @escaping @Sendable (Elements.Failure) -> Void
    ) -> Chain<Elements.Element?> where Elements.Element: Sendable {
        SequenceSender.start(sequence, initial: nil, transform: { $0 }, onError: onError)
    }

    /// Starts a chain whose sender is an `AsyncSequence` that may throw, with `initial` as the
    /// chain's value until the first element; the first error ends the iteration and is
    /// handed to `onError`.
    ///
    /// See ``in(sequence:onError:)`` for errors and ``in(sequence:initial:)`` for the rest.
    ///
    /// - Parameters:
    ///   - sequence: The elements, handed over to the task.
    ///   - initial: The chain's value until the sequence yields.
    ///   - onError: Gets the error, once, on the task's thread; held until then.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(sequence: readings, initial: 20.0, onError: { error in print("sensor failed:", error) })
    ///     .out(temperatureLabel, \.text)
    /// ```
    @discardableResult
    public static func `in`<Elements: AsyncSequence>(
        sequence: sending Elements, initial: Elements.Element, onError: @escaping @Sendable (Elements.Failure) -> Void
    ) -> Chain<Elements.Element> where Elements.Element: Sendable {
        SequenceSender.start(sequence, initial: initial, transform: { $0 }, onError: onError)
    }
}
