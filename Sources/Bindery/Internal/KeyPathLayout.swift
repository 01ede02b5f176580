/// Reads the components of an instantiated key path object: which stored property (by offset),
/// which accessor (by its identity) and which optional step each one is. Read at bind time
/// only, never on an update.
///
/// Bindery needs two things Swift's key path API does not give: a stored property's offset
/// (see ``StoredProperty``) and the steps of an optional-chained path such as
/// `\App.session?.user.name`, which cannot be rebuilt from `\App.session` and `\Session.user`
/// with `appending` (the types do not line up) and so cannot be matched with `==`.
///
/// The layout is the runtime's (the constants of `shims/KeyPath.h`, part of Swift's stable ABI
/// on Apple platforms and the same on Linux): the object header, the KVC string pointer, then
/// the buffer, a 32-bit header padded to a word followed by the components. Each component is
/// a 32-bit header and a body; between two components sits the word-aligned metadata of the
/// type reached so far. Before the first use the reader is checked against a class whose
/// property offsets and accessors are known; if the check fails (a runtime that lays key paths
/// out differently) every read answers nil, and callers fall back to what `==` can do.
enum KeyPathLayout {
    /// One step of a key path, compared the way `AnyKeyPath.==` compares it: stored
    /// properties by offset, accessors by identity, optional steps by kind. Mutability, the
    /// end of the reference prefix and accessor pointers are not part of a step's identity.
    enum Component: Equatable {
        /// A stored property at `offset`, of a class (`inClass`) or a struct.
        case stored(offset: Int, inClass: Bool)
        /// A computed property (or one whose stored form is not visible), identified by the
        /// kind of identifier and its value. Arguments are not part of the identity: for a
        /// property they are the generic environment the key path was formed in (`\Self.name`
        /// in a non-final class's table carries `Self`); a subscript, whose arguments are its
        /// index, never matches a property.
        case computed(idKind: UInt32, id: UInt)
        /// `?`: the rest of the path is skipped when the value so far is nil.
        case optionalChain
        /// The implicit wrap of a non-optional result at the end of an optional chain.
        case optionalWrap
        /// `!`.
        case optionalForce
    }

    /// The components of `keyPath`, or nil when the layout is unknown or the key path has a
    /// component Bindery does not read (an unresolved reference).
    static func components(of keyPath: AnyKeyPath) -> [Component]? {
        guard isVerified else { return nil }
        return read(keyPath)
    }

    /// Calls `body` with each step of `keyPath` that is a stored property (its offset, whether
    /// it is in a class, whether it is a `var`), in order, while it returns true. Answers false
    /// when the layout is unknown, a step is anything but a stored property, or `body` stopped
    /// early. Does not allocate.
    static func forEachStoredStep(of keyPath: AnyKeyPath, _ body: (_ offset: Int, _ inClass: Bool, _ isMutable: Bool) -> Bool) -> Bool {
        guard isVerified else { return false }
        var understood = true
        let complete = walk(keyPath) { component, isMutable in
            guard case .stored(let offset, let inClass) = component, body(offset, inClass, isMutable) else {
                understood = false
                return false
            }
            return true
        }
        return complete && understood
    }

    /// The only component of `keyPath`, or nil when it has several or the layout is unknown.
    /// Does not allocate.
    static func singleComponent(of keyPath: AnyKeyPath) -> Component? {
        guard isVerified else { return nil }
        var single: Component?
        var count = 0
        let complete = walk(keyPath) { component, _ in
            count += 1
            single = component
            return count == 1
        }
        return complete && count == 1 ? single : nil
    }

    private static func read(_ keyPath: AnyKeyPath) -> [Component]? {
        var components: [Component] = []
        let complete = walk(keyPath) { component, _ in
            components.append(component)
            return true
        }
        return complete ? components : nil
    }

