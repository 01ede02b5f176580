/// An endpoint's name, one word: the address of its record, the `EndpointRecord` its host (the
/// object it lives in) keeps, so that everything an update asks of the endpoint is read from
/// the name with no arithmetic (`recordPointer`). Unretained: whoever keeps a name keeps its
/// host some other way (a `HeldName`, a plan, the lock).
///
/// What is stored in the registrars' tables and the lists an endpoint is in (a registrar's
/// members, an endpoint's link) is the other form of a name, a listener's word: the host's
/// address with the record's place in it in the bits above every address
/// (`_ChangeRegistrar.word(_:)`, `init(listenerWord:)`, `listenerWord`). A record knows its
/// place in its host (`EndpointRecord.place`), so that a name finds its host.
struct EndpointName: Hashable {
    /// The word: the address of the record named.
    let word: UInt

    /// The name of `host`'s record `record`.
    @inline(__always)
    init(_ host: borrowing AnyEndpoint, record: Int = 0) {
        self.init(Unmanaged.passUnretained(copy host), record: record)
    }

    /// The name of `host`'s record `record`, the host unretained: its record `record` is at
    /// `AnyEndpoint.recordOffset` plus `record` records' strides.
    @inline(__always)
    init(_ host: Unmanaged<AnyEndpoint>, record: Int = 0) {
        assert(record >= 0 && record < _ChangeRegistrar.recordsInWord, "Bindery: a record that does not fit in a name")
        word = UInt(bitPattern: host.toOpaque()) &+ UInt(bitPattern: Self.offset(ofRecord: record))
    }

    /// Where a host's record `record` is, from the host's address.
    @inline(__always)
    static func offset(ofRecord record: Int) -> Int {
        AnyEndpoint.recordOffset &+ record &* MemoryLayout<EndpointRecord>.stride
    }

    /// The name a listener's word holds (see `listenerWord`; 0 names nothing and is never
    /// passed).
    @inline(__always)
    init(listenerWord: UInt) {
        assert(listenerWord != 0, "Bindery: the word of no name")
        self.init(_ChangeRegistrar.listener(listenerWord))
    }

    /// The name of no endpoint (word 0): what a delivery skips when it skips none, one word
    /// where an optional name would be two.
    static var nobody: EndpointName { EndpointName(unchecked: 0) }

    /// Whether this is `nobody`.
    var isNobody: Bool { word == 0 }

    private init(unchecked word: UInt) { self.word = word }

    /// The name a word of the registry's index holds (the name's own word, see
    /// `EndpointIndex`).
    init(indexWord: UInt) { self.init(unchecked: indexWord) }

    /// The endpoint a listener of a registrar's table is.
    @inline(__always)
    init(_ listener: Listener) {
        self.init(unsafeBitCast(listener.object, to: Unmanaged<AnyEndpoint>.self), record: listener.record)
    }

    /// The listener this name is in a registrar's table (see `init(_:)`).
    var listener: Listener {
        Listener(unsafeBitCast(host, to: Unmanaged<RegistrarListener>.self), record: record)
    }

    /// The listener's word for this name: how the registrars' tables and member lists, and an
    /// endpoint's link, keep it (see `_ChangeRegistrar.word(_:)`).
    var listenerWord: UInt { _ChangeRegistrar.memberWord(listener) }

    /// The host, unretained.
    @inline(__always)
    var host: Unmanaged<AnyEndpoint> {
        .fromOpaque(UnsafeRawPointer(bitPattern: word &- UInt(bitPattern: Self.offset(ofRecord: record))).unsafelyUnwrapped)
    }

    /// The record's place in its host (0 for an endpoint's own, 1 for a chain's second member).
    @inline(__always)
    var record: Int { recordPointer.pointee.place }

    /// The record named, where its host keeps it: valid while the host lives, and read as the
    /// record's fields say (see `EndpointRecord`).
    @inline(__always)
    var recordPointer: UnsafePointer<EndpointRecord> {
        UnsafePointer(bitPattern: word).unsafelyUnwrapped
    }
}

/// An endpoint named by its host and record, keeping the host alive (the host keeps its
/// records): what is held past the lock that found it, for one drain or until work left for
/// after the lock has run (a queued change's origin, a queued initial value's receivers, what a
/// merge moved, the endpoint a change is heard again through). Resolved in its chain by
/// `ChainCore.member(named:)`.
struct HeldName {
    /// The host, retained.
    let host: AnyEndpoint
    /// The record in the host.
    let record: Int

