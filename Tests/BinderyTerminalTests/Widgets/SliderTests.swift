import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// The slider: arrows fire `.valueChanged`, values land on steps a person can read.
@MainActor @Suite struct SliderTests {
    @Test("← and → move one step and fire valueChanged; Home and End go to the ends")
    func arrowsFire() {
        let slider = Slider(value: 0.5, steps: 10)
        let changes = EventCount(slider, on: .valueChanged)
        #expect(slider.handle(.right))
        #expect(slider.value == 0.6)
        #expect(slider.handle(.left) && slider.handle(.left))
        #expect(slider.value == 0.4)
        #expect(slider.handle(.end))
        #expect(slider.value == 1)
        #expect(changes.value == 4)
    }

    @Test("At an end, a move past it fires nothing; a program's set fires nothing")
    func silentCases() {
        let slider = Slider(value: 1, steps: 4)
        let changes = EventCount(slider, on: .valueChanged)
        _ = slider.handle(.right)
        _ = slider.handle(.end)
        slider.value = 0.3
        #expect(changes.value == 0)
        #expect(!slider.handle(.character("x")))
    }

    @Test("A slider bound to a Double shows the step a person sees in a label")
    func readableSteps() {
        let lottery = Lottery()
        let slider = Slider(steps: 20)
        let label = Label()
        Bind.inout(lottery, \.winRate).inout(slider, \.value, on: .valueChanged).out(label, \.text)
        for _ in 0..<3 { _ = slider.handle(.left) }
        #expect(label.text == "0.35")
        #expect(lottery.winRate == 0.35)
        _ = slider.handle(.home)
        for _ in 0..<3 { _ = slider.handle(.right) }
        #expect(label.text == "0.15")
    }

    @Test("It draws its track filled to the value")
    func draws() {
        let slider = Slider(value: 0.5, steps: 10, frame: Rect(column: 0, row: 0, columns: 12))
        var canvas = Canvas(size: Size(columns: 12, rows: 1))
        slider.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0) == "[■■■■■·····]")
    }
}
