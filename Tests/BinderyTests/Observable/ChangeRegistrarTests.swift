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
        let bits = box._$registrar.listenedSlotBits
        #expect(bits.nonzeroBitCount == 1)
        chain.unbind()
        #expect(box._$registrar.listenedSlotBits == 0)
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
    @Test("Rule 9: chains on one property hear its set in the order they were bound, after any of them leave (past the list's indexed length), and a derived value that reads it hears it after them")
    func listenerOrder() {
        let box = Box()
        let heard = Recorder<Int>()
        let reader = Derived { box.int * 2 }
        let afterChains = reader.observeNew { _ in heard.append(-1) }
        var chains: [Chain<Int>] = []
        for number in 0..<80 {
            chains.append(Bind.in(box, \.int).out("listener \(number)", initial: false) { (_: Int) in heard.append(number) })
        }
        // Every third leaves, then one more joins at the end of the chains.
        for number in stride(from: 0, to: 80, by: 3) { chains[number].unbind() }
        chains.append(Bind.in(box, \.int).out("late", initial: false) { (_: Int) in heard.append(80) })
        box.int = 1
        let expected = (0...80).filter { $0 == 80 || $0 % 3 != 0 } + [-1]
        #expect(heard.values == expected)
        heard.removeAll()
        for number in stride(from: 1, to: 80, by: 3) { chains[number].unbind() }
        box.int = 2
        #expect(heard.values == (0...80).filter { $0 == 80 || $0 % 3 == 2 } + [-1])
        withExtendedLifetime(afterChains) {}
    }

    @Test("Rule 13: derived values' reads are heard when they are the first listeners a process makes, two on one property (in a process of its own, where nothing has bound yet)")
    func firstListenersAreReads() async {
        await #expect(processExitsWith: .success) {
            let box = Box()
            let twice = Derived { box.int * 2 }, thrice = Derived { box.int * 3 }
            box.int = 2
            precondition(twice.value == 4 && thrice.value == 6, "the derived values did not hear the set")
        }
    }

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

/// Ten properties, so that slots past the few kept in the registrar's own word are used too.
/// Arrays, so that one slot can have several listeners: an element's endpoint listens to its
/// array's slot.
@Dynamic private final class Wide: @unchecked Sendable {
    var a0 = [0, 0]
    var p1 = 0
    var p2 = 0
    var p3 = 0
    var p4 = 0
    var p5 = 0
    var p6 = 0
    var a7 = [0, 0]
    var a8 = [0, 0]
    var a9 = [0, 0]

    static var arrays: [Int: ReferenceWritableKeyPath<Wide, [Int]>] { [0: \.a0, 7: \.a7, 8: \.a8, 9: \.a9] }
}

extension ChangeRegistrarTests {
    @Test("Rule 12: an object's listeners reach their receivers as its table moves between the registrar's own word and a buffer")
    func tableForms() {
        var wide = Wide()
        // Slots 0 and 7 fit in the registrar's word; 8 and 9 do not. Two elements per slot, so
        // that a second listener of a slot replaces its sole listener with a list, and goes again.
        let slots = [0, 7, 8, 9]
        struct Bound {
            let slot: Int
            let index: Int
            let label: Label
            let chain: Chain<Int>
        }
        var bound: [Bound] = []
        var generator = SplitMix64(seed: 20_261_123)
        var value = 0
        for step in 0..<600 {
            if step % 6 == 0 {
                // A fresh object now and then: a registrar keeps its buffer once it has one.
                for entry in bound { entry.chain.unbind() }
                #expect(wide._$registrar.isIdleForTesting)
                bound = []
                wide = Wide()
            }
            let slot = slots[Int(generator.next() % UInt64(slots.count))]
            let index = Int(generator.next() % 2)
            if let leaving = bound.firstIndex(where: { $0.slot == slot && $0.index == index }) {
                bound.remove(at: leaving).chain.unbind()
            } else {
                let label = Label()
                let chain = Bind.in(wide, Wide.arrays[slot]!, index: index).out(label, \.number)
                bound.append(Bound(slot: slot, index: index, label: label, chain: chain))
            }
            // Every bound receiver gets its element's next value.
            for slot in slots {
                for index in 0..<2 {
                    value += 1
                    wide[keyPath: Wide.arrays[slot]!][index] = value
                    for entry in bound where entry.slot == slot && entry.index == index {
                        #expect(entry.label.number == value, "slot \(slot), element \(index)")
                    }
                }
            }
            let observed = wide._$registrar.listenedSlotBits
            #expect(observed == bound.reduce(0) { $0 | 1 << UInt64($1.slot) })
        }
        for entry in bound { entry.chain.unbind() }
        #expect(wide._$registrar.isIdleForTesting)
    }
}

