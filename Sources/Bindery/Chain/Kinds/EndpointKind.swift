/// What kind of sender an endpoint is: how it hears that its value changed. One conforming
/// type per kind, each in its own file in this folder: a control's events
/// (`ControlEventsKind`), a key path across several `@Dynamic` objects (`DynamicRoute`), an
/// `@Observable` property heard through Observation or a computed property heard through its
/// derived value (`RelayKind`), a listener that hears a
/// property but never joins its chains (`ListenerKind`). The most common kind,
/// one slot of a `@Dynamic` object's registrar (`PropertyKind.swift`), is held inline by
/// `Hearing` rather than as an object, so that binding a property allocates nothing for it. A
/// receiver that hears nothing has no kind.
///
/// How an endpoint is read and written is its `Accessors`, made by the same DSL entry that
/// picks the kind (`EndpointSpec+Factories.swift`): through the accessors `@Dynamic`
/// generated, a stored property's address, or a key path (see `SharedAccessors`).
///
/// The engine asks a kind, with the graph lock held, to start listening for an endpoint
/// (listening stops through the endpoint's subscriptions, whatever the kind); a kind that must look at each
/// change under the lock before the chain hears it (`hearsUnderLock`) is kept by its endpoints
/// and asked again on each. Adding a kind is adding a conforming type and the DSL entry that
/// makes specs with it: nothing in the engine names a kind.
@usableFromInline
protocol EndpointKind: AnyObject, Sendable {
    /// The registrar whose deinit means `object` is gone, if this kind knows it; nil to have
    /// the engine ask the object's type. Called before the graph lock is taken (it may read a
    /// control's `eventCenter`, which is the control's code).
    func lifetime(of object: AnyObject) -> _ChangeRegistrar?
    /// Whether changes come from the object's own registrar, from its own setter, so that the
    /// object is alive while one is heard.
    var notifierIsObject: Bool { get }
    /// Whether the endpoint listens to another registrar than `lifetime`, the object's own:
    /// it then keeps its slots in its extras.
    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool
    /// Whether every change must be heard under the graph lock, after `heardLocked(by:from:slot:)`;
    /// otherwise changes go the lock-free way. An endpoint of such a kind keeps it.
    var hearsUnderLock: Bool { get }
    /// Whether a declaration of the same object and property finds this kind's endpoint and
    /// joins its chain; false for a listener, which also hears each change after the chains.
    var joinsChains: Bool { get }
    /// Starts listening for `endpoint`'s changes. Lock held.
    func subscribeLocked(_ endpoint: Listener)
    /// A change that `endpoint` heard (a record of a subscriber, see `Listener.record`), from
    /// `registrar`'s `slot` (nil and 0 when not from a registrar), before its chain decides about it. Lock
    /// held.
    func heardLocked(by endpoint: Listener, from registrar: _ChangeRegistrar?, slot: Int)
}

extension EndpointKind {
    @usableFromInline
    func lifetime(of object: AnyObject) -> _ChangeRegistrar? { nil }
    @usableFromInline
    var notifierIsObject: Bool { false }
    @usableFromInline
    func listensElsewhere(lifetime: _ChangeRegistrar?) -> Bool { false }
    @usableFromInline
    var hearsUnderLock: Bool { false }
    @usableFromInline
    var joinsChains: Bool { true }
    @usableFromInline
    func heardLocked(by endpoint: Listener, from registrar: _ChangeRegistrar?, slot: Int) {}
}

/// How an endpoint hears that its value changed: not at all, by one slot of a registrar
/// (`PropertyKind.swift`), or by any other kind. Made by the DSL entry that makes the
/// endpoint's spec. Not an optional: an enum of its own costs a bind no generic code to tell
/// the cases apart (the benchmark row bind-unbind).
@usableFromInline
enum Hearing: Sendable {
    /// It hears nothing: a receiver.
    case none
    /// One slot of a registrar: a `@Dynamic` stored property, or a ``Dynamic`` box's value.
    case slot(_ChangeRegistrar, Int)
    /// Any other kind.
    case kind(any EndpointKind)

    /// See `EndpointKind.lifetime(of:)`.
    func lifetime(of object: AnyObject) -> _ChangeRegistrar? {
        switch self {
        case .none: nil
        case .slot(let registrar, _): PropertyKind.lifetime(registrar)
        case .kind(let kind): kind.lifetime(of: object)
        }
    }

    /// See `EndpointKind.joinsChains`.
    var joinsChains: Bool {
        if case .kind(let kind) = self { return kind.joinsChains }
        return true
    }

    /// What a new endpoint takes from its kind: the kind itself if it hears every change under
    /// the lock (see `EndpointKind.hearsUnderLock`), whether changes come from the object's own
    /// setter (`notifierIsObject`), and whether it listens to another registrar than its
    /// lifetime's (`listensElsewhere(lifetime:)`) or to a slot too large for its record (see
    /// `EndpointRecord.largestInlineSlot`): either way its subscriptions are kept in its
    /// extras. One switch, asked once per bind.
    func traits(lifetime: _ChangeRegistrar?) -> (kept: (any EndpointKind)?, notifierIsObject: Bool, listensElsewhere: Bool) {
        switch self {
        case .none: (nil, false, false)
        // A slot too large for the record's word is kept with the others that do not fit.
        case .slot(_, let slot): (nil, PropertyKind.notifierIsObject, slot > EndpointRecord.largestInlineSlot)
        case .kind(let kind): (kind.hearsUnderLock ? kind : nil, kind.notifierIsObject, kind.listensElsewhere(lifetime: lifetime))
        }
    }

    /// The registrar and slot, if the endpoint hears one slot: two endpoints of one object at
    /// different slots of one registrar stand for different properties, told apart without
    /// comparing key paths.
    var slot: (registrar: _ChangeRegistrar, slot: Int)? {
        if case .slot(let registrar, let slot) = self { return (registrar, slot) }
        return nil
    }

    /// See `EndpointKind.subscribeLocked(_:)`. Generic, so that a bind's endpoint is
    /// subscribed to a slot with direct calls.
    func subscribeLocked(_ endpoint: Listener) {
        switch self {
        case .none: break
        case .slot(let registrar, let slot): PropertyKind.subscribeLocked(endpoint, registrar, slot: slot)
        case .kind(let kind): kind.subscribeLocked(endpoint)
        }
    }
}
