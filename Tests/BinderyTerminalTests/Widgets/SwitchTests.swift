import Bindery
import Testing
@testable import BinderyTerminal

/// The switch: Space and Enter toggle it and fire `.valueChanged`.
@MainActor @Suite struct SwitchTests {
    @Test("Space and Enter toggle and fire valueChanged; other keys are not used")
    func toggles() {
        let toggle = Switch()
        let changes = EventCount(toggle, on: .valueChanged)
        #expect(toggle.handle(.character(" ")))
        #expect(toggle.isOn)
        #expect(toggle.handle(.enter))
        #expect(!toggle.isOn)
        #expect(!toggle.handle(.character("x")))
        #expect(changes.value == 2)
    }

    @Test("A program's set fires nothing")
    func programSetIsSilent() {
        let toggle = Switch()
        let changes = EventCount(toggle, on: .valueChanged)
        toggle.isOn = true
        #expect(changes.value == 0)
        var canvas = Canvas(size: Size(columns: 7, rows: 1))
        toggle.frame = Rect(column: 0, row: 0, columns: 7)
        toggle.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0) == "[● on ]")
    }

    @Test("A click toggles it on the release inside its frame and fires valueChanged")
    func click() {
        let toggle = Switch(frame: Rect(column: 0, row: 0, columns: 7))
        let changes = EventCount(toggle, on: .valueChanged)
        _ = toggle.handle(MouseEvent(.press, .left, at: Point(column: 3, row: 0)))
        #expect(!toggle.isOn)
        #expect(toggle.handle(MouseEvent(.release, .left, at: Point(column: 3, row: 0))))
        #expect(toggle.isOn)
        _ = toggle.handle(MouseEvent(.press, .left, at: Point(column: 3, row: 0)))
        _ = toggle.handle(MouseEvent(.release, .left, at: Point(column: 3, row: 1)))   // dragged off
        #expect(toggle.isOn)
        #expect(changes.value == 1)
    }
}
