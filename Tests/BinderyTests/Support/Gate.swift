import Foundation

/// A one-way gate for async tests: ``wait()`` returns once ``open()`` has been called, from
/// any thread, before or after. No sleeps: a test waits for the event itself.
final class Gate: @unchecked Sendable {
    // @unchecked: `isOpen` and `waiting` are guarded by `lock`.
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init() {}

    /// Whether ``open()`` has been called.
    var opened: Bool { lock.withLock { isOpen } }

    /// Opens the gate: every waiter, and every later one, goes on.
    func open() {
        let released = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            isOpen = true
            defer { waiting = [] }
            return waiting
        }
        for waiter in released { waiter.resume() }
    }

    /// Returns once the gate is open.
    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let isOpen = lock.withLock { () -> Bool in
                if !self.isOpen { waiting.append(waiter) }
                return self.isOpen
            }
            if isOpen { waiter.resume() }
        }
    }
}

/// Opens a gate when it deinitialises: put it where a test wants to see something let go.
final class ReleaseWitness: Sendable {
    let released: Gate

    init(_ released: Gate) {
        self.released = released
    }

    deinit {
        released.open()
    }
}
