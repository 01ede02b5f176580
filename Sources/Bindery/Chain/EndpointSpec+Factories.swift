// Spec factories used by the DSL. They build, at bind time, the typed closures an update
// calls: no dynamic cast, no boxing and no lookup happen per update, and no key path is
// applied generically (the Cost section of the Guarantees article). A property of a
// `@Dynamic` class is read and written through the direct accessors the macro generated; a
// stored property of any other class through its address (`StoredProperty`); only a key path
// through computed properties or observers is applied by the runtime (the compiler does not
// fold a key path captured by a closure into a direct access, even in inlined code).

extension EndpointSpec {
    /// An endpoint on a property: reads through `toChain`, writes through `fromChain`.
    ///
    /// - Parameter identity: `Property` is `Value` and no conversion is wanted: the endpoint
    ///   reads (and writes, if `writable` is given) with no converter, and `toChain` and
    ///   `fromChain` are not used.
    @inlinable
    static func property<Root: AnyObject, Property>(
        _ object: Root,
        _ keyPath: KeyPath<Root, Property>,
        writable: ReferenceWritableKeyPath<Root, Property>?,
        role: Role,
        toChain: ((Property) -> Value)?,
        fromChain: ((Value) -> Property)?,
        identity: Bool = false,
        explicit: Bool = true,
        negated: Bool = false
    ) -> EndpointSpec {
        let direct = DirectAccess.accessor(of: object, keyPath, Property.self)
        let offset = direct == nil ? StoredProperty.offset(of: keyPath) : nil
        // Automatic conversion between equal types: no converter call at all.
        let same = identity && Property.self == Value.self
        let reads = same || toChain != nil
        let writes = writable != nil && (same || fromChain != nil)
        var read: ((AnyObject) -> Value?)?
        var write: ((AnyObject, Value) -> Bool)?
        if same, let shared = SharedAccessors.property(direct: direct, offset: offset, keyPath: keyPath, writes: writes, explicit: explicit) {
            // The chain carries the property's own type: accessors shared by every endpoint on
            // the property, so that binding allocates nothing for them.
            return EndpointSpec(object: object, keyPath: keyPath, role: role, accessors: unsafeDowncast(shared, to: Accessors<Value>.self))
        }
        if reads {
            if let get = direct?.get {
                read = same
                    ? { object in unsafeBitCast(get(unsafeDowncast(object, to: Root.self)), to: Value.self) }
                    : { object in toChain!(get(unsafeDowncast(object, to: Root.self))) }
            } else if let offset {
                read = same
                    ? { object in unsafeBitCast(StoredProperty.address(in: object, atPacked: offset, as: Property.self).pointee, to: Value.self) }
                    : { object in toChain!(StoredProperty.address(in: object, atPacked: offset, as: Property.self).pointee) }
            } else {
                read = same
                    ? { object in unsafeBitCast(DirectAccess.readingUntracked { unsafeDowncast(object, to: Root.self)[keyPath: keyPath] }, to: Value.self) }
                    : { object in toChain!(DirectAccess.readingUntracked { unsafeDowncast(object, to: Root.self)[keyPath: keyPath] }) }
            }
        }
        if writes, let writable {
            if let set = direct?.set {
                write = same
                    ? { object, value in
                        set(unsafeDowncast(object, to: Root.self), unsafeBitCast(value, to: Property.self))
                        return true
                    }
                    : { object, value in
                        set(unsafeDowncast(object, to: Root.self), fromChain!(value))
                        return true
                    }
            } else if let offset {
                write = same
                    ? { object, value in
                        StoredProperty.address(in: object, atPacked: offset, as: Property.self).pointee = unsafeBitCast(value, to: Property.self)
                        return true
                    }
                    : { object, value in
                        StoredProperty.address(in: object, atPacked: offset, as: Property.self).pointee = fromChain!(value)
                        return true
                    }
            } else {
                write = same
                    ? { object, value in
                        unsafeDowncast(object, to: Root.self)[keyPath: writable] = unsafeBitCast(value, to: Property.self)
                        return true
                    }
                    : { object, value in
                        unsafeDowncast(object, to: Root.self)[keyPath: writable] = fromChain!(value)
                        return true
                    }
            }
        }
        return EndpointSpec(
            object: object, keyPath: keyPath, role: role,
            accessors: Accessors(keyPath: keyPath, read: read, write: write, isExplicit: explicit, isNegated: negated, location: offset ?? 0))
    }

