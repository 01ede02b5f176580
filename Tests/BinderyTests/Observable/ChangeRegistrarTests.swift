import PropertyBased
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

    @Test("Rule 13: derived values' reads are heard when they are the first listeners a process makes, two on one property (in a process of its own, where nothing has bound yet)", .ownThread)
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

/// A registrar keeps each listener as an object and one of its records (0 when the object
/// listens as a whole, as every endpoint does): these listeners are not endpoints, so that any
/// record can be tried, and each says which of its records heard which slot.
extension ChangeRegistrarTests {
    final class RecordsListener: RegistrarListener {
        var heard: [(slot: Int, record: Int)] = []

        override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
            registrar.endRead()
            heard.append((slot, record))
        }

        override func joinsChains(record: Int) -> Bool { true }
        override func slotsOfOwnerClass(record: Int) -> Int { 0 }

        /// Each record's member link and lifetime, as a host of several records keeps them.
        var links: [Int: UInt] = [:]
        var lifetimes: [Int: UnsafeMutableRawPointer] = [:]

        override func memberLink(record: Int) -> UInt { links[record] ?? 0 }
        override func setMemberLink(_ link: UInt, record: Int) { links[record] = link == 0 ? nil : link }
        override func setMembership(_ registrar: Unmanaged<_ChangeRegistrar>?, link: UInt, record: Int) {
            lifetimes[record] = registrar?.toOpaque()
            setMemberLink(link, record: record)
        }
    }

    static func listener(_ object: RecordsListener, _ record: Int) -> Listener {
        Listener(.passUnretained(object), record: record)
    }

    /// The listeners of `slot`, as (object, record) pairs.
    static func listeners(of registrar: _ChangeRegistrar, slot: Int) -> [(UnsafeMutableRawPointer, Int)] {
        GraphLock.shared.locked { registrar.listenersLocked(slot: slot).map { ($0.object.toOpaque(), $0.record) } }
    }

    static func sole(of registrar: _ChangeRegistrar, slot: Int) -> Listener? {
        GraphLock.shared.locked { registrar.soleListener(slot: slot) }
    }

    @Test("Rule 12: a slot's sole listener is told which of its object's records listens, in the registrar's own word and in a buffer; a record too big for a word is kept in a list")
    func recordsHandedBack() {
        let registrar = _ChangeRegistrar()
        let first = RecordsListener(), second = RecordsListener()
        let lock = GraphLock.shared
        lock.locked { registrar.addListener(Self.listener(first, 3), slot: 2) }
        registrar.didSet(2)
        #expect(first.heard.map(\.record) == [3])
        #expect(Self.sole(of: registrar, slot: 2) == Self.listener(first, 3))

        // A second slot moves the table into a buffer; the largest record a word holds.
        let largest = _ChangeRegistrar.recordsInWord - 1
        lock.locked { registrar.addListener(Self.listener(first, largest), slot: 5) }
        registrar.didSet(5)
        registrar.didSet(2)
        #expect(first.heard.map(\.slot) == [2, 5, 2])
        #expect(first.heard.map(\.record) == [3, largest, 3])

        // One record past what a word holds: listed, heard the locked way, and its bit set.
        lock.locked { registrar.addListener(Self.listener(second, largest + 1), slot: 7) }
        #expect(Self.sole(of: registrar, slot: 7) == nil)
        #expect(Self.listeners(of: registrar, slot: 7).map(\.1) == [largest + 1])
        #expect(registrar.listenedSlotBits & (1 << 7) != 0)

        // Another record of the same object on the same slot is another listener: both are
        // listed, in order, and the one left when the first goes is the sole listener again.
        lock.locked { registrar.addListener(Self.listener(first, 4), slot: 2) }
        #expect(Self.listeners(of: registrar, slot: 2).map(\.1) == [3, 4])
        #expect(Self.sole(of: registrar, slot: 2) == nil)
        lock.locked { registrar.removeListener(Self.listener(first, 3), slot: 2) }
        #expect(Self.sole(of: registrar, slot: 2) == Self.listener(first, 4))
        registrar.didSet(2)
        #expect(first.heard.last?.record == 4)

        // The right object with another record is not the listener.
        lock.locked { registrar.removeListener(Self.listener(first, 9), slot: 5) }
        let replacedOther = lock.locked { registrar.replaceListener(Self.listener(first, 9), with: Self.listener(second, 1), slot: 5) }
        #expect(!replacedOther)
        #expect(Self.sole(of: registrar, slot: 5) == Self.listener(first, largest))

        // Replaced by a record too big for a word, and back.
        let replaced = lock.locked { registrar.replaceListener(Self.listener(first, largest), with: Self.listener(second, largest + 1), slot: 5) }
        #expect(replaced)
        #expect(Self.sole(of: registrar, slot: 5) == nil)
        _ = lock.locked { registrar.replaceListener(Self.listener(second, largest + 1), with: Self.listener(second, 1), slot: 5) }
        #expect(Self.sole(of: registrar, slot: 5) == Self.listener(second, 1))
        registrar.didSet(5)
        #expect(second.heard.map(\.record) == [1])

        lock.locked {
            registrar.removeListener(Self.listener(second, largest + 1), slot: 7)
            registrar.removeListener(Self.listener(second, 1), slot: 5)
            registrar.removeListener(Self.listener(first, 4), slot: 2)
        }
        #expect(registrar.listenedSlotBits == 0)
        #expect(registrar.isIdleForTesting)
    }

    @Test("Rule 10: a registrar's members may be several records of one object, each linked through its own record: added, replaced and taken out, every member is listed once, newest first, knowing its registrar")
    func membersAreRecords() {
        let registrar = _ChangeRegistrar()
        let first = RecordsListener(), second = RecordsListener()
        let lock = GraphLock.shared
        let address = Unmanaged.passUnretained(registrar).toOpaque()
        func members() -> [(UnsafeMutableRawPointer, Int)] {
            lock.locked { registrar.members.map { ($0.object.toOpaque(), $0.record) } }
        }
        let firstAddress = Unmanaged.passUnretained(first).toOpaque(), secondAddress = Unmanaged.passUnretained(second).toOpaque()
        lock.locked {
            registrar.addMember(Self.listener(first, 0))
            registrar.addMember(Self.listener(second, 0))
            registrar.addMember(Self.listener(first, 1))
        }
        #expect(members().map(\.0) == [firstAddress, secondAddress, firstAddress])
        #expect(members().map(\.1) == [1, 0, 0])
        #expect(first.lifetimes == [0: address, 1: address])
        #expect(!registrar.isIdleForTesting)

        // The record in the middle takes another's place; the one at the end leaves.
        lock.locked { registrar.replaceMember(Self.listener(second, 0), with: Self.listener(second, 1)) }
        #expect(members().map(\.1) == [1, 1, 0])
        #expect(second.lifetimes == [1: address])
        lock.locked { registrar.replaceMember(Self.listener(first, 0), with: nil) }
        #expect(members().map(\.0) == [firstAddress, secondAddress])
        #expect(first.lifetimes == [1: address] && first.links[0] == nil)

        let removed = lock.locked { registrar.removeAllMembers() }
        #expect(removed.map(\.record) == [1, 1])
        #expect(first.lifetimes.isEmpty && second.lifetimes.isEmpty && first.links.isEmpty && second.links.isEmpty)
        #expect(registrar.isIdleForTesting)
    }

    @Test("Rule 10: the table holds a listener's object once per record that listens, and lets go of it only when the last leaves and no update reads it")
    func tableHoldsEachRecordsObject() {
        let registrar = _ChangeRegistrar()
        let lock = GraphLock.shared
        weak var weakListener: RecordsListener?
        do {
            let listener = RecordsListener()
            weakListener = listener
            lock.locked {
                registrar.addListener(Self.listener(listener, 0), slot: 1)
                registrar.addListener(Self.listener(listener, 2), slot: 1)
                registrar.addListener(Self.listener(listener, _ChangeRegistrar.recordsInWord), slot: 3)
            }
        }
        #expect(weakListener != nil)
        lock.locked { registrar.removeListener(Listener(.passUnretained(weakListener!), record: 0), slot: 1) }
        #expect(weakListener != nil, "let go of with two records still listening")
        lock.locked { registrar.removeListener(Listener(.passUnretained(weakListener!), record: _ChangeRegistrar.recordsInWord), slot: 3) }
        #expect(weakListener != nil, "let go of with one record still listening")
        // An update that has read the last record, as the sole listener, holds it until it ends.
        registrar.beginRead()
        let read = registrar.soleListener(slot: 1)
        #expect(read?.record == 2)
        lock.locked { registrar.removeListener(Listener(.passUnretained(weakListener!), record: 2), slot: 1) }
        #expect(weakListener != nil, "let go of under a read")
        registrar.endRead()
        #expect(weakListener == nil, "kept after its last record left")
        #expect(registrar.isIdleForTesting)
    }

    /// One step of a program over a registrar's listeners: listener `object`'s `record` begins
    /// listening to `slot`, leaves it, or takes the place of the slot's first listener.
    enum ListenerStep {
        case add(slot: Int, object: Int, record: Int)
        case remove(slot: Int, object: Int, record: Int)
        case replaceFirst(slot: Int, object: Int, record: Int)
    }

    /// A step from one number: its kind, slot (0 to 9), object (0 to 2) and record (0 to 17).
    static let listenerStep = Gen.int(in: 0...(3 * 10 * 3 * 18 - 1)).map { number -> ListenerStep in
        let record = number % 18, object = number / 18 % 3, slot = number / 54 % 10
        switch number / 540 {
        case 0: return .add(slot: slot, object: object, record: record)
        case 1: return .remove(slot: slot, object: object, record: record)
        default: return .replaceFirst(slot: slot, object: object, record: record)
        }
    }

    @Test("Rule 12: after any program of listeners joining, leaving and replaced, each slot lists exactly its listeners in order, its sole listener is told with its record, and every object is let go of at the end")
    func listenersMatchAReference() async {
        await propertyCheck(count: 200, input: Self.listenerStep.array(of: 0...120)) { steps in
            let registrar = _ChangeRegistrar()
            let lock = GraphLock.shared
            var objects = (0..<3).map { _ in RecordsListener() }
            weak let weakFirst = objects[0]
            var reference = Array(repeating: [(object: Int, record: Int)](), count: 10)
            for step in steps {
                switch step {
                case .add(let slot, let object, let record):
                    // A listener begins listening to a slot once.
                    guard !reference[slot].contains(where: { $0 == (object, record) }) else { continue }
                    lock.locked { registrar.addListener(Self.listener(objects[object], record), slot: slot) }
                    reference[slot].append((object, record))
                case .remove(let slot, let object, let record):
                    lock.locked { registrar.removeListener(Self.listener(objects[object], record), slot: slot) }
                    reference[slot].removeAll { $0 == (object, record) }
                case .replaceFirst(let slot, let object, let record):
                    guard let first = reference[slot].first,
                          !reference[slot].contains(where: { $0 == (object, record) })
                    else { continue }
                    let replaced = lock.locked {
                        registrar.replaceListener(
                            Self.listener(objects[first.object], first.record), with: Self.listener(objects[object], record), slot: slot)
                    }
                    #expect(replaced)
                    reference[slot][0] = (object, record)
                }
                for slot in 0..<10 {
                    let expected = reference[slot].map { (Unmanaged.passUnretained(objects[$0.object]).toOpaque(), $0.record) }
                    let listed = Self.listeners(of: registrar, slot: slot)
                    #expect(listed.map(\.0) == expected.map(\.0) && listed.map(\.1) == expected.map(\.1), "slot \(slot)")
                    let soleExpected = reference[slot].count == 1 && reference[slot][0].record < _ChangeRegistrar.recordsInWord
                    let sole = Self.sole(of: registrar, slot: slot)
                    #expect((sole != nil) == soleExpected, "slot \(slot)")
                    #expect((registrar.listenedSlotBits & (1 << UInt64(slot)) != 0) == !reference[slot].isEmpty, "slot \(slot)")
                    if soleExpected {
                        let (object, record) = reference[slot][0]
                        registrar.didSet(slot)
                        #expect(objects[object].heard.last.map { $0 == (slot, record) } == true, "slot \(slot)")
                    }
                }
            }
            lock.locked {
                for slot in 0..<10 {
                    for (object, record) in reference[slot] {
                        registrar.removeListener(Self.listener(objects[object], record), slot: slot)
                    }
                }
            }
            #expect(registrar.isIdleForTesting)
            objects.removeAll()
            #expect(weakFirst == nil, "the table kept a listener's object")
        }
    }
}
