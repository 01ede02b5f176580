import Foundation
import Testing
@testable import Bindery

/// rule 10: serialised changes from many threads, no lock held over user code,
/// re-entrant blocks.
@Suite(.failOnUnexpectedDiagnostics) struct ChainCoreThreadsTests {
    static let writers = 8
    static let writesPerWriter = 2_000

    @Test("Rule 10: changes from many threads to one chain are serialised; every receiver ends at the last value")
    func hammerOneChain() async {
        let sources = (0..<Self.writers).map { _ in Box() }
        let labels = (0..<4).map { _ in Label() }
        let mirrors = (0..<4).map { _ in Box() }
        var chain = Bind.in(sources[0], \.int)
        for source in sources.dropFirst() { chain = chain.in(source, \.int) }
        for label in labels { chain = chain.out(label, \.number) }
        for mirror in mirrors { chain = chain.out(mirror, \.int) }
        let counter = Counter()
        chain.out("count", initial: false) { (_: Int) in counter.increment() }

        await withTaskGroup(of: Void.self) { group in
            for (writer, source) in sources.enumerated() {
                group.addTask {
                    for step in 0..<Self.writesPerWriter {
                        source.int = writer * 100_000 + step
                    }
                }
            }
        }

        let finalValues = Set((0..<Self.writers).map { $0 * 100_000 + Self.writesPerWriter - 1 })
        let settled = labels[0].number
        #expect(finalValues.contains(settled))
        #expect(labels.allSatisfy { $0.number == settled })
        #expect(mirrors.allSatisfy { $0.int == settled })
        // Nothing was lost: every write was dispatched, once.
        #expect(counter.value == Self.writers * Self.writesPerWriter)
    }

