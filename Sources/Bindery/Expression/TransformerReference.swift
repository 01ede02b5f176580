/// The transformer a string binding names after `|` (`"name ~> label.text | Uppercase"`); a
/// `!` before the name (`| !Uppercase`) means the transformer is used reversed.
///
/// ```swift
/// let transformer = try BindingExpression.parse("name ~> label.text | !Uppercase").transformer
/// assert(transformer?.name == "Uppercase" && transformer?.isReversed == true)
/// ```
struct TransformerReference: Sendable, Equatable {
    /// The name the transformer was registered under, as written.
    let name: String
    /// Whether the name was written after `!`: the transformer is used reversed.
    let isReversed: Bool
    /// Where the name (without the `!`) stands in the expression, in `Character` offsets.
    let range: Range<Int>

    /// The transformer part as written in canonical form: `| Name` or `| !Name`.
    var canonicalText: String { "| " + (isReversed ? "!" : "") + name }
}
