import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// The button: Enter and Space press it and fire `.touchUpInside`.
@MainActor @Suite struct ButtonTests {
    @Test("Enter and Space press it: taps go up and touchUpInside fires")
    func presses() {
        let button = Button("Spin")
        let taps = EventCount(button, on: .touchUpInside)
        #expect(button.handle(.enter))
        #expect(button.handle(.character(" ")))
        #expect(!button.handle(.character("q")))
        #expect(button.taps == 2)
        #expect(taps.value == 2)
    }

    @Test("A block bound with initial: false runs on each press, not when bound")
    func blockOnPress() {
        let button = Button("Spin")
        let count = EventCount(button, on: .touchUpInside)
        Bind.in(button).out("spin", initial: false, delivery: .mainActor) { button.title = "pressed" }
        #expect(button.title == "Spin")
        button.press()
        #expect(button.title == "pressed")
        #expect(count.value == 1)
        button.taps = 10
        #expect(count.value == 1)
    }

    @Test("A click presses it on the release inside its frame; a release outside, or another button, does not")
    func click() {
        let button = Button("Spin", frame: Rect(column: 4, row: 2, columns: 8))
        let taps = EventCount(button, on: .touchUpInside)
        #expect(button.handle(MouseEvent(.press, .left, at: Point(column: 5, row: 2))))
        #expect(taps.value == 0)
        #expect(button.handle(MouseEvent(.release, .left, at: Point(column: 11, row: 2))))
        #expect(taps.value == 1 && button.taps == 1)
        _ = button.handle(MouseEvent(.press, .left, at: Point(column: 5, row: 2)))
        _ = button.handle(MouseEvent(.release, .left, at: Point(column: 12, row: 2)))
        #expect(!button.handle(MouseEvent(.release, .right, at: Point(column: 5, row: 2))))
        #expect(taps.value == 1)
    }

    @Test("A disabled button is drawn dim and a press does nothing; bound to a model's flag, it follows it")
    func disabled() {
        let button = Button("Sign up", frame: Rect(column: 0, row: 0, columns: 14))
        let taps = EventCount(button, on: .touchUpInside)
        let lottery = Lottery()
        Bind.in(lottery, \.flashesOnWin).out(button, \.isEnabled)
        lottery.flashesOnWin = false
        #expect(!button.isEnabled)
        #expect(button.handle(.enter))                       // the key is the button's, and does nothing
        button.press()
        _ = button.handle(MouseEvent(.press, .left, at: Point(column: 1, row: 0)))
        _ = button.handle(MouseEvent(.release, .left, at: Point(column: 1, row: 0)))
        #expect(button.taps == 0 && taps.value == 0)
        var canvas = Canvas(size: Size(columns: 14, rows: 1))
        button.draw(in: &canvas, context: DrawContext())
        #expect(canvas[0, 0].style.isDim)
        lottery.flashesOnWin = true
        button.press()
        #expect(button.taps == 1 && taps.value == 1)
        canvas = Canvas(size: Size(columns: 14, rows: 1))
        button.draw(in: &canvas, context: DrawContext())
        #expect(!canvas[0, 0].style.isDim && canvas[0, 0].style.isBold)
    }
}
