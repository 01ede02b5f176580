import Testing
@testable import BinderyTerminal

/// The focus ring: Tab order, wrapping, and the marker.
@MainActor @Suite struct FocusRingTests {
    @Test("Tab and ↓ go forward, Shift-Tab and ↑ back, wrapping at both ends")
    func order() {
        let a = Button("a"), b = Button("b"), c = Button("c")
        let ring = FocusRing([a, b, c])
        #expect(ring.focused === a)
        #expect(ring.handle(.tab) && ring.focused === b)
        #expect(ring.handle(.down) && ring.focused === c)
        #expect(ring.handle(.tab) && ring.focused === a)
        #expect(ring.handle(.backTab) && ring.focused === c)
        #expect(ring.handle(.up) && ring.focused === b)
        #expect(!ring.handle(.left))
        ring.focus(a)
        #expect(ring.focused === a)
    }

    @Test("The marker stands left of the focused widget")
    func marker() {
        let a = Button("a", frame: Rect(column: 2, row: 1, columns: 5))
        let ring = FocusRing([a])
        var canvas = Canvas(size: Size(columns: 8, rows: 2))
        ring.draw(in: &canvas)
        #expect(canvas[1, 1].text == "▸")
    }
}
