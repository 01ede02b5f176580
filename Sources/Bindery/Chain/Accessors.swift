// Layer 6 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Chain: the engine: chains, endpoints and
// their kinds, the registry, dispatch and delivery, declarations and the handle protocol. Names
// the layers below it; see README.md for an update's way through it.

/// The typed accessors of one endpoint, in terms of a chain's value type.
///
/// Built at bind time, inside the `@inlinable` DSL functions: an update calls them with no
/// cast, boxing or lookup. Immutable, so that one instance serves every endpoint that reads
/// and writes a property the same way: an endpoint holds one reference, and accessors that
/// depend on nothing but the property and the chain's type are made once per process (see
/// ``SharedAccessors``).
@usableFromInline
final class Accessors<Value> {
    /// Reads the endpoint's value from its object, converted to the chain's type; `nil` when
    /// the value cannot be read (an index out of range).
    @usableFromInline let read: ((AnyObject) -> Value?)?
    /// Writes a chain value into the object; `false` when it cannot (an index out of range).
    @usableFromInline let write: ((AnyObject, Value) -> Bool)?
    /// Per-endpoint change test run before a change propagates: `false` drops it (an array
    /// element that did not change). Stateful: it records the value it accepts.
    @usableFromInline let noteChange: ((Value) -> Bool)?
    /// Whether a declaration gave these conversions explicitly (a convert closure, a
    /// negation), rather than automatic conversion.
    @usableFromInline let isExplicit: Bool
    /// Whether the explicit conversion is a negation (`outNot`, `inoutNot`): the binding
    /// graph names it (see `Bind.graph()`).
    @usableFromInline let isNegated: Bool
    /// Whether these are kept for the life of the process by ``SharedAccessors``: then so are
    /// the conversions made from them (`retyped(to:)`).
    @usableFromInline let isShared: Bool
    /// What the key these are shared under names, kept alive with them (see
    /// ``SharedAccessors``): a `@Dynamic` property's accessor object, whose address is the key,
    /// so that no other object can take that address while the key is kept.
    @usableFromInline let owner: AnyObject?
    /// What a chain keeps as its value instead of the last one it carried, when the property
    /// can be read again for it (a list's elements: an empty array): keeping the array would
    /// make the list's next mutation copy it (see `ChainCore.chainValue`). Nil: the chain keeps
    /// its value.
    @usableFromInline let placeholder: Value?
    /// Where the property is stored in its object: a stored property's packed offset (see
    /// `StoredProperty.split(_:)`), or 0 when it is not known (a `@Dynamic` property, a
    /// computed one, a closure). Two endpoints on one object whose accessors know different
    /// locations are on different properties: a join check learns it without comparing key
    /// paths (see `Registry.endpointLocked(for:)`). Equal locations alone say nothing (a
    /// struct property and its first field share one); with the same type they name the same
    /// property (see `names(_:storedAt:)`).
    @usableFromInline let location: Int
    /// The key path of the property these read and write, which the endpoint that holds them
    /// answers as its own (`AnyEndpoint.keyPath`), so that an endpoint keeps no key path of its
    /// own: the accessors are what every endpoint on the property has in common. Accessors
    /// shared by a stored location and type (`SharedAccessors.stored`) serve every property
    /// stored at that place with that type, in any class: they keep the key path of the first
    /// they were made for, which stands for the others (it names the same stored field of any
    /// object that has the location, and has the same type), and they are compared by
    /// location (`names(_:storedAt:)`), never by key path.
    @usableFromInline let keyPath: AnyKeyPath

    @inlinable
    init(
        keyPath: AnyKeyPath,
        read: ((AnyObject) -> Value?)?,
        write: ((AnyObject, Value) -> Bool)?,
        noteChange: ((Value) -> Bool)? = nil,
        isExplicit: Bool = false,
        isNegated: Bool = false,
        isShared: Bool = false,
        owner: AnyObject? = nil,
        placeholder: Value? = nil,
        location: Int = 0
    ) {
        self.keyPath = keyPath
        self.read = read
        self.write = write
        self.noteChange = noteChange
        self.isExplicit = isExplicit
        self.isNegated = isNegated
        self.isShared = isShared
        self.owner = owner
        self.placeholder = placeholder
        self.location = location
    }

    /// Whether these accessors are on the property `keyPath` names, on the same object:
    /// `location` is where that property is stored (0 or nil when it is not a stored
    /// property, or not known), asked only when these know their own location.
    @inline(__always)
    func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?) -> Bool {
        if keyPath === self.keyPath { return true }
        guard self.location != 0 else { return keyPath == self.keyPath }
        return type(of: keyPath).valueType == type(of: self.keyPath).valueType && location() == self.location
    }

    /// These accessors after the endpoint was declared again with `declared`: explicit
    /// conversions stay unless the new declaration gives its own; otherwise a direction the
    /// endpoint lacked is filled in. A write travels with its change test (an array element's
    /// memo).
    func redeclared(with declared: Accessors) -> Accessors {
        var read = self.read, write = self.write, noteChange = self.noteChange
        // The explicit conversion kept is the new declaration's, if it gives one.
        let isNegated = declared.isExplicit ? declared.isNegated : self.isNegated
        if isExplicit && !declared.isExplicit {
            read = read ?? declared.read
            if write == nil {
                write = declared.write
                noteChange = declared.noteChange
            }
        } else {
            read = declared.read ?? read
            if declared.write != nil {
                write = declared.write
                noteChange = declared.noteChange
            }
        }
        return Accessors(
            keyPath: keyPath, read: read, write: write, noteChange: noteChange, isExplicit: declared.isExplicit || isExplicit,
            isNegated: isNegated, location: location)
    }

    /// The same accessors in terms of another chain value type, through automatic conversion;
    /// `nil` when a needed direction does not convert. Made once per type for shared
    /// accessors.
    @usableFromInline
    func retyped<Other>(to _: Other.Type) -> Accessors<Other>? {
        if Other.self == Value.self { return unsafeDowncast(self, to: Accessors<Other>.self) }
        guard isShared else { return converted(to: Other.self, isShared: false) }
        let key = (UInt(bitPattern: ObjectIdentifier(self)), UInt(bitPattern: ObjectIdentifier(Other.self)))
        if let kept = SharedAccessors.lookup(key) { return unsafeDowncast(kept, to: Accessors<Other>.self) }
        guard let made = converted(to: Other.self, isShared: true) else { return nil }
        return unsafeDowncast(SharedAccessors.keep(made, for: key), to: Accessors<Other>.self)
    }

    private func converted<Other>(to _: Other.Type, isShared: Bool) -> Accessors<Other>? {
        var convertedRead: ((AnyObject) -> Other?)?
        var convertedWrite: ((AnyObject, Other) -> Bool)?
        var convertedNote: ((Other) -> Bool)?
        if let read {
            guard let forward = Conversion.converter(from: Value.self, to: Other.self) else { return nil }
            convertedRead = { object in read(object).map { forward($0) } }
        }
        if write != nil || noteChange != nil {
            guard let backward = Conversion.converter(from: Other.self, to: Value.self) else { return nil }
            if let write { convertedWrite = { object, value in write(object, backward(value)) } }
            if let noteChange { convertedNote = { value in noteChange(backward(value)) } }
        }
        return Accessors<Other>(
            keyPath: keyPath, read: convertedRead, write: convertedWrite, noteChange: convertedNote, isExplicit: isExplicit,
            isNegated: isNegated, isShared: isShared, location: location)
    }
}
