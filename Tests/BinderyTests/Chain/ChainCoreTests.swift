import Testing
@testable import Bindery

/// Dispatch: loops, echo, filters, order (rules 3, 4, 5, 9).
@Suite(.failOnUnexpectedDiagnostics) struct ChainCoreTests {
    /// The members of `chain`'s core, by name. Lock taken.
    private static func members(of chain: Chain<Int>) -> (core: AnyObject?, names: [EndpointName]) {
        GraphLock.shared.locked {
            guard let core = chain.core.resolvedLocked() as? ChainCore<Int> else { return (nil, []) }
            return (core, core.endpoints.array(core))
        }
    }

    @Test("Rule 1, 9: a two-endpoint chain is one object: its second member is a record of the chain; a member that joins after it left has an object of its own")
    func secondMemberIsARecordOfTheChain() throws {
        let source = Box()
        weak var weakChain: AnyObject?
        do {
            let first = Label(), later = Label()
            // A block keeps the chain bound once the second member leaves.
            let chain = Bind.in(source, \.int).out(first, \.text).out("kept", initial: false) { (_: Int) in }
            let (core, names) = Self.members(of: chain)
            weakChain = core
            try #require(names.count == 2)
            let secondIsTheChain = names[1].hostObject === core
            #expect(secondIsTheChain)
            #expect(names[1].record == 1 && names[0].record == 0)
            source.int = 1
            #expect(first.text == "1")
            // The second member leaves; the one that joins next is an object of its own, and
            // the record that was the second member's is not used again.
            Bind.unbind(first)
            chain.out(later, \.text)
            let rejoined = Self.members(of: chain).names
            try #require(rejoined.count == 2)
            let laterIsItsOwn = rejoined[1].hostObject !== core
            #expect(laterIsItsOwn)
            source.int = 2
            #expect(later.text == "2")
            #expect(first.text == "1")
            Bind.unbind(source)
        }
        #expect(weakChain == nil)
    }

    @Test("Rule 1, 7, 9: a chain's second record declared again is replaced in its place, a merge moves it as any member, and the chain is freed when it ends")
    func secondRecordDeclaredAgainAndMerged() throws {
        weak var weakChain: AnyObject?
        do {
            let source = Box(), target = Box(), other = Box()
            let label = Label()
            let chain = Bind.in(source, \.int).out(target, \.int)
            let (core, names) = Self.members(of: chain)
            weakChain = core
            #expect(names.count == 2)
            // Declared again as a sender: its record is replaced by an object standing for it.
            Bind.in(target, \.int).out(label, \.text)
            source.int = 3
            #expect(target.int == 3)
            #expect(label.text == "3")
            // A chain headed elsewhere joins through the target: everything ends in one chain.
            Bind.inout(other, \.int).inout(target, \.int)
            source.int = 4
            #expect(other.int == 4 && label.text == "4")
            other.int = 5
            #expect(target.int == 5 && label.text == "5")
            Bind.unbind(source)
            Bind.unbind(target)
            Bind.unbind(other)
        }
        #expect(weakChain == nil)
    }

    @Test("Rule 3: a two-way chain's own writes do not re-enter it")
    func twoWayDoesNotLoop() {
        let a = Box(), b = Box()
        let runs = Counter()
        Bind.inout(a, \.int).inout(b, \.int).out("count", initial: false) { runs.increment() }
        a.int = 1
        #expect(b.int == 1)
        #expect(runs.value == 1)
        b.int = 2
        #expect(a.int == 2)
        #expect(runs.value == 2)
    }

    @Test("Rule 3: the guard is not sticky: an object written by one chain sends its next change in another")
    func guardIsNotSticky() {
        let source = Box(), middle = Box()
        let label = Label()
        Bind.in(source, \.int).out(middle, \.int)
        Bind.in(middle, \.string).out(label, \.text)
        source.int = 1                      // middle is written by the first chain
        middle.string = "first change"      // its first change as a sender still propagates
        #expect(label.text == "first change")
    }

