/// Whether an endpoint sends, receives or both.
@usableFromInline
struct Role: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8
    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The endpoint's changes propagate to the chain (`in`).
    @usableFromInline static let sends = Role(rawValue: 1)
    /// The endpoint is written by the chain (`out`).
    @usableFromInline static let receives = Role(rawValue: 2)
}

/// How an endpoint hears that its value changed.
@usableFromInline
enum EndpointSource {
    /// It does not: a receiver.
    case none
    /// A ``Dynamic()`` property: a slot of the object's registrar.
    case property(_ChangeRegistrar, slot: Int)
    /// A control: events of its event center.
    case events(_ChangeRegistrar, ControlEvents)
    /// A key path across several `@Dynamic` objects: every link is observed.
    case route(DynamicRoute)
}

/// Everything a DSL call knows about one endpoint, at bind time. Holds the object strongly
/// only while the bind runs.
@usableFromInline
struct EndpointSpec<Value> {
    @usableFromInline var object: AnyObject
    @usableFromInline var keyPath: AnyKeyPath
    @usableFromInline var events: ControlEvents = []
    @usableFromInline var index: Int?
    @usableFromInline var role: Role
    @usableFromInline var accessors: Accessors<Value>
    @usableFromInline var source: EndpointSource = .none
    @usableFromInline var initial = true
    @usableFromInline var delivery = Delivery.immediate
    /// Why this endpoint cannot be bound, for the misuse diagnostic (see <doc:Guarantees#Bad-input>).
    @usableFromInline var problem: String?
    /// The registrar whose deinit means the object is gone (a `@Dynamic` object's, a
    /// control's event center's), found before the graph lock is taken: reading a control's
    /// `eventCenter` runs its code.
    @usableFromInline var lifetime: _ChangeRegistrar? = nil

    @inlinable
    init(object: AnyObject, keyPath: AnyKeyPath, role: Role, accessors: Accessors<Value>) {
        self.object = object
        self.keyPath = keyPath
        self.role = role
        self.accessors = accessors
    }

    /// How diagnostics name the endpoint.
    var label: String { EndpointLabel.make(object, keyPath: keyPath, index: index, events: events) }

    /// Finds the registrar whose deinit means the object is gone. Call it before taking the
    /// graph lock: finding a control's registrar reads its `eventCenter`.
    ///
    /// Mutating, so that a caller can move its spec in, fill this in and move it out again; a
    /// method returning a new spec copied every field.
    mutating func findLifetime() {
        switch source {
        case .property(let registrar, _):
            // The `@Dynamic` object's own registrar.
            lifetime = registrar
        case .events(let registrar, _):
            // A control's: its own registrar if it is also `@Dynamic` (as in
            // `Registry.lifetimeRegistrar(of:)`), else its event center's, which the spec has
            // already, so the runtime is not asked whether the object is a control.
            let reader = LifetimeReader.of(type(of: object))
            lifetime = (reader.isDynamic ? reader.registrar(of: object) : nil) ?? registrar
        case .none, .route:
            lifetime = Registry.lifetimeRegistrar(of: object)
        }
    }
}

/// How diagnostics name an endpoint: `Type.property[index] on [events]`. Computed only when a
/// diagnostic is raised.
@usableFromInline
enum EndpointLabel {
    static func make(_ object: AnyObject, keyPath: AnyKeyPath, index: Int?, events: ControlEvents) -> String {
        make(type(of: object), keyPath: keyPath, index: index, events: events)
    }

    /// The label of an endpoint whose object may have gone: only its type is needed.
    static func make(_ type: AnyObject.Type, keyPath: AnyKeyPath, index: Int?, events: ControlEvents) -> String {
        var text = "\(type).\(name(of: keyPath, in: type))"
        if let index { text += "[\(index)]" }
        if !events.isEmpty { text += " on \(events)" }
        return text
    }

    /// The property's name as the user wrote it: from the `@Dynamic` table when it is there,
    /// else the stored property the key path addresses (found by offset in the class's
    /// metadata, so a property wrapper's backing storage or a neighbour of the same type is
    /// never named instead). A computed or nested property has no name Bindery can read; it
    /// is described by its type. Key paths are never printed: their description is
    /// `<computed 0x…>` for accessor-based paths, and it has crashed optimised builds on this
    /// toolchain.
    static func name(of keyPath: AnyKeyPath, in type: AnyObject.Type) -> String {
        if let dynamic = type as? any DynamicObject.Type, let name = DynamicRoute.name(of: keyPath, in: dynamic) {
            return name
        }
        if let offset = StoredProperty.offset(ofAny: keyPath), let field = StoredProperty.field(in: type, at: offset) {
            return field.name
        }
        return "(computed property of type \(Swift.type(of: keyPath).valueType))"
    }

    /// Why the property at `keyPath` of a `@Dynamic` class cannot be heard, in one phrase.
    @usableFromInline
    static func unobservable(_ keyPath: AnyKeyPath, in type: AnyObject.Type) -> String {
        if KeyPathLayout.components(of: keyPath)?.contains(.optionalForce) == true {
            return "it force-unwraps a link, which would trap while the link is nil; write ? instead of ! and the chain's value is nil while a link is"
        }
        if let offset = StoredProperty.offset(ofAny: keyPath), let field = StoredProperty.field(in: type, at: offset) {
            if !(field.declaredBy is any DynamicObject.Type) {
                return "'\(field.name)' is declared in \(field.declaredBy), which is not @Dynamic, so its sets are not reported; mark \(field.declaredBy) @Dynamic"
            }
            if _getSuperclass(field.declaredBy) is any DynamicObject.Type, !StoredProperty.declaresTrackedStorage(field.declaredBy) {
                return "'\(field.name)' is declared in \(field.declaredBy), a subclass of a @Dynamic class that is not marked @Dynamic itself, so its sets are not reported; mark \(field.declaredBy) @Dynamic too"
            }
            return "'\(field.name)' is marked @DynamicIgnored, so its sets are not reported; remove @DynamicIgnored to bind it as a sender"
        }
        return "it is not a stored property of a @Dynamic class (a computed or wrapped property, or a path through an object that is not @Dynamic), so its changes cannot be heard; bind the stored properties it is computed from"
    }
}
