import Synchronization

/// A member of a chain: an object (held weakly or unowned, see `isWeak`), a key path, and
/// optionally control events or an array index, with a role. Untyped part; ``Endpoint`` adds
/// the chain's value type.
///
/// Every stored `var` here is guarded by the graph lock (`GraphLock`).
@usableFromInline
class AnyEndpoint: Subscriber {
    // An endpoint is kept per member of every chain (see <doc:Guarantees#Cost>): what only some
    // endpoints need is in `extras`, what is fixed at bind time and fits in a bit is in
    // `traits`, what the lock guards and fits in a bit is in `flags`, one registrar field
    // serves as both the lifetime and the first slot listened to, and the small fields are
    // last, together, so that they share words. The benchmark row "memory per live chain"
    // pays for this packing. The key path is not kept here: an endpoint of a chain answers its
    // accessors' (`Accessors.keyPath`), which every endpoint on the property shares.

    /// The key path of the endpoint's property (for a property whose accessors are shared by
    /// its stored location, one to the same place of the same type, see `Accessors.keyPath`):
    /// for diagnostics, snapshots and `names(_:storedAt:)`, never for an update.
    var keyPath: AnyKeyPath { fatalError("abstract") }
    /// The object's type, for diagnostics (after the object has gone too): read from the header
    /// of the object's memory, which the endpoint keeps (see `UnownedObject.type(of:)`); an
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
    final override var target: AnyObject? {
        if isDetached { return nil }
        return objectIfAlive
    }
    /// The object, if it is still there, whether or not the endpoint is still in its chain:
    /// for reading a change the endpoint heard before it left (see
    /// `Endpoint.readForNotification`). The endpoint keeps what it needs to try it either way.
    @inline(__always)
    var objectIfAlive: AnyObject? {
        if isWeak { return extras!.weakTarget }
        return UnownedObject.retainIfAlive(object)
    }
    /// The object, unretained: dereferenced by `target`, or directly only inside a
    /// notification that its own registrar sends from its own setter or event, where it is
    /// known to be alive.
    ///
    /// Unless `isWeak`, the endpoint keeps the object's memory (not the object) allocated, as an
    /// unowned reference would (see `UnownedObject`), so that it can be tried after the object
    /// has gone.
    let object: Unmanaged<AnyObject>
    /// The registrar whose deinit means this endpoint's object is gone, of which it is a
    /// member (see `_ChangeRegistrar.firstMember`); unretained. Lock held.
    override var lifetime: Unmanaged<_ChangeRegistrar>? {
        get { flags.contains(.isMember) ? registrar : nil }
        set {
            if let newValue {
                assert(
                    !flags.contains(.listensFirst) || registrar?.toOpaque() == newValue.toOpaque(),
                    "Bindery: an endpoint joined a registrar's members while listening to another first")
                registrar = newValue
                flags.insert(.isMember)
            } else {
                flags.remove(.isMember)
                if !flags.contains(.listensFirst) { registrar = nil }
            }
        }
    }
    /// The lifetime registrar (`isMember`), the registrar of the first slot listened to
    /// (`listensFirst`), or both, which is nearly always so: a `@Dynamic` object's endpoint
    /// belongs to its object's registrar and listens to it. An endpoint whose first slot is on
    /// another registrar (a control that is also `@Dynamic` listens to its event center) keeps
    /// its slots in `extras`. Unretained; nil when neither. Lock held. Two meanings in one
    /// field, told apart by `flags`: a measured trade, paid for in the "memory per live chain"
    /// benchmark row (a word per endpoint).
    @exclusivity(unchecked) private var registrar: Unmanaged<_ChangeRegistrar>?