    @Test("Rule 3: the echo guard nests: a receiver's setter that makes another chain write still has its own echo ignored")
    func echoGuardNests() {
        let model = Box(), other = Box(), relay = Relay()
        let runs = Counter()
        Bind.inout(model, \.int).inout(relay, \.x).out("count", initial: false) { runs.increment() }
        Bind.inout(relay, \.mirror).inout(other, \.int)
        model.int = 5
        #expect(relay.x == 5)
        #expect(relay.mirror == 5)
        #expect(other.int == 5)
        // relay.x's own notification, after the nested chain wrote `other`, was its write's echo.
        #expect(runs.value == 1)
        #expect(model.int == 5)
    }

    @Test("Rule 3: a change made by a block during dispatch is queued and dispatched after, never dropped")
    func changeDuringDispatchIsQueued() {
        let box = Box()
        let label = Label()
        let seen = Recorder<Int>()
        Bind.inout(box, \.int).out(label, \.text).out("bump", initial: false) { (v: Int) in
            seen.append(v)
            if v == 1 { box.int = 2 }
        }
        box.int = 1
        #expect(seen.values == [1, 2])
        #expect(label.text == "2")
        #expect(box.int == 2)
    }

    @Test("Rule 3: a runaway cycle across chains stops after a bounded depth with a diagnostic")
    func runawayCycleStops() {
        let log = DiagnosticLog()
        let a = Box(), b = Box()
        log.capture {
            // Two chains that feed each other through blocks: a user-made cycle.
            Bind.in(a, \.int).out("feed b", initial: false) { (v: Int) in b.int = v + 1 }
            Bind.in(b, \.int).out("feed a", initial: false) { (v: Int) in a.int = v + 1 }
            a.int = 0
        }
        #expect(log.all.contains { $0.kind == .cycle && $0.rule == .loops })
        #expect(a.int > 10)
        #expect(a.int <= 2 * ChainCore<Int>.maximumDepth + 4)
    }

    @Test("Rule 4: the endpoint a value came from is not written back")
    func noEcho() {
        let model = Box()
        let field = TestField()
        Bind.inout(model, \.string).inout(field, \.text, on: .editingChanged)
        let writesBefore = field.writes
        field.type("abc")
        #expect(model.string == "abc")
        #expect(field.writes == writesBefore + 1)   // only the user's own edit
    }

    @Test("Rule 5: every filter must pass; a rejection reaches no receiver and no block")
    func filtersAllMustPass() {
        let box = Box()
        let label = Label()
        let blockRuns = Counter()
        Bind.inout(box, \.int).out(label, \.text).filter { $0 % 2 == 0 }.filter { $0 < 10 }
            .out("runs", initial: false) { blockRuns.increment() }
        box.int = 4
        #expect(label.text == "4")
        box.int = 5
        #expect(label.text == "4")
        box.int = 12
        #expect(label.text == "4")
        #expect(blockRuns.value == 1)
    }

    @Test("Rule 5: a rejected source is put back to the last accepted value, without propagating")
    func rejectionPutsBack() {
        let box = Box()
        box.string = "ok"
        let label = Label()
        let blockRuns = Counter()
        Bind.inout(box, \.string).out(label, \.text).filter { $0.count <= 3 }
            .out("runs", initial: false) { blockRuns.increment() }
        box.string = "toolong"
        #expect(box.string == "ok")
        #expect(label.text == "ok")
        #expect(blockRuns.value == 0)
        box.string = "new"
        #expect(box.string == "new")
        box.string = "again too long"
        #expect(box.string == "new")
        #expect(blockRuns.value == 1)
    }

    @Test("Rule 5: a first rejection never blanks a field: it is put back to the value at bind time")
    func firstRejectionKeepsBindTimeValue() {
        let model = Box()
        model.string = "12"
        let field = TestField()
        Bind.inout(model, \.string).inout(field, \.text, on: .editingChanged).filter { $0.count <= 3 }
        field.type("1234")
        #expect(field.text == "12")
        #expect(model.string == "12")
    }

