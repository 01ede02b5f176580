import Testing
import Bindery

/// Continuations that receive: `.out`, `.outNot`, named blocks, filters.
@Suite(.failOnUnexpectedDiagnostics) struct ChainReceiversTests {
    @Test("Rule 6: an Int reaches an optional String receiver, converted")
    func optionalStringReceiver() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.int).out(label, \.text)
        box.int = -12
        #expect(label.text == "-12")
    }

    @Test("Rule 6: an optional String that is nil reaches an Int receiver as 0")
    func nilToZero() {
        let box = Box()
        box.optionalString = "5"
        let label = Label()
        Bind.in(box, \.optionalString).out(label, \.number)
        #expect(label.number == 5)
        box.optionalString = nil
        #expect(label.number == 0)
    }

    @Test("outNot writes the negation after conversion to Bool")
    func outNot() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.int).outNot(label, \.isVisible)
        #expect(label.isVisible == true)   // 0 -> false -> negated
        box.int = 3
        #expect(label.isVisible == false)
    }

    @Test("An array element receiver with conversion")
    func elementReceiver() {
        let model = Box()
        let lottery = Lottery()
        Bind.in(model, \.string).out(lottery, \.digits, index: 0)
        model.string = "8"
        #expect(lottery.digits == [8, 0, 0])
    }

    @Test("A control's designated property as a receiver")
    func controlReceiver() {
        let model = Box()
        let slider = TestSlider()
        Bind.in(model, \.double).out(slider)
        model.double = 0.4
        #expect(slider.value == 0.4)
    }

    @Test("A block with no argument runs on every accepted change")
    func zeroArgumentBlock() {
        let model = Box()
        let runs = Counter()
        Bind.in(model, \.int).out("tick") { runs.increment() }
        model.int = 1
        model.int = 2
        #expect(runs.value == 3)   // initial value, then two changes
    }

    @Test("A block typed as the chain's value gets it unconverted")
    func valueBlock() {
        let model = Box()
        let seen = Recorder<Color>()
        Bind.in(model, \.color).out("colors", initial: false) { color in seen.append(color) }
        model.color = Color(name: "x")
        #expect(seen.values == [Color(name: "x")])
    }

    @Test("Rule 5: filters run as a table", arguments: [("ab", true), ("abc", true), ("abcd", false), ("", true)])
    func filterTable(input: String, passes: Bool) {
        let model = Box()
        model.string = "start"
        let label = Label()
        Bind.inout(model, \.string).out(label, \.text).filter { $0.count <= 3 }
        model.string = input
        #expect(label.text == (passes ? input : "start"))
        #expect(model.string == (passes ? input : "start"))
    }
}