    /// Leaves its lifetime registrar's members, for `replacement` if given. Lock held.
    func leaveLifetimeMembersLocked(for replacement: AnyEndpoint? = nil) {
        lifetime?._withUnsafeGuaranteedRef { $0.replaceMember(self, with: replacement) }
    }
    /// Until `isReplaced`, the next endpoint in the list of its object's endpoints that it is
    /// in: its lifetime registrar's members (see `_ChangeRegistrar.firstMember`) or, for an
    /// object without a registrar, the registry's index (see `Registry.byObject`); unretained,
    /// as an endpoint is listed only while its chain holds it, so walking a list costs no
    /// reference counting. Once `isReplaced`, the endpoint that took this one's place,
    /// retained by hand (released by the deinit). One field for all three: an endpoint is in
    /// one list at most, and one that is replaced has left it for good (a measured trade, paid
    /// for in the "memory per live chain" benchmark row). Guarded by the graph lock. Stored as
    /// the listener's `memberLink`, which the registrar walks its members through with no call.
    private var link: Unmanaged<AnyEndpoint>? {
        @inline(__always) get { memberLink.map { .fromOpaque($0.toOpaque()) } }
        @inline(__always) set { memberLink = newValue.map { .fromOpaque($0.toOpaque()) } }
    }
    /// The next endpoint of the list it is in (its lifetime registrar's members, or the
    /// registry's index), unretained. Lock held.
    var nextListed: Unmanaged<AnyEndpoint>? {
        get { isReplaced ? nil : link }
        set {
            assert(!isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
            link = newValue
        }
    }
    /// The endpoint that took this one's place (declared again, or moved by a merge). Lock
    /// held.
    var replacement: AnyEndpoint? { isReplaced ? link?.takeUnretainedValue() : nil }
    /// What only some endpoints have; made with the endpoint, never replaced.
    let extras: Extras?
    /// The number of the first declaration that declared this endpoint, or 0 (see
    /// `declarations`).
    @exclusivity(unchecked) private var firstDeclaration: UInt64 = 0
    /// The declarations that declared this endpoint (see `Declaration`): it leaves its chain
    /// when the last of them ends. The first is kept here, the others in `extras`, which an
    /// endpoint two declarations share always has (it is made anew for the second, see
    /// `init(copying:declaring:)`), so that the common endpoint spends one word on them. Lock
    /// held.
    var declarations: DeclarationSet {
        get { DeclarationSet(first: firstDeclaration, more: extras?.moreDeclarations ?? []) }
        set {
            firstDeclaration = newValue.first
            if let extras {
                extras.moreDeclarations = newValue.more
            } else {
                assert(newValue.more.isEmpty, "Bindery: an endpoint without extras was given a second declaration")
            }
        }
    }
    /// The registrar of the first slot this endpoint listens to (see `subscriptions`), or nil.
    /// Lock held.
    private var firstListenedTo: Unmanaged<_ChangeRegistrar>? { flags.contains(.listensFirst) ? registrar : nil }
    /// Whether the endpoint listens to any slot. Lock held.
    var isListening: Bool {
        flags.contains(.listensFirst) || extras.map { !$0.moreSubscriptions.isEmpty } == true
    }
    /// The chain's write sequence number when its owner last wrote this endpoint (see
    /// `ChainCore.writeSequence`); 0 if never.
    let writtenSequence = Atomic<UInt32>(0)
    let events: ControlEvents
    /// The first slot this endpoint listens to, if it `listensFirst` to `registrar`.
    @exclusivity(unchecked) private var firstSlot: Int32 = 0
    @exclusivity(unchecked) var role: Role
    /// What the endpoint is, fixed when it is made, one bit each.
    let traits: Traits
    /// Set once the endpoint has left its chain, with the lock held and before the chain lets
    /// go of it. Atomic: an update reads it with no lock. Sequentially consistent: see
    /// `ChainCore.takeWithoutLock`.
    private let detached = Atomic<Bool>(false)
    /// What the lock guards about the endpoint's lists, one bit each.
    @exclusivity(unchecked) private var flags: Flags = []

    /// Whether writes go to the main actor.
    var delivery: Delivery { traits.contains(.onMainActor) ? .mainActor : .immediate }
    /// Whether the route's links, when last read, reached its last property (no link was nil)
    /// and that property is observed: its subscription is then the last one. Lock held.
    final override var reachesLeaf: Bool {
        get { flags.contains(.reachesLeaf) }
        set { flags.set(.reachesLeaf, newValue) }
    }
    /// Whether another endpoint took this one's place (see `replacement`). Lock held.
    private var isReplaced: Bool { flags.contains(.isReplaced) }
    /// Whether the endpoint is in the registry's index of objects without a registrar (see
    /// `Registry.byObject`); an object with one lists its endpoints as the registrar's members.
    /// Lock held.
    var isIndexed: Bool {
        get { flags.contains(.isIndexed) }
        set { flags.set(.isIndexed, newValue) }
    }

    /// Whether notifications come from the object's own registrar (so `object` is alive).
    var notifierIsObject: Bool { traits.contains(.notifierIsObject) }
    /// Whether it was declared to receive the chain's value when it joins (see
    /// <doc:Guarantees#Initial-value>); a merge respects it too.
    var wantsInitial: Bool { traits.contains(.wantsInitial) }
    /// Whether the object is held weakly (in `extras`): only an Objective-C object is. A weak
    /// reference gives its object a side table, which slows every retain and release of the
    /// object (in the application too) and is an aligned allocation that glibc's allocator
    /// (before 2.38) does not reuse well: binding and dropping plain receivers in a loop grew
    /// resident memory without bound. Every native Swift object is held by its memory only
    /// (see `object`), and `target` retains it only while it is not deinitialising (see
    /// `UnownedObject`). A `@Dynamic` object or control leaves its chain when its registrar
    /// goes; any other object at the next dispatch, which releases the memory kept.
    var isWeak: Bool { traits.contains(.isWeak) }
    /// Whether every change must be heard under the lock, by the endpoint's kind (its `extras`
    /// has it; see `EndpointKind.hearsUnderLock`).
    var hearsUnderLock: Bool { traits.contains(.hearsUnderLock) }
    /// Whether declarations find it, and it hears before the endpoints they do not (a
    /// listener's, see `EndpointKind.joinsChains`).
    override var joinsChains: Bool { traits.contains(.joinsChains) }

    /// The slots of its object's class when the object owns the registrar it listens to.
    override var slotsOfOwnerClass: Int { notifierIsObject ? LifetimeReader.of(objectType).slotCount : 0 }

    /// Whether an endpoint for these needs `Extras`.
    private static func needsExtras(weak: Bool, kept: (any EndpointKind)?, index: Int?, events: ControlEvents, listensElsewhere: Bool) -> Bool {
        weak || kept != nil || index != nil || events.rawValue.nonzeroBitCount > 1 || listensElsewhere
    }

    /// Records that `new` took this endpoint's place, once it has left its registrar's
    /// members. Lock held.
    func replaceLocked(by new: AnyEndpoint) {
        assert(link == nil, "Bindery: an endpoint was replaced before it left its registrar's members")
        link = Unmanaged.passRetained(new)
        flags.insert(.isReplaced)
    }

    /// Lets go of the endpoint that took this one's place, once nothing can ask for it: its
    /// chain no longer has a successor of this endpoint, or has ended. A chain's head is the
    /// chain itself (`ChainCore`), and a head declared again in its own chain is replaced by an
    /// endpoint of that chain: kept, the two would keep each other. Lock held.
    func forgetReplacementLocked() {
        guard isReplaced, let replaced = link else { return }
        link = nil
        replaced.release()
    }

    /// This endpoint, or the one that now stands for it; nil if it left its chain. Lock held.
    @inline(__always)
    final override func activeLocked() -> AnyEndpoint? {
        var endpoint: AnyEndpoint = self
        while let next = endpoint.replacement { endpoint = next }
        return endpoint.isDetached ? nil : endpoint
    }

    final override var isDetached: Bool {
        get { detached.load(ordering: .sequentiallyConsistent) }
        set { detached.store(newValue, ordering: .sequentiallyConsistent) }
    }

    /// The object's address: the registry indexes endpoints by it. An object held by its
    /// memory keeps its address while the endpoint exists; one held weakly may not (see
    /// `Registry.liveHeadLocked(of:)`).
    var objectID: ObjectIdentifier { object._withUnsafeGuaranteedRef { ObjectIdentifier($0) } }
    /// The array element this endpoint stands for, if any.
    var index: Int? { extras?.index }
    /// The endpoint's kind, if it keeps it (see `hearsUnderLock`).
    var keptKind: (any EndpointKind)? { extras?.kind }

    /// The slots this endpoint listens to. Lock held.
    final override var subscriptions: Subscriptions {
        Subscriptions(
            first: firstListenedTo.map { Subscription(registrar: $0.takeUnretainedValue(), slot: Int(firstSlot)) },
            more: extras?.moreSubscriptions ?? [])
    }

    init<Value>(spec: borrowing EndpointSpec<Value>) {
        events = spec.events
        role = spec.role
        object = Unmanaged.passUnretained(spec.object)
        var traits: Traits = spec.initial ? .wantsInitial : []
        if spec.delivery == .mainActor { traits.insert(.onMainActor) }
        if spec.hearing.joinsChains { traits.insert(.joinsChains) }
        var kept: (any EndpointKind)?
        var listensElsewhere = false
        let found = spec.hearing.traits(lifetime: spec.lifetime)
        kept = found.kept
        if kept != nil { traits.insert(.hearsUnderLock) }
        if found.notifierIsObject { traits.insert(.notifierIsObject) }
        listensElsewhere = found.listensElsewhere
        let isWeak = !UnownedObject.isSupported(for: spec.object)
        if isWeak { traits.insert(.isWeak) }
        self.traits = traits
        // A derived value's sender endpoint keeps it alive (see `_ChangeRegistrar.keepsSendersObject`).
        let keepsObject = found.notifierIsObject && spec.lifetime?.keepsSendersObject == true
        if Self.needsExtras(weak: isWeak, kept: kept, index: spec.index, events: spec.events, listensElsewhere: listensElsewhere)
            || keepsObject
        {
            extras = Extras(
                weakTarget: isWeak ? spec.object : nil, objectType: isWeak ? type(of: spec.object) : nil,
                kind: kept, index: spec.index, keptObject: keepsObject ? spec.object : nil)
        } else {
            extras = nil
        }
        if !isWeak { UnownedObject.keepMemory(of: object) }
    }

    /// Takes over another endpoint's identity fields for a retyped copy.
    ///
    /// - Parameter hearing: How the declaration that makes the copy hears changes. An endpoint
    ///   first declared as a receiver heard nothing; declared again as a sender, its copy must
    ///   hear them as a new endpoint would: a kind that hears under the lock (a route through
    ///   `@Dynamic` objects) is kept, a property marks its object as the notifier.
    ///
    /// - Parameter declaring: A declaration that declares the copy besides `other`'s.
    init(copying other: AnyEndpoint, wantsInitial: Bool? = nil, hearing: Hearing = .none, declaring added: Declaration? = nil) {
        events = other.events
        role = other.role
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
        self.traits = traits
        if let extras = other.extras {
            self.extras = Extras(
                weakTarget: extras.weakTarget, objectType: extras.objectType, kind: kept, index: extras.index,
                keptObject: extras.keptObject)
        } else if kept != nil || !declared.more.isEmpty {
            extras = Extras(weakTarget: nil, objectType: nil, kind: kept, index: nil)
        } else {
            extras = nil
        }
        super.init()
        declarations = declared
        if !isWeak { UnownedObject.keepMemory(of: object) }
    }

    deinit {
        if !isWeak { UnownedObject.releaseMemory(of: object) }
        if isReplaced { link?.release() }
    }

    final override func appendSubscription(_ subscription: Subscription) {
        append(subscription)
    }

    /// Starts listening to one more slot (see `appendSubscription`). Lock held.
    private func append(_ subscription: Subscription) {
        let listened = Unmanaged.passUnretained(subscription.registrar)
        if !isListening, registrar == nil || registrar?.toOpaque() == listened.toOpaque() {
            registrar = listened
            firstSlot = Int32(truncatingIfNeeded: subscription.slot)
            flags.insert(.listensFirst)
        } else {
            guard let extras else {
                assertionFailure("Bindery: an endpoint without extras listens to a second slot, or to a first one on another registrar than its lifetime's")
                return
            }
            extras.moreSubscriptions.append(subscription)
        }
    }

    /// Forgets every slot listened to. Lock held.
    final override func removeAllSubscriptions() {
        flags.remove(.listensFirst)
        if !flags.contains(.isMember) { registrar = nil }
        if let extras, !extras.moreSubscriptions.isEmpty { extras.moreSubscriptions = [] }
    }

    /// Listens to the slots `other` listened to, which it no longer does. Lock held.
    func takeSubscriptions(from other: AnyEndpoint) {
        removeAllSubscriptions()
        for subscription in other.subscriptions { append(subscription) }
        other.removeAllSubscriptions()
    }

    /// The object, if it is still there. Lock held: the strong reference formed here is also
    /// kept until the lock is released, so that no deinit runs inside the critical section.
    func targetLocked() -> AnyObject? {
        guard let object = target else { return nil }
        GraphLock.shared.buryLocked(object)
        return object
    }

    /// Whether the object is still there. Lock held. An object held unowned is checked
    /// without retaining it (nothing to release, so nothing to keep until the lock is
    /// released); one held weakly as in `targetLocked()`.
    func isAliveLocked() -> Bool {
        if isDetached { return false }
        if isWeak { return targetLocked() != nil }
        return UnownedObject.isAlive(object)
    }

    /// How diagnostics name this endpoint.
    var label: String { EndpointLabel.make(objectType, keyPath: keyPath, storedAt: location, index: index, events: events) }

    /// The chain this endpoint belongs to.
    var anyCore: any AnyChainCore { fatalError("abstract") }

    /// Records where the registry lists this endpoint's chain among the live ones
    /// (`Registry.liveChains`): only a chain, which is its head's endpoint, is listed. Lock
    /// held.
    func listedLocked(at position: UInt32) {}

    /// Writes the chain's value into this endpoint as the owner this thread became in
    /// `ChainCore.sendInitialLocked`, then gives the chain back. Lock not held.
    func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>) {}

