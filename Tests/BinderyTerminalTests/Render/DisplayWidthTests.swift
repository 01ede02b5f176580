import Testing
@testable import BinderyTerminal

/// Columns a character takes, without a locale.
@Suite struct DisplayWidthTests {
    @Test(
        "Each character's width",
        arguments: [("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("文", 2), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("한", 2), ("\u{200B}", 0), ("■", 1)]
    )
    func width(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(Character(text)) == columns)
    }

    @Test("A string's width is the sum of its characters'")
    func string() {
        #expect(DisplayWidth.of("Zoë 中文") == 8)
    }
}
