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

    @Test("Tab follows the drawn order, top to bottom then left to right, whatever the members' order")
    func drawnOrder() {
        let spin = Button("spin", frame: Rect(column: 2, row: 9, columns: 6))
        let name = TextField(frame: Rect(column: 2, row: 1, columns: 6))
        let code = TextField(frame: Rect(column: 2, row: 2, columns: 6))
        let rate = Slider(frame: Rect(column: 12, row: 2, columns: 6))
        let ring = FocusRing([spin, rate, code, name], focused: spin)
        #expect(ring.focused === spin)
        var visited: [ObjectIdentifier?] = []
        for _ in 0..<4 {
            _ = ring.handle(.tab)
            visited.append(ring.focused.map { ObjectIdentifier($0) })
        }
        let drawn: [any FocusableWidget] = [name, code, rate, spin]
        #expect(visited == drawn.map { ObjectIdentifier($0) })
        _ = ring.handle(.up)
        #expect(ring.focused === rate)
        // A new layout is a new order; hidden widgets are passed over.
        name.frame.origin.row = 5
        code.isVisible = false
        _ = ring.handle(.down)
        #expect(ring.focused === name)
        _ = ring.handle(.backTab)
        #expect(ring.focused === rate)
    }

    @Test("From a hidden focused widget, Tab goes to the first drawn and Shift-Tab to the last")
    func fromHidden() {
        let a = Button("a", frame: Rect(column: 0, row: 0, columns: 3))
        let b = Button("b", frame: Rect(column: 0, row: 1, columns: 3))
        let c = Button("c", frame: Rect(column: 0, row: 2, columns: 3))
        let ring = FocusRing([a, b, c], focused: b)
        b.isVisible = false
        #expect(ring.handle(.tab) && ring.focused === a)
        ring.focus(b)
        #expect(ring.handle(.backTab) && ring.focused === c)
    }
}
