/// Accessors that depend on nothing but a stored property's offset and type, made once and
/// shared by every endpoint on such a property whose chain carries the property's own type:
/// binding one allocates no closure (see <doc:Guarantees#Cost>).
///
/// The set of keys is bounded by the program's classes: one entry per (offset, type) pair
/// bound, kept for the life of the process.
@usableFromInline
enum SharedAccessors {
    /// The shared accessors of the stored property at `offset`, of type `Property`, made by
    /// `make` the first time they are asked for.
    ///
    /// - Parameters:
    ///   - offset: The property's offset in its object (see ``StoredProperty``).
    ///   - make: Makes them: a read and a write at `offset` that capture nothing else.
    @inlinable
    static func stored<Property>(at offset: Int, _ make: () -> Accessors<Property>) -> Accessors<Property> {
        let key = Key(offset: offset, type: ObjectIdentifier(Property.self))
        if let kept = lookup(key) { return unsafeDowncast(kept, to: Box<Property>.self).accessors }
        return unsafeDowncast(keep(Box(make()), for: key), to: Box<Property>.self).accessors
    }

    @usableFromInline
    struct Key {
        @usableFromInline let offset: Int
        @usableFromInline let type: ObjectIdentifier

        @inlinable
        init(offset: Int, type: ObjectIdentifier) {
            self.offset = offset
            self.type = type
        }

        /// The key as `AddressMap` takes it (an offset is never 0: the object's header is there).
        var words: (UInt, UInt) { (UInt(bitPattern: offset), UInt(bitPattern: type)) }
    }

    @usableFromInline
    final class Box<Property> {
        @usableFromInline let accessors: Accessors<Property>

        @inlinable
        init(_ accessors: Accessors<Property>) {
            self.accessors = accessors
        }
    }

    private static let cache = Cache()

    /// The table, behind its own lock (never the graph lock: specs are made before it is
    /// taken).
    private final class Cache: @unchecked Sendable {
        // @unchecked: `boxes` is read and written only with `lock` held.
        let lock = Lock()
        @exclusivity(unchecked) var boxes = AddressMap<AnyObject>()
    }

    @usableFromInline
    static func lookup(_ key: Key) -> AnyObject? {
        cache.lock.withLock { cache.boxes.value(for: key.words) }
    }

    /// Keeps `box` unless another thread kept one first; returns the one kept.
    @usableFromInline
    static func keep(_ box: AnyObject, for key: Key) -> AnyObject {
        cache.lock.withLock {
            if let kept = cache.boxes.value(for: key.words) { return kept }
            cache.boxes.set(box, for: key.words)
            return box
        }
    }
}
