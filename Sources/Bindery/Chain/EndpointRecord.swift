import Synchronization

/// What one chain member is, apart from the object that hosts it: its object, the registrar it
/// belongs to and listens to, its declarations, its write sequence, its events, role and
/// traits, and what the lock guards about its lists. Every endpoint object holds one
/// (`AnyEndpoint.record`) and asks it for all of that; the functions here use nothing but the
/// record, so that a host may hold more than one (see "Step 3, worked out" in the Chain
/// README). Noncopyable: it is the endpoint's state, kept in one place. Its host lets go of the
/// object's memory when it goes (`releaseMemory()`): a record has no deinit of its own, so that
/// a host's deinit does it with no call.
///
/// Immutable as a Swift value: every field is a `let`, and what changes is an atomic. The
/// record is held as one stored property, which Swift's access rules treat as one variable: if
/// a field that the lock guards were a `var`, a write of it under the lock and an update's read
/// of another field with no lock (`objectIfAlive`, `isDetached`) would be a conflicting access
/// to that one variable, which the thread sanitizer reports although no byte is shared. So the
/// fields the lock guards (`registrar`, `declarationAndSlot`, `flags`) are atomics
/// read and written with relaxed ordering, only with the graph lock held (`GraphLock`), which
/// orders them; on the platforms Swift runs on, a relaxed load or store is a plain one.
/// `detached` and `writtenSequence` are atomics that an update reads with no lock.
struct EndpointRecord: ~Copyable {
    // An endpoint is kept per member of every chain (see <doc:Guarantees#Cost>): what only some
    // endpoints need is in `extras`, what is fixed at bind time and fits in a bit is in
    // `traits`, what the lock guards and fits in a bit is in `flags`, one registrar field
    // serves as both the lifetime and the first slot listened to, the first declaration and
    // the first slot share a word, the role and a single event share a byte, and the small
    // fields are last, together, so that they share a word (56 bytes). The benchmark row
    // "memory per live chain" pays for this packing.

    /// The object, unretained: dereferenced by `target`, or directly only inside a
    /// notification that its own registrar sends from its own setter or event, where it is
    /// known to be alive.
    ///
    /// Unless `isWeak`, the record keeps the object's memory (not the object) allocated, as an
    /// unowned reference would (see `UnownedObject`), so that it can be tried after the object
    /// has gone.
    let object: Unmanaged<AnyObject>
    /// The lifetime registrar (`isMember`), the registrar of the first slot listened to
    /// (`listensFirst`), or both, which is nearly always so: a `@Dynamic` object's endpoint
    /// belongs to its object's registrar and listens to it. An endpoint whose first slot is on
    /// another registrar (a control that is also `@Dynamic` listens to its event center) keeps
    /// its slots in `extras`. Unretained; nil when neither. Two meanings in one field, told
    /// apart by `flags`: a measured trade, paid for in the "memory per live chain" benchmark
    /// row (a word per endpoint). Lock held.
    private let registrarWord = Atomic<Unmanaged<_ChangeRegistrar>?>(nil)
    /// What only some endpoints have; made with the endpoint, never replaced.
    let extras: AnyEndpoint.Extras?
    /// The endpoint's accessors, an `Accessors` of its chain's value, untyped here (see
    /// `Endpoint.accessors`); shared by every endpoint on the property. Retained.
    let accessors: AnyObject
    /// The word of the name (see `EndpointName`) the endpoint links to, or 0: until it is
    /// replaced, the next endpoint of the list of its object's endpoints it is in; once it is,
    /// the endpoint that took its place, whose host is retained by hand (see `AnyEndpoint.link`).
    /// Lock held.
    let link = Atomic<UInt>(0)
    /// The number of the first declaration that declared this endpoint, or 0 (see
    /// `declarations`), in the low `declarationBits` bits, and the first slot this endpoint
    /// listens to, if it `listensFirst` to `registrar`, in the bits above (see `firstSlot`).
    /// One word for two fields: a measured trade, paid for in the "memory per live chain"
    /// benchmark row (a declaration's number stays below 2^48, more than a process makes
    /// binding without a pause for years; a slot past 65,535 is listened to through
    /// `extras`). Lock held.
    private let declarationAndSlot = Atomic<UInt64>(0)
    /// The chain's write sequence number when its owner last wrote this endpoint (see
    /// `ChainCore.writeSequence`); 0 if never.
    let writtenSequence = Atomic<UInt32>(0)
    /// The role (see `role`) in the low two bits, and the control events the endpoint hears
    /// (see `events`) in the six above: 0 for none, the number of the one event's bit plus 1,
    /// or `eventsInExtras` for several.
    private let roleAndEvent: UInt8
    /// What the endpoint is, fixed when it is made, one bit each; and the record's place in its
    /// host (`place`).
    let traits: AnyEndpoint.Traits
    /// Set once the endpoint has left its chain, with the lock held and before the chain lets
    /// go of it. Atomic: an update reads it with no lock. Sequentially consistent: see
    /// `ChainCore.takeWithoutLock`.
    private let detached = Atomic<Bool>(false)
    /// What the lock guards about the endpoint's lists, one bit each (see `flags`).
    private let flagsWord = Atomic<UInt8>(0)

