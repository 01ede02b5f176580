/// The kind of a stored property of a `@Dynamic` object, or of a ``Dynamic`` box's value:
/// heard through one slot of the object's own registrar, which its setter notifies after each
/// store. Held inline, as `Hearing.slot`: binding a property allocates nothing for its kind.
enum PropertyKind {
    /// The object's own registrar.
    static func lifetime(_ registrar: _ChangeRegistrar) -> _ChangeRegistrar? { registrar }

    /// Changes come from the object's own setter.
    static var notifierIsObject: Bool { true }

    /// Listens to the property's slot.
    static func subscribeLocked(_ endpoint: Listener, _ registrar: _ChangeRegistrar, slot: Int) {
        endpoint.subscribeLocked(registrar, slot: slot)
    }
}
