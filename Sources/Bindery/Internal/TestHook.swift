#if DEBUG
/// Points where a test holds a thread, so that a race the engine must survive happens on
/// purpose, every run. Debug builds only: a release build has none of them.
enum TestHook {
    /// Runs, when set, on an update that took its chain without the lock and must make the
    /// chain's plan (`Decision.own`), just before it takes the lock to make it.
    static let beforeOwnPlan = Point()

    /// One point: a hook that tests set and clear, run by the engine where it is placed.
    final class Point: @unchecked Sendable {
        // @unchecked: `hook` is guarded by `lock` (a pthread mutex: see `Lock`).
        private let lock = Lock()
        private var hook: (@Sendable () -> Void)?

        /// Sets the hook, or clears it with nil.
        func set(_ hook: (@Sendable () -> Void)?) {
            lock.withLock { self.hook = hook }
        }

        /// Runs the hook, if one is set, with the lock released.
        func run() {
            if let hook = lock.withLock({ hook }) { hook() }
        }
    }
}
#endif
