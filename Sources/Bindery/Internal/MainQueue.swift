import Dispatch
import Synchronization

/// The main queue, the main actor's executor, for endpoints that ask for main-actor delivery.
enum MainQueue {
    /// The key that marks the main queue. Wrapped because not every Dispatch overlay marks
    /// `DispatchSpecificKey` Sendable: a `nonisolated(unsafe)` or a plain `let` each warns on
    /// one platform, and Bindery's sources must build without warnings everywhere.
    private struct Key: @unchecked Sendable {
        // @unchecked: the key is immutable after creation; Dispatch only compares its address.
        let key = DispatchSpecificKey<UInt8>()
    }

    private static let marker = Key()
    private static var key: DispatchSpecificKey<UInt8> { marker.key }
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// Whether the caller runs on the main queue (on the main actor). Not the same as "on the
    /// process's first thread": on Linux the main queue may be drained by another thread.
    ///
    /// On the process's first thread the answer is yes without asking Dispatch: code runs there
    /// either as the main queue's drain or as the top-level code that owns the main actor
    /// (`DispatchQueue.getSpecific` instantiates generic metadata on every call, about a
    /// microsecond). Elsewhere, the main queue's marker is asked for: on Linux the main queue is
    /// drained by another thread once the first one has called `dispatchMain()`.
    static var isCurrent: Bool {
        if ThreadState.current.pointee.isFirstThread { return true }
        _ = marked
        return DispatchQueue.getSpecific(key: key) != nil
    }

    /// How many works `enqueue` queued that have not finished yet.
    private static let unfinished = Atomic<Int>(0)

    /// Runs `work` on the main queue, after what is already there.
    static func enqueue(_ work: @escaping () -> Void) {
        let box = UncheckedWork(work: work)
        unfinished.add(1, ordering: .relaxed)
        DispatchQueue.main.async {
            box.work()
            unfinished.subtract(1, ordering: .releasing)
        }
    }

    /// Returns once every work queued before the call, and every work those queued in turn,
    /// has run: it waits behind them on the main queue until none is left.
    static func flush() async {
        repeat {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { done.resume() }
            }
        } while unfinished.load(ordering: .acquiring) > 0
    }

    private struct UncheckedWork: @unchecked Sendable {
        // @unchecked: the work is handed to the main queue and run there once; it is never
        // shared between threads at the same time.
        let work: () -> Void
    }
}
