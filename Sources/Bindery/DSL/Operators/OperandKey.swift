/// What a binding made by an operator keeps of its second endpoint (the one that is not the
/// chain's head), so that `transform` and `transformed(by:)` can declare it again with a
/// function: its key path, how it hears changes, and its object's identity. It holds no
/// reference to the object; the object is found again among the chain's live members.
///
/// Small structs behind a protocol, so that a handle stores one inline, without allocating.
@usableFromInline
protocol OperandKey<Property> {
    associatedtype Root: AnyObject
    associatedtype Property

    /// The identity of the endpoint's object.
    var objectID: ObjectIdentifier { get }
    /// The endpoint's key path.
    var keyPath: ReferenceWritableKeyPath<Root, Property> { get }
    /// The same, untyped.
    var anyKeyPath: AnyKeyPath { get }

    /// Makes `spec` hear the changes of `object` (the key's own object) when it sends.
    func hear<Value>(_ object: Root, into spec: inout EndpointSpec<Value>)
}

extension OperandKey {
    /// The endpoint as an operator first declares it: converted automatically when the
    /// conversion table has the pair. Otherwise it is a member of the chain (its object's
    /// lifetime counts) that reads and writes nothing until a transform is given, and nothing
    /// is reported: the transform is expected to follow.
    @inlinable
    func automaticSpec<Value>(on object: Root, role: Role, initial: Bool, delivery: Delivery) -> EndpointSpec<Value> {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: role, initial: initial)
        if spec.problem != nil {
            spec = .property(object, keyPath, writable: keyPath, role: role, toChain: nil, fromChain: nil)
            spec.initial = initial
        }
        if role.contains(.sends) { hear(object, into: &spec) }
        spec.delivery = delivery
        return spec
    }

    /// Writes `value` into `object` (the key's own object, alive) as a chain writes a
    /// receiver: through the property's shared accessors (a direct store, or the accessors
    /// `@Dynamic` generated), never applying the key path generically unless the property is
    /// computed. For what arrives outside a dispatch: an async transformer's result, a refused
    /// transformer's put-back.
    ///
    /// Outside delivery on purpose: the result arrives after the dispatch that started it has
    /// ended, and it is a write of this receiver alone, not a change of the chain (the chain's
    /// value stays its head's). The accessors come from the same per-property memo a bind
    /// uses (`EndpointSpec.property`); an async result, which waits for a task, affords it.
    func write(_ value: Property, into object: AnyObject) {
        let root = unsafeDowncast(object, to: Root.self)
        let spec = EndpointSpec<Property>.property(root, keyPath, writable: keyPath, role: .receives, toChain: nil, fromChain: nil, identity: true)
        _ = spec.accessors.write?(object, value)
    }

    /// The endpoint on `object` (the key's own object, alive), converted by the given
    /// functions. Inlined, so that it is specialised where the binding is declared.
    @inlinable
    func spec<Value>(
        on object: AnyObject, role: Role, initial: Bool, delivery: Delivery,
        toChain: ((Property) -> Value)?, fromChain: ((Value) -> Property)?
    ) -> EndpointSpec<Value> {
        let root = unsafeDowncast(object, to: Root.self)
        var spec = EndpointSpec<Value>.property(root, keyPath, writable: keyPath, role: role, toChain: toChain, fromChain: fromChain)
        spec.initial = initial
        if role.contains(.sends) { hear(root, into: &spec) }
        spec.delivery = delivery
        return spec
    }
}

/// A receiver on any class's writable property.
@usableFromInline
struct PropertyKey<Root: AnyObject, Property>: OperandKey {
    @usableFromInline let objectID: ObjectIdentifier
    @usableFromInline let keyPath: ReferenceWritableKeyPath<Root, Property>
    @usableFromInline var anyKeyPath: AnyKeyPath { keyPath }

    @inlinable
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>) {
        objectID = ObjectIdentifier(object)
        self.keyPath = keyPath
    }

    @inlinable
    func hear<Value>(_ object: Root, into spec: inout EndpointSpec<Value>) {}
}

/// A property of a `@Dynamic` object, heard through its change registrar.
@usableFromInline
struct DynamicKey<Root: DynamicObject, Property>: OperandKey {
    @usableFromInline let objectID: ObjectIdentifier
    @usableFromInline let keyPath: ReferenceWritableKeyPath<Root, Property>
    @usableFromInline var anyKeyPath: AnyKeyPath { keyPath }

    @inlinable
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>) {
        objectID = ObjectIdentifier(object)
        self.keyPath = keyPath
    }

    @inlinable
    func hear<Value>(_ object: Root, into spec: inout EndpointSpec<Value>) { spec.observe(object) }
}

/// A control's property, heard on the control's designated events (its user edits).
@usableFromInline
struct ControlKey<Root: Control, Property>: OperandKey {
    @usableFromInline let objectID: ObjectIdentifier
    @usableFromInline let keyPath: ReferenceWritableKeyPath<Root, Property>
    @usableFromInline var anyKeyPath: AnyKeyPath { keyPath }

    @inlinable
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>) {
        objectID = ObjectIdentifier(object)
        self.keyPath = keyPath
    }

    @inlinable
    func hear<Value>(_ object: Root, into spec: inout EndpointSpec<Value>) { spec.listen(to: object, on: Root.designatedEvents) }
}
