import Foundation
import PropertyBased
import Testing
@testable import Bindery

/// The parser over generated texts: it never traps or hangs, every error it raises points
/// inside its expression, and every valid binding it reads prints back in canonical form and
/// parses again to the same binding.
///
/// `BINDERY_FUZZ_CASES` sets how many texts the three property tests try in all (default
/// 100,000): two fifths random texts, two fifths edited bindings, one fifth valid bindings.
@Suite(.failOnUnexpectedDiagnostics, .ownThread) struct ExpressionParserTests {
    /// How many texts the property tests try in all.
    static let cases = max(0, ProcessInfo.processInfo.environment["BINDERY_FUZZ_CASES"].flatMap(Int.init) ?? 100_000)

    @Test("Random texts of the grammar's pieces: parsed, or an error whose range fits the text")
    func randomTexts() async {
        await propertyCheck(count: Self.cases * 2 / 5, input: ExpressionGenerators.randomText) { text in
            Self.checkInvariants(of: text)
        }
    }

    @Test("Valid bindings with characters inserted, deleted or replaced: parsed, or an error whose range fits the text")
    func mutatedBindings() async {
        await propertyCheck(count: Self.cases * 2 / 5, input: ExpressionGenerators.mutated) { mutated in
            Self.checkInvariants(of: mutated.text)
        }
    }

    @Test("Valid bindings, spaced at random: parsed to their shape, and round-tripped through canonical text")
    func validBindings() async {
        await propertyCheck(count: Self.cases - Self.cases * 4 / 5, input: ExpressionGenerators.valid) { generated in
            switch BindingExpression.result(generated.text) {
            case .success(let expression):
                if expression.shape != generated.shape {
                    Issue.record("parsed as \(expression.shape), not \(generated.shape)")
                }
                Self.checkValid(expression, text: generated.text)
            case .failure(let error):
                Issue.record("a valid binding does not parse: \(error)")
            }
        }
    }

    @Test("Long texts of every shape parse in linear time", .timeLimit(.minutes(1)))
    func longTexts() {
        let n = 100_000
        let name = String(repeating: "a", count: n)
        let path = Array(repeating: "a", count: n / 2).joined(separator: ".")
        let spaces = String(repeating: " ", count: n)
        let texts = [
            name + " ~> " + name,
            path + " <> " + path + " | " + name,
            spaces + "a" + spaces + "~>" + spaces + "b" + spaces,
            "a ~> b " + String(repeating: "x", count: n),
            "a " + String(repeating: "<~", count: n / 2) + " b",
            "a ~> b | " + String(repeating: "!", count: n),
            String(repeating: "1", count: n),
            String(repeating: ".", count: n),
            "a ~> " + String(repeating: "a.", count: n / 2),
            String(repeating: "a .", count: n / 3),
        ]
        for text in texts {
            Self.checkInvariants(of: text)
        }
        #expect(throws: Never.self) { try BindingExpression.parse(path + " <> " + path + " | " + name) }
    }

    /// What holds for any text: a valid one's ranges cover its names and it round-trips; an
    /// error's range lies inside the text, non-empty and starting before its end when the
    /// text is not empty, and its description renders. (Plain checks, one issue per failure:
    /// `#expect` on every passing check would cost more than the parse.)
    static func checkInvariants(of text: String) {
        switch BindingExpression.result(text) {
        case .success(let expression):
            checkValid(expression, text: text)
        case .failure(let error):
            let count = text.count
            if error.expression != text { Issue.record("the error's expression is \(error.expression.debugDescription)") }
            if error.range.lowerBound < 0 || error.range.upperBound > count {
                Issue.record("range \(error.range) outside 0...\(count)")
            }
            if count > 0, error.range.isEmpty || error.range.lowerBound >= count {
                Issue.record("range \(error.range) is empty or starts at the end of a \(count)-Character text")
            }
            if error.message.isEmpty || !error.description.hasPrefix(error.message) {
                Issue.record("no message, or a description that does not start with it: \(error.description)")
            }
        }
    }

    /// A parsed text's ranges cover its names, and it round-trips through canonical text.
    static func checkValid(_ expression: BindingExpression, text: String) {
        let characters = Array(text)
        var names = expression.left.components + expression.right.components
        if let transformer = expression.transformer { names.append(.init(name: transformer.name, range: transformer.range)) }
        if expression.left.components.isEmpty || expression.right.components.isEmpty { Issue.record("an empty key path") }
        for component in names {
            let fits = component.range.lowerBound >= 0 && component.range.upperBound <= characters.count
            if !fits || String(characters[fits ? component.range : 0..<0]) != component.name {
                Issue.record("the range \(component.range) does not cover \(component.name.debugDescription)")
            }
        }
        let canonical = expression.canonicalText
        switch BindingExpression.result(canonical) {
        case .success(let reparsed):
            if reparsed.shape != expression.shape || reparsed.canonicalText != canonical {
                Issue.record("the canonical text \(canonical.debugDescription) parses as \(reparsed.shape), not \(expression.shape)")
            }
        case .failure(let error):
            Issue.record("the canonical text \(canonical.debugDescription) does not parse: \(error)")
        }
    }
}
