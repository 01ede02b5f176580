/// A named, reusable conversion from one type to another, applied to a binding with
/// `transformed(by:)`.
///
/// A transformer is a value: it is held by the chain it converts for, and called where the
/// receiving side is written (the changing thread, or the main actor), so it is `Sendable`.
/// Its reverse is optional: adopt ``ReversibleTransformer`` to give one, which two-way
/// bindings and `reversed: true` need.
///
/// ```swift
/// struct Uppercase: Transformer {
///     func transform(_ value: String) -> String { value.uppercased() }
/// }
/// ((vm, \.name) ~> (nameLabel, \.text)).transformed(by: Uppercase())
/// ```
public protocol Transformer<Input, Output>: Sendable {
    /// The type the transformer reads.
    associatedtype Input
    /// The type the transformer makes.
    associatedtype Output

    /// Converts a value. Must not trap: bad data follows a documented fallback.
    ///
    /// - Parameter value: The value to convert.
    /// - Returns: The converted value.
    func transform(_ value: Input) -> Output
}

/// A ``Transformer`` that also converts back: what a two-way binding (`<>`) needs, and what
/// `transformed(by:reversed: true)` applies the other way round.
///
/// ```swift
/// struct Percent: ReversibleTransformer {
///     func transform(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }
///     func reverseTransform(_ text: String) -> Double { (Double(text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }) ?? 0) / 100 }
/// }
/// ((lottery, \.winRate) <> rateField).transformed(by: Percent())
/// ```
public protocol ReversibleTransformer<Input, Output>: Transformer {
    /// Converts a value back. Must not trap.
    ///
    /// - Parameter value: A value of the transformer's output type.
    /// - Returns: The value it stands for.
    func reverseTransform(_ value: Output) -> Input
}

/// A conversion that takes time (a download, a decode), applied to a one-way binding with
/// `transformed(by:)`.
///
/// Each value the binding sends starts a task that runs ``transform(_:)``; a newer value
/// cancels the task still running for an older one, and a result whose value is no longer
/// the latest is never delivered, so an old image never lands over a new one. An error
/// (other than cancellation) is reported, and the receiver keeps its value. An async
/// transformer has no reverse: a two-way binding through one is refused.
///
/// ```swift
/// struct ImageLoader: AsyncTransformer {
///     func transform(_ url: String) async throws -> Image { try await Image(downloading: url) }
/// }
/// ((vm, \.avatarURL) ~> (avatar, \.image)).transformed(by: ImageLoader())
/// ```
public protocol AsyncTransformer<Input, Output>: Sendable {
    /// The type the transformer reads.
    associatedtype Input: Sendable
    /// The type the transformer makes.
    associatedtype Output: Sendable

    /// Converts a value. Check for cancellation (`try Task.checkCancellation()`) in long
    /// work: the task is cancelled when a newer value arrives or the binding ends.
    ///
    /// - Parameter value: The value to convert.
    /// - Returns: The converted value.
    /// - Throws: Any error; it is reported, and nothing is delivered.
    func transform(_ value: Input) async throws -> Output
}
