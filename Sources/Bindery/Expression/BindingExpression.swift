/// A string binding, parsed: `leftKeyPath operator rightKeyPath`, optionally followed by
/// `| TransformerName` or `| !TransformerName` (the transformer reversed).
///
/// Its grammar, with whitespace allowed around each part but not inside a key path:
///
/// ```
/// expression  = keyPath operator keyPath [ "|" [ "!" ] name ]
/// keyPath     = name { "." name }
/// operator    = "~>" | "<~" | "<>" | "!~>" | "<~!" | "<!>"
/// name        = ( letter | "_" ) { letter | digit | "_" }
/// ```
///
/// Letters and digits are Unicode's (`Character.isLetter`, `Character.isNumber`). Ranges in
/// the parsed expression count `Character`s from the start of ``source``.
///
/// ```swift
/// let parsed = try BindingExpression.parse("name ~> textLabel.text | Uppercase")
/// assert(parsed.direction == .leftToRight && parsed.right.names == ["textLabel", "text"])
/// ```
struct BindingExpression: Sendable, Equatable {
    /// The text the expression was parsed from.
    let source: String
    /// The key path on the left of the operator.
    let left: KeyPathExpression
    /// The operator: which way values flow, and whether a value is written now.
    let direction: BindingDirection
    /// The key path on the right of the operator.
    let right: KeyPathExpression
    /// The transformer named after `|`, if any.
    let transformer: TransformerReference?

    /// Parses a string binding. Parsing takes time linear in the length of `text`.
    ///
    /// - Parameter text: The binding, such as `"name ~> textLabel.text | Uppercase"`.
    /// - Returns: The parsed binding; its key paths are not resolved against any type yet.
    /// - Throws: A ``BindingExpressionError`` that says what was expected, and where.
    ///
    /// ```swift
    /// do {
    ///     _ = try BindingExpression.parse("name ~ label.text")
    /// } catch {
    ///     assert(error.range == 5..<6)
    /// }
    /// ```
    static func parse(_ text: String) throws(BindingExpressionError) -> BindingExpression {
        var parser = ExpressionParser(text)
        return try parser.parseExpression()
    }

    /// The expression written in canonical form: no spaces inside key paths, one space around
    /// the operator and around `|`. Parsing it gives the same key paths, operator and
    /// transformer.
    ///
    /// ```swift
    /// let unspaced = try BindingExpression.parse("name~>label.text|!Uppercase")
    /// assert(unspaced.canonicalText == "name ~> label.text | !Uppercase")
    /// ```
    var canonicalText: String {
        var text = left.canonicalText + " " + direction.symbol + " " + right.canonicalText
        if let transformer { text += " " + transformer.canonicalText }
        return text
    }
}
