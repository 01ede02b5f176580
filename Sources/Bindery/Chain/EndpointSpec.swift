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
    /// How the endpoint hears that its value changed.
    @usableFromInline var hearing = Hearing.none
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
        lifetime = hearing.lifetime(of: object) ?? Registry.lifetimeRegistrar(of: object)
    }
}
