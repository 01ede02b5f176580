import Synchronization
import Testing
@testable import Bindery

/// The graph lock lets go of what a critical section buried only once it is released (rule 10:
/// no Bindery lock is held while user code runs, a deinit included), whether it buried an
/// object, a list of them, or another value that holds one.
@Suite(.failOnUnexpectedDiagnostics) struct GraphLockTests {
    /// Notes, from each probe's deinit, whether the graph lock was held.
    final class Record: Sendable {
        private let held = Mutex<[Bool]>([])
        var heldAtDeinit: [Bool] { held.withLock { $0 } }
        func note() { held.withLock { $0.append(GraphLock.shared.isHeldByCurrentThread) } }
    }

    /// Calls its record's `note()` from its deinit.
    final class Probe: Sendable {
        let record: Record
        init(_ record: Record) { self.record = record }
        deinit { record.note() }
    }

    @Test("Rule 10: what a critical section buries (objects, lists of them, other values) goes after the graph lock is released")
    func buriedGoesAfterTheLock() {
        let record = Record()
        GraphLock.shared.locked {
            GraphLock.shared.buryLocked(Probe(record))
            GraphLock.shared.buryLocked(contentsOf: [Probe(record), Probe(record)])
            GraphLock.shared.buryValueLocked([Probe(record)])
            GraphLock.shared.buryValueLocked((Probe(record), 1))
            // Nothing buried has gone yet.
            #expect(record.heldAtDeinit == [])
        }
        #expect(record.heldAtDeinit == [false, false, false, false, false])
    }

    @Test("Rule 10: a filter's captures go after the lock when its chain is unbound: their deinit may bind")
    func filterCapturesGoAfterTheLock() {
        let record = Record()
        let source = User(name: "a")
        let target = User(name: "b")
        let chain = Bind.in(source, \.name)
            .filter { [probe = Probe(record)] _ in withExtendedLifetime(probe) { true } }
            .out(target, \.name)
        source.name = "c"
        #expect(target.name == "c")
        chain.unbind()
        #expect(record.heldAtDeinit == [false])
    }
}