    /// The registrar field (see `registrarWord`). Lock held.
    private var registrar: Unmanaged<_ChangeRegistrar>? {
        @inline(__always) get { registrarWord.load(ordering: .relaxed) }
    }
    @inline(__always)
    private func setRegistrar(_ registrar: Unmanaged<_ChangeRegistrar>?) {
        registrarWord.store(registrar, ordering: .relaxed)
    }
    /// The bits of `declarationAndSlot` that hold the declaration's number.
    private static let declarationBits = 48
    private static let declarationMask: UInt64 = (1 << declarationBits) - 1
    /// The largest slot `declarationAndSlot` holds: a larger one is listened to in `extras`.
    static let largestInlineSlot = Int(UInt16.max)
    /// `roleAndEvent`'s code for several events, which `extras` keeps.
    private static let eventsInExtras: UInt8 = 63

    /// The first slot listened to (see `declarationAndSlot`). Lock held.
    private var firstSlot: Int {
        @inline(__always) get { Int(truncatingIfNeeded: declarationAndSlot.load(ordering: .relaxed) >> Self.declarationBits) }
    }
    /// The first declaration's number (see `declarationAndSlot`). Lock held.
    private var firstDeclaration: UInt64 {
        @inline(__always) get { declarationAndSlot.load(ordering: .relaxed) & Self.declarationMask }
    }
    @inline(__always)
    private func setFirstSlot(_ slot: Int) {
        let word = declarationAndSlot.load(ordering: .relaxed)
        declarationAndSlot.store(word & Self.declarationMask | UInt64(truncatingIfNeeded: slot) << Self.declarationBits, ordering: .relaxed)
    }
    @inline(__always)
    private func setFirstDeclaration(_ number: UInt64) {
        assert(number <= Self.declarationMask, "Bindery: a declaration's number past 2^48")
        let word = declarationAndSlot.load(ordering: .relaxed)
        declarationAndSlot.store(word & ~Self.declarationMask | number & Self.declarationMask, ordering: .relaxed)
    }

    /// Whether the endpoint sends, receives or both; fixed when it is made (an endpoint
    /// declared again with another role is replaced by a copy with both).
    var role: Role {
        @inline(__always) get { Role(rawValue: roleAndEvent & 3) }
    }

    /// The control events the endpoint hears (none but for a control's endpoint).
    var events: ControlEvents {
        @inline(__always) get {
            let code = roleAndEvent >> 2
            if code == 0 { return [] }
            if code == Self.eventsInExtras { return severalEvents }
            return ControlEvents(rawValue: 1 &<< UInt32(code &- 1))
        }
    }

    /// The events that `extras` keeps, when there are several.
    private var severalEvents: ControlEvents {
        @inline(never) get { extras?.events ?? [] }
    }

    /// `roleAndEvent` for `role` and `events`.
    @inline(__always)
    private static func roleAndEvent(_ role: Role, _ events: ControlEvents) -> UInt8 {
        role.rawValue & 3 | eventCode(events) << 2
    }

    /// The code `roleAndEvent` keeps for `events`.
    @inline(__always)
    private static func eventCode(_ events: ControlEvents) -> UInt8 {
        let bits = events.rawValue
        if bits == 0 { return 0 }
        return bits & (bits &- 1) == 0 ? UInt8(truncatingIfNeeded: bits.trailingZeroBitCount &+ 1) : eventsInExtras
    }

    /// Whether `flag` is set: a bit test, where `flags.contains` goes through the generic set
    /// algebra in an unoptimised build (the replacement walk asks at each step). Lock held.
    @inline(__always)
    func has(_ flag: AnyEndpoint.Flags) -> Bool {
        flagsWord.load(ordering: .relaxed) & flag.rawValue != 0
    }

    /// What the lock guards about the endpoint's lists. Lock held.
    var flags: AnyEndpoint.Flags {
        @inline(__always) get { AnyEndpoint.Flags(rawValue: flagsWord.load(ordering: .relaxed)) }
    }
    /// Turns `flag` on or off. Lock held.
    @inline(__always)
    func setFlag(_ flag: AnyEndpoint.Flags, _ isOn: Bool) {
        var flags = self.flags
        flags.set(flag, isOn)
        flagsWord.store(flags.rawValue, ordering: .relaxed)
    }

