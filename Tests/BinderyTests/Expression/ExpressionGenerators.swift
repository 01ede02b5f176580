import PropertyBased
@testable import Bindery

/// A stream of choices read from generated random words, one byte per choice; past the end,
/// every choice is the first option. A text built from choices shrinks as its words do: fewer
/// words or smaller ones mean earlier options (shorter names, fewer parts, no transformer).
struct Choices {
    /// The random words.
    private let words: [UInt64]
    /// The next byte to read, counting from the first word's lowest byte.
    private var next = 0

    init(_ words: [UInt64]) { self.words = words }

    /// A choice among `count` options: `0..<count` (0 when `count` is not positive).
    mutating func below(_ count: Int) -> Int {
        let (word, byte) = next.quotientAndRemainder(dividingBy: 8)
        next += 1
        guard count > 0, word < words.count else { return 0 }
        return Int((words[word] >> UInt64(byte * 8)) & 0xFF) % count
    }

    /// One of `options` (which must not be empty).
    mutating func pick<Element>(_ options: [Element]) -> Element {
        options[below(options.count)]
    }

    /// Yes or no.
    mutating func flip() -> Bool { below(2) == 1 }

    /// Whether every word has been read.
    var isExhausted: Bool { next >= words.count * 8 }
}

/// A binding the generator wrote, with the shape it must parse to.
struct GeneratedExpression: Sendable, CustomStringConvertible {
    let text: String
    let shape: ExpressionShape
    var description: String { text.debugDescription }
}

/// A valid binding with characters inserted, deleted or replaced.
struct MutatedExpression: Sendable, CustomStringConvertible {
    /// The binding before the edits.
    let original: String
    /// The binding after them (Characters next to each other may then merge, as an accent does
    /// with the letter before it: the parser sees the text as a String would).
    let text: String
    var description: String { "\(text.debugDescription) (edited from \(original.debugDescription))" }
}

/// Generators of string bindings for the parser's property-based tests. Each draws a few
/// random words (`[UInt64]`, which the library shrinks) and builds a text from them as
/// ``Choices``: far quicker than composing a generator per character in a debug build. Every
/// text is at most about 100 Characters long, so that each parse is quick whatever it does.
enum ExpressionGenerators {
    /// Characters a name may start with: ASCII and other letters, `_`.
    static let nameHeads: [Character] = Array("abxyzABZ_éßΩж日ラ")
    /// Characters a name may go on with: those, and digits (Arabic–Indic too).
    static let nameTails: [Character] = nameHeads + Array("0179٣")
    /// Whitespace the grammar allows around its parts.
    static let spaces: [Character] = [" ", "\t", "\n", "\u{00A0}", "\u{3000}"]

    /// Characters the edits draw from: the grammar's own, whitespace, letters and digits, and
    /// troublemakers (a lone accent, CR, CR-LF, a family emoji, NUL, a backtick).
    static let editCharacters: [Character] =
        Array("~<>!|.~<>!|. \t\nab_Z9=`é日🙂") + ["\u{301}", "\r", "\r\n", "👨‍👩‍👧", "\u{0}", "\u{3000}"]

    /// Pieces of text that random texts are made of, in groups that random texts draw from in
    /// different proportions: names (and a digit-first word), the operators and fragments of
    /// them, `.` and `|`, whitespace, and troublemakers.
    static let pieces: [[String]] = [
        ["a", "name", "_x1", "日本", "é", "9z"],
        ["~>", "<~", "<>", "!~>", "<~!", "<!>", "~", "<", ">", "!"],
        [".", "|"],
        [" ", "\t", "\n", "\r\n"],
        ["\u{301}", "🙂", "\u{0}", "=", "`", "\u{3000}"],
    ]
    /// How often each group of ``pieces`` is drawn, out of 10.
    static let pieceGroups = [0, 0, 0, 0, 1, 1, 2, 2, 3, 4]

    /// Random words: the recipe of one text.
    static func words(_ count: ClosedRange<Int>) -> Generator<[UInt64], Generator<UInt64, Shrink.Integer<UInt64>>.ArrayShrink> {
        Gen<UInt64>.value(in: 0...UInt64.max).array(of: count)
    }

    /// A valid binding, spaced at random, with a transformer or not.
    static let valid = words(2...10).map { words in
        var choices = Choices(words)
        return validExpression(&choices)
    }

    /// A valid binding with one to four edits (the edits' choices come from the first two
    /// words, the binding's from the rest).
    static let mutated = words(2...12).map { words in
        var edits = Choices(Array(words.prefix(2)))
        var choices = Choices(Array(words.dropFirst(2)))
        let original = validExpression(&choices).text
        var characters = Array(original)
        for _ in 0...edits.below(4) {
            let position = edits.below(256)
            switch edits.below(3) {
            case 0:
                characters.insert(edits.pick(editCharacters), at: position % (characters.count + 1))
            case 1 where !characters.isEmpty:
                characters.remove(at: position % characters.count)
            default:
                if !characters.isEmpty { characters[position % characters.count] = edits.pick(editCharacters) }
            }
        }
        return MutatedExpression(original: original, text: String(characters))
    }

    /// A text of up to 32 random pieces; it starts with a name three times out of four, so
    /// that many texts get past the first key path.
    static let randomText = words(0...10).map { words in
        var choices = Choices(words)
        var text = choices.below(4) == 3 ? "" : choices.pick(pieces[0])
        for _ in 0..<choices.below(32) where !choices.isExhausted {
            text += choices.pick(pieces[choices.pick(pieceGroups)])
        }
        return text
    }

    /// Builds a valid binding from `choices`.
    static func validExpression(_ choices: inout Choices) -> GeneratedExpression {
        var text = space(&choices)
        let left = keyPath(&choices)
        text += left.joined(separator: ".") + space(&choices)
        let op = choices.pick(BindingDirection.allCases)
        text += op.symbol + space(&choices)
        let right = keyPath(&choices)
        text += right.joined(separator: ".")
        var transformer: String?
        var isReversed = false
        if choices.flip() {
            text += space(&choices) + "|" + space(&choices)
            isReversed = choices.flip()
            if isReversed { text += "!" + space(&choices) }
            let name = name(&choices)
            transformer = name
            text += name
        }
        text += space(&choices)
        let shape = ExpressionShape(left: left, direction: op, right: right, transformer: transformer, isReversed: isReversed)
        return GeneratedExpression(text: text, shape: shape)
    }

    /// No whitespace, or one or two Characters of it.
    static func space(_ choices: inout Choices) -> String {
        var text = ""
        for _ in 0..<choices.below(3) { text.append(choices.pick(spaces)) }
        return text
    }

    /// A name of 1 to 6 Characters.
    static func name(_ choices: inout Choices) -> String {
        var text = String(choices.pick(nameHeads))
        for _ in 0..<choices.below(6) { text.append(choices.pick(nameTails)) }
        return text
    }

    /// A key path of 1 to 3 names.
    static func keyPath(_ choices: inout Choices) -> [String] {
        (0...choices.below(3)).map { _ in name(&choices) }
    }
}
