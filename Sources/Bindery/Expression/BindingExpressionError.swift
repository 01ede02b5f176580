/// Why a string binding (`"name ~> textLabel.text | Uppercase"`) could not be used: it does
/// not fit the grammar, or it names a key or a transformer that does not exist.
///
/// The error names the text it is about, what was expected there and where. Its
/// ``description`` reads like a compiler's:
///
/// ```
/// expected one of the operators ~> <~ <> !~> <~! <!> after `name`, but found `~`
/// name ~ label.text
///      ^
/// ```
///
/// ```swift
/// func report(_ error: BindingExpressionError) {
///     print(error)  // the message, the expression, and a caret line under the range
/// }
/// ```
public struct BindingExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string binding, as written.
    public let expression: String

    /// The part of ``expression`` the error is about, counted in `Character`s (as
    /// `expression.count` counts): `Array(expression)[range]` is that text.
    ///
    /// It always lies within `0...expression.count`. It is empty only when the expression is
    /// empty; otherwise its lower bound is less than `expression.count`, so it covers at least
    /// one `Character`.
    ///
    /// ```swift
    /// func marked(_ error: BindingExpressionError) -> String {
    ///     String(Array(error.expression)[error.range])
    /// }
    /// ```
    public let range: Range<Int>

    /// What is wrong, in one sentence without the expression: what was expected and what was
    /// found, or which name is unknown.
    ///
    /// ```swift
    /// func headline(_ error: BindingExpressionError) -> String { error.message }
    /// ```
    public let message: String

    /// An error about `range` of `expression`; a range outside the expression, or an empty one
    /// in a non-empty expression, is moved or widened to fit the guarantees of ``range``.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - range: The part of `expression` it is about, in `Character` offsets.
    ///   - expression: The string binding.
    init(_ message: String, at range: Range<Int>, in expression: String) {
        let count = expression.count
        var lower = min(max(range.lowerBound, 0), count)
        var upper = min(max(range.upperBound, lower), count)
        if lower == upper, count > 0 {
            if upper < count { upper += 1 } else { lower -= 1 }
        }
        self.expression = expression
        self.range = lower..<upper
        self.message = message
    }

    /// The message, then the expression on a line of its own with a caret line under the
    /// range (`^` under its first `Character`, `~` under the rest). Whitespace in the
    /// expression (a tab, a newline) shows as a space, so that the carets stay under the text.
    ///
    /// ```swift
    /// func report(_ error: BindingExpressionError) { print(error.description) }
    /// ```
    public var description: String {
        guard !expression.isEmpty else { return message }
        var shown = ""
        var carets = ""
        for (offset, character) in expression.enumerated() {
            let isPlain = !character.isWhitespace && !(character.unicodeScalars.first?.properties.generalCategory == .control)
            shown.append(isPlain ? character : " ")
            let width = Self.columns(of: character)
            if offset < range.lowerBound {
                carets += String(repeating: " ", count: width)
            } else if offset == range.lowerBound {
                carets += "^" + String(repeating: "~", count: width - 1)
            } else if offset < range.upperBound {
                carets += String(repeating: "~", count: width)
            }
        }
        return message + "\n" + shown + "\n" + carets
    }

    /// How many terminal columns `character` takes: 2 for wide (East Asian) characters and
    /// emoji, otherwise 1.
    private static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
