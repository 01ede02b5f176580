import Testing
@testable import Bindery

/// The registrar that `@Dynamic` setters report to.
@Suite(.failOnUnexpectedDiagnostics) struct ChangeRegistrarTests {
    @Test("Rule 12: a write nobody observes stops at the registrar's clear slot bits and keeps it idle")
    func unobservedWrite() {
        let box = Box()
        box.int = 1
        #expect(box._$registrar.isIdleForTesting)
        #expect(box._$registrar.observedSlots.load(ordering: .relaxed) == 0)
    }

    @Test("A slot's bit is set while something listens, and cleared when it stops")
    func observedBits() {
        let box = Box()
        let chain = Bind.in(box, \.double).out(Label(), \.text)
        let bits = box._$registrar.observedSlots.load(ordering: .relaxed)
        #expect(bits.nonzeroBitCount == 1)
        chain.unbind()
        #expect(box._$registrar.observedSlots.load(ordering: .relaxed) == 0)
    }

    @Test("In-place mutation through _modify reports once")
    func modifyReportsOnce() {
        let lottery = Lottery()
        let runs = Counter()
        Bind.in(lottery, \.digits).out("runs", initial: false) { runs.increment() }
        lottery.digits[0] += 1
        lottery.digits.append(4)
        #expect(runs.value == 2)
    }
}

extension ChangeRegistrarTests {
    @Test("Rule 11: a report for a slot that does not exist is ignored, never trapped")
    func badSlotIgnored() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.int).out(label, \.number)
        box._$registrar.didSet(-1)
        box._$registrar.didSet(-64)
        box._$registrar.didSet(Int.max)
        box._$registrar.didSet(Int.min)
        box.int = 2
        #expect(label.number == 2)
    }
}
