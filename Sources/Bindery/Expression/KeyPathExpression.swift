/// A key path as a string binding writes it: one or more property names joined by `.`
/// (`name`, `textLabel.text`, `session.user.name`), each with where it stands in the
/// expression.
///
/// Ranges count `Character`s (grapheme clusters) from the start of the expression, as
/// `expression.count` does: `Array(expression)[range]` is the text a range covers.
///
/// ```swift
/// let path = try BindingExpression.parse("textLabel.text ~> name").left
/// assert(path.names == ["textLabel", "text"] && path.range == 0..<14)
/// ```
struct KeyPathExpression: Sendable, Equatable {
    /// One property name of a key path, and where it stands in the expression.
    struct Component: Sendable, Equatable {
        /// The property name, as written.
        let name: String
        /// Where the name stands in the expression, in `Character` offsets.
        let range: Range<Int>
    }

    /// The property names, first to last; never empty in a parsed expression.
    let components: [Component]

    /// The property names, first to last.
    var names: [String] { components.map(\.name) }

    /// Where the whole key path stands in the expression, in `Character` offsets (an empty
    /// range at 0 for a key path with no components, which the parser never makes).
    var range: Range<Int> {
        guard let first = components.first, let last = components.last else { return 0..<0 }
        return first.range.lowerBound..<last.range.upperBound
    }

    /// The key path as written without spaces: its names joined by `.`.
    var canonicalText: String { names.joined(separator: ".") }
}
