import Foundation
import Testing
@testable import Bindery

/// Rule 10: endpoints may ask for delivery on the main actor.
@Suite(.failOnUnexpectedDiagnostics) struct DeliveryTests {
    @Test("Rule 1: a main-actor receiver whose object has gone is pruned by the next change, from any thread", .timeLimit(.minutes(1)))
    func goneMainActorReceiverIsPrunedOffMain() async {
        let box = Box()
        weak var gone: MainLabel?
        do {
            let label = MainLabel()
            gone = label
            Bind.in(box, \.int).out(label, \.text, initial: false, delivery: .mainActor)
        }
        #expect(gone == nil)
        #expect(!box._$registrar.isIdleForTesting)
        await Task.detached { box.int = 1 }.value
        // The chain lost its only receiver and ended: nothing listens to the box any more.
        #expect(box._$registrar.isIdleForTesting)
        #expect(!Bind.isBound(box))
    }

    @Test("Rule 10: a .mainActor receiver and block changed off the main actor run on it, in order", .timeLimit(.minutes(1)))
    func mainActorDeliveryFromBackground() async {
        let box = Box()
        let label = MainLabel()
        let seen = MainLog()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Bind.in(box, \.int)
                .out(label, \.text, initial: false, delivery: .mainActor)
                .out("main", initial: false, delivery: .mainActor) { (value: Int) in
                    seen.append(value, onMain: MainQueue.isCurrent)
                    if value == 3 { done.resume() }
                }
            Task.detached {
                #expect(!MainQueue.isCurrent)
                for value in 1...3 { box.int = value }
            }
        }
        #expect(await seen.values == [1, 2, 3])
        #expect(await seen.allOnMain)
        #expect(label.text == "3")
        #expect(label.allOnMain)
    }

    @Test("Rule 10: on the main actor, .mainActor delivery is immediate")
    @MainActor
    func mainActorDeliveryOnMain() {
        #expect(MainQueue.isCurrent)
        let box = Box()
        let label = MainLabel()
        Bind.in(box, \.int).out(label, \.text, delivery: .mainActor)
        box.int = 4
        #expect(label.text == "4")
    }
}

/// A label that records whether each write came on the main actor. A plain class, as a
/// receiver bound from any thread is: its state is behind a lock.
final class MainLabel: @unchecked Sendable {
    // @unchecked: `state` is guarded by `lock`.
    private let lock = NSLock()
    private var state: (text: String?, allOnMain: Bool) = (nil, true)

    var allOnMain: Bool { lock.withLock { state.allOnMain } }
    var text: String? {
        get { lock.withLock { state.text } }
        set {
            let onMain = MainQueue.isCurrent
            lock.withLock { state = (newValue, state.allOnMain && onMain) }
        }
    }
}

/// Values main-actor blocks saw: main-actor state, which only a `@MainActor` block can touch.
@MainActor final class MainLog {
    private(set) var values: [Int] = []
    private(set) var allOnMain = true

    nonisolated init() {}

    func append(_ value: Int, onMain: Bool) {
        values.append(value)
        allOnMain = allOnMain && onMain
    }
}

extension DeliveryTests {
    @Test("Rule 3: main-actor work runs as the next cause of the change that queued it", .timeLimit(.minutes(1)))
    func mainActorWorkKeepsCausalDepth() async {
        let box = Box()
        let depths = MainLog()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Bind.in(box, \.int).out("depth", initial: false, delivery: .mainActor) { (_: Int) in
                // The depth a change made here would have: one more than the change that
                // queued this block (0, made by user code outside any dispatch).
                depths.append(ThreadState.current.pointee.causalDepth, onMain: MainQueue.isCurrent)
                done.resume()
            }
            Task.detached { box.int = 1 }
        }
        #expect(await depths.values == [1])
        #expect(await depths.allOnMain)
    }

    @Test("Rule 3, 4: a main-actor receiver that also sends does not echo its writes back into its chain", .timeLimit(.minutes(1)))
    func mainActorReceiverDoesNotEcho() async {
        let source = Box(), mirror = Box()
        let seen = Recorder<Int>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Bind.inout(source, \.int)
                .out(mirror, \.int, initial: false, delivery: .mainActor)
                .in(mirror, \.int)
                .out("seen", initial: false) { (value: Int) in seen.append(value) }
                .out("done", initial: false, delivery: .mainActor) { (value: Int) in if value == 2 { done.resume() } }
            Task.detached {
                source.int = 1
                source.int = 2
            }
        }
        #expect(mirror.int == 2)
        #expect(source.int == 2)
        #expect(seen.values == [1, 2])
    }
}

