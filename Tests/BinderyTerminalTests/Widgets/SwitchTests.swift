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
}
