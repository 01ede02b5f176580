import Synchronization

/// A member of a chain: an object (held weakly or unowned, see `isWeak`), a key path, and
/// optionally control events or an array index, with a role. Untyped part; ``Endpoint`` adds
/// the chain's value type.
///
/// Its state is its `record`, immutable as a Swift value (see `EndpointRecord`).
@usableFromInline
class AnyEndpoint: Subscriber {
    /// The endpoint's state: its object, lifetime and first slot, declarations, write
    /// sequence, events, role, traits, flags, link and accessors (see `EndpointRecord`). The
    /// members below ask it, and so does `Endpoint.accessors`. A `let`: what changes in it is atomic, guarded
    /// as its fields say, so that an update's reads with no lock never overlap a write of the
    /// same Swift variable.
    final let record: EndpointRecord

    /// Where `record` is in every endpoint object: right after the object's header, as the
    /// first stored property of the class every endpoint is (checked as each is made), so that
    /// a name finds its record with no call (`EndpointName.recordPointer`).
    @inline(__always)
    static var recordOffset: Int { 2 * MemoryLayout<Int>.size }

    /// Whether `record` is where `recordOffset` says.
    private var recordIsInPlace: Bool {
        withUnsafePointer(to: record) { UnsafeRawPointer($0) }
            == UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()).advanced(by: Self.recordOffset)
    }

    /// The key path of the endpoint's property (for a property whose accessors are shared by
    /// its stored location, one to the same place of the same type, see `Accessors.keyPath`):
    /// for diagnostics, snapshots and `names(_:storedAt:)`, never for an update. The key path
    /// is not kept here: an endpoint of a chain answers its accessors' (`Accessors.keyPath`),
    /// which every endpoint on the property shares.
    final var keyPath: AnyKeyPath { keyPath(record: 0) }

    /// The key path of record `record`'s property (see `keyPath`).
    func keyPath(record: Int) -> AnyKeyPath { fatalError("abstract") }
    /// The object's type, for diagnostics (after the object has gone too, see
    /// `EndpointRecord.objectType`).
    final var objectType: AnyObject.Type { record.objectType }
    /// The object, for writes and for reads outside a notification of its own; nil once it has
    /// gone (or begun to go), and once the endpoint has left its chain.
    @inline(__always)
    final var target: AnyObject? { record.target }
    /// The object, if it is still there, whether or not the endpoint is still in its chain (see
    /// `EndpointRecord.objectIfAlive`).
    @inline(__always)
    final var objectIfAlive: AnyObject? { record.objectIfAlive }
    /// The object, unretained (see `EndpointRecord.object`).
    @inline(__always)
    final var object: Unmanaged<AnyObject> { record.object }
    /// The registrar whose deinit means this endpoint's object is gone, of which it is a
    /// member (see `_ChangeRegistrar.firstMember`); unretained. Lock held.
    final var lifetime: Unmanaged<_ChangeRegistrar>? {
        get { record.lifetime }
        set { record.lifetime = newValue }
    }

    final override func setMembership(_ registrar: Unmanaged<_ChangeRegistrar>?, link: UInt, record: Int) {
        assert(record == 0 && !isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
        lifetime = registrar
        self.link = link
    }

    final override func memberLink(record: Int) -> UInt {
        assert(record == 0 && !isReplaced, "Bindery: a replaced endpoint is no registrar's member")
        return link
    }

    final override func setMemberLink(_ link: UInt, record: Int) {
        assert(record == 0 && !isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
        self.link = link
    }

    /// Leaves its lifetime registrar's members, for `replacement` if given. Lock held.
    func leaveLifetimeMembersLocked(for replacement: AnyEndpoint? = nil) {
        lifetime?._withUnsafeGuaranteedRef {
            $0.replaceMember(EndpointName(self).listener, with: replacement.map { EndpointName($0).listener })
        }
    }
    /// The word of a name (see `EndpointName`), or 0. Until `isReplaced`, the next endpoint in
    /// the list of its object's endpoints that it is in: its lifetime registrar's members (see
    /// `_ChangeRegistrar.firstMember`) or, for an object without a registrar, the registry's
    /// index (see `Registry.byObject`); unretained, as an endpoint is listed only while its
    /// chain holds it, so walking a list costs no reference counting. Once `isReplaced`, the
    /// endpoint that took this one's place, its host retained by hand (released by the
    /// deinit). One field for all three: an endpoint is in one list at most, and one that is
    /// replaced has left it for good (a measured trade, paid for in the "memory per live chain"
    /// benchmark row). Kept in the record (`EndpointRecord.link`). Guarded by the graph lock.
    private var link: UInt {
        @inline(__always) get { record.link.load(ordering: .relaxed) }
        @inline(__always) set { record.link.store(newValue, ordering: .relaxed) }
    }
    /// The endpoint this one's link names, if it names one.
    @inline(__always)
    private var linked: EndpointName? { link == 0 ? nil : EndpointName(word: link) }
    /// The next endpoint of the list it is in (its lifetime registrar's members, or the
    /// registry's index). Lock held.
    var nextListed: EndpointName? {
        get { isReplaced ? nil : linked }
        set {
            assert(!isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
            link = newValue?.word ?? 0
        }
    }
    /// What only some endpoints have; made with the endpoint, never replaced.
    final var extras: AnyEndpoint.Extras? { record.extras }
    /// The declarations that declared this endpoint (see `EndpointRecord.declarations`). Lock
    /// held.
    final var declarations: DeclarationSet {
        get { record.declarations }
        set { record.declarations = newValue }
    }
    /// Whether the endpoint listens to any slot. Lock held.
    final var isListening: Bool { record.isListening }
    final var events: ControlEvents { record.events }
    final var role: Role {
        @inline(__always) get { record.role }
    }

    /// Whether writes go to the main actor.
    final var delivery: Delivery { record.delivery }
    /// Whether the route's links, when last read, reached its last property (no link was nil)
    /// and that property is observed: its subscription is then the last one. Lock held.
    final var reachesLeaf: Bool {
        get { record.flags.contains(.reachesLeaf) }
        set { record.setFlag(.reachesLeaf, newValue) }
    }
    /// Whether the endpoint took the place of its chain's head (see `Flags.standsForHead`).
    /// Lock held.
    final var standsForHead: Bool {
        get { record.has(.standsForHead) }
        set { record.setFlag(.standsForHead, newValue) }
    }
    /// Whether another endpoint took this one's place (see `link`). Lock held.
    private var isReplaced: Bool { record.has(.isReplaced) }
    /// Whether the endpoint is in the registry's index of objects without a registrar (see
    /// `Registry.byObject`); an object with one lists its endpoints as the registrar's members.
    /// Lock held.
    final var isIndexed: Bool {
        get { record.flags.contains(.isIndexed) }
        set { record.setFlag(.isIndexed, newValue) }
    }

    /// Whether notifications come from the object's own registrar (so `object` is alive).
    @inline(__always)
    final var notifierIsObject: Bool { record.notifierIsObject }
    /// Whether it was declared to receive the chain's value when it joins (see
    /// <doc:Guarantees#Initial-value>); a merge respects it too.
    final var wantsInitial: Bool { record.wantsInitial }
    /// Whether the object is held weakly (in `extras`): only an Objective-C object is. A weak
    /// reference gives its object a side table, which slows every retain and release of the
    /// object (in the application too) and is an aligned allocation that glibc's allocator
    /// (before 2.38) does not reuse well: binding and dropping plain receivers in a loop grew
    /// resident memory without bound. Every native Swift object is held by its memory only
    /// (see `object`), and `target` retains it only while it is not deinitialising (see
    /// `UnownedObject`). A `@Dynamic` object or control leaves its chain when its registrar
    /// goes; any other object at the next dispatch, which releases the memory kept.
    final var isWeak: Bool { record.isWeak }
    /// Whether every change must be heard under the lock, by the endpoint's kind (its `extras`
    /// has it; see `EndpointKind.hearsUnderLock`).
    @inline(__always)
    final var hearsUnderLock: Bool { record.hearsUnderLock }
    /// Whether declarations find it, and it hears before the endpoints they do not (a
    /// listener's, see `EndpointKind.joinsChains`).
    final override var joinsChains: Bool { record.joinsChains }

    /// The slots of its object's class when the object owns the registrar it listens to.
    override var slotsOfOwnerClass: Int { notifierIsObject ? LifetimeReader.of(objectType).slotCount : 0 }

    /// Lets go of the endpoint that took this one's place (see
    /// `EndpointName.forgetReplacementLocked()`). Lock held.
    final func forgetReplacementLocked() {
        EndpointName(self).forgetReplacementLocked()
    }

    /// Makes the path of replacements from this endpoint, and from every endpoint on it, one
    /// step long, as far as it stays in `chain`: each names the endpoint that stretch ends at,
    /// and lets go of the ones between (each join that declares a chain's head again adds one to
    /// the chain's path, which lives as long as the chain, and to the path of a change queued
    /// meanwhile, whose origin stands at its start). Each takes the newest of its own last
    /// write (`writtenSequence`) and those after it on the stretch as its own, which is all that
    /// is read of them (`ChainCore.currentLocked`): a walk from any of them afterwards gives what
    /// a walk of the whole path gave. Only where nothing writes them meanwhile, which only
    /// `chain`'s owner does: `chain` idle, or its owner between two dispatches. An endpoint of
    /// another chain (a merge moved this one there) ends the stretch: its chain's owner may be
    /// writing it, and its writes are numbered by that chain. Lock held.
    func shortenReplacementsLocked(in chain: AnyObject) {
        guard isReplaced, anyCore === chain, let first = linked?.host,
              first._withUnsafeGuaranteedRef({ $0.isReplaced && $0.anyCore === chain })
        else { return }
        // Unretained: the lock keeps every link, and so every endpoint on the path.
        var path: [Unmanaged<AnyEndpoint>] = [.passUnretained(self)]
        var end = first
        while let next = end._withUnsafeGuaranteedRef({ $0.isReplaced && $0.anyCore === chain ? $0.linked?.host : nil }) {
            path.append(end)
            end = next
        }
        // `end` is where the walk goes on from: the endpoint standing for this one now, one of
        // another chain, or one that left (replaced, with no link): its writes are not folded.
        var newest = path[path.count - 1]._withUnsafeGuaranteedRef { $0.record.writtenSequence.load(ordering: .relaxed) }
        for each in path.reversed() {
            each._withUnsafeGuaranteedRef { endpoint in
                let written = endpoint.record.writtenSequence.load(ordering: .relaxed)
                if Self.isUnwritten(newest, since: written) { newest = written }
                endpoint.record.writtenSequence.store(newest, ordering: .relaxed)
                guard let skipped = endpoint.linked?.host, skipped.toOpaque() != end.toOpaque() else { return }
                endpoint.link = EndpointName(end.retain().takeUnretainedValue()).word
                // Released after the lock is: an endpoint let go of here may go with it.
                GraphLock.shared.buryLocked(skipped.takeRetainedValue())
            }
        }
    }

    /// Whether an endpoint whose last write by its chain's owner was numbered `written` has
    /// not been written since the chain's write sequence stood at `sequence`: `written` comes
    /// first, counting with wrapping, as long as the two are less than 2³¹ writes apart (a
    /// write older than that may be taken for a newer one, and then the endpoint is written
    /// once more).
    static func isUnwritten(_ written: UInt32, since sequence: UInt32) -> Bool {
        Int32(bitPattern: written &- sequence) < 0
    }

    /// This endpoint, or the one that now stands for it; nil if it left its chain. Lock held.
    @inline(__always)
    final func activeLocked() -> AnyEndpoint? {
        // Nearly always the endpoint itself: answered with no reference counted.
        guard isReplaced else { return isDetached ? nil : self }
        // Each replacement names the next; a walk, not a recursion: a thread that heard a
        // change may wait for the lock while another declares the endpoint again many times.
        var each: AnyEndpoint = self
        while each.isReplaced {
            guard let next = each.linked else { return nil }
            each = next.host.takeUnretainedValue()
        }
        return each.isDetached ? nil : each
    }

    final var isDetached: Bool {
        @inline(__always) get { record.isDetached }
        set { record.setDetached(newValue) }
    }

    /// The endpoint's name, one word: its host's address, with the record it is in the host in
    /// the bits above every address, as a registrar's table names a listener
    /// (`_ChangeRegistrar.word(_:)`). Every endpoint is a host of its own today, record 0, so
    /// the name is its own address. What the echo guard compares (`ThreadState.writing`).
    @inline(__always)
    final var name: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// The object's address: the registry indexes endpoints by it (see
    /// `EndpointRecord.objectID`).
    final var objectID: ObjectIdentifier { record.objectID }
    /// The array element this endpoint stands for, if any.
    final var index: Int? { record.index }
    /// The endpoint's kind, if it keeps it (see `hearsUnderLock`).
    final var keptKind: (any EndpointKind)? { record.keptKind }

    /// The slots this endpoint listens to. Lock held.
    final var subscriptions: Subscriptions { record.subscriptions }

    init<Value>(spec: borrowing EndpointSpec<Value>, accessors: consuming AnyObject) {
        record = EndpointRecord(spec: spec, accessors: accessors)
        super.init()
        assert(recordIsInPlace, "Bindery: an endpoint's record is not where its name finds it")
    }

    /// Takes over another endpoint's identity fields for a retyped copy.
    ///
    /// - Parameter hearing: How the declaration that makes the copy hears changes. An endpoint
    ///   first declared as a receiver heard nothing; declared again as a sender, its copy must
    ///   hear them as a new endpoint would: a kind that hears under the lock (a route through
    ///   `@Dynamic` objects) is kept, a property marks its object as the notifier.
    ///
    /// - Parameter role: The copy's role, if not `other`'s.
    /// - Parameter declaring: A declaration that declares the copy besides `other`'s.
    init(
        copying other: EndpointName, accessors: AnyObject, wantsInitial: Bool? = nil, hearing: Hearing = .none, role: Role? = nil,
        declaring added: Declaration? = nil
    ) {
        record = EndpointRecord(
            copying: other.recordPointer.pointee, accessors: accessors, wantsInitial: wantsInitial, hearing: hearing, role: role, declaring: added)
        super.init()
        assert(recordIsInPlace, "Bindery: an endpoint's record is not where its name finds it")
    }

    deinit {
        record.releaseMemory()
        if isReplaced { linked?.host.release() }
    }

    // A subscriber's records are the endpoint's (see `EndpointName`).

    final override func subscriptions(record: Int) -> Subscriptions { EndpointName(self, record: record).subscriptions }

    final override func appendSubscription(_ subscription: Subscription, record: Int) {
        EndpointName(self, record: record).appendSubscription(subscription)
    }

    final override func removeAllSubscriptions(record: Int) {
        EndpointName(self, record: record).removeAllSubscriptions()
    }

    final override func reachesLeaf(record: Int) -> Bool { EndpointName(self, record: record).reachesLeaf }

    final override func setReachesLeaf(_ reaches: Bool, record: Int) { EndpointName(self, record: record).reachesLeaf = reaches }

    final override func target(record: Int) -> AnyObject? { EndpointName(self, record: record).target }

    final override func activeLocked(record: Int) -> Listener? { EndpointName(self, record: record).activeLocked()?.listener }

    final override func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int, record: Int) {
        EndpointName(self, record: record).subscribeLocked(registrar, slot: slot)
    }

    final override func unsubscribeAllLocked(record: Int) {
        EndpointName(self, record: record).unsubscribeAllLocked()
    }

    /// Listens to the slots `other` listened to, which it no longer does. Lock held.
    func takeSubscriptions(from other: AnyEndpoint) {
        record.removeAllSubscriptions()
        for subscription in other.subscriptions { record.append(subscription) }
        other.record.removeAllSubscriptions()
    }

    /// The object, if it is still there (see `EndpointRecord.targetLocked()`). Lock held.
    final func targetLocked() -> AnyObject? { record.targetLocked() }

    /// Whether the object is still there (see `EndpointRecord.isAliveLocked()`). Lock held.
    @inline(__always)
    final func isAliveLocked() -> Bool { record.isAliveLocked() }

    /// How diagnostics name this endpoint.
    final var label: String { EndpointName(self).label }

    /// The chain this endpoint belongs to.
    var anyCore: any AnyChainCore { fatalError("abstract") }

    /// Records where the registry lists this endpoint's chain among the live ones
    /// (`Registry.liveChains`): only a chain, which is its head's endpoint, is listed. Lock
    /// held.
    func listedLocked(at position: UInt32) {}

    /// Writes the chain's value into this host's endpoint `record` as the owner this thread
    /// became in `ChainCore.sendInitialLocked`, then gives the chain back. Lock not held.
    func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {}

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
        EndpointName(self).matches(object, keyPath, storedAt: location, events: events, index: index)
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
        carryOut(decideWithoutLock(thread), slot, of: registrar, thread) { act($0, record: record, $1) }
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
    final override func leaveChainLocked(record: Int) {
        let endpoint = EndpointName(self, record: record)
        if !endpoint.isDetached { anyCore.detachLocked(endpoint) }
    }


    /// Where record `record`'s property is stored in its object, or 0 when it is not known (see
    /// `Accessors.location`).
    func location(record: Int) -> Int { 0 }

    /// Where the endpoint's property is stored in its object, or 0 when it is not known.
    final var location: Int { location(record: 0) }

    /// Whether record `record` is on the property `keyPath` names, on its object; `location` is
    /// where that property is stored, asked only when the record's accessors know their own
    /// (see `Accessors.names(_:storedAt:)`).
    func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?, record: Int) -> Bool { self.keyPath(record: record) == keyPath }

    /// Whether this endpoint certainly stands for another property than the one `hearing`
    /// hears (see `EndpointRecord.observesOtherSlot(than:)`). Lock held.
    final func observesOtherSlot(than slot: (registrar: UnsafeMutableRawPointer, slot: Int)?) -> Bool {
        record.observesOtherSlot(than: slot)
    }
}