    /// An endpoint on one element of an array property. Reads and writes out of range are
    /// reported and skipped (see <doc:Guarantees#Bad-input>); a change elsewhere in the array does not
    /// propagate.
    @inlinable
    static func element<Root: AnyObject, Element: Equatable>(
        _ object: Root,
        _ keyPath: KeyPath<Root, [Element]>,
        writable: ReferenceWritableKeyPath<Root, [Element]>?,
        index: Int,
        role: Role,
        toChain: ((Element) -> Value)?,
        fromChain: ((Value) -> Element)?
    ) -> EndpointSpec {
        let direct = DirectAccess.accessor(of: object, keyPath, [Element].self)
        let offset = direct == nil ? StoredProperty.offset(of: keyPath) : nil
        let load: (Root) -> Element?
        if let get = direct?.get {
            load = { root in
                let array = get(root)
                return array.indices.contains(index) ? array[index] : nil
            }
        } else if let offset {
            load = { root in
                let array = StoredProperty.address(in: root, atPacked: offset, as: [Element].self)
                return array.pointee.indices.contains(index) ? array.pointee[index] : nil
            }
        } else {
            load = { root in
                let array = DirectAccess.readingUntracked { root[keyPath: keyPath] }
                return array.indices.contains(index) ? array[index] : nil
            }
        }
        var read: ((AnyObject) -> Value?)?
        if let toChain {
            read = { object in load(unsafeDowncast(object, to: Root.self)).map { toChain($0) } }
        }
        var write: ((AnyObject, Value) -> Bool)?
        var noteChange: ((Value) -> Bool)?
        let initial = load(object)
        if let fromChain {
            // The memo holds the element as the chain last saw it, its own writes included, so
            // that a user's write of any other value propagates and a change elsewhere in the
            // array does not.
            let memo = ElementMemo<Element>(initial)
            if writable != nil, let offset {
                write = { object, value in
                    let array = StoredProperty.address(in: object, atPacked: offset, as: [Element].self)
                    guard array.pointee.indices.contains(index) else { return false }
                    let element = fromChain(value)
                    memo.record(element)
                    array.pointee[index] = element
                    return true
                }
            } else if let writable {
                write = { object, value in
                    let root = unsafeDowncast(object, to: Root.self)
                    guard root[keyPath: writable].indices.contains(index) else { return false }
                    let element = fromChain(value)
                    memo.record(element)
                    root[keyPath: writable][index] = element
                    return true
                }
            }
            noteChange = { value in memo.note(fromChain(value)) }
        }
        var spec = EndpointSpec(object: object, keyPath: keyPath, role: role, accessors: Accessors(keyPath: keyPath, read: read, write: write, noteChange: noteChange))
        spec.index = index
        if role.contains(.sends), initial == nil {
            spec.problem = Report.Problem.indexOutOfRange(index, count: object[keyPath: keyPath].count)
        }
        return spec
    }

    /// Records a conversion that does not exist, for the misuse report.
    @usableFromInline
    mutating func noteMissing(_ from: Any.Type, _ to: Any.Type) {
        guard problem == nil else { return }
        problem = Report.Problem.noConversion(from, to)
    }

    /// Remembers this spec's accessors, if they are shared ones, for the next
    /// `automatic(_:_:writable:role:initial:)` of the same property in the same chain type.
    @inlinable
    func remember(writes: Bool) {
        DirectAccess.remember(
            accessors, isShared: accessors.isShared, of: object, keyPath, chainType: Value.self,
            variant: SharedAccessors.variant(writes: writes, explicit: false))
    }

