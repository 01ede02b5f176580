/// Reads a string binding (see ``BindingExpression``) in one pass, left to right, looking at
/// each `Character` a bounded number of times: linear time, no recursion.
///
/// Each `Character` is classified once, up front (``Kind``); the parser then reads the kinds.
/// Every read is bounds-checked, so that no input traps. On an error it says what it expected
/// and points at what it found instead or, at the end of the text, at the part that needed a
/// follow-up (the operator with no key path after it, the `.` with no name after it).
///
/// ```swift
/// var parser = ExpressionParser("name <~ field.text")
/// let expression = try parser.parseExpression()
/// assert(expression.direction == .rightToLeft)
/// ```
struct ExpressionParser {
    /// What a `Character` can be in the grammar.
    enum Kind: Equatable {
        /// A letter or `_`: starts or continues a name.
        case nameHead
        /// A digit: continues a name.
        case digit
        /// `~`, `<`, `>` or `!`: the operators are made of these.
        case operatorSymbol
        /// `.`, between the names of a key path.
        case dot
        /// `|`, before the transformer.
        case bar
        /// Whitespace, allowed around the parts.
        case whitespace
        /// Anything else.
        case other

        /// The kind of `character`.
        init(_ character: Character) {
            if let ascii = character.asciiValue {
                switch ascii {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): self = .nameHead
                case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
                case UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"): self = .operatorSymbol
                case UInt8(ascii: "."): self = .dot
                case UInt8(ascii: "|"): self = .bar
                default: self = character.isWhitespace ? .whitespace : .other
                }
            } else if character.isLetter {
                self = .nameHead
            } else if character.isNumber {
                self = .digit
            } else {
                self = character.isWhitespace ? .whitespace : .other
            }
        }

        /// Whether a `Character` of this kind can continue a name.
        var isName: Bool { self == .nameHead || self == .digit }

