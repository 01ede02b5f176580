import Testing
@testable import Bindery

/// Unbinding in every form, the status query, and lifetime (rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct BindUnbindTests {
    @Test("Bind.unbind(object) takes the object out of every chain")
    func unbindObject() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.int).out(label, \.text)
        Bind.in(box, \.string).out(label, \.number)
        #expect(Bind.isBound(label))
        Bind.unbind(label)
        #expect(!Bind.isBound(label))
        #expect(!Bind.isBound(box))      // both chains lost their only receiver
        box.int = 3
        #expect(label.text == "0")
    }

    @Test("Bind.unbind(object, keyPath) removes only that property's endpoint")
    func unbindKeyPath() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.int).out(label, \.text).out(label, \.number)
        Bind.unbind(label, \.text)
        #expect(!Bind.isBound(label, \.text))
        #expect(Bind.isBound(label, \.number))
        box.int = 4
        #expect(label.text == "0")
        #expect(label.number == 4)
    }

    @Test("Bind.unbind(control, keyPath, on:) removes the endpoint for those events")
    func unbindControlEvent() {
        let box = Box()
        let field = TestField()
        Bind.inout(box, \.string).inout(field, \.text, on: .editingChanged).out(Label(), \.text)
        #expect(Bind.isBound(field, \.text, on: .editingChanged))
        #expect(!Bind.isBound(field, \.text, on: .valueChanged))
        Bind.unbind(field, \.text, on: .editingChanged)
        #expect(!Bind.isBound(field, \.text, on: .editingChanged))
        field.type("typed")
        #expect(box.string == "")
    }

    @Test("Bind.unbind(object, keyPath, index:) removes one element's endpoint")
    func unbindIndex() {
        let lottery = Lottery()
        let first = Label(), second = Label()
        Bind.in(lottery, \.digits, index: 0).out(first, \.text)
        Bind.in(lottery, \.digits, index: 1).out(second, \.text)
        Bind.unbind(lottery, \.digits, index: 0)
        #expect(!Bind.isBound(lottery, \.digits, index: 0))
        #expect(Bind.isBound(lottery, \.digits, index: 1))
        lottery.digits = [4, 5, 6]
        #expect(first.text == "0")
        #expect(second.text == "5")
    }

    @Test("Bind.unbind(object, keyPath, block:) removes one named block")
    func unbindBlock() {
        let lottery = Lottery()
        let flashes = Counter(), sounds = Counter()
        Bind.inout(lottery, \.isWin)
            .out("flash", initial: false) { flashes.increment() }
            .out("sound", initial: false) { sounds.increment() }
        #expect(Bind.isBound(lottery, \.isWin, block: "flash"))
        Bind.unbind(lottery, \.isWin, block: "flash")
        #expect(!Bind.isBound(lottery, \.isWin, block: "flash"))
        #expect(Bind.isBound(lottery, \.isWin, block: "sound"))
        lottery.isWin = true
        #expect(flashes.value == 0)
        #expect(sounds.value == 1)
    }

    @Test("Rule 1: the caller retains nothing; the chain lives while a sender and a receiver do")
    func callerRetainsNothing() {
        let box = Box()
        let label = Label()
        do { Bind.in(box, \.int).out(label, \.text) }
        box.int = 8
        #expect(label.text == "8")
    }

    @Test("Rule 1: a @Dynamic receiver leaves its chains the moment it deinitialises")
    func dynamicReceiverLeavesAtDeinit() {
        let source = Box()
        weak var weakReceiver: Box?
        do {
            let receiver = Box()
            weakReceiver = receiver
            Bind.in(source, \.int).out(receiver, \.string)
            #expect(Bind.isBound(source))
        }
        #expect(weakReceiver == nil)
        #expect(!Bind.isBound(source))   // no receiver left: the chain ended at once
    }

    @Test("Rule 1: a @Dynamic sender's deinit ends its chain and frees nothing it should not keep")
    func senderDeinitEndsChain() {
        let label = Label()
        weak var weakSource: Box?
        do {
            let source = Box()
            weakSource = source
            Bind.in(source, \.int).out(label, \.text)
            #expect(Bind.isBound(label))
        }
        #expect(weakSource == nil)
        #expect(!Bind.isBound(label))
        let entries = GraphLock.shared.locked { Array(Registry.shared.indexedEntriesLocked(of: ObjectIdentifier(label))).count }
        #expect(entries == 0)          // the receiver's entry went with the chain, at once
    }

    @Test("Rule 1: a plain receiver that goes is pruned at the next dispatch")
    func plainReceiverPrunedAtNextDispatch() {
        let source = Box()
        weak var weakLabel: Label?
        var labelID: ObjectIdentifier?
        do {
            let label = Label()
            weakLabel = label
            labelID = ObjectIdentifier(label)
            Bind.in(source, \.int).out(label, \.text)
            #expect(Bind.isBound(source))
        }
        #expect(weakLabel == nil)
        #expect(!Bind.isBound(source))    // a dead receiver does not count
        let entries = { (id: ObjectIdentifier?) in GraphLock.shared.locked { id.map { Array(Registry.shared.indexedEntriesLocked(of: $0)).count } ?? 0 } }
        #expect(entries(labelID) == 1)    // still in the graph: plain objects are pruned lazily
        source.int = 1
        #expect(entries(labelID) == 0)    // pruned by the dispatch
        // And the chain it left incomplete ended: the source's registrar lists no endpoint.
        let sourceEntries = GraphLock.shared.locked { Array(Registry.shared.entriesLocked(of: source, lifetime: source._$registrar)).count }
        #expect(sourceEntries == 0)
    }

    @Test("Rule 1: no binding keeps its objects alive", arguments: UnbindWay.allCases)
    func noLeaks(way: UnbindWay) {
        weak var weakSource: Box?
        weak var weakLabel: Label?
        weak var weakField: TestField?
        do {
            let source = Box(), label = Label(), field = TestField()
            weakSource = source
            weakLabel = label
            weakField = field
            let chain = Bind.inout(source, \.string)
                .out(label, \.text)
                .inout(field, \.text, on: .editingChanged)
                .out("block") { (_: String) in _ = label }
            switch way {
            case .handle: chain.unbind()
            case .object: Bind.unbind(source)
            case .keyPath: Bind.unbind(source, \.string)
            case .controlEvent: Bind.unbind(field, \.text, on: .editingChanged)
            case .block: Bind.unbind(source, \.string, block: "block")
            case .deinit: break
            }
        }
        #expect(weakSource == nil)
        #expect(weakLabel == nil)
        #expect(weakField == nil)
    }

    enum UnbindWay: CaseIterable, Sendable { case handle, object, keyPath, controlEvent, block, `deinit` }

    @Test("Rule 1: unbinding a block lets go of what it captured while the chain lives on")
    func blockUnbindReleasesCaptures() {
        let source = Box(), label = Label()
        weak var weakToken: Label?
        do {
            let token = Label()
            weakToken = token
            Bind.in(source, \.int).out(label, \.number).out("capture") { (_: Int) in _ = token }
        }
        #expect(weakToken != nil)           // the chain holds its block
        Bind.unbind(source, \.int, block: "capture")
        #expect(weakToken == nil)
        #expect(Bind.isBound(source))       // the rest of the chain lives on
        source.int = 3
        #expect(label.number == 3)
    }

    @Test("Rule 1: unbinding an array element's endpoint keeps nothing alive")
    func noLeakIndex() {
        weak var weakLottery: Lottery?
        weak var weakLabel: Label?
        do {
            let lottery = Lottery(), label = Label()
            weakLottery = lottery
            weakLabel = label
            Bind.inout(lottery, \.digits, index: 1).out(label, \.text)
            Bind.unbind(lottery, \.digits, index: 1)
            #expect(!Bind.isBound(label))
        }
        #expect(weakLottery == nil)
        #expect(weakLabel == nil)
    }

    @Test("Rule 1: a chain's core is freed when the chain ends")
    func coreFreed() {
        weak var weakCore: AnyChainCore?
        let source = Box()
        do {
            let label = Label()
            let chain = Bind.in(source, \.int).out(label, \.text)
            weakCore = chain.core
            Bind.unbind(label)
        }
        #expect(weakCore == nil)
        #expect(source._$registrar.isIdleForTesting)
    }

    @Test("Rule 1: unbinding an object takes out each of its endpoints, also those a chain's end already took out")
    func unbindObjectInSeveralPlaces() {
        weak var weakCore: AnyChainCore?, weakOther: AnyChainCore?
        let box = Box(), other = Label()
        do {
            // Two endpoints of `box` in one chain (which ends when the first leaves), and one
            // in another chain.
            let chain = Bind.inout(box, \.int).inout(box, \.double)
            let second = Bind.in(box, \.string).out(other, \.text)
            weakCore = chain.core
            weakOther = second.core
            Bind.unbind(box)
        }
        #expect(!Bind.isBound(box))
        #expect(!Bind.isBound(other))
        #expect(weakCore == nil)
        #expect(weakOther == nil)
        #expect(box._$registrar.isIdleForTesting)
        box.int = 3
        box.string = "changed"
        #expect(box.double == 0)
        #expect(other.text == "")
    }

    enum RedeclaredHeadEnd: CaseIterable { case handle, sourceProperty, sourceDeinit, neverComplete }

    @Test("Rule 1, 7: a chain whose head was declared again in it is freed when the chain ends", arguments: RedeclaredHeadEnd.allCases)
    func redeclaredHeadFreed(_ end: RedeclaredHeadEnd) {
        weak var weakCore: AnyChainCore?
        weak var weakSource: Box?
        let label = Label(), other = Label()
        do {
            let source = Box()
            weakSource = source
            let chain = end == .neverComplete ? Bind.in(source, \.int) : Bind.in(source, \.int).out(label, \.text)
            weakCore = chain.core
            // The head declared again joins the chain it heads, and takes its own place there.
            if end == .neverComplete {
                Bind.in(source, \.int)
            } else {
                Bind.in(source, \.int).out(other, \.text)
            }
            switch end {
            case .handle: chain.unbind()
            case .sourceProperty: Bind.unbind(source, \.int)
            case .sourceDeinit, .neverComplete: break
            }
        }
        #expect(weakSource == nil)
        #expect(weakCore == nil)
        #expect(!Bind.isBound(label))
    }

    #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test("Rule 1: 100,000 bind/unbind cycles leave the registry empty", .ownThread)
    func churnLeavesRegistryEmpty() async {
        // In a child process, so that the global registry holds nothing of other tests.
        await #expect(processExitsWith: .success) {
            let source = Box()
            let label = Label()
            for index in 0..<100_000 {
                let chain = Bind.in(source, \.int).out(label, \.text)
                if index % 2 == 0 { chain.unbind() } else { Bind.unbind(label) }
            }
            let counts = GraphLock.shared.locked {
                (Registry.shared.state.chainCount, Registry.shared.state.endpointCount, Registry.shared.state.byObject.count)
            }
            precondition(counts == (0, 0, 0), "registry not empty: \(counts)")
            precondition(source._$registrar.isIdleForTesting, "registrar still has listeners")
        }
    }
    #endif
}

