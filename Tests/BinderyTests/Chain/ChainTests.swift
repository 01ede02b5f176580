import Testing
@testable import Bindery

/// The chain syntax as a user writes it: the example, joins, initial values.
@Suite(.failOnUnexpectedDiagnostics) struct ChainTests {
    @Test("The issue's lottery example behaves as its comments say")
    func lotteryExample() {
        let lottery = Lottery()
        let winCodeLabel = Label(), winCodeField = TestField()
        let rateSlider = TestSlider(), rateLabel = Label()
        let snLabel = Label(), panel = Panel(), loseBadge = Label(), middleDigitLabel = Label()
        let colors = [Color(name: "red"), Color(name: "green"), Color(name: "blue")]
        let flashes = Counter()

        Bind.inout(lottery, \.winCode)
            .out(winCodeLabel, \.text)
            .inout(winCodeField, \.text, on: .editingChanged)
            .filter { $0.count <= 3 }
        Bind.inout(lottery, \.winRate)
            .inout(rateSlider, \.value, on: .valueChanged)
            .out(rateLabel, \.text)
        Bind.in(lottery, \.sn)
            .out(snLabel, \.text)
            .out(panel, \.background, convert: { colors[$0 % colors.count] })
        Bind.inout(lottery, \.isWin)
            .outNot(loseBadge, \.isVisible)
            .out("flash") { (won: Bool) in if won { flashes.increment() } }
        Bind.in(lottery, \.digits, index: 1).out(middleDigitLabel, \.text)

        // Rule 2: receivers start at the head's value.
        #expect(winCodeLabel.text == "222")
        #expect(winCodeField.text == "222")
        #expect(rateSlider.value == 0.5)
        #expect(rateLabel.text == "0.5")
        #expect(snLabel.text == "0")
        #expect(panel.background == colors[0])
        #expect(loseBadge.isVisible == true)
        #expect(middleDigitLabel.text == "0")

        winCodeField.type("123")
        #expect(lottery.winCode == "123")
        #expect(winCodeLabel.text == "123")
        winCodeField.type("1234")                       // filtered: put back, nobody hears it
        #expect(lottery.winCode == "123")
        #expect(winCodeField.text == "123")

        rateSlider.drag(to: 0.25)                        // Float -> Double, automatic
        #expect(lottery.winRate == 0.25)
        #expect(rateLabel.text == "0.25")                // Double -> String, automatic

        lottery.sn = 4
        #expect(snLabel.text == "4")
        #expect(panel.background == colors[1])

        lottery.isWin = true
        #expect(loseBadge.isVisible == false)
        #expect(flashes.value == 1)

        lottery.digits[1] = 7
        #expect(middleDigitLabel.text == "7")
    }

    @Test("Rule 2: a receiver joining later gets the chain's current value")
    func lateReceiverGetsCurrentValue() {
        let box = Box()
        let chain = Bind.in(box, \.int)
        box.int = 9
        let label = Label()
        chain.out(label, \.text)
        #expect(label.text == "9")
    }

    @Test("Rule 2: initial: false leaves the receiver alone until the next change")
    func noInitialValue() {
        let box = Box()
        box.int = 3
        let label = Label()
        let blockValues = Recorder<Int>()
        Bind.in(box, \.int).out(label, \.text, initial: false).out("log", initial: false) { (v: Int) in blockValues.append(v) }
        #expect(label.text == nil)
        #expect(blockValues.values.isEmpty)
        box.int = 4
        #expect(label.text == "4")
        #expect(blockValues.values == [4])
    }

    @Test("Rule 2: a named block runs with the current value when it joins")
    func blockGetsInitialValue() {
        let box = Box()
        box.string = "hi"
        let seen = Recorder<String>()
        Bind.in(box, \.string).out("seen") { (s: String) in seen.append(s) }
        #expect(seen.values == ["hi"])
    }

    @Test("Rule 7: a declaration that starts at a bound endpoint continues its chain")
    func joinAtHead() {
        let box = Box()
        let first = Label(), second = Label()
        Bind.in(box, \.int).out(first, \.text)
        Bind.in(box, \.int).out(second, \.text)
        box.int = 5
        #expect(first.text == "5")
        #expect(second.text == "5")
    }

    @Test("Rules 2, 7: a sender of another chain declared again as a receiver gets the value of the chain named first")
    func senderJoinsAsReceiver() {
        let box = Box(), label = Label(), field = TestField()
        box.string = "model"
        Bind.in(box, \.string).out(label, \.text)
        Bind.in(field).inout(box, \.string)        // the field's chain is named first: its "" wins
        #expect(box.string == "")
        #expect(label.text == "")
        field.type("typed")
        #expect(box.string == "typed" && label.text == "typed")
    }