/// More properties than a registrar's first table is made for at once (64), so that binding
/// them grows the table past its first size, and the slots from 63 up share one bit.
@Dynamic private final class Wider: @unchecked Sendable {
    var v0 = 0
    var v1 = 0
    var v2 = 0
    var v3 = 0
    var v4 = 0
    var v5 = 0
    var v6 = 0
    var v7 = 0
    var v8 = 0
    var v9 = 0
    var v10 = 0
    var v11 = 0
    var v12 = 0
    var v13 = 0
    var v14 = 0
    var v15 = 0
    var v16 = 0
    var v17 = 0
    var v18 = 0
    var v19 = 0
    var v20 = 0
    var v21 = 0
    var v22 = 0
    var v23 = 0
    var v24 = 0
    var v25 = 0
    var v26 = 0
    var v27 = 0
    var v28 = 0
    var v29 = 0
    var v30 = 0
    var v31 = 0
    var v32 = 0
    var v33 = 0
    var v34 = 0
    var v35 = 0
    var v36 = 0
    var v37 = 0
    var v38 = 0
    var v39 = 0
    var v40 = 0
    var v41 = 0
    var v42 = 0
    var v43 = 0
    var v44 = 0
    var v45 = 0
    var v46 = 0
    var v47 = 0
    var v48 = 0
    var v49 = 0
    var v50 = 0
    var v51 = 0
    var v52 = 0
    var v53 = 0
    var v54 = 0
    var v55 = 0
    var v56 = 0
    var v57 = 0
    var v58 = 0
    var v59 = 0
    var v60 = 0
    var v61 = 0
    var v62 = 0
    var v63 = 0
    var v64 = 0
    var v65 = 0
    var v66 = 0
    var v67 = 0
    var v68 = 0
    var v69 = 0

    static var properties: [ReferenceWritableKeyPath<Wider, Int>] {
        _$dynamicProperties.compactMap { $0.keyPath as? ReferenceWritableKeyPath<Wider, Int> }
    }
}

extension ChangeRegistrarTests {
    @Test("Rule 12: the listeners of an object with more slots than its first table reach their receivers as the table grows")
    func tableGrowsPastFirstSize() throws {
        let properties = Wider.properties
        try #require(properties.count == 70)
        var generator = SplitMix64(seed: 20_261_124)
        for round in 0..<8 {
            let wider = Wider()
            // A different order each round: the first buffer may be made for a slot in the
            // first few, or past 63, and grown by any later one.
            var order = Array(0..<70)
            for index in order.indices.reversed() {
                order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
            }
            var bound: [(slot: Int, label: Label, chain: Chain<Int>)] = []
            var value = round * 1_000
            for slot in order.prefix(20 + round * 7) {
                let label = Label()
                bound.append((slot, label, Bind.in(wider, properties[slot]).out(label, \.number)))
                // Every receiver bound so far still hears its own property, and only it.
                for entry in bound {
                    value += 1
                    wider[keyPath: properties[entry.slot]] = value
                    #expect(entry.label.number == value, "slot \(entry.slot)")
                }
            }
            for entry in bound.shuffled(using: &generator) { entry.chain.unbind() }
            #expect(wider._$registrar.isIdleForTesting)
            #expect(wider._$registrar.listenedSlotBits == 0)
        }
    }
}