    @Test("Rule 9: receivers are written in join order, then blocks in declaration order")
    func order() {
        let box = Box()
        let log = Recorder<String>()
        let first = WriteReporter(name: "first") { log.append($0) }
        let second = WriteReporter(name: "second") { log.append($0) }
        Bind.in(box, \.int)
            .out("block1", initial: false) { log.append("block1") }
            .out(first, \.value, initial: false)
            .out("block2", initial: false) { log.append("block2") }
            .out(second, \.value, initial: false)
        box.int = 1
        #expect(log.values == ["first", "second", "block1", "block2"])
    }

    @Test("Rule 7, 9: a joining chain's receivers and blocks get the value in the order a change uses")
    func joinPushOrder() {
        let a = Box(), b = Box()
        a.int = 5
        let log = Recorder<String>()
        let first = WriteReporter(name: "first") { log.append($0) }
        let second = WriteReporter(name: "second") { log.append($0) }
        Bind.in(b, \.int)
            .out(first, \.value)
            .out("block", initial: true) { (_: Int) in log.append("block") }
            .out(second, \.value)
        log.removeAll()
        Bind.in(a, \.int).in(b, \.int)     // b's chain joins a's and gets 5
        #expect(first.value == 5)
        #expect(log.values == ["first", "second", "block"])
        log.removeAll()
        a.int = 6
        #expect(log.values == ["first", "second", "block"])
    }

    @Test("Rule 9: each block gets the value converted to the type it declares")
    func blocksConvert() {
        let box = Box()
        let asString = Recorder<String>()
        let asBool = Recorder<Bool>()
        let asDouble = Recorder<Double>()
        Bind.in(box, \.int)
            .out("s", initial: false) { (s: String) in asString.append(s) }
            .out("b", initial: false) { (b: Bool) in asBool.append(b) }
            .out("d", initial: false) { (d: Double) in asDouble.append(d) }
        box.int = 3
        box.int = 0
        #expect(asString.values == ["3", "0"])
        #expect(asBool.values == [true, false])
        #expect(asDouble.values == [3, 0])
    }

    @Test("A named block with a name the chain has replaces the earlier block")
    func blockNameReplaces() {
        let box = Box()
        let old = Counter(), new = Counter()
        let chain = Bind.in(box, \.int).out("x", initial: false) { old.increment() }
        chain.out("x", initial: false) { new.increment() }
        box.int = 1
        #expect(old.value == 0)
        #expect(new.value == 1)
    }

    @Test("Array element endpoints send only when their element changes")
    func arrayElementDedupe() {
        let lottery = Lottery()
        let seen = Recorder<Int>()
        Bind.in(lottery, \.digits, index: 2).out("d", initial: false) { (d: Int) in seen.append(d) }
        lottery.digits[0] = 5
        lottery.digits[2] = 8
        lottery.digits[1] = 5
        #expect(seen.values == [8])
    }

    @Test("Array element receivers are written in place")
    func arrayElementReceiver() {
        let lottery = Lottery()
        let box = Box()
        Bind.in(box, \.int).out(lottery, \.digits, index: 2)
        box.int = 9
        #expect(lottery.digits == [0, 0, 9])
    }

    @Test("Array element receivers of a plain class are written in place, out of range skipped")
    func plainArrayElementReceiver() {
        final class Board { var history = [0, 0] }
        let board = Board()
        let box = Box()
        Bind.in(box, \.int).out(board, \.history, index: 1)
        box.int = 4
        #expect(board.history == [0, 4])
        board.history = []
        let log = DiagnosticLog()
        log.capture { box.int = 5 }
        #expect(board.history == [])
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .badData)
        #expect(log.all.first?.message.contains("Board.history[1]") == true)
    }

    @Test("Rule 1: a chain that its own block unbinds mid-dispatch finishes that dispatch, then ends")
    func unbindDuringDispatch() {
        weak var gone: Label?
        let box = Box()
        do {
            let first = Label(), second = Label()
            gone = second
            let handle = Recorder<Chain<Int>>()
            let chain = Bind.in(box, \.int).out(first, \.number).out("stop", initial: false) { (_: Int) in handle.last?.unbind() }
                .out(second, \.number)
            handle.append(chain)
            box.int = 6
            #expect(first.number == 6)
            #expect(second.number == 6)
            #expect(chain.isBound == false)
            box.int = 7
            #expect(first.number == 6)
        }
        #expect(gone == nil)
        #expect(box._$registrar.isIdleForTesting)
    }
}

