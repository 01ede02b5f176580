import Testing
@testable import Bindery

/// Each way a string binding can be wrong: the message says what was expected, and the range
/// points at what was found instead (or, at the end of the text, at what needed a follow-up).
@Suite(.failOnUnexpectedDiagnostics) struct BindingExpressionErrorMessagesTests {
    /// A text that does not parse, a part of the message it must give, and the exact range.
    struct Wrong: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        let range: Range<Int>
        var testDescription: String { text.debugDescription }

        init(_ text: String, _ message: String, _ range: Range<Int>) {
            self.text = text
            self.message = message
            self.range = range
        }
    }

    static let missingParts: [Wrong] = [
        Wrong("", "expected a key path, such as `name`", 0..<0),
        Wrong("   ", "expected a key path, such as `name`", 0..<3),
        Wrong("name", "expected one of the operators ~> <~ <> !~> <~! <!> after `name`", 0..<4),
        Wrong("a.b  ", "expected one of the operators ~> <~ <> !~> <~! <!> after `a.b`", 0..<3),
        Wrong("name ~> ", "expected a key path after `~>`", 5..<7),
        Wrong("name\t<~!", "expected a key path after `<~!`", 5..<8),
        Wrong("name ~> label.", "expected a property name after `.`", 13..<14),
        Wrong("name. ~> label", "expected a property name after `.`", 4..<5),
        Wrong("name ~> label.text |", "expected a transformer name after `|`, as in `| Uppercase`", 19..<20),
        Wrong("name ~> label.text |  ", "expected a transformer name after `|`", 19..<20),
        Wrong("name ~> label.text | !", "expected a transformer name after `!`", 21..<22),
        Wrong("name ~> label.text |!", "expected a transformer name after `!`", 20..<21),
    ]

    static let wrongParts: [Wrong] = [
        Wrong("name ~ label.text", "expected one of the operators ~> <~ <> !~> <~! <!> after `name`, but found `~`", 5..<6),
        Wrong("name label", "expected one of the operators ~> <~ <> !~> <~! <!> after `name`, but found `label`", 5..<10),
        Wrong("name <~> label", "but found `<~>`", 5..<8),
        Wrong("name ~>> label", "but found `~>>`", 5..<8),
        Wrong("name ! ~> label", "but found `!`", 5..<6),
        Wrong("name => label", "but found `=`", 5..<6),
        Wrong("name | label", "but found `|`", 5..<6),
        Wrong("~> label", "expected a key path, such as `name`, but found `~>`", 0..<2),
        Wrong(".name ~> label", "expected a key path, such as `name`, but found `.`", 0..<1),
        Wrong("name ~> |", "expected a key path after `~>`, but found `|`", 8..<9),
        Wrong("name ~> !label", "expected a key path after `~>`, but found `!`", 8..<9),
        Wrong("日本 ~> 🙂", "expected a key path after `~>`, but found `🙂`", 6..<7),
        Wrong("name ~> label..text", "expected a property name after `.`, but found `.`", 14..<15),
        Wrong("name ~> label.~", "expected a property name after `.`, but found `~`", 14..<15),
        Wrong("name ~> label.text | ~", "expected a transformer name after `|`, but found `~`", 21..<22),
        Wrong("name ~> label.text | !!Up", "expected a transformer name after `!`, but found `!`", 22..<23),
    ]

    static let badNames: [Wrong] = [
        Wrong("1abc ~> label", "`1abc` is not a property name: a property name starts with a letter or `_`", 0..<4),
        Wrong("name ~> 2nd", "`2nd` is not a property name", 8..<11),
        Wrong("name ~> label.2nd", "`2nd` is not a property name", 14..<17),
        Wrong("name ~> label.text | 9x", "`9x` is not a transformer name: a transformer name starts with a letter or `_`", 21..<23),
    ]

    static let spaces: [Wrong] = [
        Wrong("name ~> label. text", "a key path has no spaces", 14..<15),
        Wrong("name ~> label .text", "a key path has no spaces", 13..<14),
        Wrong("name \t.first ~> label", "a key path has no spaces", 4..<6),
    ]

    static let trailing: [Wrong] = [
        Wrong("name ~> label.text x", "unexpected `x` after the binding; only a transformer may follow it, as in `| Uppercase`", 19..<20),
        Wrong("nai\u{308}ve ~> x y", "unexpected `y` after the binding", 11..<12),
        Wrong("name ~> label ~> other", "unexpected `~>` after the binding", 14..<16),
        Wrong("name ~> label.text | Up x", "unexpected `x` after the binding; it ends with the transformer's name", 24..<25),
        Wrong("name ~> label.text | Up !", "unexpected `!` after the binding", 24..<25),
        Wrong("name ~> label.text | Up | Down", "unexpected `|` after the binding; a binding has at most one transformer", 24..<25),
        Wrong("name ~> label.text | Up.per", "unexpected `.` after the transformer name `Up`; a transformer is named by one name", 23..<24),
    ]

    @Test("A missing part: the range points at what needed it", arguments: missingParts)
    func missing(_ wrong: Wrong) throws { try check(wrong) }

    @Test("A wrong part: the range covers what was found", arguments: wrongParts)
    func wrongPart(_ wrong: Wrong) throws { try check(wrong) }

    @Test("A name that starts with a digit", arguments: badNames)
    func badName(_ wrong: Wrong) throws { try check(wrong) }

    @Test("Spaces inside a key path: the range covers the spaces", arguments: spaces)
    func spaceInKeyPath(_ wrong: Wrong) throws { try check(wrong) }

    @Test("Text after a complete binding", arguments: trailing)
    func trailingText(_ wrong: Wrong) throws { try check(wrong) }

    @Test("Long text is quoted cut short, and the range still covers all of it")
    func longTokenQuotedShort() throws {
        let junk = String(repeating: "x", count: 100)
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("a ~> b " + junk) }
        #expect(error.message.contains("`" + String(repeating: "x", count: 32) + "…`"))
        #expect(error.range == 7..<107)
    }

    @Test("A Character that would not show as itself is quoted as its escapes")
    func invisibleQuotedAsEscapes() throws {
        let accent = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("\u{301}name ~> label") }
        #expect(accent.message == "expected a key path, such as `name`, but found `\\u{301}`")
        #expect(accent.range == 0..<1)
        let null = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("a ~> b\u{0}") }
        #expect(null.message.hasPrefix("unexpected `\\u{0}` after the binding"))
        let zeroWidth = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("a ~> b \u{200B}") }
        #expect(zeroWidth.message.hasPrefix("unexpected `\\u{200b}` after the binding"))
        #expect(zeroWidth.range == 7..<8)
    }

    @Test("An unknown key suggests the nearest key when it is a likely typo")
    func unknownKeyWithSuggestion() {
        let error = BindingExpressionError.unknownKey(
            "nmae", on: "PersonViewModel", range: 0..<4, in: "nmae ~> label.text", candidates: ["age", "name", "email"])
        #expect(error.message == #"no key "nmae" on PersonViewModel; did you mean "name"?"#)
        #expect(error.range == 0..<4)
        #expect(error.expression == "nmae ~> label.text")
        #expect(error.description.hasSuffix("\nnmae ~> label.text\n^~~~"))
    }

    @Test("An unknown key far from every key gets no suggestion")
    func unknownKeyWithoutSuggestion() {
        let error = BindingExpressionError.unknownKey(
            "zzzzzz", on: "PersonViewModel", range: 8..<14, in: "name ~> zzzzzz", candidates: ["age", "name"])
        #expect(error.message == #"no key "zzzzzz" on PersonViewModel"#)
        #expect(error.range == 8..<14)
    }

    @Test("An unknown transformer suggests the nearest registered name, or says how to register one")
    func unknownTransformer() {
        let text = "name ~> label.text | Upercase"
        let near = BindingExpressionError.unknownTransformer("Upercase", range: 21..<29, in: text, candidates: ["Uppercase", "Trim"])
        #expect(near.message == #"no transformer is registered as "Upercase"; did you mean "Uppercase"?"#)
        #expect(near.range == 21..<29)
        let far = BindingExpressionError.unknownTransformer("Upercase", range: 21..<29, in: text, candidates: [])
        #expect(far.message == #"no transformer is registered as "Upercase"; register one with Bind.register(_:as:)"#)
    }

    /// Parses `wrong.text`, and checks the error's message, range and expression.
    private func check(_ wrong: Wrong, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(throws: BindingExpressionError.self, sourceLocation: sourceLocation) {
            try BindingExpression.parse(wrong.text)
        }
        #expect(error.message.contains(wrong.message), sourceLocation: sourceLocation)
        #expect(error.range == wrong.range, sourceLocation: sourceLocation)
        #expect(error.expression == wrong.text, sourceLocation: sourceLocation)
    }
}