    /// An endpoint on an observable property or control property, converting automatically.
    @inlinable @inline(__always)
    static func automatic<Root: AnyObject, Property>(
        _ object: Root,
        _ keyPath: KeyPath<Root, Property>,
        writable: ReferenceWritableKeyPath<Root, Property>?,
        role: Role,
        initial: Bool = true
    ) -> EndpointSpec {
        // A property bound before in the chain's type: the accessors are found with its entry.
        if let kept = DirectAccess.rememberedAccessors(
            of: object, keyPath, chainType: Value.self, variant: SharedAccessors.variant(writes: writable != nil, explicit: false))
        {
            var spec = EndpointSpec(object: object, keyPath: keyPath, role: role, accessors: unsafeDowncast(kept, to: Accessors<Value>.self))
            spec.initial = initial
            return spec
        }
        return made(object, keyPath, writable: writable, role: role, initial: initial)
    }

    /// `automatic(_:_:writable:role:initial:)` when no accessors are remembered for the
    /// property in the chain's type: its first bind in that type, and every bind whose accessors
    /// are made anew (a converter that cannot be shared, a type bound after another).
    @inlinable
    static func made<Root: AnyObject, Property>(
        _ object: Root,
        _ keyPath: KeyPath<Root, Property>,
        writable: ReferenceWritableKeyPath<Root, Property>?,
        role: Role,
        initial: Bool
    ) -> EndpointSpec {
        // Equal types need no converter (and making one would allocate).
        let same = Property.self == Value.self
        if !same, var spec = converted(object, keyPath, writable: writable, role: role) {
            spec.remember(writes: writable != nil)
            spec.initial = initial
            return spec
        }
        let toChain = same ? nil : Automatic.into(Property.self, Value.self)
        let fromChain = same ? nil : Automatic.outOf(Value.self, Property.self)
        var spec = property(
            object, keyPath, writable: writable, role: role, toChain: toChain, fromChain: fromChain,
            identity: same, explicit: false)
        if !same, role.contains(.sends), toChain == nil { spec.noteMissing(Property.self, Value.self) }
        if !same, role.contains(.receives), fromChain == nil { spec.noteMissing(Value.self, Property.self) }
        if same { spec.remember(writes: writable != nil) }
        spec.initial = initial
        return spec
    }

    /// An endpoint on a property that converts automatically between the property's type and
    /// the chain's, through accessors made once per property and chain type (see
    /// ``SharedAccessors``); nil when there are none to share (a computed property) or a
    /// needed direction does not convert.
    @inlinable
    static func converted<Root: AnyObject, Property>(
        _ object: Root,
        _ keyPath: KeyPath<Root, Property>,
        writable: ReferenceWritableKeyPath<Root, Property>?,
        role: Role
    ) -> EndpointSpec? {
        let direct = DirectAccess.accessor(of: object, keyPath, Property.self)
        let offset = direct == nil ? StoredProperty.offset(of: keyPath) : nil
        guard let shared = SharedAccessors.property(direct: direct, offset: offset, keyPath: keyPath, writes: writable != nil, explicit: false),
              let accessors = shared.retyped(to: Value.self)
        else { return nil }
        return EndpointSpec(object: object, keyPath: keyPath, role: role, accessors: accessors)
    }

    /// Makes this endpoint hear `control`'s events.
    @usableFromInline
    mutating func listen(to control: some Control, on events: ControlEvents) {
        self.events = events
        let center = control.eventCenter
        hearing = .kind(center.kind(hearing: events))
        if events.isEmpty, problem == nil {
            problem = Report.Problem.noEvents
        }
        if !center.claim(for: control), problem == nil {
            problem = Report.Problem.foreignEventCenter
        }
    }
}

extension EndpointSpec {
    /// A receiver written through `transform`, and only when the transformed value differs
    /// from the property's: a key binding (`bindKey`). The property is read and written through
    /// its shared accessors, so nothing is applied generically per update.
    static func deduplicating<Root: AnyObject, Property: Equatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, transform: @escaping (Value) -> Property
    ) -> EndpointSpec {
        let own = EndpointSpec<Property>.property(
            object, keyPath, writable: keyPath, role: .receives, toChain: nil, fromChain: nil, identity: true)
        let read = own.accessors.read, write = own.accessors.write
        let accessors = Accessors<Value>(
            keyPath: keyPath,
            read: nil,
            write: { object, value in
                let new = transform(value)
                if let current = read?(object), current == new { return true }
                return write?(object, new) ?? false
            },
            isExplicit: true)
        return EndpointSpec(object: object, keyPath: keyPath, role: .receives, accessors: accessors)
    }
}
