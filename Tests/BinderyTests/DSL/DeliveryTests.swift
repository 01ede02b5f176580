import Foundation
import Testing
@testable import Bindery

/// DESIGN rule 10: endpoints may ask for delivery on the main actor.
@Suite(.failOnUnexpectedDiagnostics) struct DeliveryTests {
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
