/// A small memo per thread in front of the process-wide bind-time memos (each a
/// `ProcessMemo`: `LifetimeReader`'s, `SharedAccessors`', `KeyPathEntries`'): a bind asks them
/// three or four questions per endpoint, and each process-wide answer costs a lock and the
/// reference counting of its table, which are atomic writes that threads binding at once
/// contend on. An answer this thread has had before is read here with no lock and no atomic
/// operation.
///
/// Set-associative: a key has a set of four places, and a newer answer takes the place of
/// the oldest in its set. An entry either names something the process-wide memo keeps for
/// the life of the process (a shared accessors object, a lifetime reader), or keeps what it
/// names (a key path memo's answer, which keeps its key path, so that no other key path can
/// take its address while the entry is here). Touched only by its own thread.
struct ThreadMemo {
    /// Which memo an entry answers for: keys of different memos never match each other.
    enum Family: UInt {
        case lifetimeReader = 1
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

    private static let ways = 4
    private static let sets = 64
    private static let capacity = ways * sets
    private let entries: UnsafeMutablePointer<Entry>
    /// Per set, the way the next new answer takes (the oldest).
    private let nextWay: UnsafeMutablePointer<UInt8>

    init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: Entry(), count: Self.capacity)
        nextWay = .allocate(capacity: Self.sets)
        nextWay.initialize(repeating: 0, count: Self.sets)
    }

    /// Releases what the entries keep and frees them; the memo is not used again.
    func destroy() {
        for position in 0..<Self.capacity { entries[position].kept?.release() }
        entries.deinitialize(count: Self.capacity)
        entries.deallocate()
        nextWay.deallocate()
    }

    /// The set of places `key` may be in.
    @inline(__always)
    private func set(of key: (UInt, UInt), _ family: Family) -> Int {
        let second = (key.1 &+ family.rawValue) &* UInt(truncatingIfNeeded: 0xC2B2_AE3D_27D4_EB4F as UInt64)
        let mixed = (key.0 &* AddressMap<Void>.multiplier) ^ second
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> (UInt.bitWidth / 2))) >> 8) & (Self.sets - 1)
    }

    /// The place holding `key`, if any.
    @inline(__always)
    private func place(of key: (UInt, UInt), _ family: Family, in set: Int) -> UnsafeMutablePointer<Entry>? {
        let first = entries + set * Self.ways
        for way in 0..<Self.ways {
            let entry = first + way
            if entry.pointee.family == family.rawValue, entry.pointee.key == key { return entry }
        }
        return nil
    }

    /// The answer remembered for `key` in `family`, or nil.
    @inline(__always)
    func value(_ family: Family, _ key: (UInt, UInt)) -> UInt? {
        place(of: key, family, in: set(of: key, family))?.pointee.value
    }

    /// Remembers `value` for `key` in `family`, keeping `kept` (retained here) while the entry
    /// is there.
    func set(_ value: UInt, _ family: Family, _ key: (UInt, UInt), keeping kept: AnyObject? = nil) {
        let set = set(of: key, family)
        let entry: UnsafeMutablePointer<Entry>
        if let found = place(of: key, family, in: set) {
            entry = found
        } else {
            let way = Int(nextWay[set])
            nextWay[set] = UInt8((way + 1) % Self.ways)
            entry = entries + set * Self.ways + way
        }
        let old = entry.pointee.kept
        entry.pointee = Entry(key: key, family: family.rawValue, value: value, kept: kept.map { Unmanaged.passRetained($0) })
        // Released last: a release may run a deinit, which finds the entry already replaced.
        old?.release()
    }

    /// The calling thread's memo.
    @inline(__always)
    static var current: ThreadMemo { ThreadState.current.pointee.memo }
}
