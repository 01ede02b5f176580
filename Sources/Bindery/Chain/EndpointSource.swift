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
    /// An `@Observable` object's property, heard through Observation: slot 0 of the
    /// registrar of the `ObservationSender` that re-reads it (see `Bind.in(observable:_:)`).
    /// The object itself has no registrar: its endpoints are found by object, as a plain
    /// object's are.
    case observation(_ChangeRegistrar)
}
