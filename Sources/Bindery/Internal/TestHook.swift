#if DEBUG
import Synchronization

/// Points where a test holds a thread, so that a race the engine must survive happens on
/// purpose, every run. Debug builds only: a release build has none of them.
enum TestHook {
    /// Runs, when set, on an update that took its chain without the lock and must make the
    /// chain's plan (`Decision.own`), just before it takes the lock to make it.
    static let beforeOwnPlan = Mutex<(@Sendable () -> Void)?>(nil)

    /// Runs the hook `point` holds, if any.
    static func run(_ point: borrowing Mutex<(@Sendable () -> Void)?>) {
        if let hook = point.withLock({ $0 }) { hook() }
    }
}
#endif