/// A receiver that reports each write.
final class WriteReporter {
    let name: String
    let onWrite: (String) -> Void
    var value = 0 {
        didSet { onWrite(name) }
    }

    init(name: String, onWrite: @escaping (String) -> Void) {
        self.name = name
        self.onWrite = onWrite
    }
}

/// Defects the engine review found; each test failed before its fix.
extension ChainCoreTests {
    @Test("Rule 3, 10: changes queued during a dispatch end every endpoint at the last value written")
    func queuedChangesEndEqual() {
        let a = Box(), b = Box()
        Bind.inout(a, \.int).inout(b, \.int).out("poke", initial: false) { (v: Int) in
            if v == 1 {
                a.int = 5
                b.int = 7
            }
        }
        a.int = 1
        #expect(a.int == 7)
        #expect(b.int == 7)
    }

    @Test("Rule 3: a change a setter makes to a receiver the dispatch has yet to write is not overwritten")
    func setterChangeToLaterReceiverWins() {
        let a = Box(), c = Box()
        // The first receiver's setter sets c, which the same dispatch writes right after.
        var fired = false
        let nudge = WriteReporter(name: "nudge") { _ in
            guard !fired else { return }
            fired = true
            c.int = 42
        }
        Bind.inout(a, \.int).out(nudge, \.value, initial: false).inout(c, \.int, initial: false)
        a.int = 1
        #expect(c.int == 42)
        #expect(a.int == 42)
        #expect(nudge.value == 42)
    }

    @Test("Rule 3: an array element the chain wrote still sends the user's next write of it")
    func elementMemoSeesChainWrites() {
        let model = Box()
        let lottery = Lottery()
        Bind.inout(model, \.int).inout(lottery, \.digits, index: 1)
        model.int = 4
        #expect(lottery.digits == [0, 4, 0])
        lottery.digits[1] = 0
        #expect(model.int == 0)
    }

    @Test("Rule 3: the chain's write of one element never queues another element's old value")
    func siblingElementsInOneChain() {
        let model = Box()
        let lottery = Lottery()
        Bind.inout(model, \.int).inout(lottery, \.digits, index: 0).inout(lottery, \.digits, index: 1)
        model.int = 5
        #expect(lottery.digits == [5, 5, 0])
        #expect(model.int == 5)
        lottery.digits[1] = 7
        #expect(lottery.digits == [7, 7, 0])
        #expect(model.int == 7)
    }

    @Test("Rule 3: a block on an array element does not run when another element changes")
    func elementBlockIgnoresOtherElements() {
        let model = Box()
        let lottery = Lottery()
        let runs = Recorder<Int>()
        Bind.inout(model, \.int).inout(lottery, \.digits, index: 1).out("seen", initial: false) { (v: Int) in runs.append(v) }
        model.int = 4
        lottery.digits[0] = 9
        lottery.digits[2] = 9
        #expect(runs.values == [4])
    }

    /// Weak references to each endpoint that stood for `chain`'s head after one of `joins`
    /// joins, each of which declares the head again and adds a visitor, unbound after it; the
    /// chain is edited once per join, so every stand-in is written.
    private static func headStandIns(_ chain: Chain<Int>, head: SafeField, joins: Int) -> [WeakEndpoint] {
        (0..<joins).map { step in
            let visitor = SafeField()
            Bind.inout(head, \.value, on: .valueChanged).inout(visitor, \.value, on: .valueChanged)
            head.edit(step)
            let standIn = WeakEndpoint(GraphLock.shared.locked { (chain.core as? AnyEndpoint).flatMap { EndpointName($0).activeLocked()?.hostObject } })
            Bind.unbind(visitor)
            return standIn
        }
    }