/// Main-actor blocks are typed `@MainActor`.
extension DeliveryTests {
    @Test("Rule 10: on the main thread a main-actor block runs in the change, before the setter returns")
    @MainActor
    func mainActorBlockIsSynchronousOnMain() {
        let box = Box()
        let log = MainLog()
        Bind.in(box, \.int).out("draw", initial: false, delivery: .mainActor) { value in
            log.append(value, onMain: MainQueue.isCurrent)    // main-actor state, no hop needed
        }
        box.int = 2
        #expect(log.values == [2])
        box.int = 3
        #expect(log.values == [2, 3])
        #expect(log.allOnMain)
    }

    @Test("Rule 1: a main-actor run queued before its block was removed is dropped", .timeLimit(.minutes(1)))
    @MainActor
    func removedBlockDropsQueuedRun() async {
        let box = Box()
        let log = MainLog()
        Bind.in(box, \.int).out(Label(), \.number).out("draw", initial: false, delivery: .mainActor) { value in
            log.append(value, onMain: true)
        }
        // The change is made on another thread while this test holds the main actor, so the
        // block's run waits on the main queue behind it.
        let changed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.int = 1
            changed.signal()
        }
        changed.wait()
        Bind.unbind(box, \.int, block: "draw")
        await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { drained.resume() }    // runs after the queued block run
        }
        #expect(log.values.isEmpty)
    }

    @Test("Rule 10: a main-actor run queued while the block is still bound runs", .timeLimit(.minutes(1)))
    @MainActor
    func boundBlockRunsQueuedRun() async {
        let box = Box()
        let log = MainLog()
        Bind.in(box, \.int).out("draw", initial: false, delivery: .mainActor) { value in
            log.append(value, onMain: MainQueue.isCurrent)
        }
        let changed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.int = 1
            changed.signal()
        }
        changed.wait()
        #expect(log.values.isEmpty)                           // queued, not run yet
        await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { drained.resume() }
        }
        #expect(log.values == [1])
        #expect(log.allOnMain)
    }
}

/// A label as UIKit and GTK have them: isolated to the main actor, with no lock of its own.
/// Written off the main actor, its `didSet` records it (and the thread sanitizer reports the
/// race).
@MainActor final class IsolatedLabel {
    private(set) var writes: [String] = []
    private(set) var allOnMain = true
    var text = "" {
        didSet {
            writes.append(text)
            allOnMain = allOnMain && MainQueue.isCurrent
        }
    }

    nonisolated init() {}
}

/// A formatter that lives on the main actor, as `NumberFormatter`s in apps do.
@MainActor final class MainFormatter {
    private(set) var calls = 0
    private(set) var allOnMain = true

    nonisolated init() {}

    func string(_ value: Int) -> String {
        calls += 1
        allOnMain = allOnMain && MainQueue.isCurrent
        return "#\(value)"
    }
}

/// Drains the main queue: work enqueued before this call has run when it returns.
@MainActor func drainMainQueue() async {
    await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { drained.resume() }
    }
}