    /// `host`'s record `record`.
    init(_ host: AnyEndpoint, record: Int = 0) {
        self.host = host
        self.record = record
    }

    /// The endpoint `name` names, its host retained.
    init(_ name: EndpointName) {
        host = name.hostObject
        record = name.record
    }

    /// The endpoint `name` names, taking over a retain of its host that the caller made.
    init(taking name: EndpointName) {
        host = name.host.takeRetainedValue()
        record = name.record
    }

    /// The name, one word.
    var name: EndpointName { EndpointName(host, record: record) }
}

// What an endpoint is asked, asked of the record a name names (its fields, see
// `EndpointRecord`), or of its host with the record passed on (what depends on the host's
// class: its chain, its key path, its label). Unretained, as the name is: the caller keeps the
// host.
extension EndpointName {
    /// The host, for what only it answers; unretained.
    @inline(__always)
    var hostObject: AnyEndpoint { host.takeUnretainedValue() }

    /// The object's type, for diagnostics (see `EndpointRecord.objectType`).
    var objectType: AnyObject.Type { recordPointer.pointee.objectType }
    /// The object, nil once it has gone (or begun to go) and once the endpoint has left its
    /// chain (see `EndpointRecord.target`).
    @inline(__always)
    var target: AnyObject? { recordPointer.pointee.target }
    /// The object, if it is still there, in its chain or not (see `EndpointRecord.objectIfAlive`).
    @inline(__always)
    var objectIfAlive: AnyObject? { recordPointer.pointee.objectIfAlive }
    /// The object, unretained (see `EndpointRecord.object`).
    @inline(__always)
    var object: Unmanaged<AnyObject> { recordPointer.pointee.object }
    /// The object's address (see `EndpointRecord.objectID`), which the registry's index keeps
    /// the endpoint under.
    var objectID: ObjectIdentifier { recordPointer.pointee.objectID }
    /// The array element the endpoint stands for, if any.
    var index: Int? { recordPointer.pointee.index }
    /// The endpoint's kind, if it keeps it.
    var keptKind: (any EndpointKind)? { recordPointer.pointee.keptKind }
    /// What only some endpoints have.
    var extras: AnyEndpoint.Extras? { recordPointer.pointee.extras }
    /// The registrar whose deinit means the object is gone, of which the endpoint is a member.
    /// Lock held.
    var lifetime: Unmanaged<_ChangeRegistrar>? {
        get { recordPointer.pointee.lifetime }
        nonmutating set { recordPointer.pointee.lifetime = newValue }
    }
    /// The declarations that declared the endpoint. Lock held.
    var declarations: DeclarationSet {
        get { recordPointer.pointee.declarations }
        @inline(__always) nonmutating set { recordPointer.pointee.declarations = newValue }
    }
    /// Whether every declaration that declared the endpoint is `first` or `second`. Lock held.
    func isDeclared(within first: Declaration, _ second: Declaration?) -> Bool {
        recordPointer.pointee.isDeclared(within: first, second)
    }
    /// Whether the endpoint listens to any slot. Lock held.
    var isListening: Bool { recordPointer.pointee.isListening }
    var events: ControlEvents { recordPointer.pointee.events }
    @inline(__always)
    var role: Role { recordPointer.pointee.role }
    /// Whether writes go to the main actor.
    var delivery: Delivery { recordPointer.pointee.delivery }
    /// Whether notifications come from the object's own registrar.
    @inline(__always)
    var notifierIsObject: Bool { recordPointer.pointee.notifierIsObject }
    /// Whether it was declared to receive the chain's value when it joins.
    var wantsInitial: Bool { recordPointer.pointee.wantsInitial }
    /// Whether the object is held weakly (see `AnyEndpoint.isWeak`).
    var isWeak: Bool { recordPointer.pointee.isWeak }
    /// Whether every change must be heard under the lock.
    @inline(__always)
    var hearsUnderLock: Bool { recordPointer.pointee.hearsUnderLock }
    /// Whether declarations find it, and it hears before the endpoints they do not.
    var joinsChains: Bool { recordPointer.pointee.joinsChains }
    /// Whether the endpoint has left its chain.
    @inline(__always)
    var isDetached: Bool {
        get { recordPointer.pointee.isDetached }
        nonmutating set { recordPointer.pointee.setDetached(newValue) }
    }
    /// Whether the route's links, when last read, reached its last property (see
    /// `AnyEndpoint.reachesLeaf`). Lock held.
    var reachesLeaf: Bool {
        get { recordPointer.pointee.has(.reachesLeaf) }
        nonmutating set { recordPointer.pointee.setFlag(.reachesLeaf, newValue) }
    }
    /// Whether the endpoint took the place of its chain's head. Lock held.
    var standsForHead: Bool {
        get { recordPointer.pointee.has(.standsForHead) }
        nonmutating set { recordPointer.pointee.setFlag(.standsForHead, newValue) }
    }
    /// Whether the endpoint took the place of its chain's second record (see
    /// `Flags.standsForSecond`). Lock held.
    var standsForSecond: Bool {
        get { recordPointer.pointee.has(.standsForSecond) }
        nonmutating set { recordPointer.pointee.setFlag(.standsForSecond, newValue) }
    }
    /// Whether the endpoint is in the registry's index of objects without a registrar. Lock
    /// held.
    var isIndexed: Bool {
        get { recordPointer.pointee.has(.isIndexed) }
        nonmutating set { recordPointer.pointee.setFlag(.isIndexed, newValue) }
    }
    /// Whether another endpoint took this one's place. Lock held.
    var isReplaced: Bool { recordPointer.pointee.has(.isReplaced) }
    /// The slots the endpoint listens to. Lock held.
    var subscriptions: Subscriber.Subscriptions { recordPointer.pointee.subscriptions }
    /// The last write to the endpoint by its chain's owner (see `EndpointRecord.writtenSequence`).
    var writtenSequence: UInt32 {
        get { recordPointer.pointee.writtenSequence.load(ordering: .relaxed) }
        nonmutating set { recordPointer.pointee.writtenSequence.store(newValue, ordering: .relaxed) }
    }

