import Bindery
import BinderyTerminal
import LotteryModel

/// The slot-machine screen: its widgets, their places, and the chains that tie them to the
/// lottery. Nothing here copies a value into a widget: every label, the panel's colour, the
/// reels and their flashing follow the model through the chains made in ``bind()``.
@MainActor final class LotteryScreen {
    let lottery: Lottery

    let title = Label("Bindery lottery", style: Style(isBold: true))
    let greeting = Label()
    let snLabel = Label(style: Style(foreground: .brightWhite, isBold: true))
    let reels = Panel(border: .brightWhite)
    let digits = (0..<3).map { _ in Label(style: Style(foreground: .brightWhite, isBold: true)) }
    let codeCaption = Label("Code")
    let codeLabel = Label()
    let resultCaption = Label("Result")
    let isWinLabel = Label(style: Style(isBold: true))
    let nameCaption = Label("Name")
    let playerField = TextField(placeholder: "type your name")
    let winCodeCaption = Label("Win code")
    let winCodeField = TextField()
    let winCodeLabel = Label()
    let rateCaption = Label("Win rate")
    let rateSlider = Slider(steps: 20)
    let rateLabel = Label()
    let flashCaption = Label("Flash")
    let flashSwitch = Switch()
    let spinButton = Button("Spin")
    let legend = Label(
        "Tab/↑↓/click: move · ←→/drag: slide · Enter: press · q: quit",
        style: Style(foreground: .brightBlack))
    let tooSmall = Label(style: Style(foreground: .brightRed, isBold: true))

    /// The panel's colour for each draw, in turn.
    nonisolated static let palette: [TerminalColor] = [.blue, .magenta, .cyan, .green, .red, .yellow]

    /// The screen's size at least, in cells.
    static let minimumSize = Size(columns: 66, rows: 20)

    init(lottery: Lottery) {
        self.lottery = lottery
    }

    /// The widgets, bottom to top.
    var widgets: [any Widget] {
        [title, greeting, snLabel, reels] + digits
            + [codeCaption, codeLabel, resultCaption, isWinLabel, nameCaption, playerField,
               winCodeCaption, winCodeField, winCodeLabel, rateCaption, rateSlider, rateLabel,
               flashCaption, flashSwitch, spinButton, legend, tooSmall]
    }
    /// The widgets that take the focus, as drawn top to bottom (the focus ring moves in drawn
    /// order whatever this order is); Spin has it first, so Enter plays at once.
    var focusable: [any FocusableWidget] { [playerField, winCodeField, rateSlider, flashSwitch, spinButton] }

    /// Ties every widget to the lottery: the five chains of the demo, and two more for the
    /// switch and the name.
    func bind() {
        Bind.in(lottery, \.sn)
            .out(snLabel, \.text, convert: { "Draw #\($0)" })
            .out(reels, \.background, convert: { Self.palette[$0 % Self.palette.count] })
        Bind.inout(lottery, \.winRate)
            .inout(rateSlider, \.value, on: .valueChanged)   // Float <-> Double, automatic
            .out(rateLabel, \.text)                          // Double -> String, automatic
        Bind.in(lottery, \.code).out(codeLabel, \.text, convert: { $0.isEmpty ? "press Spin" : $0 })
        Bind.inout(lottery, \.winCode)
            .out(winCodeLabel, \.text, convert: { "you bet on \($0.isEmpty ? "…" : $0)" })
            .inout(winCodeField, \.text, on: .editingChanged)
            .filter { Lottery.isAcceptable($0) }           // a 4th digit or a letter is refused
        for (index, reel) in digits.enumerated() {
            Bind.in(lottery, \.digits, index: index).out(reel, \.text, convert: { " \($0) " })
        }
        Bind.in(lottery, \.isWin)
            .out(isWinLabel, \.text, convert: { $0 ? "WIN!" : "no win" })
            .out("flash", delivery: .mainActor) { [lottery, digits] (won: Bool) in
                for reel in digits { reel.isBlinking = won && lottery.flashesOnWin }
            }
        Bind.inout(lottery, \.flashesOnWin)
            .inout(flashSwitch, \.isOn, on: .valueChanged)
            .out("stop flashing", initial: false, delivery: .mainActor) { [lottery, digits] (on: Bool) in
                for reel in digits { reel.isBlinking = on && lottery.isWin }
            }
        Bind.inout(lottery, \.player)
            .inout(playerField, \.text, on: .editingChanged)
            .out(greeting, \.text, convert: { $0.isEmpty ? "" : "Good luck, \($0)!" })
        Bind.in(spinButton).out("spin", initial: false, delivery: .mainActor) { [lottery] in lottery.spin() }
    }

    /// Places the widgets for a screen of `size`, centred; on a screen too small for them,
    /// says how big it must be instead.
    func layout(for size: Size) {
        let fits = size.columns >= Self.minimumSize.columns && size.rows >= Self.minimumSize.rows
        for widget in widgets { widget.isVisible = fits }
        tooSmall.isVisible = !fits
        tooSmall.text = "Make the terminal at least \(Self.minimumSize.columns)×\(Self.minimumSize.rows) (it is \(size.columns)×\(size.rows))"
        tooSmall.frame = Rect(column: 0, row: 0, columns: size.columns)
        guard fits else { return }

        let left = (size.columns - Self.minimumSize.columns) / 2 + 2
        let top = (size.rows - Self.minimumSize.rows) / 2
        let width = Self.minimumSize.columns - 4
        func place(_ widget: any Widget, _ column: Int, _ row: Int, _ columns: Int) {
            widget.frame = Rect(column: left + column, row: top + row, columns: columns)
        }
        place(title, 0, 0, 20)
        place(snLabel, width - 12, 0, 12)
        place(greeting, 0, 1, width)
        reels.frame = Rect(column: left, row: top + 2, columns: width, rows: 5)
        for (index, reel) in digits.enumerated() { place(reel, width / 2 - 8 + index * 6, 4, 3) }
        place(codeCaption, 2, 8, 10)
        place(codeLabel, 14, 8, 20)
        place(resultCaption, 2, 9, 10)
        place(isWinLabel, 14, 9, 20)
        place(nameCaption, 2, 11, 10)
        place(playerField, 14, 11, 24)
        place(winCodeCaption, 2, 12, 10)
        place(winCodeField, 14, 12, 6)
        place(winCodeLabel, 22, 12, 30)
        place(rateCaption, 2, 13, 10)
        place(rateSlider, 14, 13, 22)
        place(rateLabel, 38, 13, 10)
        place(flashCaption, 2, 14, 10)
        place(flashSwitch, 14, 14, 7)
        place(spinButton, 14, 16, 10)
        place(legend, 0, 18, width)
    }
}
