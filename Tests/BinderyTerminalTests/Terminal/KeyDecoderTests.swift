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
}