extension BindUnbindTests {
    @Test("Rule 1: a @Dynamic receiver that deinitialises during a dispatch is skipped, not written")
    func receiverDeinitDuringDispatch() {
        let source = Box()
        let holder = Holder()
        holder.box = Box()
        weak let weakBox = holder.box
        let seen = Recorder<Int>()
        // The first receiver's write drops the only reference to the second receiver.
        Bind.in(source, \.int)
            .out(holder, \.dropOnWrite, initial: false)
            .out(holder.box!, \.int, initial: false)
            .out("after", initial: false) { (v: Int) in seen.append(v) }
        source.int = 1
        #expect(weakBox == nil)
        #expect(seen.values == [1])
    }

    @Test("Rule 1: a @Dynamic receiver whose registrar outlives it is not written, and leaves its chain")
    func receiverGoneBeforeItsRegistrar() {
        let source = Box()
        weak var gone: Box?
        // Anything that holds a registrar (a setter running on another thread, say) delays its
        // deinit past the object's: the endpoint must not be used meanwhile.
        var registrar: _ChangeRegistrar?
        do {
            let receiver = Box()
            registrar = receiver._$registrar
            Bind.in(source, \.int).out(receiver, \.int)
            gone = receiver
        }
        #expect(gone == nil)
        source.int = 5
        #expect(!Bind.isBound(source))   // the receiver was pruned, so the chain ended
        #expect(registrar?.isIdleForTesting == true)
        registrar = nil
    }

