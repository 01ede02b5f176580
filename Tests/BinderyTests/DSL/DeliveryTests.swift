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
        #expect(seen.values == [1, 2, 3])
        #expect(seen.allOnMain)
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

/// A label that records whether each write came on the main actor.
final class MainLabel: @unchecked Sendable {
    // @unchecked: written only on the main actor by the tests that use it.
    private(set) var allOnMain = true
    var text: String? {
        didSet { allOnMain = allOnMain && MainQueue.isCurrent }
    }
}

/// Values a main-actor block saw.
final class MainLog: @unchecked Sendable {
    // @unchecked: appended to only on the main actor, read after the continuation resumes.
    private(set) var values: [Int] = []
    private(set) var allOnMain = true

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
        #expect(depths.values == [1])
        #expect(depths.allOnMain)
    }

    @Test("Rule 3, 4: a main-actor receiver that also sends does not echo its writes back into its chain", .timeLimit(.minutes(1)))
    func mainActorReceiverDoesNotEcho() async {
        let source = Box(), mirror = Box()
        let seen = ValueLog()
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

/// Values a block saw, from any thread.
final class ValueLog: @unchecked Sendable {
    // @unchecked: `entries` is guarded by `lock`.
    private let lock = NSLock()
    private var entries: [Int] = []
    var values: [Int] { lock.withLock { entries } }
    func append(_ value: Int) { lock.withLock { entries.append(value) } }
}
