import Testing
@testable import Bindery

/// The transformer named after `|`: its name, whether it is reversed, where the name stands.
@Suite(.failOnUnexpectedDiagnostics) struct TransformerReferenceTests {
    @Test("`| Name` names a transformer used forwards; its range covers the name")
    func forwards() throws {
        let transformer = try #require(try BindingExpression.parse("name ~> label.text | Uppercase").transformer)
        #expect(transformer == TransformerReference(name: "Uppercase", isReversed: false, range: 21..<30))
        #expect(transformer.canonicalText == "| Uppercase")
    }

    @Test("`| !Name` names a transformer used reversed; its range covers the name, not the `!`")
    func reversed() throws {
        let transformer = try #require(try BindingExpression.parse("name <~ field.text |! _parse2").transformer)
        #expect(transformer == TransformerReference(name: "_parse2", isReversed: true, range: 22..<29))
        #expect(transformer.canonicalText == "| !_parse2")
    }

    @Test("A binding without `|` has no transformer")
    func none() throws {
        #expect(try BindingExpression.parse("name ~> label.text").transformer == nil)
    }
}
