/// Every error a string binding can raise, worded in one place: the parser's (what the
/// grammar expected where) and the binder's (a key or a transformer that does not exist).
///
/// Each message says what was expected and what was found, quoting the text as written (long
/// text is cut short with `…`); the error's range points at it.
///
/// ```swift
/// let typo = BindingExpressionError.unknownKey(
///     "nmae", on: "PersonViewModel", range: 0..<4, in: "nmae ~> label.text", candidates: ["name", "age"])
/// assert(typo.message == #"no key "nmae" on PersonViewModel; did you mean "name"?"#)
/// ```
extension BindingExpressionError {
    /// The list of operators, as messages write it.
    private static let operatorList = BindingDirection.allCases.map(\.symbol).joined(separator: " ")

    // MARK: - Parsing

    /// A key path was expected at the start, and something else (or nothing) was found.
    static func expectedKeyPath(found: String?, range: Range<Int>, in expression: String) -> Self {
        Self("expected a key path, such as `name`" + butFound(found), at: range, in: expression)
    }

    /// A key path was expected after the operator `op`.
    static func expectedKeyPath(after op: BindingDirection, found: String?, range: Range<Int>, in expression: String) -> Self {
        Self("expected a key path after `\(op.symbol)`" + butFound(found), at: range, in: expression)
    }

    /// A word made of name characters that does not start with a letter or `_` (`1abc`).
    static func badPropertyName(_ word: String, range: Range<Int>, in expression: String) -> Self {
        Self("\(quoted(word)) is not a property name: a property name starts with a letter or `_`", at: range, in: expression)
    }

    /// A property name was expected right after a `.`.
    static func expectedPropertyName(found: String?, range: Range<Int>, in expression: String) -> Self {
        Self("expected a property name after `.`" + butFound(found), at: range, in: expression)
    }

    /// Whitespace inside a key path, before or after a `.`.
    static func spaceInKeyPath(at range: Range<Int>, in expression: String) -> Self {
        Self("a key path has no spaces: write its names and dots together, as in `textLabel.text`", at: range, in: expression)
    }

    /// One of the six operators was expected after the left key path.
    static func expectedOperator(after keyPath: String, found: String?, range: Range<Int>, in expression: String) -> Self {
        Self("expected one of the operators \(operatorList) after \(quoted(keyPath))" + butFound(found), at: range, in: expression)
    }

    /// A transformer name was expected after `|` or `|!`.
    static func expectedTransformerName(after symbol: String, found: String?, range: Range<Int>, in expression: String) -> Self {
        let example = found == nil ? ", as in `| Uppercase`" : ""
        return Self("expected a transformer name after `\(symbol)`" + butFound(found) + example, at: range, in: expression)
    }

    /// A transformer name that does not start with a letter or `_`.
    static func badTransformerName(_ word: String, range: Range<Int>, in expression: String) -> Self {
        Self("\(quoted(word)) is not a transformer name: a transformer name starts with a letter or `_`", at: range, in: expression)
    }

    /// Text after a complete binding that has no transformer.
    static func unexpectedAfterBinding(_ found: String, range: Range<Int>, in expression: String) -> Self {
        Self(
            "unexpected \(quoted(found)) after the binding; only a transformer may follow it, as in `| Uppercase`",
            at: range, in: expression)
    }

    /// Text after the transformer's name.
    static func unexpectedAfterTransformer(_ found: String, range: Range<Int>, in expression: String) -> Self {
        Self("unexpected \(quoted(found)) after the binding; it ends with the transformer's name", at: range, in: expression)
    }

    /// A second `|` after the transformer's name.
    static func secondTransformer(range: Range<Int>, in expression: String) -> Self {
        Self("unexpected `|` after the binding; a binding has at most one transformer", at: range, in: expression)
    }

