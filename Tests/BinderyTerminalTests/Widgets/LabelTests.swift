import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// Labels and panels: receivers drawn from their state.
@MainActor @Suite struct LabelTests {
    @Test("A label bound to a model shows the model's value, cut to its frame")
    func bound() {
        let lottery = Lottery()
        let label = Label(frame: Rect(column: 0, row: 0, columns: 4))
        Bind.in(lottery, \.winCode).out(label, \.text)
        lottery.winCode = "12345"
        var canvas = Canvas(size: Size(columns: 6, rows: 1))
        label.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0) == "1234  ")
    }

    @Test("A label is a binding target: bindKey keeps its text in step through a function, unbindKey stops it")
    func bindKey() {
        let lottery = Lottery()
        let label = Label(frame: Rect(column: 0, row: 0, columns: 8))
        label.bindKey(\.text, toKeyPath: \.code, of: lottery) { "#" + $0 }
        lottery.code = "777"
        #expect(label.text == "#777")
        label.unbindKey(\.text, fromKeyPath: \.code, of: lottery)
        lottery.code = "123"
        #expect(label.text == "#777")
    }

    @Test("A blinking label is reversed in the blink phase only")
    func blinks() {
        let label = Label("7", frame: Rect(column: 0, row: 0, columns: 1))
        label.isBlinking = true
        var on = Canvas(size: Size(columns: 1, rows: 1)), off = on
        label.draw(in: &on, context: DrawContext(isBlinkPhase: true))
        label.draw(in: &off, context: DrawContext(isBlinkPhase: false))
        #expect(on[0, 0].style.isReversed)
        #expect(!off[0, 0].style.isReversed)
    }

    @Test("A panel's colour shows through the labels drawn on it")
    func panelBackground() {
        let panel = Panel(frame: Rect(column: 0, row: 0, columns: 8, rows: 3), background: .blue, border: .white, title: "T")
        let label = Label("x", frame: Rect(column: 2, row: 1, columns: 1))
        var canvas = Canvas(size: Size(columns: 8, rows: 3))
        panel.draw(in: &canvas, context: DrawContext())
        label.draw(in: &canvas, context: DrawContext())
        #expect(canvas[2, 1].style.background == .blue)
        #expect(canvas.text(ofRow: 0) == "┌─ T ──┐")
        #expect(canvas.text(ofRow: 2) == "└──────┘")
    }
}