    /// Calls `body` with each component in order, and whether it is a mutable stored property
    /// (a `var`; false for every other kind), while it returns true; answers whether the whole
    /// buffer was read and understood.
    private static func walk(_ keyPath: AnyKeyPath, _ body: (Component, Bool) -> Bool) -> Bool {
        let word = MemoryLayout<Int>.size
        guard word == 8 else { return false }
        let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
        // Header (metadata and reference counts), then `_kvcKeyPathStringPtr`.
        let buffer = object + 3 * word
        let bufferHeader = buffer.load(as: UInt32.self)
        guard bufferHeader & 0x1F00_0000 == 0 else { return false }   // reserved bits
        let size = Int(bufferHeader & 0x00FF_FFFF)
        let start = buffer + word
        var position = 0
        while position < size {
            guard position + 4 <= size else { return false }
            let header = (start + position).load(as: UInt32.self)
            let payload = header & 0x00FF_FFFF
            let component: Component
            var length = 4
            var isMutable = false
            switch (header & 0x7F00_0000) >> 24 {
            case 1, 3:   // stored, in a struct or a class
                let offset = payload & 0x007F_FFFF
                isMutable = payload & 0x0080_0000 != 0
                switch offset {
                case 0...0x007F_FFFC:
                    component = .stored(offset: Int(offset), inClass: header & 0x7F00_0000 == 0x0300_0000)
                case 0x007F_FFFF:
                    guard position + 8 <= size else { return false }
                    let outOfLine = (start + position + 4).load(as: UInt32.self)
                    component = .stored(offset: Int(outOfLine), inClass: header & 0x7F00_0000 == 0x0300_0000)
                    length = 8
                default:
                    return false   // unresolved
                }
            case 2:   // computed
                length = 4 + 4 + 2 * word + (payload & 0x0040_0000 != 0 ? word : 0)
                if payload & 0x0008_0000 != 0 {
                    // Arguments: their size, their witnesses, then their bytes.
                    guard position + length + 2 * word <= size else { return false }
                    let arguments = (start + position + length).load(as: Int.self)
                    guard arguments >= 0, arguments <= size else { return false }
                    length += 2 * word + arguments
                }
                guard position + length <= size else { return false }
                let id = UInt(bitPattern: (start + position + 8).load(as: Int.self))
                component = .computed(idKind: payload & 0x0030_0000, id: id)
            case 4:   // optional
                switch payload {
                case 0: component = .optionalChain
                case 1: component = .optionalWrap
                case 2: component = .optionalForce
                default: return false
                }
            default:
                return false   // external: never in an instantiated key path
            }
            guard body(component, isMutable) else { return true }
            position += length
            if position < size {
                // The metadata of the type reached so far, word-aligned.
                position = (position + word - 1) / word * word + word
            }
        }
        return position == size
    }

    /// A class whose property offsets are known, to check the reader against.
    private final class Probe {
        var first = 0
        var second: String? = nil
        var computed: String? { second }
        let fixed = Leaf()
    }

    /// What `Probe.fixed` holds: a stored `var` reached through a `let`.
    private final class Leaf {
        var value = 0
    }

    /// Whether the reader finds the true offsets, and sees through an optional chain, on this
    /// runtime.
    private static let isVerified: Bool = {
        let probe = Probe()
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(probe).toOpaque())
        let first = withUnsafeMutablePointer(to: &probe.first) { UnsafeMutableRawPointer($0) - base }
        let second = withUnsafeMutablePointer(to: &probe.second) { UnsafeMutableRawPointer($0) - base }
        guard read(\Probe.first) == [.stored(offset: first, inClass: true)],
            read(\Probe.second) == [.stored(offset: second, inClass: true)],
            let computed = read(\Probe.computed), computed.count == 1,
            case .computed = computed[0],
            let chained = read(\Probe.computed?.count), chained.count == 4
        else { return false }
        let fixed = withUnsafeMutablePointer(to: &probe.fixed.value) { UnsafeMutableRawPointer($0) }
            - UnsafeMutableRawPointer(Unmanaged.passUnretained(probe.fixed).toOpaque())
        var through: [(Component, Bool)] = []
        guard walk(\Probe.fixed.value, { through.append(($0, $1)); return true }), through.count == 2,
            through[0].0 == read(\Probe.fixed)?.first, !through[0].1,
            through[1].0 == .stored(offset: fixed, inClass: true), through[1].1
        else { return false }
        // `computed`, `?`, `String.count`, then the wrap of the Int result.
        return chained[0] == computed[0] && chained[1] == .optionalChain && chained[3] == .optionalWrap
    }()
}
