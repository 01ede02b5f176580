import Dispatch

/// The main queue, the main actor's executor, for endpoints that ask for main-actor delivery.
enum MainQueue {
    #if canImport(Darwin)
    // Darwin's Dispatch overlay does not mark the key Sendable; it is immutable after creation.
    nonisolated(unsafe) private static let key = DispatchSpecificKey<UInt8>()
    #else
    private static let key = DispatchSpecificKey<UInt8>()
    #endif
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// Whether the caller runs on the main queue (on the main actor). Not the same as "on the
    /// process's first thread": on Linux the main queue may be drained by another thread.
    static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) != nil
    }

    /// Runs `work` on the main queue, after what is already there.
    static func enqueue(_ work: @escaping () -> Void) {
        let box = UncheckedWork(work: work)
        DispatchQueue.main.async { box.work() }
    }

    private struct UncheckedWork: @unchecked Sendable {
        // @unchecked: the work is handed to the main queue and run there once; it is never
        // shared between threads at the same time.
        let work: () -> Void
    }
}
