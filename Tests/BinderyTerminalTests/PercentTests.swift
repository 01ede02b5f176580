import Bindery
import BinderyTerminal
import LotteryModel
import Testing

/// The win rate as a percentage, both ways, and its fallback for bad input.
@MainActor @Suite struct PercentTests {
    @Test("A rate shows as a whole percentage, or with one decimal; outside 0...1 as its end", arguments: [
        (0.5, "50%"), (0, "0%"), (1, "100%"), (0.35, "35%"), (0.125, "12.5%"), (0.001, "0.1%"),
        (0.0004, "0%"), (1.5, "100%"), (-0.2, "0%"), (-0.0, "0%"), (.nan, "0%"), (.infinity, "0%"), (-.infinity, "0%"),
    ])
    func forward(_ rate: Double, _ text: String) {
        #expect(Percent().transform(rate) == text)
    }

    @Test("Text reads tolerantly; what is not a plain number reads as 0, a number out of range as its end", arguments: [
        ("50%", 0.5), ("50", 0.5), (" 25 % ", 0.25), ("12.5%", 0.125), ("100%", 1), ("0%", 0),
        ("150%", 1), ("-5", 0), ("", 0), ("%", 0), ("abc", 0), ("25%x", 0), ("1e3", 0), ("nan", 0), ("inf", 0),
        ("0x10", 0), (".", 0), ("5%%", 0), ("١٢", 0),
    ])
    func reverse(_ text: String, _ rate: Double) {
        #expect(Percent().reverseTransform(text) == rate)
    }

    @Test("Round trips: every tenth of a percent shows and reads back to itself")
    func roundTrips() {
        let percent = Percent()
        for tenths in 0...1_000 {
            let rate = Double(tenths) / 1_000
            let text = percent.transform(rate)
            #expect(percent.transform(percent.reverseTransform(text)) == text)
            #expect(abs(percent.reverseTransform(text) - rate) < 1e-12)
        }
    }

    @Test("On a two-way binding: the field shows the rate, a typed percentage sets it, bad text sets 0")
    func twoWay() {
        let lottery = Lottery()
        let field = TextField()
        ((lottery, \.winRate) <> field).transformed(by: Percent())
        #expect(field.text == "50%")
        func retype(_ text: String) {
            while !field.text.isEmpty { _ = field.handle(.backspace) }
            for character in text { _ = field.handle(.character(character)) }
        }
        retype("25 %")
        #expect(lottery.winRate == 0.25)
        lottery.winRate = 0.9
        #expect(field.text == "90%")
        retype("lots")
        #expect(lottery.winRate == 0)
        #expect(field.text == "lots")   // the field's own edit is not written back
    }
}
