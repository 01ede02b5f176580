/// A control's events: heard through its event center's registrar, one slot per event (see
/// ``Control``). The control is read through the endpoint's `target`, never assumed alive: the
/// event center may outlive it.
final class ControlEventsKind: EndpointKind {
    let registrar: _ChangeRegistrar
    let events: ControlEvents

    init(registrar: _ChangeRegistrar, events: ControlEvents) {
        self.registrar = registrar
        self.events = events
    }

    /// The control's own registrar if it is also `@Dynamic` (as `Registry.lifetimeRegistrar(of:)`
    /// finds it), else its event center's, which the kind has already: the runtime is not
    /// asked whether the object is a control.
    @usableFromInline
    func lifetime(of object: AnyObject) -> _ChangeRegistrar? {
        let reader = LifetimeReader.of(type(of: object))
        return (reader.isDynamic ? reader.registrar(of: object) : nil) ?? registrar
    }

    /// A control that is also `@Dynamic` belongs to its own registrar, and listens to another.
    @usableFromInline
    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool {
        lifetime.map { $0 !== registrar } ?? false
    }

    @usableFromInline
    func subscribeLocked(_ endpoint: Listener) {
        var bits = events.rawValue
        while bits != 0 {
            endpoint.subscribeLocked(registrar, slot: bits.trailingZeroBitCount)
            bits &= bits - 1
        }
    }
}

extension ControlEventCenter {
    /// The endpoint kind that hears `events` here.
    func kind(hearing events: ControlEvents) -> ControlEventsKind {
        if let first = UnsafeRawPointer(bitPattern: firstKind.load(ordering: .acquiring)) {
            let kind = unsafeDowncast(Unmanaged<AnyObject>.fromOpaque(first).takeUnretainedValue(), to: ControlEventsKind.self)
            if kind.events == events { return kind }
            return ControlEventsKind(registrar: registrar, events: events)
        }
        let made = ControlEventsKind(registrar: registrar, events: events)
        let address = UInt(bitPattern: Unmanaged.passRetained(made).toOpaque())
        if !firstKind.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged {
            Unmanaged<ControlEventsKind>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        }
        return made
    }
}