    @Test("Rule 7: a continuation on an endpoint of another chain merges the chains; the first-named keeps its value")
    func joinMidChain() {
        let a = Box(), b = Box()
        a.string = "from a"
        b.string = "from b"
        let aLabel = Label(), bLabel = Label()
        Bind.inout(b, \.string).out(bLabel, \.text)
        #expect(bLabel.text == "from b")
        Bind.inout(a, \.string).out(aLabel, \.text).inout(b, \.string)
        // The new declaration's chain (a's) keeps its value; b's chain receives it.
        #expect(b.string == "from a")
        #expect(bLabel.text == "from a")
        // One chain now: a change anywhere reaches everyone.
        b.string = "later"
        #expect(a.string == "later")
        #expect(aLabel.text == "later")
        #expect(bLabel.text == "later")
    }

    @Test("Rule 7: joining chains of different scalar types converts between them")
    func joinAcrossTypes() {
        let a = Box(), b = Box()
        a.int = 12
        let label = Label()
        Bind.inout(b, \.double).out(label, \.text)
        Bind.inout(a, \.int).inout(b, \.double)
        #expect(b.double == 12)
        // The merged chain carries the first-named chain's type, Int: 7.9 truncates to 7, and
        // the label, which joined a Double chain, now gets that Int as a Double.
        b.double = 7.9
        #expect(a.int == 7)
        #expect(label.text == "7.0")
    }

    @Test("Rule 7: merged chains keep every filter, all of which must pass")
    func joinKeepsFilters() {
        let a = Box(), b = Box()
        Bind.inout(a, \.int).filter { $0 >= 0 }
        Bind.inout(b, \.int).filter { $0 < 100 }
        Bind.inout(a, \.int).inout(b, \.int)
        a.int = 50
        #expect(b.int == 50)
        a.int = 500
        #expect(b.int == 50)
        #expect(a.int == 50)
        b.int = -1
        #expect(a.int == 50)
        #expect(b.int == 50)
    }

    @Test("Rule 8: identity is the object, not equality: two equal objects are two endpoints")
    func identityIsObjectIdentity() {
        let source = Box()
        let one = EqualLabel(), two = EqualLabel()
        #expect(one == two)
        Bind.in(source, \.int).out(one, \.text).out(two, \.text)
        source.int = 1
        #expect(one.text == "1")
        #expect(two.text == "1")
    }

    @Test("A chain handle reports whether it is bound, and unbind() ends it")
    func handleUnbind() {
        let box = Box()
        let label = Label()
        let chain = Bind.in(box, \.int).out(label, \.text)
        #expect(chain.isBound)
        chain.unbind()
        #expect(!chain.isBound)
        box.int = 3
        #expect(label.text == "0")
        chain.unbind()
    }

    @Test("Rule 11: a head whose value cannot be read when the chain is made is refused with a diagnostic naming it; the declaration binds nothing")
    func unreadableHeadIsRefused() {
        let log = DiagnosticLog()
        let box = Box()
        let label = Label()
        let chain = log.capture { () -> Chain<Int> in
            // An element that has gone by the time the head is read (as when another thread
            // shrinks the array between the declaration and the read): its read finds nothing.
            let spec = EndpointSpec<Int>(
                object: box, keyPath: \Box.int, role: .sends, accessors: Accessors(keyPath: \Box.int, read: { _ in nil }, write: nil))
            return Chain(head: spec).out(label, \.text)
        }
        let refusals = log.all.filter { $0.kind == .misuse && $0.rule == .badInput }
        #expect(refusals.count == 1)
        #expect(refusals.first?.message.contains("Box.int") == true)
        #expect(refusals.first?.message.contains("could not be read") == true)
        #expect(!chain.isBound)
        #expect(!Bind.isBound(box))
        #expect(!Bind.isBound(label))
        box.int = 5
        #expect(label.text == nil)
    }
}

/// A class whose instances are all equal, to prove Bindery never uses `==`.
final class EqualLabel: Equatable, Hashable {
    var text: String?
    static func == (lhs: EqualLabel, rhs: EqualLabel) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension ChainTests {
    @Test("Rule 7: declaring a receiver again as a sender adds the role: it sends and still receives")
    func receiverRedeclaredAsSender() {
        let a = Box(), b = Box()
        Bind.in(a, \.int).out(b, \.int)
        Bind.in(b, \.int)              // b's endpoint is in a's chain: it now sends too
        let label = Label()
        Bind.in(a, \.int).out(label, \.text)
        b.int = 6
        #expect(label.text == "6")
        a.int = 7
        #expect(b.int == 7)
    }
}

extension ChainTests {
    @Test("Rule 7: a declaration that joins an existing chain runs no getter of its head's property")
    func joiningDoesNotRead() {
        let probe = ReadProbe()
        let label = Label()
        Bind.in(probe, \.value, on: .valueChanged).out(label, \.number)
        #expect(probe.reads == 1)                 // a new chain reads its head once
        Bind.in(probe, \.value, on: .valueChanged).out(Label(), \.number)
        #expect(probe.reads == 1)                 // joining it reads nothing
        #expect(Bind.isBound(probe, \.value, on: .valueChanged))
    }
}

/// A control whose property counts its reads.
final class ReadProbe: Control {
    var reads = 0
    private var stored = 0
    var value: Int {
        get { reads += 1; return stored }
        set { stored = newValue }
    }
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<ReadProbe, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }
}
