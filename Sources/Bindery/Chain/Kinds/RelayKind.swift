/// A sender heard through slot 0 of the registrar of another object that reads it and sends
/// what it read: an `@Observable` object's property, re-read by its `ObservationSender` when
/// Observation reports a change (see `Bind.in(observable:_:)`), or a computed property of a
/// `@Dynamic` class, evaluated by its derived value (see `ComputedProperty`). The endpoint's
/// object is read through its `target` as any property is; only the hearing is relayed.
final class RelayKind: EndpointKind {
    /// The registrar of the object that relays the changes (the sender, or the derived value).
    let registrar: _ChangeRegistrar

    init(registrar: _ChangeRegistrar) {
        self.registrar = registrar
    }

    /// The endpoint listens to the relay's registrar, not to its lifetime registrar (a
    /// `@Dynamic` object's own, or none for a plain `@Observable` object, found by object).
    @usableFromInline
    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool {
        lifetime.map { $0 !== registrar } ?? false
    }

    @usableFromInline
    func subscribeLocked(_ endpoint: Listener) {
        endpoint.subscribeLocked(registrar, slot: 0)
    }
}
