import Bindery
import BinderyTerminal
import LotteryModel

/// The slot-machine screen: its widgets, their places, and the chains that tie them to the
/// lottery. Nothing here copies a value into a widget: every label, the panel's colour, the
/// reels and their flashing, the rate field and the history follow the model through the
/// chains made in ``bind()``; the history's rows are ``DrawCell``s, reused as it scrolls.
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
    let rateField = TextField()
    let flashCaption = Label("Flash")
    let flashSwitch = Switch()
    let spinButton = Button("Spin")
    let historyPanel = Panel(border: .white, title: "History")
    let historyList = List(placeholder: "no draws yet") { DrawCell() }
    let legend = Label(
        "Tab/↑↓/click: move · ←→/drag: slide · Enter: press · PgUp/PgDn/wheel: history · q: quit",
        style: Style(foreground: .brightBlack))
    let tooSmall = Label(style: Style(foreground: .brightRed, isBold: true))

    /// The panel's colour for each draw, in turn.
    nonisolated static let palette: [TerminalColor] = [.blue, .magenta, .cyan, .green, .red, .yellow]

    /// The screen's size at least, in cells.
    static let minimumSize = Size(columns: 92, rows: 20)
    /// The columns of the left part (the reels and the controls), and of the history panel.
    static let mainColumns = 62, historyColumns = 24

    init(lottery: Lottery) {
        self.lottery = lottery
    }

    /// The widgets, bottom to top.
    var widgets: [any Widget] {
        [title, greeting, snLabel, reels] + digits
            + [codeCaption, codeLabel, resultCaption, isWinLabel, nameCaption, playerField,
               winCodeCaption, winCodeField, winCodeLabel, rateCaption, rateSlider, rateField,
               flashCaption, flashSwitch, spinButton, historyPanel, historyList, legend, tooSmall]
    }
    /// The widgets that take the focus, as drawn top to bottom (the focus ring moves in drawn
    /// order whatever this order is: the history, at the top right, comes first); Spin has it
    /// first, so Enter plays at once.
    var focusable: [any FocusableWidget] { [historyList, playerField, winCodeField, rateSlider, rateField, flashSwitch, spinButton] }

    /// Ties every widget to the lottery: the five chains of the demo, two more for the switch
    /// and the name, the history's rows, and the Spin button's command.
    func bind() {
        Bind.in(lottery, \.sn)
            .out(snLabel, \.text, convert: { "Draw #\($0)" })
            .out(reels, \.background, convert: { Self.palette[$0 % Self.palette.count] })
        (lottery, \.winRate) <> rateSlider                              // Float <-> Double, automatic
        (lottery, \.winRate) <> (rateField, \.text, through: Percent())  // "50%" <-> 0.5, bad text: 0
        Bind.in(lottery, \.code).out(codeLabel, \.text, convert: { $0.isEmpty ? "press Spin" : $0 })
        Bind.inout(lottery, \.winCode)
            .inout(winCodeField, \.text, on: .editingChanged)
            .filter { Lottery.isAcceptable($0) }           // a 4th digit or a letter is refused
        for (index, reel) in digits.enumerated() {
            Bind.in(lottery, \.digits, index: index).out(reel, \.text, convert: { " \($0) " })
        }
        Bind.in(lottery, \.bet).out(winCodeLabel, \.text)              // computed from winCode and winRate
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
        (lottery, \.history) ~> historyList             // row by row: one insert (and one removal) a draw
        lottery.spinCommand.bind(to: spinButton)
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
        let width = Self.mainColumns
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
        place(rateField, 38, 13, 6)
        place(flashCaption, 2, 14, 10)
        place(flashSwitch, 14, 14, 7)
        place(spinButton, 14, 16, 10)
        // The history stands right of the rest, as high as the reels and the controls; its list
        // leaves a column for the focus marker and covers the panel's right border, where it
        // draws its scroll bar.
        let historyLeft = width + 2
        historyPanel.frame = Rect(column: left + historyLeft, row: top + 2, columns: Self.historyColumns, rows: 15)
        historyList.frame = Rect(column: left + historyLeft + 2, row: top + 3, columns: Self.historyColumns - 2, rows: 13)
        place(legend, 0, 18, Self.minimumSize.columns - 4)
    }
}
