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
/// The key path's layout is the runtime's (the constants of `shims/KeyPath.h`). Before the
/// first use, the layout is checked against a property whose address is known; if that check
/// fails (a runtime that lays key paths out differently), the generic path is used everywhere.
@usableFromInline
enum StoredProperty {
    /// The byte offset of the stored property `keyPath` names inside a `Root` instance, or nil
    /// when the key path is anything but one stored-property component of a class.
    ///
    /// - Parameter keyPath: A key path from a class.
    /// - Returns: The offset from the start of the instance.
    @usableFromInline
    static func offset<Root: AnyObject, Value>(of keyPath: KeyPath<Root, Value>) -> Int? {
        guard isLayoutVerified else { return nil }
        return parse(keyPath)
    }

    /// ``offset(of:)`` for a key path whose types are not known statically.
    static func offset(ofAny keyPath: AnyKeyPath) -> Int? {
        guard isLayoutVerified else { return nil }
        return parse(keyPath)
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

    /// `_EachFieldOptions.classType`, spelled by value: the static is a `var`, which Swift 6
    /// does not let non-isolated code read.
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)

    /// Reads the layout of an instantiated key path object: the object header, the KVC string
    /// pointer, then the buffer (a 32-bit header padded to a word, then components).
    private static func parse(_ keyPath: AnyKeyPath) -> Int? {
        let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
        let buffer = object + 2 * MemoryLayout<Int>.size + MemoryLayout<Int>.size
        let bufferHeader = buffer.load(as: UInt32.self)
        let size = Int(bufferHeader & 0x00FF_FFFF)
        guard size == 4 || size == 8 else { return nil }
        let componentHeader = (buffer + MemoryLayout<Int>.size).load(as: UInt32.self)
        let classTag: UInt32 = 3
        guard (componentHeader & 0x7F00_0000) >> 24 == classTag else { return nil }
        let payload = componentHeader & 0x007F_FFFF
        switch payload {
        case 0...0x007F_FFFC where size == 4:
            return Int(payload)
        case 0x007F_FFFF where size == 8:
            return Int((buffer + MemoryLayout<Int>.size + 4).load(as: UInt32.self))
        default:
            return nil
        }
    }

    /// A class whose property addresses are known, to check the parser against.
    private final class Probe {
        var first = 0
        var second: String? = nil
    }

    /// Whether `parse` finds the true offsets on this runtime.
    private static let isLayoutVerified: Bool = {
        let probe = Probe()
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(probe).toOpaque())
        let first = withUnsafeMutablePointer(to: &probe.first) { UnsafeMutableRawPointer($0) - base }
        let second = withUnsafeMutablePointer(to: &probe.second) { UnsafeMutableRawPointer($0) - base }
        return parse(\Probe.first) == first && parse(\Probe.second) == second
            && parse(\Probe.second?.count) == nil
    }()
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
