/// A small memo per thread in front of the process-wide bind-time memos (`PlainClasses`,
/// `SharedAccessors`, `KeyPathEntries`): a bind asks them three or four questions per
/// endpoint, and each process-wide answer costs a lock and the reference counting of its
/// table, which are atomic writes that threads binding at once contend on. An answer this
/// thread has had before is read here with no lock and no atomic operation.
///
/// Direct-mapped: a key has one place, and a newer answer takes the place of an older one.
/// An entry either names something the process-wide memo keeps for the life of the process
/// (a shared accessors object, a class), or keeps what it names (a key path memo's answer,
/// which keeps its key path, so that no other key path can take its address while the entry
/// is here). Touched only by its own thread.
struct ThreadMemo {
    /// Which memo an entry answers for: keys of different memos never match each other.
    enum Family: UInt {
        case plainClass = 1
        case sharedAccessors
        case keyPathAnswer
    }

    private struct Entry {
        var key: (UInt, UInt) = (0, 0)
        var family: UInt = 0
        /// The answer: an object's address, or a flag.
        var value: UInt = 0
        /// What the entry keeps, released when the entry is replaced or the thread ends.
        var kept: Unmanaged<AnyObject>?
    }

    private static let capacity = 256
    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: Entry(), count: Self.capacity)
    }

    /// Releases what the entries keep and frees them; the memo is not used again.
    func destroy() {
        for position in 0..<Self.capacity { entries[position].kept?.release() }
        entries.deinitialize(count: Self.capacity)
        entries.deallocate()
    }

    @inline(__always)
    private func place(of key: (UInt, UInt), _ family: Family) -> UnsafeMutablePointer<Entry> {
        let second = (key.1 &+ family.rawValue) &* UInt(truncatingIfNeeded: 0xC2B2_AE3D_27D4_EB4F as UInt64)
        let mixed = (key.0 &* AddressMap<Void>.multiplier) ^ second
        return entries + Int(truncatingIfNeeded: (mixed >> (UInt.bitWidth - 8)) & UInt(Self.capacity - 1))
    }

    /// The answer remembered for `key` in `family`, or nil.
    @inline(__always)
    func value(_ family: Family, _ key: (UInt, UInt)) -> UInt? {
        let entry = place(of: key, family)
        guard entry.pointee.family == family.rawValue, entry.pointee.key == key else { return nil }
        return entry.pointee.value
    }

    /// Remembers `value` for `key` in `family`, keeping `kept` (retained here) while the entry
    /// is there.
    func set(_ value: UInt, _ family: Family, _ key: (UInt, UInt), keeping kept: AnyObject? = nil) {
        let entry = place(of: key, family)
        let old = entry.pointee.kept
        entry.pointee = Entry(key: key, family: family.rawValue, value: value, kept: kept.map { Unmanaged.passRetained($0) })
        // Released last: a release may run a deinit, which finds the entry already replaced.
        old?.release()
    }

    /// The calling thread's memo.
    @inline(__always)
    static var current: ThreadMemo { ThreadState.current.pointee.memo }
}