    // MARK: Making

    init<Value>(spec: borrowing EndpointSpec<Value>, accessors: consuming AnyObject, place: Int = 0) {
        self.accessors = accessors
        roleAndEvent = Self.roleAndEvent(spec.role, spec.events)
        object = Unmanaged.passUnretained(spec.object)
        var traits: AnyEndpoint.Traits = spec.initial ? .wantsInitial : []
        if spec.delivery == .mainActor { traits.insert(.onMainActor) }
        if spec.hearing.joinsChains { traits.insert(.joinsChains) }
        let found = spec.hearing.traits(lifetime: spec.lifetime)
        let kept = found.kept
        if kept != nil { traits.insert(.hearsUnderLock) }
        if found.notifierIsObject { traits.insert(.notifierIsObject) }
        let isWeak = !UnownedObject.isSupported(for: spec.object)
        if isWeak { traits.insert(.isWeak) }
        self.traits = traits.placed(at: place)
        // A derived value's sender endpoint keeps it alive (see `_ChangeRegistrar.keepsSendersObject`).
        let keepsObject = found.notifierIsObject && spec.lifetime?.keepsSendersObject == true
        if Self.needsExtras(weak: isWeak, kept: kept, index: spec.index, events: spec.events, listensElsewhere: found.listensElsewhere)
            || keepsObject
        {
            extras = AnyEndpoint.Extras(
                weakTarget: isWeak ? spec.object : nil, objectType: isWeak ? type(of: spec.object) : nil,
                kind: kept, index: spec.index, keptObject: keepsObject ? spec.object : nil, events: spec.events)
        } else {
            extras = nil
        }
        if !isWeak { UnownedObject.keepMemory(of: object) }
    }

    /// Takes over another record's identity fields for a retyped copy (see
    /// `AnyEndpoint.init(copying:wantsInitial:hearing:declaring:)`).
    init(
        copying other: borrowing EndpointRecord, accessors: AnyObject, wantsInitial: Bool?, hearing: Hearing, role: Role?,
        declaring added: Declaration?, place: Int = 0
    ) {
        self.accessors = accessors
        let events = other.events
        roleAndEvent = Self.roleAndEvent(role ?? other.role, events)
        object = other.object
        var declared = other.declarations
        if let added { declared.insert(added) }
        var traits = other.traits
        if let wantsInitial {
            if wantsInitial { traits.insert(.wantsInitial) } else { traits.remove(.wantsInitial) }
        }
        var kept = other.keptKind
        if kept == nil {
            let found = hearing.traits(lifetime: nil)
            if let kind = found.kept {
                kept = kind
                traits.insert(.hearsUnderLock)
            } else if found.notifierIsObject {
                traits.insert(.notifierIsObject)
            }
        }
        self.traits = traits.placed(at: place)
        if let extras = other.extras {
            self.extras = AnyEndpoint.Extras(
                weakTarget: extras.weakTarget, objectType: extras.objectType, kind: kept, index: extras.index,
                keptObject: extras.keptObject, events: extras.events)
        } else if kept != nil || !declared.more.isEmpty || Self.hearsLargeSlot(hearing) {
            extras = AnyEndpoint.Extras(weakTarget: nil, objectType: nil, kind: kept, index: nil)
        } else {
            extras = nil
        }
        declarations = declared
        if !traits.contains(.isWeak) { UnownedObject.keepMemory(of: object) }
    }

    /// Lets go of the object's memory that the record kept (see `object`): its host's deinit
    /// calls it, once.
    @inline(__always)
    func releaseMemory() {
        if !isWeak { UnownedObject.releaseMemory(of: object) }
    }

    /// Whether `hearing` is a slot too large for `declarationAndSlot`, listened to in `extras`.
    private static func hearsLargeSlot(_ hearing: Hearing) -> Bool {
        if case .slot(_, let slot) = hearing { return slot > largestInlineSlot }
        return false
    }

    /// Whether an endpoint for these needs `Extras`.
    private static func needsExtras(weak: Bool, kept: (any EndpointKind)?, index: Int?, events: ControlEvents, listensElsewhere: Bool) -> Bool {
        weak || kept != nil || index != nil || events.rawValue.nonzeroBitCount > 1 || listensElsewhere
    }

    // MARK: The object

