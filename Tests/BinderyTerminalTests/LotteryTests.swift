import Bindery
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
}
