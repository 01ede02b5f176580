import Testing
@testable import Bindery

/// The public error of string bindings: its range always fits its expression, and its
/// description shows the message, the expression and a caret line under the range.
@Suite(.failOnUnexpectedDiagnostics) struct BindingExpressionErrorTests {
    @Test("The description is the message, the expression, and `^` under the range's first Character")
    func caretUnderOneCharacter() throws {
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("name ~ label.text") }
        #expect(
            error.description == """
                expected one of the operators ~> <~ <> !~> <~! <!> after `name`, but found `~`
                name ~ label.text
                     ^
                """)
    }

    @Test("A longer range is underlined `^~~~`, and nothing follows its end")
    func caretUnderWord() throws {
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("1abc ~> label") }
        #expect(error.description.hasSuffix("\n1abc ~> label\n^~~~"))
    }

    @Test("Tabs and newlines show as spaces, so that the carets stay under the text")
    func whitespaceShownAsSpaces() throws {
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("a\t~>\nb c") }
        #expect(error.description.hasSuffix("\na ~> b c\n       ^"))
    }

    @Test("Wide characters (CJK, emoji) take two columns, and the carets follow")
    func wideCharacters() throws {
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("日本 ~> 🙂") }
        #expect(error.range == 6..<7)
        #expect(error.description.hasSuffix("\n日本 ~> 🙂\n        ^~"))
    }

    @Test("The description of an error about the empty expression is its message alone")
    func emptyExpression() throws {
        let error = try #require(throws: BindingExpressionError.self) { try BindingExpression.parse("") }
        #expect(error.range == 0..<0)
        #expect(error.description == error.message)
    }

    /// A range given to the initializer, and the range the error keeps.
    struct Clamp: Sendable, CustomTestStringConvertible {
        let expression: String
        let given: Range<Int>
        let kept: Range<Int>
        var testDescription: String { "\(expression.debugDescription) \(given) → \(kept)" }
    }

    @Test(
        "A range outside the expression, or empty in a non-empty one, is moved inside and widened to one Character",
        arguments: [
            Clamp(expression: "abc", given: 1..<2, kept: 1..<2),
            Clamp(expression: "abc", given: 3..<3, kept: 2..<3),
            Clamp(expression: "abc", given: 1..<1, kept: 1..<2),
            Clamp(expression: "abc", given: -5..<(-1), kept: 0..<1),
            Clamp(expression: "abc", given: 2..<99, kept: 2..<3),
            Clamp(expression: "abc", given: 50..<99, kept: 2..<3),
            Clamp(expression: "abc", given: Int.min..<Int.max, kept: 0..<3),
            Clamp(expression: "", given: 0..<4, kept: 0..<0),
            Clamp(expression: "", given: -1..<0, kept: 0..<0),
        ])
    func rangeClamped(_ clamp: Clamp) {
        let error = BindingExpressionError("message", at: clamp.given, in: clamp.expression)
        #expect(error.range == clamp.kept)
        #expect(error.expression == clamp.expression)
        #expect(error.message == "message")
        #expect(error.description.hasPrefix("message"))
    }
}
