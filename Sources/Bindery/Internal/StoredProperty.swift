@_spi(Reflection) import Swift

/// Where a class's stored property lives inside its instances, read off a key path once at
/// bind time, so that an update reads and writes the property directly instead of applying
/// the key path generically (see <doc:Guarantees#Cost>: on this toolchain a generic key-path write costs
/// about 115 ns and allocates; a direct store costs about 6 ns).
///
/// Only a key path of exactly one component naming a stored property of a class qualifies.
/// Swift builds every other key path (a computed property, a property with observers, an
/// overridable property of a non-final class, an optional chain, several components) from
/// accessor components, so those keep the generic path and its exact semantics.
///
/// The key path is read by ``KeyPathLayout``, which checks its reader against properties whose
/// addresses are known; if that check fails (a runtime that lays key paths out differently),
/// the generic path is used everywhere.
@usableFromInline
enum StoredProperty {
    /// The byte offset of the stored property `keyPath` names inside a `Root` instance, or nil
    /// when the key path is anything but one stored-property component of a class.
    ///
    /// - Parameter keyPath: A key path from a class.
    /// - Returns: The offset from the start of the instance.
    @usableFromInline
    static func offset<Root: AnyObject, Value>(of keyPath: KeyPath<Root, Value>) -> Int? {
        parse(keyPath)
    }

    /// ``offset(of:)`` for a key path whose types are not known statically.
    static func offset(ofAny keyPath: AnyKeyPath) -> Int? {
        parse(keyPath)
    }

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

    /// The offset of the one stored-property-of-a-class component of `keyPath`, if that is
    /// all it has.
    private static func parse(_ keyPath: AnyKeyPath) -> Int? {
        guard case .stored(let offset, inClass: true) = KeyPathLayout.singleComponent(of: keyPath) else { return nil }
        return offset
    }
}

extension StoredProperty {
    /// The address of the stored property at `offset` inside `object`.
    ///
    /// - Parameters:
    ///   - object: An instance of the class the offset was read for; the caller keeps it alive.
    ///   - offset: From ``offset(of:)``.
    ///   - type: The property's type.
    @inlinable @inline(__always)
    static func address<Value>(in object: AnyObject, at offset: Int, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset)
            .assumingMemoryBound(to: Value.self)
    }
}
