/// The registry's index of the endpoints on objects without a registrar (see
/// `Registry.State.byObject`): for each such object, the first of its endpoints, the others
/// following through `AnyEndpoint.nextListed`.
///
/// One word a bucket: open addressing with linear probing over the endpoints' names
/// themselves (`EndpointName`), each keyed by its object's address, which the endpoint keeps
/// (`AnyEndpoint.objectID`), so that
/// the table keeps no key of its own (a `Dictionary` from addresses kept two words a bucket:
/// about 13 bytes more per live chain of a plain receiver at 10,000 chains, 17 at a million, in
/// the "memory per live chain" benchmark row). Hashed with one multiplication, where
/// `ObjectIdentifier` runs the standard hasher: addresses are not chosen by an adversary, and a
/// multiplicative mix spreads them well. A removal shifts the entries after it back, so the
/// table has no tombstones and a probe ends at the first empty bucket.
///
/// Generic over what it indexes so that it can be tested alone; the registry's is of
/// `EndpointName`s.
///
/// An indexed endpoint is alive (its chain holds it while it is listed), and keeps its object's
/// address for as long as it exists. Guarded by the graph lock, as the registry's other state.
struct EndpointIndex<Entry: IndexedByObject> {
    /// The buckets, a power of two of them (or none), each an entry's word; 0 when empty.
    private var buckets: [UInt] = []
    /// How far a mixed address is shifted right to give a bucket: the word's width less the
    /// number of the buckets' bits.
    private var shift = UInt.bitWidth
    /// The number of objects indexed.
    private(set) var count = 0

    /// The first endpoint indexed for the object at `id`, if any; setting it replaces that
    /// object's entry (`newValue` must be an endpoint of the object at `id`) or, with nil,
    /// removes it.
    subscript(id: ObjectIdentifier) -> Entry? {
        get { position(of: id).map { Entry(indexWord: buckets[$0]) } }
        set {
            if let position = position(of: id) {
                if let newValue { buckets[position] = newValue.indexWord } else { remove(at: position) }
                return
            }
            guard let newValue else { return }
            assert(newValue.objectID == id, "Bindery: an endpoint was indexed under another object's address")
            insert(word: newValue.indexWord)
        }
    }

    /// The bucket that holds the object at `id`'s entry, if it has one.
    private func position(of id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        var position = home(of: id)
        while case let entry = buckets[position], entry != 0 {
            if Self.key(of: entry) == id { return position }
            position = (position + 1) & mask
        }
        return nil
    }

    /// Puts the entry whose word is `word` in the first empty bucket from its home; its object has no entry.
    private mutating func insert(word: UInt) {
        // At most three quarters full, so that a probe soon meets an empty bucket.
        if (count + 1) * 4 > buckets.count * 3 { resize(to: Swift.max(16, buckets.count * 2)) }
        let mask = buckets.count - 1
        var position = home(of: Self.key(of: word))
        while buckets[position] != 0 { position = (position + 1) & mask }
        buckets[position] = word
        count += 1
    }

    /// Empties the bucket at `position`, moving back each later entry of the run that may take
    /// the hole's place (one whose home is not between the hole and it).
    private mutating func remove(at position: Int) {
        let mask = buckets.count - 1
        var hole = position
        var next = (hole + 1) & mask
        while case let entry = buckets[next], entry != 0 {
            let home = home(of: Self.key(of: entry))
            let homeIsAfterHole = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !homeIsAfterHole {
                buckets[hole] = entry
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        count -= 1
    }

    private mutating func resize(to capacity: Int) {
        let old = buckets
        buckets = Array(repeating: 0, count: capacity)
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        count = 0
        for entry in old where entry != 0 { insert(word: entry) }
    }

    /// The bucket the object at `id` is first looked for in: the high bits of its address times
    /// an odd constant (the golden ratio's fraction), which the multiplication spreads best.
    private func home(of id: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: id) &* AddressMap<Void>.multiplier) >> UInt(shift))
    }

    /// The object address the entry whose word is `word` is indexed under.
    private static func key(of word: UInt) -> ObjectIdentifier {
        Entry(indexWord: word).objectID
    }
}

/// What an `EndpointIndex` indexes: a name of something that keeps the address it is indexed
/// under, one word that is never 0.
protocol IndexedByObject {
    /// The entry as a word, never 0.
    var indexWord: UInt { get }
    /// The entry a word it gave is.
    init(indexWord: UInt)
    /// The address of the object this is indexed under; the same for as long as it is indexed.
    var objectID: ObjectIdentifier { get }
}

extension EndpointName: IndexedByObject {
    var indexWord: UInt { word }

}

/// An object that keeps the address it is indexed under, indexed unretained (a test's entry).
protocol KeyedByObject: AnyObject {
    /// The address of the object this is indexed under.
    var objectID: ObjectIdentifier { get }
}

extension Unmanaged: IndexedByObject where Instance: KeyedByObject {
    var indexWord: UInt { UInt(bitPattern: toOpaque()) }

    init(indexWord: UInt) { self = .fromOpaque(UnsafeRawPointer(bitPattern: indexWord).unsafelyUnwrapped) }

    var objectID: ObjectIdentifier { _withUnsafeGuaranteedRef { $0.objectID } }
}
