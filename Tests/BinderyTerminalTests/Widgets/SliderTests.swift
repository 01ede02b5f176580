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

    @Test("A click or a drag sets the step under the pointer and fires valueChanged; past the ends it stops there")
    func clickAndDrag() {
        let slider = Slider(value: 0.5, steps: 20, frame: Rect(column: 10, row: 3, columns: 22))
        let changes = EventCount(slider, on: .valueChanged)
        #expect(slider.handle(MouseEvent(.press, .left, at: Point(column: 11, row: 3))))   // the first cell
        #expect(slider.value == 0.05)
        _ = slider.handle(MouseEvent(.drag, .left, at: Point(column: 25, row: 3)))
        #expect(slider.value == 0.75)
        _ = slider.handle(MouseEvent(.drag, .left, at: Point(column: 25, row: 9)))          // off the row: same column
        _ = slider.handle(MouseEvent(.drag, .left, at: Point(column: 70, row: 3)))
        #expect(slider.value == 1)
        _ = slider.handle(MouseEvent(.release, .left, at: Point(column: 0, row: 3)))        // a release moves nothing
        #expect(slider.value == 1)
        _ = slider.handle(MouseEvent(.drag, .left, at: Point(column: 10, row: 3)))          // the "["
        #expect(slider.value == 0)
        #expect(changes.value == 4)
        #expect(!slider.handle(MouseEvent(.press, .right, at: Point(column: 20, row: 3))))
    }

    @Test("The step under a column spreads the steps over the track", arguments: [
        (10, 0, 0), (10, 4, 5), (3, 12, 3), (3, 5, 2), (40, 6, 30), (1, -4, 0), (1, 3, 0), (1, 4, 1),
    ])
    func stepAtColumn(_ steps: Int, _ offset: Int, _ expected: Int) {
        // A frame of 10 columns: the "[" at 5, the track from 6 to 13, the "]" at 14.
        let slider = Slider(steps: steps, frame: Rect(column: 5, row: 0, columns: 10))
        #expect(slider.step(atColumn: 5 + offset) == expected)
    }

    @Test("A slider too narrow for a track takes clicks without trapping")
    func narrow() {
        let slider = Slider(value: 0.5, steps: 4, frame: Rect(column: 0, row: 0, columns: 2))
        _ = slider.handle(MouseEvent(.press, .left, at: Point(column: 1, row: 0)))
        #expect(slider.value == 0)
    }
}