/// Main-actor safety by default: receivers and blocks declared from main-actor code, closures
/// isolated to the main actor, and `@MainActor` view models that receive.
extension DeliveryTests {
    @Test("Rule 10: a receiver declared from main-actor code is written only on the main actor when a background task changes the chain", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorDeclaredReceiverStaysOnMain() async {
        let box = Box()
        let label = IsolatedLabel()
        Bind.in(box, \.int).out(label, \.text)    // no delivery: declared here, on the main actor
        #expect(label.writes == ["0"])             // the initial value, synchronously
        await Task.detached {
            #expect(!MainQueue.isCurrent)
            for value in 1...100 { box.int = value }
        }.value
        await drainMainQueue()
        #expect(label.text == "100")
        #expect(label.allOnMain)
        #expect(label.writes.first == "0")
        // In the order the changes were made: each queued write that a newer change overtook
        // is skipped, and what is written only ever goes up.
        #expect(label.writes.map { Int($0)! } == label.writes.map { Int($0)! }.sorted())
    }

    @Test("Rule 10: on the main thread, a receiver declared from main-actor code is written synchronously")
    @MainActor
    func mainActorDeclaredReceiverIsSynchronousOnMain() {
        let box = Box()
        let label = IsolatedLabel()
        Bind.in(box, \.int).out(label, \.text)
        box.int = 7
        #expect(label.text == "7")
        #expect(label.allOnMain)
    }

    @Test("Rule 10: a two-way endpoint and a plain block declared from main-actor code run on the main actor", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorDeclaredInoutAndBlock() async {
        let box = Box()
        let field = MainActorField()
        let seen = Recorder<Bool>()
        Bind.inout(box, \.string).inout(field).out("log", initial: false) { (_: String) in seen.append(MainQueue.isCurrent) }
        await Task.detached { box.string = "from a task" }.value
        await drainMainQueue()
        #expect(field.text == "from a task")
        #expect(seen.values == [true])
        field.type("typed")                        // a user edit on the main actor still sends
        #expect(box.string == "typed")
    }

    @Test("Rule 10: a closure written @MainActor runs on the main actor, without delivery:, wherever it was declared", .timeLimit(.minutes(1)))
    func mainActorClosureBlock() async {
        let box = Box()
        let log = MainLog()
        Bind.in(box, \.int)
            .out("typed", initial: false) { @MainActor (value: Int) in log.append(value, onMain: MainQueue.isCurrent) }
            .out("converted", initial: false) { @MainActor (text: String) in log.append(Int(text)! * 10, onMain: MainQueue.isCurrent) }
        await Task.detached { box.int = 4 }.value
        await drainMainQueue()
        #expect(await log.values == [4, 40])
        #expect(await log.allOnMain)
    }

    @Test("Rule 10: a converter isolated to the main actor runs there, with its receiver", .timeLimit(.minutes(1)))
    func mainActorConverter() async {
        let box = Box()
        let label = MainLabel()
        let formatter = MainFormatter()
        Bind.in(box, \.int).out(label, \.text, initial: false, convert: { @MainActor value in formatter.string(value) })
        await Task.detached { box.int = 5 }.value
        await drainMainQueue()
        #expect(label.text == "#5")
        #expect(label.allOnMain)
        #expect(await formatter.calls == 1)
        #expect(await formatter.allOnMain)
    }

    @Test("Rule 10: a @MainActor @Dynamic view model that receives a background change is set on the main actor, and so are its own chains' labels", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorViewModelReceives() async {
        let box = Box()
        let vm = TitleViewModel()
        let label = IsolatedLabel()
        Bind.in(box, \.string).out(vm, \.title)
        Bind.in(vm, \.title).out(label, \.text)
        await Task.detached {
            for index in 1...100 { box.string = "title \(index)" }
        }.value
        await drainMainQueue()
        #expect(vm.title == "title 100")
        #expect(label.text == "title 100")
        #expect(label.allOnMain)
    }

    @Test("Rule 10: delivery: .immediate declared from main-actor code writes on the changing thread", .timeLimit(.minutes(1)))
    @MainActor
    func explicitImmediateFromMainActor() async {
        let box = Box()
        let label = MainLabel()
        Bind.in(box, \.int).out(label, \.text, initial: false, delivery: .immediate)
        await Task.detached { box.int = 3 }.value
        #expect(label.text == "3")                 // written before the task returned
        #expect(!label.allOnMain)
    }

    @Test("Rule 10: a receiver declared off the main actor is written on the changing thread, as before")
    func nonisolatedDeclarationIsImmediate() async {
        let box = Box()
        let label = MainLabel()
        Bind.in(box, \.int).out(label, \.text, initial: false)
        await Task.detached { box.int = 9 }.value
        #expect(label.text == "9")
        #expect(!label.allOnMain)
    }

    @Test("Delivery.automatic resolves to the main actor for main-actor code only")
    func automaticResolution() {
        #expect(Delivery.automatic.resolved(declaredIn: MainActor.shared) == .mainActor)
        #expect(Delivery.automatic.resolved(declaredIn: nil) == .immediate)
        #expect(Delivery.immediate.resolved(declaredIn: MainActor.shared) == .immediate)
        #expect(Delivery.mainActor.resolved(declaredIn: nil) == .mainActor)
    }
}
