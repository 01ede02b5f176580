/// An object's address as the registry's index keys it: hashed with one multiplication, where
/// `ObjectIdentifier` runs the standard hasher, seeding and finalising it on every bind and
/// unbind. Addresses are not chosen by an adversary, and are spread
/// well by a multiplicative mix, so the index needs no keyed hash.
struct ObjectAddress: Hashable {
    let id: ObjectIdentifier

    init(_ id: ObjectIdentifier) {
        self.id = id
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// What `Dictionary` asks for instead of `hash(into:)`: the standard library's hook for a
    /// key to hash itself without a `Hasher`. Mixed with the table's seed, then folded so that
    /// the high bits, which the multiplication spreads best, reach the low ones that pick a
    /// bucket.
    func _rawHashValue(seed: Int) -> Int {
        let mixed = (UInt(bitPattern: id) ^ UInt(bitPattern: seed)) &* AddressMap<Void>.multiplier
        return Int(bitPattern: mixed ^ (mixed >> (UInt.bitWidth / 2)))
    }
}
