import Testing
@testable import Bindery

/// The process-wide bind-time memos (rule 12: binding a property bound before asks the
/// runtime nothing): the first value kept for a key is the one every caller gets, and a memo
/// that starts again past its limit lets its old values go, except those a thread's memo keeps.
@Suite(.failOnUnexpectedDiagnostics) struct ProcessMemoTests {
    private final class Thing {}

    @Test("Rule 12: the first value kept for a key is the one found, and the one a later keep returns")
    func firstKeptWins() {
        let memo = ProcessMemo<Thing>(family: .sharedAccessors)
        let first = Thing(), second = Thing()
        #expect(memo.value(for: (8, 3)) == nil)
        #expect(memo.keep(first, for: (8, 3)) === first)
        #expect(memo.keep(second, for: (8, 3)) === first)
        #expect(memo.value(for: (8, 3)) === first)
        #expect(memo.withValue(for: (8, 5)) { _ in true } == nil)
    }

    @Test("Rule 1: a memo with a limit starts again past it; what the thread's memo still names stays alive and found")
    func limitedMemoStartsAgain() {
        let memo = ProcessMemo<Thing>(family: .keyPathAnswer, limit: 1)
        weak var dropped: Thing?
        do {
            let first = Thing()
            dropped = first
            _ = memo.keep(first, for: (24, 7))
        }
        // The table starts again here: only this thread's memo keeps the first value.
        _ = memo.keep(Thing(), for: (40, 7))
        #expect(dropped != nil)
        #expect(memo.value(for: (24, 7)) === dropped)
        // Once newer answers take the thread memo's places, nothing keeps it.
        for key in 1...4_096 {
            ThreadMemo.current.set(2, .keyPathAnswer, (UInt(key) &* 32 &+ 56, 7))
        }
        #expect(dropped == nil)
    }
}
