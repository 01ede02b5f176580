/// An `@Observable` object's property, heard through Observation: slot 0 of the registrar of
/// the `ObservationSender` that re-reads it (see `Bind.in(observable:_:)`). The object itself
/// has no registrar (its endpoints are found by object, as a plain object's are), and is read
/// through the endpoint's `target`: the sender outlives nothing.
final class ObservationKind: EndpointKind {
    /// The sender's registrar.
    let registrar: _ChangeRegistrar

    init(registrar: _ChangeRegistrar) {
        self.registrar = registrar
    }

    /// An object that is also `@Dynamic` belongs to its own registrar, and listens to the
    /// sender's.
    @usableFromInline
    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool {
        lifetime.map { $0 !== registrar } ?? false
    }

    @usableFromInline
    func subscribeLocked(_ endpoint: AnyEndpoint) {
        endpoint.subscribeLocked(registrar, slot: 0)
    }
}
