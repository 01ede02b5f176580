#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex over `pthread_mutex_t`.
///
/// `Synchronization.Mutex` is futex-based on Linux and draws false thread-sanitizer reports
/// on this toolchain; a pthread mutex is understood by the sanitizer. The mutex lives in its
/// own allocation so that it never moves.
@usableFromInline
final class Lock: @unchecked Sendable {
    // @unchecked: the only state is the mutex itself.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "Bindery: pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the mutex. Pair with ``unlock()``; prefer ``withLock(_:)``.
    @inline(__always)
    func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the mutex taken by ``lock()``.
    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the mutex held. `body` must not call user code.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
