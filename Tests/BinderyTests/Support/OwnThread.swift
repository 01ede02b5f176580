import Foundation
import Testing

/// Runs a test on threads of its own rather than on the test pool's threads.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core. A test that
/// computes for a minute (the model checks) or blocks its thread (a semaphore, a process's output
/// read to its end, an exit test's back channel, which Swift Testing reads with a blocking call)
/// holds one of those threads all along; on a two-core machine two such tests at once leave no
/// thread for the quick async tests queued behind them (nor for the background work a main-actor
/// test awaits), which then exceed their time limits without having run. Under this trait the
/// test's task, and the child tasks it makes, prefer an executor that runs each job on a thread of
/// its own. The test is still the same task: its task locals (the current test, the scoped
/// diagnostics handler) and its issues are as usual, and main-actor code it awaits still runs on
/// the main actor.
struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor()) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThread {
    /// Runs the test (each test of a suite) on threads outside the test pool: for tests that
    /// compute for long or block their thread.
    static var ownThread: Self { Self() }
}

/// A task executor that runs each job on a new thread: a task's jobs run one after another, as
/// on any executor, and the child tasks of a group run at once, each on its own thread.
final class OwnThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Runs `body(0)` to `body(count - 1)` at once, each on a thread of its own, and returns when
/// every one has returned.
///
/// What `DispatchQueue.concurrentPerform` does for a race test, with threads that are not the
/// test pool's: concurrentPerform's helpers come from the pool, so while other tests keep it
/// busy its iterations run one after another on the calling thread (no race is tested), and
/// while they run they hold the pool's threads from the quick tests.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            body(index)
            finished.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    finished.wait()
}
