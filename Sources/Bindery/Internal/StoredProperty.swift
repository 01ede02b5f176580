@_spi(Reflection) import Swift

/// Where a class's stored property lives inside its instances, read off a key path once at
/// bind time, so that an update reads and writes the property directly instead of applying
/// the key path generically (see <doc:Guarantees#Cost>: on this toolchain a generic key-path write costs
/// about 115 ns and allocates; a direct store costs about 6 ns).
///
/// A key path qualifies when it names a stored property of a class, directly or through at
/// most two `let` properties of classes (`\Cell.title.text`, where `title` is a `let` holding a
/// plain object): those objects cannot change while the root lives, so the path is resolved
/// on each access by following their references, with no key path applied. Swift builds every
/// other key path (a computed property, a property with observers, an overridable property of
/// a non-final class, an `unowned` or `weak` reference, an optional chain) from accessor
/// components, and a `var` on the way may be replaced: those keep the generic path and its
/// exact semantics.
///
/// The key path is read by ``KeyPathLayout``, which checks its reader against properties whose
/// addresses are known; if that check fails (a runtime that lays key paths out differently),
/// the generic path is used everywhere.
@usableFromInline
enum StoredProperty {
    /// Where the stored property `keyPath` names lives, from a `Root` instance: its byte offset
    /// in the object that holds it, and the `let` references followed to reach that object
    /// (packed, see ``address(in:at:as:)``); nil when the key path does not qualify.
    ///
    /// - Parameter keyPath: A key path from a class.
    /// - Returns: An offset for ``address(in:at:as:)``.
    @usableFromInline
    static func offset<Root: AnyObject, Value>(of keyPath: KeyPath<Root, Value>) -> Int? {
        packedOffset(of: keyPath)
    }

    /// ``offset(of:)`` for a key path whose types are not known where it is asked (nil for a
    /// key path that does not start from a class).
    @usableFromInline
    static func packedOffset(of keyPath: AnyKeyPath) -> Int? {
        // The hops packed so far, and the step before the one being read: each step before the
        // last must be a `let` holding the object the next step is in.
        var hops = 0, count = 0
        var previous: (offset: Int, isMutable: Bool)?
        let understood = KeyPathLayout.forEachStoredStep(of: keyPath) { offset, inClass, isMutable in
            guard inClass else { return false }
            if let previous {
                guard !previous.isMutable, previous.offset + 1 < 1 << hopBits, count <= 2 else { return false }
                hops |= (previous.offset + 1) << ((count - 1) * hopBits)
            }
            previous = (offset, isMutable)
            count += 1
            return true
        }
        guard understood, let last = previous, last.offset < 1 << finalBits else { return nil }
        return last.offset | hops << finalBits
    }

    /// The byte offset of the stored property `keyPath` names inside a `Root` instance, when it
    /// is one stored-property component of a class (no references followed).
    static func offset(ofAny keyPath: AnyKeyPath) -> Int? {
        guard case .stored(let offset, inClass: true) = KeyPathLayout.singleComponent(of: keyPath) else { return nil }
        return offset
    }

    /// Bits of a packed offset that hold the property's own offset; above them, each reference
    /// followed takes `hopBits` (its offset plus one, so that 0 means none). Two hops and the
    /// variant byte `SharedAccessors` keeps above them fit in a word.
    @inlinable static var finalBits: Int { 20 }
    @inlinable static var hopBits: Int { 18 }

    /// The name, as declared, of the stored property at `offset` in instances of `type`, and
    /// the class that declares it; nil when no stored property sits there. Reads the class's
    /// metadata only: no user code runs (a `customMirror` would).
    static func field(in type: AnyClass, at offset: Int) -> (name: String, declaredBy: AnyClass)? {
        var found: (name: String, declaredBy: AnyClass)?
        var current: AnyClass? = type
        // Each class lists its superclasses' fields too; the last class that has the field
        // (walking up) declares it.
        while let owner = current {
            var name: String?
            _ = _forEachField(of: owner, options: classFields) { field, fieldOffset, _, _ in
                guard fieldOffset == offset else { return true }
                name = String(cString: field)
                return false
            }
            guard let name else { break }
            found = (name, owner)
            current = _getSuperclass(owner)
        }
        return found
    }

    /// Whether `type` itself (not a superclass) declares the storage of a property that
    /// `@Dynamic` tracks (`_$name`): true for a class marked `@Dynamic` with a tracked
    /// property, false for a plain subclass of one.
    static func declaresTrackedStorage(_ type: AnyClass) -> Bool {
        var offsets: [Int] = []
        _ = _forEachField(of: type, options: classFields) { name, offset, _, _ in
            let name = String(cString: name)
            if name.hasPrefix("_$"), name != "_$registrar" { offsets.append(offset) }
            return true
        }
        return offsets.contains { field(in: type, at: $0).map { ObjectIdentifier($0.declaredBy) == ObjectIdentifier(type) } ?? false }
    }

    /// `_EachFieldOptions.classType`, spelled by value: the static is a `var`, which Swift 6
    /// does not let non-isolated code read.
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)
}

extension StoredProperty {
    /// The address of the stored property at `offset` inside `object`.
    ///
    /// - Parameters:
    ///   - object: An instance of the class the offset was read for; the caller keeps it alive.
    ///   - offset: From ``offset(of:)``, with no references to follow (see ``split(_:)``).
    ///   - type: The property's type.
    @inlinable @inline(__always)
    static func address<Value>(in object: AnyObject, at offset: Int, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset)
            .assumingMemoryBound(to: Value.self)
    }

    /// The address of the stored property at a packed `offset` from `object`: through the
    /// `let`s it packs, if any, then at the property's own offset. For accessors made per
    /// binding; shared ones choose at bind time (see `SharedAccessors.storedAccessors`).
    @inlinable @inline(__always)
    static func address<Value>(in object: AnyObject, atPacked offset: Int, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        let (own, hops) = split(offset)
        return address(in: hops == 0 ? object : follow(hops, from: object), at: own, as: Value.self)
    }

    /// `object`'s property at `keyPath`: loaded at `packed` (the key path's ``offset(of:)``,
    /// found once by the caller) when there is one, else read through the key path.
    @inlinable
    static func value<Root: AnyObject, Value>(of object: Root, at keyPath: KeyPath<Root, Value>, packed: Int?) -> Value {
        guard let packed else { return object[keyPath: keyPath] }
        return address(in: object, atPacked: packed, as: Value.self).pointee
    }

    /// A packed offset from ``offset(of:)`` as the property's own offset, and the `let`
    /// references to follow first (0 when none; for ``follow(_:from:)``).
    @inlinable
    static func split(_ packed: Int) -> (offset: Int, hops: Int) {
        (packed & ((1 << finalBits) - 1), packed >> finalBits)
    }

    /// The object reached from `object` by following the `let` references `hops` packs.
    ///
    /// - Parameters:
    ///   - hops: From ``split(_:)``, not 0.
    ///   - object: An instance of the class the offset was read for; the caller keeps it alive,
    ///     and so the objects its `let`s hold.
    @inlinable
    static func follow(_ hops: Int, from object: AnyObject) -> AnyObject {
        var base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        var hops = hops
        while hops != 0 {
            // A strong reference to a class instance is the instance's address.
            base = (base + (hops & ((1 << hopBits) - 1)) - 1).load(as: UnsafeMutableRawPointer.self)
            hops >>= hopBits
        }
        return Unmanaged<AnyObject>.fromOpaque(base).takeUnretainedValue()
    }
}
