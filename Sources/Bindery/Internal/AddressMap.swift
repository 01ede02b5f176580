// Layer 1 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Internal: locks (the graph lock), the
// thread's state, the main queue, memos, the diagnostics and every message, and the `Bind`
// namespace. Names no other folder; what it must call above it (the work at the end of a thread's
// dispatch, coalescing), it calls through what the layers above keep in `ThreadState`
// (`DispatchEndWork`).

/// A map from pairs of addresses (object identities, offsets) to values, for the bind-time
/// memo tables: open addressing with a multiplicative hash, so that a lookup does not seed and
/// finalise a hasher as a `Dictionary`'s does.
///
/// Entries are never removed one by one: a memo that must not grow without bound starts again
/// with `removeAll()`. A key of two zeros is reserved for empty buckets (no object, type or
/// key path has address zero, and callers never use it).
struct AddressMap<Value> {
    typealias Key = (UInt, UInt)

    private var keys: [Key] = []
    private var values: [Value?] = []
    private(set) var count = 0

    /// The value for `key`, if one was set.
    func value(for key: Key) -> Value? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var bucket = Self.bucket(of: key, mask: mask)
        while true {
            let found = keys[bucket]
            if found == key { return values[bucket] }
            if found == (0, 0) { return nil }
            bucket = (bucket + 1) & mask
        }
    }

    /// Sets the value for `key`, replacing the one there was.
    mutating func set(_ value: Value, for key: Key) {
        precondition(key != (0, 0), "Bindery: the empty key is reserved")
        // At most three quarters full, so that a probe soon meets an empty bucket.
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var bucket = Self.bucket(of: key, mask: mask)
        while keys[bucket] != (0, 0), keys[bucket] != key { bucket = (bucket + 1) & mask }
        if keys[bucket] == (0, 0) { count += 1 }
        keys[bucket] = key
        values[bucket] = value
    }

    mutating func removeAll() {
        self = AddressMap()
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != (0, 0) }
        let capacity = Swift.max(16, keys.count * 2)
        keys = Array(repeating: (0, 0), count: capacity)
        values = Array(repeating: nil, count: capacity)
        count = 0
        for (key, value) in old { set(value!, for: key) }
    }

    private static func bucket(of key: Key, mask: Int) -> Int {
        // Addresses are aligned, so their low bits say little: mix, then take the high bits.
        let mixed = (key.0 &* multiplier) ^ (key.1 &* UInt(truncatingIfNeeded: 0xC2B2_AE3D_27D4_EB4F as UInt64))
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) >> 16) & mask
    }

    /// An odd constant whose multiplication spreads an address's bits (the golden ratio's
    /// fraction), in a word of this platform's width.
    static var multiplier: UInt { UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64) }
}
