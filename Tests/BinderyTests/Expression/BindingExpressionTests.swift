import Testing
@testable import Bindery

/// Parsing string bindings that fit the grammar: every operator, nested key paths, spacing,
/// transformers with and without `!`; and the canonical text they print back as.
@Suite(.failOnUnexpectedDiagnostics) struct BindingExpressionTests {
    /// A binding as written and the shape it must parse to.
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let shape: ExpressionShape
        var testDescription: String { text.debugDescription }

        init(_ text: String, _ left: [String], _ direction: BindingDirection, _ right: [String], _ transformer: String? = nil, reversed: Bool = false) {
            self.text = text
            shape = ExpressionShape(left: left, direction: direction, right: right, transformer: transformer, isReversed: reversed)
        }
    }

    static let operators: [Valid] = [
        Valid("name ~> label", ["name"], .leftToRight, ["label"]),
        Valid("name <~ label", ["name"], .rightToLeft, ["label"]),
        Valid("name <> label", ["name"], .twoWay, ["label"]),
        Valid("name !~> label", ["name"], .leftToRightLater, ["label"]),
        Valid("name <~! label", ["name"], .rightToLeftLater, ["label"]),
        Valid("name <!> label", ["name"], .twoWayLater, ["label"]),
    ]

    static let paths: [Valid] = [
        Valid("name ~> textLabel.text", ["name"], .leftToRight, ["textLabel", "text"]),
        Valid("session.user.name <> nameField", ["session", "user", "name"], .twoWay, ["nameField"]),
        Valid("a.b.c.d.e <~! f.g", ["a", "b", "c", "d", "e"], .rightToLeftLater, ["f", "g"]),
        Valid("_private <!> __x1.y_2", ["_private"], .twoWayLater, ["__x1", "y_2"]),
        Valid("café ~> ñandú.größe", ["café"], .leftToRight, ["ñandú", "größe"]),
        Valid("名前 <~ ラベル.テキスト", ["名前"], .rightToLeft, ["ラベル", "テキスト"]),
        Valid("x9 !~> y٣", ["x9"], .leftToRightLater, ["y٣"]),
    ]

    static let spacing: [Valid] = [
        Valid("name~>label.text", ["name"], .leftToRight, ["label", "text"]),
        Valid("name!~>label", ["name"], .leftToRightLater, ["label"]),
        Valid("name<~!label", ["name"], .rightToLeftLater, ["label"]),
        Valid("name<!>label", ["name"], .twoWayLater, ["label"]),
        Valid("   name   <>   label   ", ["name"], .twoWay, ["label"]),
        Valid("\tname\n~>\r\nlabel\n", ["name"], .leftToRight, ["label"]),
        Valid("name\u{00A0}~>\u{3000}label", ["name"], .leftToRight, ["label"]),
    ]

    static let transformers: [Valid] = [
        Valid("name ~> label.text | Uppercase", ["name"], .leftToRight, ["label", "text"], "Uppercase"),
        Valid("name ~> label.text | !Uppercase", ["name"], .leftToRight, ["label", "text"], "Uppercase", reversed: true),
        Valid("name~>label.text|Uppercase", ["name"], .leftToRight, ["label", "text"], "Uppercase"),
        Valid("name~>label.text|!Uppercase", ["name"], .leftToRight, ["label", "text"], "Uppercase", reversed: true),
        Valid("count <> field.text | ! IntText  ", ["count"], .twoWay, ["field", "text"], "IntText", reversed: true),
        Valid("a <~! b |\n!\n_t2", ["a"], .rightToLeftLater, ["b"], "_t2", reversed: true),
        Valid("a <!> b | Größe", ["a"], .twoWayLater, ["b"], "Größe"),
    ]

    @Test("Each of the six operators parses, with its direction", arguments: operators)
    func eachOperator(_ valid: Valid) throws {
        try check(valid)
    }

    @Test("Key paths of one or more names, with letters (Unicode too), digits and `_`", arguments: paths)
    func keyPaths(_ valid: Valid) throws {
        try check(valid)
    }

    @Test("Whitespace of any kind, or none, around the key paths and the operator", arguments: spacing)
    func whitespace(_ valid: Valid) throws {
        try check(valid)
    }

    @Test("A transformer after `|`, reversed with `!`, with or without spaces", arguments: transformers)
    func transformer(_ valid: Valid) throws {
        try check(valid)
    }

    @Test("The parsed expression keeps its source text, and prints back in canonical form")
    func canonicalText() throws {
        let text = "  session.user.name<~!field.text|! Trim  "
        let expression = try BindingExpression.parse(text)
        #expect(expression.source == text)
        #expect(expression.canonicalText == "session.user.name <~! field.text | !Trim")
        let reparsed = try BindingExpression.parse(expression.canonicalText)
        #expect(reparsed.shape == expression.shape)
        #expect(reparsed.canonicalText == expression.canonicalText)
    }

    @Test("The whole parsed value, ranges included")
    func wholeValue() throws {
        let expression = try BindingExpression.parse("vm.name !~> label | Up")
        let expected = BindingExpression(
            source: "vm.name !~> label | Up",
            left: KeyPathExpression(components: [.init(name: "vm", range: 0..<2), .init(name: "name", range: 3..<7)]),
            direction: .leftToRightLater,
            right: KeyPathExpression(components: [.init(name: "label", range: 12..<17)]),
            transformer: TransformerReference(name: "Up", isReversed: false, range: 20..<22))
        #expect(expression == expected)
    }

    /// Parses `valid.text` and checks its shape, its ranges and its canonical round trip.
    private func check(_ valid: Valid, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expression = try BindingExpression.parse(valid.text)
        #expect(expression.shape == valid.shape, sourceLocation: sourceLocation)
        let characters = Array(valid.text)
        for component in expression.left.components + expression.right.components {
            #expect(String(characters[component.range]) == component.name, sourceLocation: sourceLocation)
        }
        if let transformer = expression.transformer {
            #expect(String(characters[transformer.range]) == transformer.name, sourceLocation: sourceLocation)
        }
        let reparsed = try BindingExpression.parse(expression.canonicalText)
        #expect(reparsed.shape == valid.shape, sourceLocation: sourceLocation)
        #expect(reparsed.source == expression.canonicalText, sourceLocation: sourceLocation)
    }
}
