import Foundation

/// What blocks, filters and converters saw, recorded from whichever thread the engine runs
/// them on (they are `@Sendable`, so a test cannot mutate a captured `var`).
final class Recorder<Element>: @unchecked Sendable {
    // @unchecked: `entries` is guarded by `lock` (NSLock is pthread-based, so the thread
    // sanitizer sees it).
    private let lock = NSLock()
    private var entries: [Element] = []

    init() {}

    /// Everything recorded, in order.
    var values: [Element] { lock.withLock { entries } }
    /// How many entries were recorded.
    var count: Int { lock.withLock { entries.count } }
    /// The last entry, if any.
    var last: Element? { lock.withLock { entries.last } }

    func append(_ element: Element) {
        lock.withLock { entries.append(element) }
    }

    func removeAll() {
        lock.withLock { entries.removeAll() }
    }
}

/// Counts runs of a block, filter or converter from any thread.
final class Counter: @unchecked Sendable {
    // @unchecked: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    init() {}

    var value: Int { lock.withLock { count } }

    func increment() {
        lock.withLock { count += 1 }
    }
}