    @Test("Rule 1: receivers deinitialising on other threads while a chain dispatches never crash it")
    func receiversDeinitOnOtherThreads() async {
        let source = Box()
        // A receiver that stays, so the declarations below join this chain and never read
        // `source.int` while the other task writes it (that would be the test's own race).
        let keeper = Label()
        Bind.in(source, \.int).out(keeper, \.number)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for step in 0..<3_000 { source.int = step }
            }
            group.addTask {
                for _ in 0..<300 {
                    let receiver = Box()
                    Bind.in(source, \.int).out(receiver, \.int).out(receiver, \.string)
                }   // each receiver deinitialises here, possibly mid-dispatch
            }
        }
        #expect(source.int == 2_999)
        #expect(keeper.number == 2_999)
    }
}

/// Drops its box when written: a receiver that makes another receiver go mid-dispatch.
final class Holder {
    var box: Box?
    var dropOnWrite = 0 {
        didSet { box = nil }
    }
}

/// When a chain is bound and when it ends: code, docs and `isBound` agree.
extension BindUnbindTests {
    @Test("Rule 1: a declaration that stops at its head is not bound until a receiver joins it")
    func bareHeadIsNotBound() {
        let model = Box()
        let chain = Bind.in(model, \.int)
        #expect(!chain.isBound)
        #expect(!Bind.isBound(model))
        #expect(!Bind.isBound(model, \.int))
        let label = Label()
        chain.out(label, \.number)
        #expect(chain.isBound)
        #expect(Bind.isBound(model, \.int))
        model.int = 4
        #expect(label.number == 4)
    }

