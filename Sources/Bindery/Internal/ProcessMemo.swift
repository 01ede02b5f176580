/// A bind-time memo for the whole process: objects by a two-word key (addresses of classes,
/// key paths, accessors; offsets), in a table behind a lock of its own (never the graph lock:
/// specs are made before it is taken, and conversions are looked up with it held), with the
/// calling thread's `ThreadMemo` in front, so that an answer a thread has had before costs no
/// lock and no atomic operation.
///
/// A memo either keeps its values for the life of the process (its keys are bounded by the
/// program's classes and types), and the thread's memo names them without keeping them; or,
/// given a `limit`, starts again past that many entries (for keys made at run time), and the
/// thread's memo keeps what it names.
///
/// Values are handed to every thread that asks: they must be immutable (or change only
/// through atomics).
final class ProcessMemo<Value: AnyObject>: @unchecked Sendable {
    // @unchecked: `table` is read and written only with `lock` held; `family` and `limit` are
    // constants.
    typealias Key = (UInt, UInt)

    private let lock = Lock()
    @exclusivity(unchecked) private var table = AddressMap<Value>()
    private let family: ThreadMemo.Family
    private let limit: Int?

    /// - Parameters:
    ///   - family: The thread memo's family for this memo's keys.
    ///   - limit: Past this many entries the table starts again; nil to keep every entry.
    init(family: ThreadMemo.Family, limit: Int? = nil) {
        self.family = family
        self.limit = limit
    }

    /// Lends the value kept for `key` to `read`; nil when there is none.
    @inline(__always)
    func withValue<Result>(for key: Key, _ read: (Value) -> Result) -> Result? {
        let memo = ThreadMemo.current
        if let known = memo.value(family, key), let address = UnsafeRawPointer(bitPattern: known) {
            return Unmanaged<Value>.fromOpaque(address)._withUnsafeGuaranteedRef(read)
        }
        guard let found = lock.withLock({ table.value(for: key) }) else { return nil }
        remember(found, for: key, in: memo)
        return read(found)
    }

    /// The value kept for `key`, if any.
    @inline(__always)
    func value(for key: Key) -> Value? {
        withValue(for: key) { $0 }
    }

    /// Keeps `value` for `key` unless another thread kept one first; returns the one kept.
    func keep(_ value: Value, for key: Key) -> Value {
        // What the table lets go of when it starts again is released after the lock.
        var dropped = AddressMap<Value>()
        let kept = lock.withLock { () -> Value in
            if let kept = table.value(for: key) { return kept }
            if let limit, table.count >= limit { swap(&dropped, &table) }
            table.set(value, for: key)
            return value
        }
        _ = dropped
        remember(kept, for: key, in: ThreadMemo.current)
        return kept
    }

    private func remember(_ value: Value, for key: Key, in memo: ThreadMemo) {
        memo.set(UInt(bitPattern: Unmanaged.passUnretained(value).toOpaque()), family, key, keeping: limit == nil ? nil : value)
    }
}