    @Test("Rule 10: chains hammered from several threads, with binds and unbinds alongside, stay consistent")
    func hammerWithChurn() async {
        // A box whose value is behind a lock: binding reads the sender while the other task
        // sets it.
        let source = Dynamic(0)
        let label = Label()
        Bind.in(source, \.value).out(label, \.number)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for step in 1...5_000 { source.value = step }
            }
            group.addTask {
                for _ in 0..<500 {
                    let scratch = Label()
                    let chain = Bind.in(source, \.value).out(scratch, \.number)
                    _ = Bind.isBound(scratch)
                    chain.out("noop") { (_: Int) in }
                    Bind.unbind(scratch)
                }
            }
        }
        #expect(label.number == 5_000)
    }

    /// Runs `updates` while another thread holds the graph lock; whether they finished before
    /// that thread let the lock go (it waits up to 20 s for them). An update that waited for the
    /// lock would only get it after the other thread gives up.
    private func completesWhileGraphLockIsHeld(_ updates: () -> Void) -> Bool {
        let holding = DispatchSemaphore(value: 0), updated = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        let heldThroughout = Counter()
        Thread.detachNewThread {
            GraphLock.shared.locked {
                holding.signal()
                if updated.wait(timeout: .now() + 20) == .success { heldThroughout.increment() }
            }
            released.signal()
        }
        holding.wait()
        updates()
        updated.signal()
        released.wait()
        return heldThroughout.value == 1
    }

    @Test("Rule 12: an update of a property one chain listens to takes no lock: it completes, and a two-way receiver's echo is ignored, while another thread holds the graph lock", .timeLimit(.minutes(1)))
    func updateWithoutLock() {
        let source = Box(), label = Label()
        let left = Box(), right = Box()
        Bind.in(source, \.int).out(label, \.number)
        Bind.inout(left, \.int).inout(right, \.int)
        // The first update after binding prepares the chain's dispatch, under the lock.
        source.int = 1
        left.int = 1

        #expect(completesWhileGraphLockIsHeld {
            source.int = 2
            left.int = 2
        })
        #expect(label.number == 2)
        #expect(right.int == 2)
        #expect(left.int == 2)
    }

    @Test("Rule 12: a property that had two listeners and is back to one is updated without a lock again, and the listener that left hears nothing", .timeLimit(.minutes(1)))
    func soleListenerAgainWithoutLock() {
        let lottery = Lottery(), first = Label(), second = Label()
        // Two elements of one array: two listeners of the same property.
        Bind.in(lottery, \.digits, index: 0).out(first, \.number)
        let other = Bind.in(lottery, \.digits, index: 1).out(second, \.number)
        lottery.digits = [1, 1, 0]
        #expect(first.number == 1 && second.number == 1)
        other.unbind()
        // The first update after the unbind prepares the chain's dispatch, under the lock.
        lottery.digits = [2, 2, 0]

        #expect(completesWhileGraphLockIsHeld { lottery.digits = [3, 3, 0] })
        #expect(first.number == 3)
        #expect(second.number == 1)
    }

    @Test("Rule 10: a property's only listener replaced again and again while another thread updates it: every update finds a live listener, and the last value lands")
    func listenerReplacedDuringUpdates() async {
        // A box whose value is behind a lock: binding reads the sender while the other task
        // sets it.
        let source = Dynamic(0), label = Label()
        Bind.in(source, \.value).out(label, \.number)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for step in 1...20_000 { source.value = step }
            }
            group.addTask {
                for round in 0..<1_000 {
                    if round.isMultiple(of: 2) {
                        // The chain ends, and a new chain's sender listens in its place.
                        Bind.unbind(label)
                        Bind.in(source, \.value).out(label, \.number)
                    } else {
                        // The sender declared again (it joins its chain): its listener is
                        // replaced by the re-declared one.
                        let scratch = Label()
                        Bind.in(source, \.value).out(scratch, \.number)
                        Bind.unbind(scratch)
                    }
                }
            }
        }
        source.value = -1
        #expect(label.number == -1)
        Bind.unbind(label)
        #expect(source._$registrar.isIdleForTesting)
    }

    @Test("Rule 10: a block may bind, unbind, query and set sources without deadlocking")
    func reentrantBlock() {
        let source = Box(), other = Box()
        let label = Label(), spare = Label()
        let log = Recorder<String>()
        Bind.in(other, \.int).out(spare, \.number)
        Bind.in(source, \.int).out(label, \.number).out("reenter", initial: false) { (value: Int) in
            log.append("block \(value)")
            #expect(Bind.isBound(label))               // takes the lock: not held here
            Bind.in(other, \.int).out(Label(), \.text) // binds
            Bind.unbind(spare)                         // unbinds
            if value == 1 { other.int = 10 }           // sets another chain's source
            if value == 1 { source.int = 2 }           // sets this chain's source: queued
        }
        source.int = 1
        #expect(log.values == ["block 1", "block 2"])
        #expect(label.number == 2)
        #expect(!Bind.isBound(spare))
    }

    @Test("Rule 10: setters and converters run with no library lock held")
    func setterMayCallBindery() {
        let source = Box()
        let probe = LockProbe()
        Bind.in(source, \.int).out(probe, \.value, convert: { value -> Int in
            _ = Bind.isBound(probe)
            return value
        })
        source.int = 3
        #expect(probe.value == 3)
        #expect(probe.sawBinding)
    }

    @Test("Rules 7, 10: a main-actor write queued for a receiver that is declared again before it runs reaches the receiver", .timeLimit(.minutes(1)))
    @MainActor
    func queuedMainActorWriteFollowsARedeclaredReceiver() async {
        let box = Box(), label = MainLabel()
        Bind.in(box, \.string).out(label, \.text, delivery: .mainActor)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.string = "from afar"                   // queued on the main actor, which is busy
            done.signal()
        }
        done.wait()
        // The label's endpoint is declared again, with no initial value: only the queued write
        // can bring it the change.
        Bind.in(box, \.string).out(label, \.text, initial: false, delivery: .mainActor)
        #expect(label.text == "")
        await drainMainQueue()
        #expect(label.text == "from afar")
        #expect(label.allOnMain)
    }
}


