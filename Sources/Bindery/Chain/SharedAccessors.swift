/// Accessors that depend on nothing but a property and the chain's type, made once and shared
/// by every endpoint on such a property: binding one allocates nothing for them (see
/// <doc:Guarantees#Cost>).
///
/// Kept by two-word keys, in three families that never collide:
/// - a `@Dynamic` property's: its generated accessor object's address, and a small variant
///   number (`dynamic(_:variant:)`);
/// - a stored property's: its offset with the variant in the top byte, and the property's
///   type (`stored(at:variant:)`);
/// - a conversion of shared accessors: their address, and the chain's type (see
///   `Accessors.retyped(to:)`).
///
/// The set of keys is bounded by the program's classes and the types they are bound with;
/// entries are kept for the life of the process, and so is everything their keys name.
@usableFromInline
enum SharedAccessors {
    /// Which accessors a key asks for: whether they write, and whether the declaration gave
    /// its conversion explicitly.
    @inlinable
    static func variant(writes: Bool, explicit: Bool) -> UInt {
        (writes ? 1 : 0) | (explicit ? 2 : 0)
    }

    /// The key of accessors over a `@Dynamic` property's generated accessor object, by its
    /// address: the accessors made under it keep the object alive (`Accessors.owner`), so no
    /// other object ever takes the address while the key is kept.
    @inlinable
    static func dynamic(_ accessor: AnyObject, variant: UInt) -> Key {
        (UInt(bitPattern: ObjectIdentifier(accessor)), 0x10 | variant)
    }

    /// The key of accessors over the stored property at `offset` (packed, with the references
    /// followed to reach it), of type `Property`: the same for every class with a property of
    /// that type there, so the accessors made under it keep the first key path as the one that
    /// stands for them all (see `Accessors.keyPath`).
    @inlinable
    static func stored<Property>(at offset: Int, _: Property.Type, variant: UInt) -> Key {
        (UInt(bitPattern: offset) | variant << (UInt.bitWidth - 8), UInt(bitPattern: ObjectIdentifier(Property.self)))
    }

    /// The accessors of a property in its own type, shared by every endpoint on it: through
    /// the direct accessors ``Dynamic()`` generated, or at a stored property's offset; nil
    /// when there are neither, or `writes` asks for a write the property does not have.
    @inlinable
    static func property<Root: AnyObject, Property>(
        direct: _PropertyAccessor<Root, Property>?, offset: Int?, keyPath: KeyPath<Root, Property>, writes: Bool, explicit: Bool
    ) -> Accessors<Property>? {
        let variant = variant(writes: writes, explicit: explicit)
        if let direct {
            guard !writes || direct.write != nil else { return nil }
            return accessors(for: dynamic(direct, variant: variant)) {
                // The accessor object is kept with them: its address is the key. (A generic
                // class's table, `Dynamic<Value>`'s, makes a new one each time it is asked.)
                Accessors(
                    keyPath: keyPath, read: direct.read, write: writes ? direct.write : nil, isExplicit: explicit, isShared: true, owner: direct,
                    placeholder: direct.placeholder)
            }
        }
        guard let packed = offset else { return nil }
        let key = stored(at: packed, Property.self, variant: variant)
        if let kept = lookup(key) { return unsafeDowncast(kept, to: Accessors<Property>.self) }
        return unsafeDowncast(keep(storedAccessors(packed, Property.self, keyPath: keyPath, writes: writes, explicit: explicit), for: key), to: Accessors<Property>.self)
    }

    /// New shared accessors at a stored property's packed offset (see
    /// `StoredProperty.split(_:)`), made once per property and type: for the object that holds
    /// the property, reached first through the `let`s on the way, if any (a receiver such as a
    /// cell's `\.title.text`).
    @inlinable
    static func storedAccessors<Property>(
        _ packed: Int, _: Property.Type, keyPath: AnyKeyPath, writes: Bool, explicit: Bool
    ) -> Accessors<Property> {
        let (offset, hops) = StoredProperty.split(packed)
        guard hops != 0 else {
            return Accessors(
                keyPath: keyPath, read: { object in StoredProperty.address(in: object, at: offset, as: Property.self).pointee },
                write: writes
                    ? { object, value in
                        StoredProperty.address(in: object, at: offset, as: Property.self).pointee = value
                        return true
                    }
                    : nil,
                isExplicit: explicit, isShared: true, location: packed)
        }
        return Accessors(
            keyPath: keyPath, read: { object in StoredProperty.address(in: StoredProperty.follow(hops, from: object), at: offset, as: Property.self).pointee },
            write: writes
                ? { object, value in
                    StoredProperty.address(in: StoredProperty.follow(hops, from: object), at: offset, as: Property.self).pointee = value
                    return true
                }
                : nil,
            isExplicit: explicit, isShared: true, location: packed)
    }

    /// The shared accessors for `key`, made by `make` (which must mark them shared) the
    /// first time they are asked for.
    @inlinable
    static func accessors<Property>(for key: Key, _ make: () -> Accessors<Property>) -> Accessors<Property> {
        if let kept = lookup(key) { return unsafeDowncast(kept, to: Accessors<Property>.self) }
        return unsafeDowncast(keep(make(), for: key), to: Accessors<Property>.self)
    }

    @usableFromInline
    typealias Key = (UInt, UInt)

    /// The table (see `ProcessMemo`).
    private static let memo = ProcessMemo<AnyObject>(family: .sharedAccessors)

    /// The accessors kept for `key`, if any.
    @usableFromInline
    static func lookup(_ key: Key) -> AnyObject? {
        memo.value(for: key)
    }

    /// Keeps `accessors` unless another thread kept some first; returns the ones kept.
    @usableFromInline
    static func keep(_ accessors: AnyObject, for key: Key) -> AnyObject {
        memo.keep(accessors, for: key)
    }
}
