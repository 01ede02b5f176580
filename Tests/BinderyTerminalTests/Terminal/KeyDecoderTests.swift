import Testing
@testable import BinderyTerminal

/// Bytes from a terminal become keys.
@Suite struct KeyDecoderTests {
    @Test("Printable ASCII, control keys and arrows decode to their keys")
    func basics() {
        var decoder = KeyDecoder()
        let bytes = Array("a1 ".utf8) + [0x0D, 0x09, 0x7F, 0x03] + Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[Z\u{1B}[3~\u{1B}OH".utf8)
        #expect(decoder.keys(from: bytes) == [
            .character("a"), .character("1"), .character(" "), .enter, .tab, .backspace, .control("c"),
            .up, .down, .right, .left, .backTab, .delete, .home,
        ])
    }

    @Test("Page Up and Page Down decode from their CSI sequences; with a modifier (Ctrl) they are skipped")
    func pages() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("\u{1B}[5~\u{1B}[6~\u{1B}[5;5~".utf8)) == [.pageUp, .pageDown])
    }

    @Test("UTF-8 characters decode whole, even when a read splits them")
    func unicode() {
        var decoder = KeyDecoder()
        let bytes = Array("é中".utf8)
        #expect(decoder.keys(from: bytes.prefix(1)) == [])
        #expect(decoder.keys(from: bytes.dropFirst().prefix(2)) == [.character("é")])
        #expect(decoder.keys(from: bytes.dropFirst(3)) == [.character("中")])
    }

    @Test("A lone Esc is the Esc key; an escape sequence split across reads waits for its end")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]) == [.escape])
        #expect(decoder.keys(from: Array("\u{1B}[".utf8)) == [])
        #expect(decoder.keys(from: Array("C".utf8)) == [.right])
    }

    @Test("Bytes that are no key are skipped, not trapped on")
    func junk() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0xFF, 0x80, 0x00, UInt8(ascii: "x")]) == [.character("x")])
    }

    @Test("SGR mouse reports decode to mouse events, between keys and split across reads")
    func mouse() {
        var decoder = KeyDecoder()
        let report = Array("\u{1B}[<0;15;13M".utf8)
        #expect(decoder.keys(from: [UInt8(ascii: "a")] + report.prefix(6)) == [.character("a")])
        #expect(decoder.keys(from: report.dropFirst(6) + Array("\u{1B}[<32;20;13M\u{1B}[<0;21;13mb".utf8)) == [
            .mouse(MouseEvent(.press, .left, at: Point(column: 14, row: 12))),
            .mouse(MouseEvent(.drag, .left, at: Point(column: 19, row: 12))),
            .mouse(MouseEvent(.release, .left, at: Point(column: 20, row: 12))),
            .character("b"),
        ])
    }

    @Test("A malformed mouse report is skipped whole, and the keys after it still decode",
          arguments: ["<0;15M", "<0;15;13;1M", "<;1;1M", "<0;1:2;1M", "<0;1;99999999999999999999M", "<0;-1;1M", "<0;0;0M", "<35;1;1M", "<0;1;1;M", "<M"])
    func malformedMouse(_ parameters: String) {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("\u{1B}[\(parameters)x".utf8)) == [.character("x")])
    }

    @Test("A legacy mouse report (ESC [ M and three bytes) is skipped, its bytes never typed")
    func legacyMouse() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("\u{1B}[M".utf8) + [32 + 0, 32 + 5]) == [])
        #expect(decoder.keys(from: [32 + 3, UInt8(ascii: "x")]) == [.character("x")])
    }

    @Test("An escape sequence that never ends is dropped, not kept forever")
    func endlessSequence() {
        var decoder = KeyDecoder()
        let junk = Array("\u{1B}[<".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100)
        let keys = decoder.keys(from: junk + [0x0D])
        #expect(keys.last == .enter)
        #expect(!keys.contains(.escape))
    }
}