    /// Whether this endpoint stands for `object`'s `keyPath` (with `events` and `index`).
    ///
    /// `object` is alive (the caller holds it). An object held unowned keeps its memory, so no
    /// other object can have its address while this endpoint exists: the same address is the
    /// same object, and it is compared without retaining anything.
    ///
    /// `location` is where the property at `keyPath` is stored (see `names(_:storedAt:)`).
    func matches(
        _ object: AnyObject, _ keyPath: AnyKeyPath?, storedAt location: () -> Int?, events: ControlEvents?, index: Int??
    ) -> Bool {
        if isWeak {
            guard targetLocked() === object else { return false }
        } else {
            guard objectID == ObjectIdentifier(object), !isDetached, UnownedObject.isAlive(self.object) else { return false }
        }
        if let keyPath, !names(keyPath, storedAt: location) { return false }
        if let events, !(events.isEmpty ? self.events.isEmpty : !self.events.isDisjoint(with: events)) { return false }
        if let index, index != self.index { return false }
        return true
    }

    // MARK: Notification (no lock held)

    /// Hears a set of `slot` of `registrar`, as its sole listener, inside the registrar's read
    /// of its table (see `RegistrarListener.heard`): the engine decides without its lock, the
    /// read ends, and the decision is carried out; or, when the chain is busy or the endpoint
    /// must hear under the lock, the locked way decides for every listener
    /// (`Registry.notifyLocked`). An endpoint of a typed chain does the same with its own
    /// functions called directly (`Endpoint.heard`). An endpoint listens as a whole: its
    /// `record` is always 0.
    override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        carryOut(decideWithoutLock(thread), slot, of: registrar, thread, act)
    }

    /// Carries out `decision` for a set of `slot` of `registrar` heard inside its read: ends the
    /// read, then acts (`act`, this endpoint's), keeping the endpoint alive past the read when
    /// the decision gives its chain back.
    @inline(__always)
    final func carryOut(
        _ decision: Decision?, _ slot: Int, of registrar: _ChangeRegistrar, _ thread: UnsafeMutablePointer<ThreadState>,
        _ act: (Decision, UnsafeMutablePointer<ThreadState>) -> Void
    ) {
        guard let decision else {
            registrar.endRead()
            Registry.shared.notifyLocked(registrar, slot: slot, thread)
            return
        }
        switch decision {
        case .ignore:
            registrar.endRead()
        case .abandon:
            // Kept past the read, to give its chain back.
            let kept = Unmanaged.passUnretained(self).retain()
            registrar.endRead()
            // The listener left its chain as this thread took it: the chain is given back,
            // and the change goes to whoever listens now.
            act(decision, thread)
            kept.release()
            Registry.shared.notifyLocked(registrar, slot: slot, thread)
        default:
            // By now the endpoint is kept by the chain this thread owns.
            registrar.endRead()
            act(decision, thread)
        }
    }

    // MARK: Membership (graph lock held)

    /// Leaves its chain, unless it has already. Lock held.
    final override func leaveChainLocked() {
        if !isDetached { anyCore.detachLocked(self) }
    }

    final override func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int) {
        registrar.addListener(Listener(self), slot: slot)
        append(Subscription(registrar: registrar, slot: slot))
    }

    final override func unsubscribeAllLocked() {
        // The first slot directly: nearly always the only one.
        if let registrar = firstListenedTo {
            registrar._withUnsafeGuaranteedRef { $0.removeListener(Listener(self), slot: Int(firstSlot)) }
        }
        if let more = extras?.moreSubscriptions, !more.isEmpty {
            for subscription in more { subscription.registrar.removeListener(Listener(self), slot: subscription.slot) }
        }
        removeAllSubscriptions()
    }

    /// Where the endpoint's property is stored in its object, or 0 when it is not known (see
    /// `Accessors.location`).
    var location: Int { 0 }

    /// Whether this endpoint is on the property `keyPath` names, on its object; `location` is
    /// where that property is stored, asked only when this endpoint's accessors know its own
    /// (see `Accessors.names(_:storedAt:)`).
    func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?) -> Bool { self.keyPath == keyPath }

    /// Whether this endpoint is on a property stored somewhere else than `location` (0: not
    /// known) in the same object: then it is not on that property, whatever its key path.
    final func isStored(elsewhereThan location: Int) -> Bool {
        guard location != 0 else { return false }
        let own = self.location
        return own != 0 && own != location
    }

    /// Whether this endpoint certainly stands for another property than the one `kind`
    /// hears: both listen to one registrar, at different slots. Tells two key paths apart
    /// without comparing them (a comparison reads both paths' components). Lock held.
    func observesOtherSlot(than hearing: Hearing) -> Bool {
        guard case .slot(let registrar, let slot) = hearing, let first = firstListenedTo else { return false }
        return first.toOpaque() == Unmanaged.passUnretained(registrar).toOpaque() && Int(firstSlot) != slot
    }
}
