import Bindery
import BinderyTerminal
import LotteryModel
import Testing

/// The demos' view model: a draw hits the win code with the win rate's chance.
@MainActor @Suite struct LotteryTests {
    @Test("At rate 1 every draw wins; at rate 0 none does; each sets digits, code, isWin and sn")
    func rates() {
        var generator = SeededGenerator(state: 7)
        let lottery = Lottery()
        lottery.winCode = "042"
        lottery.winRate = 1
        lottery.spin(using: &generator)
        #expect(lottery.isWin && lottery.code == "042" && lottery.digits == [0, 4, 2] && lottery.sn == 1)
        lottery.winRate = 0
        for _ in 0..<200 {
            lottery.spin(using: &generator)
            #expect(!lottery.isWin && lottery.code != "042")
            #expect(lottery.code == lottery.digits.map(String.init).joined())
        }
        #expect(lottery.sn == 201)
    }

    @Test("With an incomplete win code no draw wins")
    func incomplete() {
        var generator = SeededGenerator(state: 1)
        let lottery = Lottery()
        lottery.winCode = "12"
        lottery.winRate = 1
        lottery.spin(using: &generator)
        #expect(!lottery.isWin)
    }

    @Test("At rate 0.5 about half the draws win")
    func half() {
        var generator = SeededGenerator(state: 99)
        let lottery = Lottery()
        var wins = 0
        for _ in 0..<2_000 {
            lottery.spin(using: &generator)
            if lottery.isWin { wins += 1 }
        }
        #expect((850...1_150).contains(wins))
    }

    @Test("The win code field accepts at most three digits", arguments: [("", true), ("7", true), ("123", true), ("1234", false), ("12a", false), ("١٢", false)])
    func acceptable(_ code: String, _ accepted: Bool) {
        #expect(Lottery.isAcceptable(code) == accepted)
    }

    @Test("Each draw goes first in the history, with its number, code and result")
    func history() {
        var generator = SeededGenerator(state: 5)
        let lottery = Lottery()
        #expect(lottery.history.isEmpty)
        lottery.winRate = 1
        lottery.spin(using: &generator)
        lottery.winRate = 0
        lottery.spin(using: &generator)
        #expect(lottery.history.map(\.sn) == [2, 1])
        #expect(lottery.history[0].code == lottery.code && !lottery.history[0].isWin)
        #expect(lottery.history[1].code == "777" && lottery.history[1].isWin)
    }

    @Test("The history keeps the last historyLimit draws, newest first, and lets the older ones go")
    func historyLimit() {
        var generator = SeededGenerator(state: 8)
        let lottery = Lottery()
        weak var first: DrawRow?
        lottery.spin(using: &generator)
        first = lottery.history.first
        for _ in 1..<Lottery.historyLimit { lottery.spin(using: &generator) }
        #expect(lottery.history.count == Lottery.historyLimit)
        #expect(first != nil)
        for _ in 0..<10 { lottery.spin(using: &generator) }
        #expect(lottery.history.count == Lottery.historyLimit)
        #expect(lottery.history.map(\.sn) == Array((11...60).reversed()))
        #expect(first == nil)
    }

    @Test("The history is observable: a chain to it gets each new list")
    func historyIsObservable() {
        var generator = SeededGenerator(state: 3)
        let lottery = Lottery()
        let list = List(frame: Rect(column: 0, row: 0, columns: 10, rows: 3)) { RowCell() }
        (lottery, \.history) ~> (list, \.rows)
        for _ in 0..<5 { lottery.spin(using: &generator) }
        #expect(list.rows.map(\.sn) == [5, 4, 3, 2, 1])
        #expect(list.cells.map { $0.codeLabel.text } == lottery.history.prefix(3).map(\.code))
    }

    @Test("A draw the history drops is let go, though a bound list showed it at the bottom")
    func droppedDrawIsReleased() {
        var generator = SeededGenerator(state: 4)
        let lottery = Lottery()
        let list = List(frame: Rect(column: 0, row: 0, columns: 10, rows: 3)) { RowCell() }
        (lottery, \.history) ~> (list, \.rows)
        weak var first: DrawRow?
        lottery.spin(using: &generator)
        first = lottery.history.first
        for _ in 1..<Lottery.historyLimit { lottery.spin(using: &generator) }
        list.scroll(to: .max)
        #expect(first != nil && list.cells[2].viewModel === first)
        lottery.spin(using: &generator)
        #expect(first == nil)
        #expect(list.cells.count == 3)
    }

    @Test("The spin command draws once per run, and once per press of a button bound to it")
    func spinCommand() {
        let lottery = Lottery()
        let button = Button("Spin")
        lottery.spinCommand.execute()
        #expect(lottery.sn == 1)
        lottery.spinCommand.bind(to: button)
        #expect(lottery.sn == 1)
        button.press()
        button.press()
        #expect(lottery.sn == 3 && lottery.history.count == 3)
    }

    @Test("The spin command does not keep its lottery alive")
    func spinCommandRetention() {
        weak var gone: Lottery?
        let command: Command
        do {
            let lottery = Lottery()
            gone = lottery
            command = lottery.spinCommand
        }
        #expect(gone == nil)
        command.execute()   // a no-op once the lottery is gone
    }
}