    /// The object, if it is still there (see `EndpointRecord.targetLocked()`). Lock held.
    func targetLocked() -> AnyObject? { recordPointer.pointee.targetLocked() }
    /// Whether the object is still there (see `EndpointRecord.isAliveLocked()`). Lock held.
    @inline(__always)
    func isAliveLocked() -> Bool { recordPointer.pointee.isAliveLocked() }
    /// Whether the endpoint certainly stands for another property than the one `slot` hears.
    /// Lock held.
    func observesOtherSlot(than slot: (registrar: UnsafeMutableRawPointer, slot: Int)?) -> Bool {
        recordPointer.pointee.observesOtherSlot(than: slot)
    }

    // MARK: What the host answers

    /// The chain the endpoint belongs to: its host's, whatever the record.
    var anyCore: any AnyChainCore { hostObject.anyCore }
    /// The key path of the endpoint's property (see `AnyEndpoint.keyPath`).
    var keyPath: AnyKeyPath { hostObject.keyPath(record: record) }
    /// Where the endpoint's property is stored in its object, or 0 (see `AnyEndpoint.location`).
    var location: Int { hostObject.location(record: record) }
    /// How diagnostics name the endpoint.
    var label: String { EndpointLabel.make(objectType, keyPath: keyPath, storedAt: location, index: index, events: events) }
    /// Whether the endpoint is on the property `keyPath` names (see `AnyEndpoint.names`).
    func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?) -> Bool {
        hostObject.names(keyPath, storedAt: location, record: record)
    }

    /// Whether the endpoint is on a property stored somewhere else than `location` (0: not
    /// known) in the same object.
    func isStored(elsewhereThan location: Int) -> Bool {
        guard location != 0 else { return false }
        let own = self.location
        return own != 0 && own != location
    }

    /// Whether the endpoint stands for `object`'s `keyPath` (with `events` and `index`); see
    /// `AnyEndpoint.matches`.
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

    // MARK: Listening and lists (graph lock held)

    /// Listens to `slot` of `registrar`. Lock held.
    func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int) {
        recordPointer.pointee.subscribeLocked(registrar, slot: slot, as: listener)
    }
    /// Stops listening to every slot. Lock held.
    func unsubscribeAllLocked() {
        recordPointer.pointee.unsubscribeAllLocked(as: listener)
    }
    /// Forgets every slot listened to. Lock held.
    func removeAllSubscriptions() {
        recordPointer.pointee.removeAllSubscriptions()
    }
    /// Records a slot listened to. Lock held.
    func appendSubscription(_ subscription: Subscriber.Subscription) {
        recordPointer.pointee.append(subscription)
    }
    /// Listens to the slots `other` listened to, which it no longer does. Lock held.
    func takeSubscriptions(from other: EndpointName) {
        removeAllSubscriptions()
        for subscription in other.subscriptions { appendSubscription(subscription) }
        other.removeAllSubscriptions()
    }
    /// Leaves its lifetime registrar's members, for `replacement` if given. Lock held.
    func leaveLifetimeMembersLocked(for replacement: EndpointName? = nil) {
        lifetime?._withUnsafeGuaranteedRef { $0.replaceMember(listener, with: replacement?.listener) }
    }

    /// The word of a name, or 0: the next endpoint in the list it is in, or once it is replaced
    /// the endpoint that took its place (see `AnyEndpoint.link`). Lock held.
    var link: UInt {
        @inline(__always) get { recordPointer.pointee.link.load(ordering: .relaxed) }
        @inline(__always) nonmutating set { recordPointer.pointee.link.store(newValue, ordering: .relaxed) }
    }
    /// The endpoint the link names, if it names one.
    @inline(__always)
    var linked: EndpointName? { link == 0 ? nil : EndpointName(listenerWord: link) }
    /// The next endpoint of the list it is in (its lifetime registrar's members, or the
    /// registry's index). Lock held.
    var nextListed: EndpointName? {
        get { isReplaced ? nil : linked }
        nonmutating set {
            assert(!isReplaced, "Bindery: a replaced endpoint rejoined its registrar's members")
            link = newValue?.listenerWord ?? 0
        }
    }

    /// Records that `new` took this endpoint's place, once it has left its registrar's
    /// members: the link names `new` and retains its host (released by the host's deinit, or by
    /// `forgetReplacementLocked()`). Lock held.
    func replaceLocked(by new: EndpointName) {
        assert(link == 0, "Bindery: an endpoint was replaced before it left its registrar's members")
        _ = new.host.retain()
        link = new.listenerWord
        recordPointer.pointee.setFlag(.isReplaced, true)
    }

    /// Lets go of the endpoint that took this one's place, once nothing can ask for it: its
    /// chain no longer has a successor of this endpoint, or has ended. A chain's head is the
    /// chain itself (`ChainCore`), and a head declared again in its own chain is replaced by an
    /// endpoint of that chain: kept, the two would keep each other. Lock held.
    func forgetReplacementLocked() {
        guard isReplaced, let replaced = linked else { return }
        link = 0
        replaced.host.release()
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
        guard isReplaced, anyCore === chain, let first = linked, first.isReplaced, first.anyCore === chain else { return }
        // Unretained: the lock keeps every link, and so every endpoint on the path.
        var path: [EndpointName] = [self]
        var end = first
        while end.isReplaced, end.anyCore === chain, let next = end.linked {
            path.append(end)
            end = next
        }
        // `end` is where the walk goes on from: the endpoint standing for this one now, one of
        // another chain, or one that left (replaced, with no link): its writes are not folded.
        var newest = path[path.count - 1].writtenSequence
        for each in path.reversed() {
            let written = each.writtenSequence
            if AnyEndpoint.isUnwritten(newest, since: written) { newest = written }
            each.writtenSequence = newest
            guard let skipped = each.linked, skipped != end else { continue }
            _ = end.host.retain()
            each.link = end.listenerWord
            // Released after the lock is: an endpoint let go of here may go with it.
            GraphLock.shared.buryLocked(skipped.host.takeRetainedValue())
        }
    }

    /// Lets go of what the record keeps besides its fields, as its host goes: the memory of
    /// its object, held unowned, and the endpoint that took its place, if any.
    func releaseRecord() {
        recordPointer.pointee.releaseMemory()
        if isReplaced { linked?.host.release() }
    }

    /// This endpoint, or the one that now stands for it; nil if it left its chain. Lock held.
    @inline(__always)
    func activeLocked() -> EndpointName? {
        guard isReplaced else { return isDetached ? nil : self }
        // A walk, not a recursion (see `AnyEndpoint.activeLocked`).
        var each = self
        while each.isReplaced {
            guard let next = each.linked else { return nil }
            each = next
        }
        return each.isDetached ? nil : each
    }
}