        /// Whether two `Character`s of these kinds belong to the same token, when shown in an
        /// error: a run of name characters, of operator characters or of whitespace.
        func continuesToken(_ next: Kind) -> Bool {
            switch self {
            case .nameHead, .digit: next.isName
            case .operatorSymbol, .whitespace: next == self
            case .dot, .bar, .other: false
            }
        }
    }

    /// The text, as `Character`s: ranges in errors and in the result index this.
    private let characters: [Character]
    /// The kind of each of ``characters``.
    private let kinds: [Kind]
    /// The text as given, for the result and for errors.
    private let source: String
    /// The next `Character` to read.
    private var position = 0

    /// A parser of `text`.
    ///
    /// - Parameter text: The string binding.
    init(_ text: String) {
        source = text
        characters = Array(text)
        kinds = characters.map(Kind.init)
    }

    /// Reads the whole text as one binding.
    ///
    /// - Returns: The binding.
    /// - Throws: A ``BindingExpressionError`` at the first part that does not fit the grammar.
    mutating func parseExpression() throws(BindingExpressionError) -> BindingExpression {
        skipWhitespace()
        let left = try parseKeyPath(after: nil)
        skipWhitespace()
        let (direction, operatorRange) = try parseOperator(after: left)
        skipWhitespace()
        let right = try parseKeyPath(after: (direction, operatorRange))
        let whitespace = skipWhitespace()
        var transformer: TransformerReference?
        switch kind(at: position) {
        case nil:
            break
        case .bar:
            let parsed = try parseTransformer()
            transformer = parsed
            skipWhitespace()
            if position < kinds.count { throw unexpectedAfterTransformer(named: parsed.name) }
        case .dot where !whitespace.isEmpty:
            throw .spaceInKeyPath(at: whitespace, in: source)
        default:
            throw .unexpectedAfterBinding(token(at: position), range: tokenRange(at: position), in: source)
        }
        return BindingExpression(source: source, left: left, direction: direction, right: right, transformer: transformer)
    }

    // MARK: - The parts

    /// Reads a key path: names joined by `.`, with no spaces.
    ///
    /// - Parameter operator: The operator before it, for the right key path; nil for the left.
    private mutating func parseKeyPath(
        after operator: (BindingDirection, Range<Int>)?
    ) throws(BindingExpressionError) -> KeyPathExpression {
        guard kind(at: position) == .nameHead else { throw expectedKeyPath(after: `operator`) }
        var components = [readName()]
        while kind(at: position) == .dot {
            let dot = position..<(position + 1)
            position += 1
            switch kind(at: position) {
            case .nameHead:
                components.append(readName())
            case nil:
                throw .expectedPropertyName(found: nil, range: dot, in: source)
            case .digit:
                throw .badPropertyName(token(at: position), range: tokenRange(at: position), in: source)
            case .whitespace:
                let whitespace = tokenRange(at: position)
                if kind(at: whitespace.upperBound) == .nameHead { throw .spaceInKeyPath(at: whitespace, in: source) }
                throw .expectedPropertyName(found: nil, range: dot, in: source)
            default:
                throw .expectedPropertyName(found: token(at: position), range: tokenRange(at: position), in: source)
            }
        }
        return KeyPathExpression(components: components)
    }

    /// The error for a missing or malformed key path at ``position``.
    private func expectedKeyPath(after operator: (BindingDirection, Range<Int>)?) -> BindingExpressionError {
        guard let found = kind(at: position) else {
            if let (op, range) = `operator` { return .expectedKeyPath(after: op, found: nil, range: range, in: source) }
            // Nothing but whitespace, or nothing at all.
            return .expectedKeyPath(found: nil, range: 0..<kinds.count, in: source)
        }
        let range = tokenRange(at: position)
        if found.isName { return .badPropertyName(token(at: position), range: range, in: source) }
        if let (op, _) = `operator` { return .expectedKeyPath(after: op, found: token(at: position), range: range, in: source) }
        return .expectedKeyPath(found: token(at: position), range: range, in: source)
    }

    /// Reads one of the six operators: the whole run of operator characters must be one.
    private mutating func parseOperator(
        after left: KeyPathExpression
    ) throws(BindingExpressionError) -> (BindingDirection, Range<Int>) {
        guard let found = kind(at: position) else {
            throw .expectedOperator(after: left.canonicalText, found: nil, range: left.range, in: source)
        }
        if found == .dot, kind(at: position - 1) == .whitespace {
            throw .spaceInKeyPath(at: whitespaceRange(endingAt: position), in: source)
        }
        let range = tokenRange(at: position)
        let text = token(at: position)
        guard found == .operatorSymbol, let op = BindingDirection(symbol: text) else {
            throw .expectedOperator(after: left.canonicalText, found: text, range: range, in: source)
        }
        position = range.upperBound
        return (op, range)
    }

    /// Reads `| Name` or `| !Name` (the `|` is at ``position``), with optional spaces between
    /// the parts.
    private mutating func parseTransformer() throws(BindingExpressionError) -> TransformerReference {
        var previous = (symbol: "|", range: position..<(position + 1))
        position += 1
        skipWhitespace()
        var isReversed = false
        if kind(at: position) == .operatorSymbol, characters[position] == "!" {
            isReversed = true
            previous = ("!", position..<(position + 1))
            position += 1
            skipWhitespace()
        }
        guard let found = kind(at: position) else {
            throw .expectedTransformerName(after: previous.symbol, found: nil, range: previous.range, in: source)
        }
        guard found == .nameHead else {
            let range = tokenRange(at: position)
            if found == .digit { throw .badTransformerName(token(at: position), range: range, in: source) }
            throw .expectedTransformerName(after: previous.symbol, found: token(at: position), range: range, in: source)
        }
        let name = readName()
        return TransformerReference(name: name.name, isReversed: isReversed, range: name.range)
    }

    /// The error for text left after the transformer's name.
    private func unexpectedAfterTransformer(named name: String) -> BindingExpressionError {
        let range = tokenRange(at: position)
        switch kind(at: position) {
        case .bar: return .secondTransformer(range: range, in: source)
        case .dot: return .dottedTransformerName(name, range: range, in: source)
        default: return .unexpectedAfterTransformer(token(at: position), range: range, in: source)
        }
    }

    // MARK: - Reading

    /// The kind of the `Character` at `offset`, or nil outside the text.
    private func kind(at offset: Int) -> Kind? {
        offset >= 0 && offset < kinds.count ? kinds[offset] : nil
    }

    /// Skips whitespace (spaces, tabs, newlines).
    ///
    /// - Returns: The range skipped, empty if there was none.
    @discardableResult
    private mutating func skipWhitespace() -> Range<Int> {
        let start = position
        while kind(at: position) == .whitespace { position += 1 }
        return start..<position
    }

    /// Reads a name (whose first `Character` has been checked) and its range.
    private mutating func readName() -> KeyPathExpression.Component {
        let range = tokenRange(at: position)
        position = range.upperBound
        return KeyPathExpression.Component(name: String(characters[range]), range: range)
    }

    /// The range of the token that starts at `offset`: a run of name characters, of operator
    /// characters or of whitespace, or else the one `Character`. Empty outside the text.
    private func tokenRange(at offset: Int) -> Range<Int> {
        guard let first = kind(at: offset) else {
            let edge = min(max(offset, 0), kinds.count)
            return edge..<edge
        }
        var end = offset + 1
        while let next = kind(at: end), first.continuesToken(next) { end += 1 }
        return offset..<end
    }

    /// The text of the token that starts at `offset`.
    private func token(at offset: Int) -> String { String(characters[tokenRange(at: offset)]) }

    /// The run of whitespace that ends just before `offset`.
    private func whitespaceRange(endingAt offset: Int) -> Range<Int> {
        let end = min(max(offset, 0), kinds.count)
        var start = end
        while kind(at: start - 1) == .whitespace { start -= 1 }
        return start..<end
    }
}
