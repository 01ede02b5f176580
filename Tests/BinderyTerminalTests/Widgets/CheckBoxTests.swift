import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// The check box: Space, Enter and a click toggle it and fire `.valueChanged`; a program's set fires nothing.
@MainActor @Suite struct CheckBoxTests {
    @Test("Space, Enter and a click toggle it and fire valueChanged; it draws ☑ or ☐ and its caption")
    func toggles() {
        let box = CheckBox("Mark all", frame: Rect(column: 0, row: 0, columns: 12))
        let changes = EventCount(box, on: .valueChanged)
        #expect(box.handle(.character(" ")) && box.isOn)
        #expect(box.handle(.enter) && !box.isOn)
        _ = box.handle(MouseEvent(.press, .left, at: Point(column: 3, row: 0)))
        _ = box.handle(MouseEvent(.release, .left, at: Point(column: 3, row: 0)))
        #expect(box.isOn && changes.value == 3)
        #expect(!box.handle(.character("x")))
        var canvas = Canvas(size: Size(columns: 12, rows: 1))
        box.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0).hasPrefix("☑ Mark all"))
    }

    @Test("A program's set fires nothing; bound two-way, it shows the model and sets it")
    func twoWay() {
        let box = CheckBox("Flash")
        let changes = EventCount(box, on: .valueChanged)
        box.isOn = true
        #expect(changes.value == 0)
        let lottery = Lottery()
        lottery.flashesOnWin = false
        Bind.inout(lottery, \.flashesOnWin).inout(box, \.isOn, on: .valueChanged)
        #expect(!box.isOn)
        _ = box.handle(.character(" "))
        #expect(lottery.flashesOnWin)
        lottery.flashesOnWin = false
        #expect(!box.isOn)
    }
}