    @Test("Rule 7: a head declared again by one join after another keeps one endpoint standing for it, not one per join")
    func headDeclaredAgainKeepsOneStandIn() {
        let head = SafeField(), other = SafeField()
        let chain = Bind.inout(head, \.value, on: .valueChanged).inout(other, \.value, on: .valueChanged)
        let standIns = Self.headStandIns(chain, head: head, joins: 50)
        #expect(standIns.allSatisfy { $0.wasSet })
        #expect(standIns.count { $0.endpoint != nil } == 1)
        // The chain still carries each end's edits.
        head.edit(100)
        #expect(other.value == 100)
        other.edit(101)
        #expect(head.value == 101)
    }

    @Test("Rule 7: a head declared again during its chain's dispatches keeps one stand-in once the dispatch is over")
    func headDeclaredAgainMidDispatchKeepsOneStandIn() {
        let head = SafeField(), other = SafeField()
        let chain = Bind.inout(head, \.value, on: .valueChanged).inout(other, \.value, on: .valueChanged)
        let standIns = UncheckedBox<[WeakEndpoint]>([])
        // A block of the chain joins visitors at its head while the chain is dispatching: the chain
        // is busy at each join, so the path is made short by its owner, between dispatches.
        chain.out("joins", initial: false) { (value: Int) in
            guard value == 1 else { return }
            for _ in 0..<50 {
                let visitor = SafeField()
                Bind.inout(head, \.value, on: .valueChanged).inout(visitor, \.value, on: .valueChanged)
                standIns.value.append(WeakEndpoint(GraphLock.shared.locked { (chain.core as? AnyEndpoint).flatMap { EndpointName($0).activeLocked()?.hostObject } }))
                Bind.unbind(visitor)
            }
        }
        head.edit(1)
        head.edit(2)
        #expect(standIns.value.count == 50)
        #expect(standIns.value.count { $0.endpoint != nil } == 1)
        #expect(other.value == 2)
        other.edit(3)
        #expect(head.value == 3)
        Bind.unbind(head)   // the block, which holds the chain, leaves with it
    }

    @Test("Rule 1, 7: a @Dynamic receiver declared again mid-dispatch still gets the dispatch's value")
    func receiverRedeclaredMidDispatch() {
        let source = Box(), target = Box()
        let plain = Label()
        // The first receiver's setter declares the same binding again, as cell reuse does: the
        // second receiver's endpoint is replaced while the dispatch is under way.
        let trigger = WriteReporter(name: "t") { _ in Bind.in(source, \.int).out(target, \.int, initial: false) }
        Bind.in(source, \.int).out(trigger, \.value, initial: false).out(target, \.int).out(plain, \.number)
        source.int = 5
        #expect(plain.number == 5)
        #expect(target.int == 5)
        source.int = 6
        #expect(target.int == 6)
        #expect(Bind.isBound(target))
    }

    @Test("Rule 1: a receiver unbound mid-dispatch is not written by that dispatch, weak or @Dynamic")
    func receiverUnboundMidDispatchSkipped() {
        let source = Box()
        let dynamicReceiver = Box(), plainReceiver = Label()
        let trigger = WriteReporter(name: "t") { _ in
            Bind.unbind(dynamicReceiver)
            Bind.unbind(plainReceiver)
        }
        Bind.in(source, \.int).out(trigger, \.value, initial: false).out(dynamicReceiver, \.int, initial: false)
            .out(plainReceiver, \.number, initial: false)
        source.int = 3
        #expect(dynamicReceiver.int == 0)
        #expect(plainReceiver.number == 0)
    }

    @Test("Rule 1, 7: a receiver whose chain is merged into another mid-dispatch holds the merged chain's value")
    func receiverMergedMidDispatch() {
        let source = Box(), receiver = Box(), head = Box()
        head.int = 100
        let trigger = WriteReporter(name: "t") { _ in
            // A new declaration whose first chain (head's) absorbs the dispatching one.
            Bind.in(head, \.int).out(receiver, \.int)
        }
        Bind.in(source, \.int).out(trigger, \.value, initial: false).out(receiver, \.int, initial: false)
        source.int = 3
        #expect(receiver.int == 100)
        #expect(source.int == 3)
    }

