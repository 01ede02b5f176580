import Testing
@testable import Bindery

/// A parsed key path: its names, where they stand, and its canonical text.
@Suite(.failOnUnexpectedDiagnostics) struct KeyPathExpressionTests {
    @Test("A key path's names and ranges are read from the expression, in Character offsets")
    func namesAndRanges() throws {
        let path = try BindingExpression.parse("  session.user.name ~> label").left
        #expect(path.names == ["session", "user", "name"])
        #expect(path.components.map(\.range) == [2..<9, 10..<14, 15..<19])
        #expect(path.range == 2..<19)
        #expect(path.canonicalText == "session.user.name")
    }

    @Test("Ranges count Characters, not bytes or scalars: a letter with a combining accent counts once")
    func graphemeOffsets() throws {
        let text = "e\u{301}x <> nai\u{308}ve.日本"
        let path = try BindingExpression.parse(text).right
        #expect(path.names == ["nai\u{308}ve", "日本"])
        #expect(path.components.map(\.range) == [6..<11, 12..<14])
        let characters = Array(text)
        for component in path.components {
            #expect(String(characters[component.range]) == component.name)
        }
    }

    @Test("A key path with no components (the parser never makes one) has an empty range at 0")
    func emptyPath() {
        let path = KeyPathExpression(components: [])
        #expect(path.range == 0..<0)
        #expect(path.names.isEmpty)
        #expect(path.canonicalText.isEmpty)
    }
}
