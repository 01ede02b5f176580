/// The kind of a listener: something that hears a property after each set and never takes part
/// in the property's chains (a target-action, see `ActionRegistration`). It hears what the
/// property's own kind hears (one slot of a `@Dynamic` object, or a route through several), but
/// its endpoint is never found by a declaration, so it never joins, sends to or is written by
/// another chain, and it hears each set after the chains that carry the property on (see
/// `_ChangeRegistrar.addListener`). The listener's own chain is that endpoint and the
/// listener's block.
///
/// Made by `EndpointSpec.listening(to:)`.
final class ListenerKind: EndpointKind {
    /// How the property itself is heard.
    let heard: Hearing

    init(hearing heard: Hearing) {
        self.heard = heard
    }

    func lifetime(of object: AnyObject) -> _ChangeRegistrar? { heard.lifetime(of: object) }

    var notifierIsObject: Bool { heard.traits(lifetime: nil).notifierIsObject }

    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool { heard.traits(lifetime: lifetime).listensElsewhere }

    var hearsUnderLock: Bool { heard.traits(lifetime: nil).kept != nil }

    var joinsChains: Bool { false }

    func subscribeLocked(_ endpoint: Listener) { heard.subscribeLocked(endpoint) }

    func heardLocked(by endpoint: Listener, from registrar: _ChangeRegistrar?, slot: Int) {
        heard.traits(lifetime: nil).kept?.heardLocked(by: endpoint, from: registrar, slot: slot)
    }
}

extension EndpointSpec {
    /// Makes this endpoint a listener of what it heard: it hears the same changes, after the
    /// chains that carry them on, and never joins one.
    mutating func listening() {
        if case .none = hearing { return }
        hearing = .kind(ListenerKind(hearing: hearing))
    }
}