    @Test("Rule 2, 7: a merge gives no value to receivers and blocks declared initial: false")
    func mergeRespectsInitialFalse() {
        let a = Box(), b = Box(), quiet = Label()
        a.int = 1
        b.int = 2
        let blockRuns = Counter()
        Bind.in(b, \.int).out(quiet, \.number, initial: false).out("quiet", initial: false) { blockRuns.increment() }
        Bind.in(a, \.int).in(b, \.int)      // b's chain joins a's; a's value (1) wins
        #expect(quiet.number == 0)
        #expect(blockRuns.value == 0)
        a.int = 3
        #expect(quiet.number == 3)
        #expect(blockRuns.value == 1)
    }

    @Test("Rule 7: a merge never leaves two blocks with one name in a chain")
    func mergeKeepsOneBlockPerName() {
        let a = Box(), b = Box()
        let first = Counter(), second = Counter()
        let log = DiagnosticLog()
        Bind.in(a, \.int).out("log", initial: false) { first.increment() }
        Bind.in(b, \.int).out("log", initial: false) { second.increment() }
        log.capture { Bind.in(a, \.int).in(b, \.int) }
        a.int = 1
        #expect(first.value == 1)
        #expect(second.value == 0)
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("\"log\"") == true)
    }

    @Test("Rule 7: declaring a converted endpoint again keeps its conversion")
    func redeclarationKeepsConversion() {
        let a = Box(), b = Box(), label = Label()
        Bind.in(a, \.int).out(b, \.int, convert: { $0 * 10 })
        Bind.in(b, \.int).out(label, \.text)
        a.int = 3
        #expect(b.int == 30)
    }

    @Test("Rule 7: declaring a negated endpoint again keeps the negation")
    func redeclarationKeepsNegation() {
        let a = Box(), b = Box()
        Bind.in(a, \.bool).outNot(b, \.bool)
        Bind.in(b, \.bool).out(Label(), \.text)
        a.bool = true
        #expect(b.bool == false)
        a.bool = false
        #expect(b.bool == true)
    }

    @Test("Rule 5, 11: a filter rejection that cannot put a one-way source back is reported")
    func putBackOfOneWaySourceReported() {
        let model = Box(), source = Box()
        let log = DiagnosticLog()
        log.capture {
            Bind.inout(model, \.int).in(source, \.color, reverse: { $0.name.count }).filter { $0 < 5 }
            source.color = Color(name: "far too long")
        }
        #expect(model.int == 0)
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .badData)
        #expect(log.all.first?.message.contains("Box.color") == true)
    }

    @Test("Rule 1, 7: a declaration that joins chains whose receivers died unnoticed is not ended under it")
    func declarationRevivesChainsWithDeadReceivers() {
        let field = TestField(), model = Box()
        do {
            let gone = Label()
            Bind.in(field, \.text, on: .editingChanged).out(gone, \.text)
            Bind.in(model, \.string).out(gone, \.number)
        }   // both chains' only receiver is gone, not pruned yet
        // Joins the model's chain, merges the field's (whose initial values prune the dead receivers),
        // then adds a receiver: it must be bound, with nothing reported.
        Bind.in(model, \.string).in(field, \.text, on: .editingChanged).out(model, \.optionalString)
        #expect(Bind.isBound(model, \.optionalString))
        field.type("hi")
        #expect(model.optionalString == "hi")
        #expect(model.string == "")          // a one-way sender is not written
    }
}

/// A `@Dynamic` object whose setter of `x` sets `mirror`, as a property observer in user code
/// would.
@Dynamic final class Relay: @unchecked Sendable {
    var x = 0 {
        didSet { mirror = x }
    }
    var mirror = 0
}

/// A weak reference to an endpoint, and whether one was given.
struct WeakEndpoint {
    weak var endpoint: AnyEndpoint?
    let wasSet: Bool
    init(_ endpoint: AnyEndpoint?) {
        self.endpoint = endpoint
        wasSet = endpoint != nil
    }
}