    /// The object's type, for diagnostics (after the object has gone too): read from the header
    /// of the object's memory, which the record keeps (see `UnownedObject.type(of:)`); an
    /// object held weakly has it in `extras`.
    var objectType: AnyObject.Type {
        // An object held weakly always has `extras`; its memory is not kept, so it is never
        // read.
        if isWeak { return extras?.objectType ?? AnyObject.self }
        return UnownedObject.type(of: object)
    }

    /// The object, for writes and for reads outside a notification of its own; nil once it has
    /// gone (or begun to go), and once the endpoint has left its chain.
    @inline(__always)
    var target: AnyObject? {
        if isDetached { return nil }
        return objectIfAlive
    }

    /// The object, if it is still there, whether or not the endpoint is still in its chain:
    /// for reading a change the endpoint heard before it left (see
    /// `Endpoint.readForNotification`). The record keeps what it needs to try it either way.
    @inline(__always)
    var objectIfAlive: AnyObject? {
        if isWeak { return extras!.weakTarget }
        return UnownedObject.retainIfAlive(object)
    }

    /// The object, if it is still there. Lock held: the strong reference formed here is also
    /// kept until the lock is released, so that no deinit runs inside the critical section.
    @inline(never)
    func targetLocked() -> AnyObject? {
        guard let object = target else { return nil }
        GraphLock.shared.buryLocked(object)
        return object
    }

    /// Whether the object is still there. Lock held. An object held unowned is checked
    /// without retaining it (nothing to release, so nothing to keep until the lock is
    /// released); one held weakly as in `targetLocked()`.
    @inline(__always)
    func isAliveLocked() -> Bool {
        if isDetached { return false }
        if isWeak { return targetLocked() != nil }
        return UnownedObject.isAlive(object)
    }

    /// The object's address: the registry indexes endpoints by it. An object held by its
    /// memory keeps its address while the record exists; one held weakly may not (see
    /// `Registry.liveHeadLocked(of:)`).
    var objectID: ObjectIdentifier { object._withUnsafeGuaranteedRef { ObjectIdentifier($0) } }
    /// The array element this endpoint stands for, if any.
    var index: Int? { extras?.index }
    /// The endpoint's kind, if it keeps it (see `hearsUnderLock`).
    var keptKind: (any EndpointKind)? { extras?.kind }

    // MARK: Traits and flags

    /// Whether writes go to the main actor.
    var delivery: Delivery { traits.contains(.onMainActor) ? .mainActor : .immediate }
    /// Whether notifications come from the object's own registrar (so `object` is alive).
    var notifierIsObject: Bool { traits.contains(.notifierIsObject) }
    /// Whether it was declared to receive the chain's value when it joins (see
    /// <doc:Guarantees#Initial-value>); a merge respects it too.
    var wantsInitial: Bool { traits.contains(.wantsInitial) }
    /// Whether the object is held weakly (in `extras`): only an Objective-C object is (see
    /// `AnyEndpoint.isWeak`).
    var isWeak: Bool { traits.contains(.isWeak) }

    /// The record's place in its host: 0 for an endpoint's own record (a chain's head's is its
    /// chain's), 1 for a chain's second member (see `EndpointName`).
    @inline(__always)
    var place: Int { traits.place }
    /// Whether every change must be heard under the lock, by the endpoint's kind (its `extras`
    /// has it; see `EndpointKind.hearsUnderLock`).
    var hearsUnderLock: Bool { traits.contains(.hearsUnderLock) }
    /// Whether declarations find it, and it hears before the endpoints they do not (a
    /// listener's, see `EndpointKind.joinsChains`).
    var joinsChains: Bool { traits.contains(.joinsChains) }

    /// Whether the endpoint has left its chain (see `detached`; set by `setDetached(_:)`).
    var isDetached: Bool {
        @inline(__always) get { detached.load(ordering: .sequentiallyConsistent) }
    }

    /// Marks the endpoint as having left its chain, or not (a successor that takes its place
    /// anew). Lock held.
    func setDetached(_ isDetached: Bool) {
        detached.store(isDetached, ordering: .sequentiallyConsistent)
    }

    // MARK: Lifetime and subscriptions (graph lock held)

    /// The registrar whose deinit means this endpoint's object is gone, of which it is a
    /// member (see `_ChangeRegistrar.firstMember`); unretained. Lock held.
    var lifetime: Unmanaged<_ChangeRegistrar>? {
        get { flags.contains(.isMember) ? registrar : nil }
        nonmutating set {
            if let newValue {
                assert(
                    !flags.contains(.listensFirst) || registrar?.toOpaque() == newValue.toOpaque(),
                    "Bindery: an endpoint joined a registrar's members while listening to another first")
                setRegistrar(newValue)
                setFlag(.isMember, true)
            } else {
                setFlag(.isMember, false)
                if !flags.contains(.listensFirst) { setRegistrar(nil) }
            }
        }
    }

