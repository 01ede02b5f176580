import Foundation
import Synchronization
import Testing
@testable import Bindery

/// The model check's multi-threaded mode: random two-way chains over thread-safe controls,
/// written from several threads at once, with filters and blocks. What must hold after the
/// threads are done (rules 3, 5, 10): every endpoint of a chain holds the same value,
/// one that was written and passed the filter; no block saw a rejected value; nothing released
/// was written. Each case runs under a watchdog that names its seed if it does not finish.
@Suite(.failOnUnexpectedDiagnostics) struct ThreadedModelCheckTests {
    static let cases = ProcessInfo.processInfo.environment["BINDERY_THREADED_CASES"].flatMap(Int.init) ?? 200
    static let firstSeed = ProcessInfo.processInfo.environment["BINDERY_MODEL_SEED"].flatMap(UInt64.init) ?? 1

    @Test("Rules 3, 5, 10: after concurrent writes every chain settles on one accepted value", .timeLimit(.minutes(5)))
    func concurrentWritesSettle() async {
        for offset in 0..<UInt64(Self.cases) {
            // Lets the other tests run on this thread between cases: the test pool has one
            // thread per core, and a long run that never yields starves the tests queued on it.
            await Task.yield()
            let seed = Self.firstSeed &+ offset
            let watchdog = Watchdog(seed: seed, seconds: 30)
            let failure = Self.runCase(seed: seed)
            watchdog.finish()
            if let failure {
                Issue.record("threaded model check failed for seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_THREADED_CASES=1): \(failure)")
                return
            }
        }
    }

    /// One case: 2–3 chains of 2–4 fields, 3 writer threads, one thread releasing a field.
    static func runCase(seed: UInt64) -> String? {
        var random = SplitMix64(seed: seed)
        let chainCount = Int.random(in: 2...3, using: &random)
        var fields: [[SafeField]] = []
        var blockLogs: [Recorder<Int>] = []
        let hasFilter = (0..<chainCount).map { _ in Bool.random(using: &random) }
        for chain in 0..<chainCount {
            let members = (0..<Int.random(in: 2...4, using: &random)).map { _ in SafeField() }
            let log = Recorder<Int>()
            var bound = Bind.inout(members[0], \.value, on: .valueChanged)
            for field in members.dropFirst() { bound = bound.inout(field, \.value, on: .valueChanged) }
            if hasFilter[chain] { bound = bound.filter { $0 % 7 != 3 } }
            bound.out("log\(chain)", initial: false) { (value: Int) in log.append(value) }
            fields.append(members)
            blockLogs.append(log)
        }
        // A field each chain can lose while it is being written.
        let doomed = SafeField()
        let doomedChain = Int.random(in: 0..<chainCount, using: &random)
        Bind.in(fields[doomedChain][0], \.value, on: .valueChanged).out(doomed, \.value)
        let writes = (0..<3).map { writer in
            (0..<300).map { step -> (chain: Int, field: Int, value: Int) in
                let chain = Int.random(in: 0..<chainCount, using: &random)
                return (chain, Int.random(in: 0..<fields[chain].count, using: &random), writer * 10_000 + step)
            }
        }
        let doomedBox = UncheckedBox(doomed as SafeField?)
        let allFields = fields
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 3 {
                doomedBox.value = nil    // released while the chains run
                return
            }
            for write in writes[thread] {
                allFields[write.chain][write.field].edit(write.value)
            }
        }
        for chain in 0..<chainCount {
            let values = fields[chain].map(\.value)
            guard Set(values).count == 1, let settled = values.first else {
                return "chain \(chain) ended unequal: \(values)"
            }
            let written = Set(writes.joined().filter { $0.chain == chain }.map(\.value))
            if !written.isEmpty, !written.contains(settled), settled != 0 {
                return "chain \(chain) settled on \(settled), which nobody wrote"
            }
            if hasFilter[chain], settled % 7 == 3 { return "chain \(chain) settled on \(settled), which its filter rejects" }
            if hasFilter[chain], let bad = blockLogs[chain].values.first(where: { $0 % 7 == 3 }) {
                return "chain \(chain)'s block saw \(bad), which its filter rejects"
            }
            if let last = blockLogs[chain].values.last, last != settled {
                return "chain \(chain)'s block last saw \(last), but the chain settled on \(settled)"
            }
        }
        if SafeField.writesAfterRelease.load(ordering: .relaxed) != 0 { return "a released field was written" }
        return nil
    }
}

/// A control whose value is behind a lock, so that the chain's writes and a user's edits from
/// other threads do not race.
final class SafeField: Control, @unchecked Sendable {
    // @unchecked: `stored` and `isReleased` are guarded by `lock`.
    static let writesAfterRelease = Atomic<Int>(0)
    private let lock = NSLock()
    private var stored = 0
    private var isReleased = false
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<SafeField, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    var value: Int {
        get { lock.withLock { stored } }
        set {
            lock.withLock {
                if isReleased { Self.writesAfterRelease.add(1, ordering: .relaxed) }
                stored = newValue
            }
        }
    }

    func edit(_ newValue: Int) {
        value = newValue
        sendActions(for: .valueChanged)
    }

    deinit {
        lock.withLock { isReleased = true }
    }
}

/// A reference handed to another thread once.
final class UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: set on one thread; the test joins before reading anything else.
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Crashes the test process, naming the seed, if a case runs longer than it may (a deadlock or
/// livelock would otherwise hang CI without saying which case).
final class Watchdog: @unchecked Sendable {
    // @unchecked: `done` is atomic.
    private let done = Atomic<Bool>(false)

    init(seed: UInt64, seconds: Int) {
        let thread = Thread { [self] in
            let deadline = Date().addingTimeInterval(TimeInterval(seconds))
            while Date() < deadline {
                if isFinished { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if !isFinished {
                fatalError("threaded model check: seed \(seed) did not finish in \(seconds) s (deadlock or livelock)")
            }
        }
        thread.start()
    }

    private var isFinished: Bool { done.load(ordering: .acquiring) }

    func finish() { done.store(true, ordering: .releasing) }
}
