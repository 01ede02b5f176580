import Synchronization

/// An object that hosts chain members' records: an endpoint of its own (a `MemberEndpoint`,
/// record 0), or a chain (`ChainCore`, whose head is its record 0). Untyped part; ``Endpoint``
/// adds the chain's value type.
///
/// What an endpoint is and does is asked of its record, through its name (`EndpointName`: the
/// host and the record in it); the host answers only what depends on its class (its chain, its
/// accessors typed, the overrides a registrar calls) and passes the record on. Its records are
/// immutable as Swift values (see `EndpointRecord`).
@usableFromInline
class AnyEndpoint: Subscriber {
    /// The state of the host's record 0: its object, lifetime and first slot, declarations,
    /// write sequence, events, role, traits, flags, link and accessors (see `EndpointRecord`),
    /// read through names (`EndpointName.recordPointer`). A `let`: what changes in it is atomic,
    /// guarded as its fields say, so that an update's reads with no lock never overlap a write of
    /// the same Swift variable.
    final let record: EndpointRecord

    /// Where `record` is in every endpoint object: right after the object's header, as the
    /// first stored property of the class every endpoint is (checked as each is made), so that
    /// a name finds its record with no call (`EndpointName.recordPointer`).
    @inline(__always)
    static var recordOffset: Int { 2 * MemoryLayout<Int>.size }

    /// Whether `record` is where `recordOffset` says.
    private var recordIsInPlace: Bool {
        withUnsafePointer(to: record) { UnsafeRawPointer($0) } == UnsafeRawPointer(EndpointName(self).recordPointer)
    }

    /// The key path of record `record`'s property (for a property whose accessors are shared
    /// by its stored location, one to the same place of the same type, see
    /// `Accessors.keyPath`): for diagnostics, snapshots and `EndpointName.names(_:storedAt:)`,
    /// never for an update. Not kept in the record: an endpoint of a chain answers its
    /// accessors', which every endpoint on the property shares.
    func keyPath(record: Int) -> AnyKeyPath { fatalError("abstract") }

    /// Where record `record`'s property is stored in its object, or 0 when it is not known (see
    /// `Accessors.location`).
    func location(record: Int) -> Int { 0 }

    /// Whether record `record` is on the property `keyPath` names, on its object; `location` is
    /// where that property is stored, asked only when the record's accessors know their own
    /// (see `Accessors.names(_:storedAt:)`).
    func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?, record: Int) -> Bool { self.keyPath(record: record) == keyPath }

    /// The chain this host's records belong to.
    var anyCore: any AnyChainCore { fatalError("abstract") }

    /// Records where the registry lists this host's chain among the live ones
    /// (`Registry.liveChains`): only a chain is listed. Lock held.
    func listedLocked(at position: UInt32) {}

    /// Writes the chain's value into this host's endpoint `record` as the owner this thread
    /// became in `ChainCore.sendInitialLocked`, then gives the chain back. Lock not held.
    func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {}

    /// Whether an endpoint whose last write by its chain's owner was numbered `written` has
    /// not been written since the chain's write sequence stood at `sequence`: `written` comes
    /// first, counting with wrapping, as long as the two are less than 2³¹ writes apart (a
    /// write older than that may be taken for a newer one, and then the endpoint is written
    /// once more).
    static func isUnwritten(_ written: UInt32, since sequence: UInt32) -> Bool {
        Int32(bitPattern: written &- sequence) < 0
    }

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
            copying: other.recordPointer.pointee, accessors: accessors, wantsInitial: wantsInitial, hearing: hearing, role: role,
            declaring: added)
        super.init()
        assert(recordIsInPlace, "Bindery: an endpoint's record is not where its name finds it")
    }

    deinit {
        EndpointName(self).releaseRecord()
    }

    // MARK: A registrar's member (graph lock held)

    final override func setMembership(_ registrar: Unmanaged<_ChangeRegistrar>?, link: UInt, record: Int) {
        let endpoint = EndpointName(self, record: record)
        assert(!endpoint.isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
        endpoint.lifetime = registrar
        endpoint.link = link
    }

    final override func memberLink(record: Int) -> UInt {
        let endpoint = EndpointName(self, record: record)
        assert(!endpoint.isReplaced, "Bindery: a replaced endpoint is no registrar's member")
        return endpoint.link
    }

    final override func setMemberLink(_ link: UInt, record: Int) {
        let endpoint = EndpointName(self, record: record)
        assert(!endpoint.isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
        endpoint.link = link
    }

    final override func joinsChains(record: Int) -> Bool { EndpointName(self, record: record).joinsChains }

    final override func slotsOfOwnerClass(record: Int) -> Int {
        let endpoint = EndpointName(self, record: record)
        return endpoint.notifierIsObject ? LifetimeReader.of(endpoint.objectType).slotCount : 0
    }

    // MARK: A subscriber's records (graph lock held)

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

    /// Leaves its chain, unless it has already. Lock held.
    final override func leaveChainLocked(record: Int) {
        let endpoint = EndpointName(self, record: record)
        if !endpoint.isDetached { anyCore.detachLocked(endpoint) }
    }

    // MARK: Notification (no lock held)

    /// Hears a set of `slot` of `registrar`, as its sole listener, inside the registrar's read
    /// of its table (see `RegistrarListener.heard`): the engine decides without its lock, the
    /// read ends, and the decision is carried out; or, when the chain is busy or the endpoint
    /// must hear under the lock, the locked way decides for every listener
    /// (`Registry.notifyLocked`). An endpoint of a typed chain does the same with its own
    /// functions called directly (`Endpoint.heard`).
    override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        carryOut(decideWithoutLock(thread), slot, of: registrar, thread) { act($0, record: record, $1) }
    }

    /// Carries out `decision` for a set of `slot` of `registrar` heard inside its read: ends the
    /// read, then acts (`act`, this endpoint's), keeping the host alive past the read when the
    /// decision gives its chain back.
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
}
