import Foundation
import Testing
@testable import Bindery

/// The per-thread memo in front of the bind-time memos (rule 12: binding the same
/// property again asks no lock): it answers only what was set, per family, and keeps what an
/// entry names only while the entry is there (rule 1: nothing is kept for good).
@Suite(.failOnUnexpectedDiagnostics) struct ThreadMemoTests {
    private final class Kept {}

    /// Runs `body` on a thread of its own, with a memo of its own, and returns once the
    /// thread has ended (joined: its state's destructor has run, freeing its memo).
    private func onNewThread(_ body: @escaping () -> Void) {
        final class Work {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { raw in
            #if canImport(Darwin)
            let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
            #else
            let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
            #endif
            work.body()
            return nil
        }, work)
        #expect(status == 0)
        guard status == 0 else { return }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }

    @Test("Rule 12: an answer is found under its key and family only, and a newer one replaces it")
    func answersPerKeyAndFamily() {
        onNewThread {
            let memo = ThreadMemo.current
            #expect(memo.value(.lifetimeReader, (64, 1)) == nil)
            memo.set(7, .lifetimeReader, (64, 1))
            #expect(memo.value(.lifetimeReader, (64, 1)) == 7)
            #expect(memo.value(.sharedAccessors, (64, 1)) == nil)
            #expect(memo.value(.lifetimeReader, (64, 2)) == nil)
            #expect(memo.value(.lifetimeReader, (80, 1)) == nil)
            memo.set(9, .lifetimeReader, (64, 1))
            #expect(memo.value(.lifetimeReader, (64, 1)) == 9)
        }
    }

    @Test("Rule 1: what an entry keeps is released when newer answers take its place")
    func replacedEntriesReleaseWhatTheyKept() {
        onNewThread {
            weak var kept: Kept?
            do {
                let object = Kept()
                kept = object
                ThreadMemo.current.set(1, .keyPathAnswer, (16, 16), keeping: object)
            }
            #expect(kept != nil, "the entry keeps what it names")
            // Enough other keys that every place is taken by a newer answer.
            for key in 1...4_096 {
                ThreadMemo.current.set(2, .keyPathAnswer, (UInt(key) &* 32 &+ 48, 16))
            }
            #expect(ThreadMemo.current.value(.keyPathAnswer, (16, 16)) == nil)
            #expect(kept == nil)
        }
    }

    @Test("Rule 1: what a thread's memo keeps is released when the thread ends")
    func threadEndReleasesWhatWasKept() {
        weak var kept: Kept?
        onNewThread {
            let object = Kept()
            kept = object
            ThreadMemo.current.set(1, .keyPathAnswer, (16, 16), keeping: object)
        }
        #expect(kept == nil)
    }
}
