import Foundation
import Synchronization
import Testing
@testable import Bindery

/// Rules 7 and 10: a user's change races another thread declaring its endpoint again (a join
/// that names the chain's head replaces the head's endpoint). Every change must still reach the
/// whole chain: none is dropped because its endpoint was replaced while it was being heard.
@Suite(.failOnUnexpectedDiagnostics, .ownThread) struct ChainCoreJoinRaceTests {
    static let rounds = ProcessInfo.processInfo.environment["BINDERY_RACE_ROUNDS"].flatMap(Int.init) ?? 20
    static let edits = 2_000

    @Test("Rules 7, 10: edits of a chain's head while another thread joins visitors to it: every edit is delivered, once, in order", .timeLimit(.minutes(2)))
    func headEditedWhileJoined() {
        for round in 0..<Self.rounds {
            let head = SafeField(), other = SafeField()
            let seen = Recorder<Int>()
            Bind.inout(head, \.value, on: .valueChanged)
                .inout(other, \.value, on: .valueChanged)
                .out("seen", initial: false) { (value: Int) in seen.append(value) }
            let lastVisitor = UncheckedBox<SafeField?>(nil)
            let done = Atomic<Bool>(false)
            onThreads(2) { thread in
                if thread == 0 {
                    for value in 1...Self.edits { head.edit(value) }
                    done.store(true, ordering: .releasing)
                    return
                }
                // Joins until the edits are over: each join declares the head again.
                while true {
                    let visitor = SafeField()
                    Bind.inout(head, \.value, on: .valueChanged).inout(visitor, \.value, on: .valueChanged)
                    if done.load(ordering: .acquiring) {
                        lastVisitor.value = visitor
                        return
                    }
                    Bind.unbind(visitor)
                }
            }
            let values = seen.values
            let missing = values.count == Self.edits ? nil : Set(1...Self.edits).subtracting(values).sorted().prefix(5)
            #expect(values == Array(1...Self.edits), "round \(round): the block saw \(values.count) of \(Self.edits) edits; missing \(missing.map { Array($0) } ?? [])")
            #expect(head.value == Self.edits, "round \(round)")
            #expect(other.value == Self.edits, "round \(round)")
            #expect(lastVisitor.value?.value == Self.edits, "round \(round)")
            Bind.unbind(head)
        }
    }

    @Test(
        "Rules 5, 7, 10: two endpoints edited from two threads while a third joins visitors at the head: every accepted edit is delivered once, a rejected one is put back, and all end equal",
        .timeLimit(.minutes(2)), arguments: [false, true])
    func bothEndsEditedWhileJoined(filtered: Bool) {
        // Rejects the head's last edit (102,000): it must be put back, even if the head was
        // declared again while it was being dispatched.
        let passes = { @Sendable (value: Int) in !filtered || value % 7 != 3 }
        for round in 0..<Self.rounds {
            let head = SafeField(), other = SafeField()
            let seen = Counter()
            var chain = Bind.inout(head, \.value, on: .valueChanged).inout(other, \.value, on: .valueChanged)
            if filtered { chain = chain.filter(passes) }
            chain.out("seen", initial: false) { (_: Int) in seen.increment() }
            let lastVisitor = UncheckedBox<SafeField?>(nil)
            let finished = Atomic<Int>(0)
            onThreads(3) { thread in
                if thread < 2 {
                    let field = thread == 0 ? head : other
                    for step in 1...Self.edits { field.edit((thread + 1) * 100_000 + step) }
                    finished.add(1, ordering: .releasing)
                    return
                }
                while true {
                    let visitor = SafeField()
                    Bind.inout(head, \.value, on: .valueChanged).inout(visitor, \.value, on: .valueChanged)
                    if finished.load(ordering: .acquiring) == 2 {
                        lastVisitor.value = visitor
                        return
                    }
                    Bind.unbind(visitor)
                }
            }
            let values = [head.value, other.value, lastVisitor.value?.value ?? -1]
            let accepted = (1...2).map { writer in (1...Self.edits).count { passes(writer * 100_000 + $0) } }.reduce(0, +)
            let lastAccepted = (1...2).compactMap { writer in (1...Self.edits).reversed().first { passes(writer * 100_000 + $0) }.map { writer * 100_000 + $0 } }
            #expect(seen.value == accepted, "round \(round): \(seen.value) of \(accepted) accepted edits were delivered")
            #expect(Set(values).count == 1, "round \(round): ended unequal: \(values)")
            #expect(lastAccepted.contains(values[0]), "round \(round): settled on \(values[0]), not on a thread's last accepted edit \(lastAccepted)")
            Bind.unbind(head)
        }
    }
}