extension ChainCoreThreadsTests {
    @Test("Rules 7, 9: a chain merged into another while it dispatches a change runs its moved blocks exactly when it writes its moved receivers", .timeLimit(.minutes(1)))
    func mergeDuringDispatchKeepsBlocksWithReceivers() {
        let source = Box(), other = Box()
        let receiver = RecordingReceiver()
        let heard = Recorder<Int>()
        let inFilter = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Bind.in(source, \.int)
            .filter { (value: Int) in
                // The dispatch of 7 stops here, before any receiver is written.
                if value == 7 {
                    inFilter.signal()
                    resume.wait()
                }
                return true
            }
            .out(receiver, \.value)
            .out("heard", initial: false) { (value: Int) in heard.append(value) }
        Thread {
            source.int = 7
            done.signal()
        }.start()
        inFilter.wait()
        // Names another chain first, then the source: the dispatching chain is merged into it.
        Bind.in(other, \.int).out(source, \.int)
        resume.signal()
        done.wait()
        #expect(heard.values.contains(7) == receiver.values.values.contains(7), "receiver \(receiver.values.values), block \(heard.values)")
        other.int = 9
        #expect(receiver.values.last == 9)
        #expect(heard.values.last == 9)
    }
}

extension ChainCoreThreadsTests {
    @Test("Rule 4: an edit whose field is declared again before its chain's first plan is made is not written back into the field", .timeLimit(.minutes(1)))
    func editOfARedeclaredFieldDoesNotEcho() {
        let field = CountingField(), mirror = Box()
        // No update yet: the first edit makes the chain's plan, taking the lock to make it.
        Bind.inout(field, \.value, on: .valueChanged).inout(mirror, \.int)
        let atPlan = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let editor = Thread {
            field.edit(5)
            done.signal()
        }
        let editorID = ObjectIdentifier(editor)
        // Holds the editor only: other suites' updates run meanwhile.
        TestHook.beforeOwnPlan.set {
            guard ObjectIdentifier(Thread.current) == editorID else { return }
            atPlan.signal()
            resume.wait()
        }
        editor.start()
        atPlan.wait()
        TestHook.beforeOwnPlan.set(nil)
        // Another declaration names the field again: its endpoint is replaced in the chain.
        let extra = Box()
        Bind.inout(field, \.value, on: .valueChanged).out(extra, \.int)
        let writesBefore = field.programWrites
        resume.signal()
        done.wait()
        #expect(mirror.int == 5)
        #expect(extra.int == 5)
        #expect(field.programWrites == writesBefore, "the edit was written back into the field it came from")
    }
}

/// A control that counts the writes a program makes, apart from the user's edits.
final class CountingField: Control, @unchecked Sendable {
    // @unchecked: `stored` and `writes` are guarded by `lock`.
    private let lock = NSRecursiveLock()
    private var stored = 0
    private var writes = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<CountingField, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    var programWrites: Int { lock.withLock { writes } }

    var value: Int {
        get { lock.withLock { stored } }
        set {
            lock.withLock {
                stored = newValue
                writes += 1
            }
        }
    }

    func edit(_ newValue: Int) {
        lock.withLock { stored = newValue }
        sendActions(for: .valueChanged)
    }
}

/// A plain receiver that records every write, from any thread.
final class RecordingReceiver: @unchecked Sendable {
    // @unchecked: `values` is a Recorder, which locks.
    let values = Recorder<Int>()
    var value: Int {
        get { values.last ?? 0 }
        set { values.append(newValue) }
    }
}

/// A receiver whose setter queries Bindery; the converter that feeds it asks too.
final class LockProbe: @unchecked Sendable {
    // @unchecked: `state` is guarded by `lock` (NSLock is pthread-based, so the thread
    // sanitizer sees it); Bindery is called with it released.
    private let lock = NSLock()
    private var state = (value: 0, sawBinding: false)

    var sawBinding: Bool { lock.withLock { state.sawBinding } }

    var value: Int {
        get { lock.withLock { state.value } }
        set {
            lock.withLock { state.value = newValue }
            let bound = Bind.isBound(self)
            lock.withLock { state.sawBinding = bound }
        }
    }
}