    /// The declarations that declared this endpoint (see `Declaration`): it leaves its chain
    /// when the last of them ends. The first is kept here, the others in `extras`, which an
    /// endpoint two declarations share always has (it is made anew for the second, see
    /// `init(copying:…)`), so that the common endpoint spends one word on them. Lock held.
    var declarations: DeclarationSet {
        get { DeclarationSet(first: firstDeclaration, more: extras?.moreDeclarations ?? []) }
        @inline(__always) nonmutating set {
            setFirstDeclaration(newValue.first)
            if let extras {
                extras.moreDeclarations = newValue.more
            } else {
                assert(newValue.more.isEmpty, "Bindery: an endpoint without extras was given a second declaration")
            }
        }
    }

    /// Whether every declaration that declared this endpoint is `first` or `second` (see
    /// `declarations`), read in place: the others are looked at only when there are any, so
    /// that a chain's unbind makes no set of its members' declarations. Lock held.
    func isDeclared(within first: Declaration, _ second: Declaration?) -> Bool {
        let number = firstDeclaration
        guard number == first.number || number == second?.number else { return false }
        guard let more = extras?.moreDeclarations, !more.isEmpty else { return true }
        return more.allSatisfy { $0 == first || $0 == second }
    }

    /// The registrar of the first slot this endpoint listens to (see `subscriptions`), or nil.
    /// Lock held.
    var firstListenedTo: Unmanaged<_ChangeRegistrar>? { flags.contains(.listensFirst) ? registrar : nil }

    /// Whether the endpoint listens to any slot. Lock held.
    var isListening: Bool {
        flags.contains(.listensFirst) || extras.map { !$0.moreSubscriptions.isEmpty } == true
    }

    /// The slots this endpoint listens to. Lock held.
    var subscriptions: Subscriber.Subscriptions {
        Subscriber.Subscriptions(
            first: firstListenedTo.map { Subscriber.Subscription(registrar: $0.takeUnretainedValue(), slot: firstSlot) },
            more: extras?.moreSubscriptions ?? [])
    }

    /// Starts listening to one more slot, without telling its registrar. Lock held.
    func append(_ subscription: Subscriber.Subscription) {
        let listened = Unmanaged.passUnretained(subscription.registrar)
        if !isListening, registrar == nil || registrar?.toOpaque() == listened.toOpaque(),
            subscription.slot >= 0, subscription.slot <= Self.largestInlineSlot
        {
            setRegistrar(listened)
            setFirstSlot(subscription.slot)
            setFlag(.listensFirst, true)
        } else {
            guard let extras else {
                assertionFailure("Bindery: an endpoint without extras listens to a second slot, or to a first one on another registrar than its lifetime's")
                return
            }
            extras.moreSubscriptions.append(subscription)
        }
    }

    /// Forgets every slot listened to, without telling the registrars. Lock held.
    func removeAllSubscriptions() {
        setFlag(.listensFirst, false)
        if !flags.contains(.isMember) { setRegistrar(nil) }
        if let extras, !extras.moreSubscriptions.isEmpty { extras.moreSubscriptions = [] }
    }

    /// Starts listening to `slot` of `registrar` as `listener` (the record's host and its
    /// place there). Lock held.
    func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int, as listener: Listener) {
        registrar.addListener(listener, slot: slot)
        append(Subscriber.Subscription(registrar: registrar, slot: slot))
    }

    /// Stops listening, as `listener`, to every slot. Lock held.
    func unsubscribeAllLocked(as listener: Listener) {
        // The first slot directly: nearly always the only one.
        if let registrar = firstListenedTo {
            registrar._withUnsafeGuaranteedRef { $0.removeListener(listener, slot: firstSlot) }
        }
        if let more = extras?.moreSubscriptions, !more.isEmpty {
            for subscription in more { subscription.registrar.removeListener(listener, slot: subscription.slot) }
        }
        removeAllSubscriptions()
    }

    /// Whether this endpoint certainly stands for another property than the one that `slot`
    /// hears, if any (the registrar named by its address, so that nothing is retained to
    /// compare it): both listen to one registrar, at different slots. Tells two key paths
    /// apart without comparing them (a comparison reads both paths' components). Lock held.
    @inline(__always)
    func observesOtherSlot(than slot: (registrar: UnsafeMutableRawPointer, slot: Int)?) -> Bool {
        guard let slot, let first = firstListenedTo else { return false }
        return first.toOpaque() == slot.registrar && firstSlot != slot.slot
    }
}