    @Test("Rule 1, 11: a chain whose only receiver was refused is not bound")
    func refusedReceiverLeavesChainUnbound() {
        let model = Box()
        let log = DiagnosticLog()
        let chain = log.capture { Bind.in(model, \.int).out(Panel(), \.background) }
        #expect(log.all.count == 1)
        #expect(!chain.isBound)
        #expect(!Bind.isBound(model))
    }

    @Test("Rule 1, 11: a sender index out of range at bind time is reported and not bound")
    func senderIndexOutOfRangeRefused() {
        let lottery = Lottery()
        let log = DiagnosticLog()
        let chain = log.capture { Bind.in(lottery, \.digits, index: 5).out(Label(), \.text) }
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .misuse)
        #expect(log.all.first?.message.contains("index 5") == true)
        #expect(log.all.first?.message.contains("3 elements") == true)
        #expect(!chain.isBound)
        #expect(!Bind.isBound(lottery))
    }

    @Test("Rule 1: a chain that lost its last receiver is not bound, and its sender is free again")
    func chainWithoutReceiverEnds() {
        let model = Box()
        let chain: Chain<Int>
        do {
            let label = Label()
            chain = Bind.in(model, \.int).out(label, \.number)
            #expect(chain.isBound)
        }
        model.int = 1      // prunes the dead label: the chain has no receiver left
        #expect(!chain.isBound)
        #expect(!Bind.isBound(model))
        #expect(model._$registrar.isIdleForTesting)
    }
}