    /// A `.` after the transformer's name.
    static func dottedTransformerName(_ name: String, range: Range<Int>, in expression: String) -> Self {
        Self(
            "unexpected `.` after the transformer name \(quoted(name)); a transformer is named by one name, as it was registered",
            at: range, in: expression)
    }

    // MARK: - Binding

    /// A key path names a key the type does not have.
    ///
    /// The message suggests the nearest of `candidates` when it is a likely typo (see
    /// `NearestName`): `no key "nmae" on PersonViewModel; did you mean "name"?`.
    ///
    /// - Parameters:
    ///   - name: The key, as written in the expression.
    ///   - typeName: The type it was looked up on, as users name it.
    ///   - range: Where the key stands in the expression, in `Character` offsets (a
    ///     ``KeyPathExpression/Component``'s range).
    ///   - expression: The string binding.
    ///   - candidates: The type's keys.
    /// - Returns: The error.
    ///
    /// ```swift
    /// let unknown = BindingExpressionError.unknownKey(
    ///     "titel", on: "Article", range: 0..<5, in: "titel ~> label.text", candidates: ["title"])
    /// assert(unknown.description.hasSuffix("^~~~~"))
    /// ```
    static func unknownKey(
        _ name: String, on typeName: String, range: Range<Int>, in expression: String, candidates: [String]
    ) -> Self {
        Self("no key \"\(name)\" on \(typeName)" + suggestion(for: name, among: candidates), at: range, in: expression)
    }

    /// A transformer name that nothing was registered under.
    ///
    /// The message suggests the nearest registered name when it is a likely typo, and
    /// otherwise says how to register one.
    ///
    /// - Parameters:
    ///   - name: The name, as written after `|`.
    ///   - range: Where the name stands in the expression (``TransformerReference/range``).
    ///   - expression: The string binding.
    ///   - candidates: The registered names.
    /// - Returns: The error.
    ///
    /// ```swift
    /// let unregistered = BindingExpressionError.unknownTransformer(
    ///     "Upercase", range: 21..<29, in: "name ~> label.text | Upercase", candidates: ["Uppercase"])
    /// assert(unregistered.message.hasSuffix(#"did you mean "Uppercase"?"#))
    /// ```
    static func unknownTransformer(_ name: String, range: Range<Int>, in expression: String, candidates: [String]) -> Self {
        let hint = suggestion(for: name, among: candidates)
        return Self(
            "no transformer is registered as \"\(name)\"" + (hint.isEmpty ? "; register one with Bind.register(_:as:)" : hint),
            at: range, in: expression)
    }

    // MARK: - Wording

    /// `; did you mean "x"?` when one of `candidates` is close to `name`, else nothing.
    private static func suggestion(for name: String, among candidates: [String]) -> String {
        guard let nearest = NearestName.find(name, among: candidates) else { return "" }
        return "; did you mean \"\(nearest)\"?"
    }

    /// `, but found `x`` for text found, nothing for the end of the expression.
    private static func butFound(_ found: String?) -> String {
        guard let found else { return "" }
        return ", but found \(quoted(found))"
    }

    /// Text in backticks, cut short after 32 `Character`s. A `Character` that would not show
    /// as itself (whitespace, a control or format character, a lone combining mark) is
    /// written as the escapes of its scalars, such as `\u{301}`.
    private static func quoted(_ text: String) -> String {
        let limit = 32
        var shown = ""
        for character in text.prefix(limit) {
            if isInvisible(character) {
                for scalar in character.unicodeScalars { shown += "\\u{" + String(scalar.value, radix: 16) + "}" }
            } else {
                shown.append(character)
            }
        }
        return "`" + shown + (text.count > limit ? "…" : "") + "`"
    }

    /// Whether `character` would not show as itself between backticks: it starts with
    /// whitespace, a control or format character, or a combining mark.
    private static func isInvisible(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return true }
        if first.properties.isWhitespace { return true }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse, .surrogate, .unassigned:
            return true
        default:
            return false
        }
    }
}
