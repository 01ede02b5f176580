import Testing
@testable import BinderyTerminal

/// The canvas: drawing, wide characters, and writing only what changed.
@Suite struct CanvasTests {
    @Test("A first frame clears the screen and writes every row")
    func firstFrame() {
        var canvas = Canvas(size: Size(columns: 3, rows: 2))
        canvas.draw("ab", at: Point(column: 0, row: 0), style: .plain)
        let output = canvas.changes(from: nil)
        #expect(output.contains("\u{1B}[2J"))
        #expect(output.contains("ab"))
    }

    @Test("A later frame writes only the cells that differ")
    func onlyChanges() {
        var old = Canvas(size: Size(columns: 10, rows: 2))
        old.draw("hello", at: Point(column: 0, row: 0), style: .plain)
        var new = old
        new.draw("J", at: Point(column: 0, row: 0), style: .plain)
        new.draw("!", at: Point(column: 9, row: 1), style: Style(isBold: true))
        let output = new.changes(from: old)
        #expect(!output.contains("\u{1B}[2J"))
        #expect(!output.contains("ello"))
        #expect(output.hasPrefix("\u{1B}[1;1H\u{1B}[0mJ"))
        #expect(output.contains("\u{1B}[2;10H"))
        #expect(new.changes(from: new) == "")
    }

    @Test("A wide character takes two cells; overwriting half of it blanks the other half")
    func wide() {
        var canvas = Canvas(size: Size(columns: 4, rows: 1))
        #expect(canvas.draw("中a", at: Point(column: 0, row: 0), style: .plain) == 3)
        #expect(canvas.text(ofRow: 0) == "中a ")
        canvas.draw("b", at: Point(column: 1, row: 0), style: .plain)
        #expect(canvas.text(ofRow: 0) == " ba ")
    }

    @Test("Text is clipped to its width and to the canvas, never past the edge")
    func clipping() {
        var canvas = Canvas(size: Size(columns: 4, rows: 1))
        #expect(canvas.draw("abcdef", at: Point(column: 1, row: 0), style: .plain) == 3)
        #expect(canvas.draw("中", at: Point(column: 3, row: 0), style: .plain) == 0)
        #expect(canvas.draw("xyz", at: Point(column: 0, row: 5), style: .plain) == 3)   // off the canvas: nothing drawn
        #expect(canvas.text(ofRow: 0) == " abc")
    }
}
