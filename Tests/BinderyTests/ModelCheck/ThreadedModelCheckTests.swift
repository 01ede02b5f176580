import Foundation
import Synchronization
import Testing
@testable import Bindery

/// The model check's multi-threaded mode: random two-way chains over thread-safe controls,
/// written from several threads at once, with filters and blocks. What must hold after the
/// threads are done (rules 1, 3, 5, 10, 11):
/// - every endpoint of a chain holds the same value, and it is one thread's last accepted write
///   to that chain (each thread writes increasing values, so an older write that overtook a
///   lost newer one is seen);
/// - each block's last value, and each main-actor block's once the main queue has run, is the
///   settled value, and no block saw a value its filters reject;
/// - a receiver released while the chains run really dies (no strong reference outside the box)
///   and is not written after its death (a weak reference and a write log);
/// - no diagnostic is reported, on any thread.
/// A second mode has a thread bind and unbind endpoints and blocks of the running chains while
/// the others write. Each case has a time limit that names its seed.
@Suite(.failOnUnexpectedDiagnostics, .ownThread) struct ThreadedModelCheckTests {
    static let cases = ProcessInfo.processInfo.environment["BINDERY_THREADED_CASES"].flatMap(Int.init) ?? 200
    static let firstSeed = ProcessInfo.processInfo.environment["BINDERY_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    static let timeLimit: TimeInterval = ProcessInfo.processInfo.environment["BINDERY_CASE_SECONDS"].flatMap(TimeInterval.init).map { $0 * 1.5 } ?? 30

    @Test("Rules 1, 3, 5, 10, 11: after concurrent writes every chain settles on a thread's last accepted write", .timeLimit(.minutes(10)))
    func concurrentWritesSettle() async {
        await Self.runCases(churn: false)
    }

    @Test("Rules 1, 3, 7, 10, 11: binding and unbinding while other threads write loses no update", .timeLimit(.minutes(10)))
    func bindingWhileWritingSettles() async {
        await Self.runCases(churn: true)
    }

    static func runCases(churn: Bool, test: String = #function) async {
        let mode = churn ? "bind/unbind mode" : "write mode"
        print("threaded model check (\(mode)): seeds \(firstSeed)…\(firstSeed &+ UInt64(max(cases, 1) - 1)) (\(cases) cases)")
        for offset in 0..<UInt64(Self.cases) {
            // Lets the other tests run on this thread between cases: the test pool has one
            // thread per core, and a long run that never yields starves the tests queued on it.
            await Task.yield()
            let seed = Self.firstSeed &+ offset
            let rerun = "BINDERY_MODEL_SEED=\(seed) BINDERY_THREADED_CASES=1"
            CaseClock.shared.start("threaded model check (\(mode)) seed \(seed) (rerun: \(rerun))", limit: timeLimit, test: test)
            let failure = await Self.runCase(seed: seed, churn: churn, test: test)
            CaseClock.shared.finish(test: test)
            if let failure {
                let message = "threaded model check (\(mode)) failed for seed \(seed) (rerun: \(rerun)): \(failure)"
                Issue.record(Comment(rawValue: message))
                return
            }
        }
    }

    /// One case: 2–3 chains of 2–4 fields, 3 writer threads, and a fourth thread that releases a
    /// receiver of one chain (and, with `churn`, binds and unbinds endpoints and blocks).
    static func runCase(seed: UInt64, churn: Bool, test: String) async -> String? {
        var random = SplitMix64(seed: seed)
        let diagnostics = DiagnosticLog()
        let chainCount = Int.random(in: 2...3, using: &random)
        var fields: [[SafeField]] = []
        var blockLogs: [Recorder<Int>] = []
        var mainLogs: [Recorder<Int>] = []
        let filters: [[FilterKind]] = (0..<chainCount).map { _ in
            [FilterKind.notThreeModSeven, .notMultipleOfFive].filter { _ in Bool.random(using: &random) }
        }
        diagnostics.capture {
            for chain in 0..<chainCount {
                let members = (0..<Int.random(in: 2...4, using: &random)).map { _ in SafeField() }
                let log = Recorder<Int>()
                let mainLog = Recorder<Int>()
                var bound = Bind.inout(members[0], \.value, on: .valueChanged)
                for field in members.dropFirst() { bound = bound.inout(field, \.value, on: .valueChanged) }
                for filter in filters[chain] { bound = bound.filter { filter.passes(.int($0)) } }
                bound.out("log\(chain)", initial: false) { (value: Int) in log.append(value) }
                bound.out("main\(chain)", initial: false) { @MainActor (value: Int) in mainLog.append(value) }
                fields.append(members)
                blockLogs.append(log)
                mainLogs.append(mainLog)
            }
        }
        // A receiver each chain can lose while it is being written: nothing but the box holds it.
        let doomedChain = Int.random(in: 0..<chainCount, using: &random)
        let doomedBox = UncheckedBox<DoomedField?>(nil)
        diagnostics.capture { doomedBox.value = DoomedField.bound(to: fields[doomedChain][0]) }
        let doomedSerial = doomedBox.value!.serial
        let doomedWeak = WeakObject(doomedBox.value!)

        let writes = (0..<3).map { writer in
            (0..<300).map { step -> (chain: Int, field: Int, value: Int) in
                // The last writes of every thread race on chain 0, so that a change lost near
                // the end decides how the chain ends.
                let chain = step >= 270 ? 0 : Int.random(in: 0..<chainCount, using: &random)
                // Each thread's values increase: a later write is always a larger value.
                return (chain, Int.random(in: 0..<fields[chain].count, using: &random), (writer + 1) * 100_000 + step)
            }
        }
        let churnPlan = (0..<60).map { _ in
            (chain: Int.random(in: 0..<chainCount, using: &random), form: Int.random(in: 0..<4, using: &random))
        }
        let progress = Atomic<Int>(0)
        let visitors = Recorder<(chain: Int, field: SafeField)>()
        let allFields = fields
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            diagnostics.capture {
                guard thread == 3 else {
                    for write in writes[thread] {
                        allFields[write.chain][write.field].edit(write.value)
                        if thread == 0 { progress.add(1, ordering: .releasing) }
                    }
                    return
                }
                // A gate, not a sleep: release the receiver once writes are under way.
                while progress.load(ordering: .acquiring) < 50 { sched_yield() }
                doomedBox.value = nil
                guard churn else { return }
                for (index, step) in churnPlan.enumerated() {
                    let head = allFields[step.chain][0]
                    let visitor = SafeField()
                    let isLast = index >= churnPlan.count - chainCount
                    switch step.form {
                    case 0:
                        Bind.inout(head, \.value, on: .valueChanged).inout(visitor, \.value, on: .valueChanged)
                        if isLast { visitors.append((step.chain, visitor)) } else { Bind.unbind(visitor) }
                    case 1:
                        Bind.in(head, \.value, on: .valueChanged).out(visitor, \.value)
                        if isLast { visitors.append((step.chain, visitor)) } else { Bind.unbind(visitor, \.value) }
                    case 2:
                        let chain = Bind.inout(head, \.value, on: .valueChanged).out("visit\(index)") { (_: Int) in }
                        if !isLast { Bind.unbind(head, \.value, block: "visit\(index)") }
                        _ = chain
                    default:
                        // Declared again, as it is: a join of the chain with itself.
                        Bind.inout(head, \.value, on: .valueChanged)
                    }
                }
            }
        }
        // Let the main queue run what the main-actor blocks queued (the case's clock stopped
        // while the main actor is busy elsewhere).
        await CaseClock.shared.awaitMainActor(test: test)

        if let diagnostic = diagnostics.all.first { return "a diagnostic was reported: \(diagnostic)" }
        for chain in 0..<chainCount {
            let bystanders = visitors.values.filter { $0.chain == chain }.map(\.field)
            let values = (fields[chain] + bystanders).map(\.value)
            guard Set(values).count == 1, let settled = values.first else {
                return "chain \(chain) ended unequal: \(values) (the last \(bystanders.count) bound by the binding thread)"
            }
            let passes = { (value: Int) in filters[chain].allSatisfy { $0.passes(.int(value)) } }
            let lastAccepted = writes.map { $0.last { $0.chain == chain && passes($0.value) }?.value }
            let candidates = Set(lastAccepted.compactMap { $0 })
            if !candidates.isEmpty, !candidates.contains(settled) {
                return "chain \(chain) settled on \(settled), but each thread's last accepted write to it was \(lastAccepted): an update was lost"
            }
            if candidates.isEmpty, settled != 0 { return "chain \(chain) settled on \(settled), which nobody wrote and passed" }
            if let bad = blockLogs[chain].values.first(where: { !passes($0) }) {
                return "chain \(chain)'s block saw \(bad), which its filters \(filters[chain]) reject"
            }
            if let last = blockLogs[chain].last, last != settled {
                return "chain \(chain)'s block last saw \(last), but the chain settled on \(settled)"
            }
            if let last = mainLogs[chain].last, last != settled {
                return "chain \(chain)'s main-actor block last saw \(last), but the chain settled on \(settled)"
            }
        }
        if doomedWeak.object != nil { return "the released receiver is still alive: something retains it" }
        if !WriteLog.shared.isDead(doomedSerial) { return "the released receiver never died" }
        let deadWrites = WriteLog.shared.writesAfterDeath(among: [doomedSerial])
        if deadWrites > 0 { return "the released receiver was written \(deadWrites) time(s) after it died" }
        return nil
    }
}

/// A plain receiver to be released while its chain runs. Its value is atomic, so a write after
/// its death (into memory Bindery keeps) is logged by serial number rather than crashing.
final class DoomedField: @unchecked Sendable {
    // @unchecked: `stored` is atomic; `serial` is immutable.
    let serial = WriteLog.shared.serial()
    private let stored = Atomic<Int>(0)

    var value: Int {
        get { stored.load(ordering: .relaxed) }
        set {
            WriteLog.shared.wrote(serial)
            stored.store(newValue, ordering: .relaxed)
        }
    }

    /// A new field bound as a receiver of `field`'s chain; the caller holds the only reference.
    static func bound(to field: SafeField) -> DoomedField {
        let doomed = DoomedField()
        Bind.in(field, \.value, on: .valueChanged).out(doomed, \.value)
        return doomed
    }

    deinit { WriteLog.shared.died(serial) }
}

/// A reference handed to another thread once.
final class UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: set on one thread; the test joins before reading anything else.
    var value: Value
    init(_ value: Value) { self.value = value }
}
