import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide binding graph: which endpoints exist, for which objects, in which chains.
///
/// One lock guards the graph (endpoints, chains' shapes and queues, registrars' listener
/// lists): `GraphLock`, at the bottom of the engine, so that the parts below the registry (a
/// registrar's table, a chain's shape) take it and release through it without reaching up here. It is never held while user code runs: setters, getters of computed properties,
/// converters, filters and blocks all run after it is released (see <doc:Guarantees#Threads>).
/// An update of a slot with one listener takes no lock (`_ChangeRegistrar.notify(_:)`); a
/// route's, or one whose chain another thread owns, takes it once; one with N listeners takes it
/// 1 + N times, once to read the listeners and once as each is asked (so that a listener
/// declared again meanwhile is found in its replacement: `notifyLocked`). Each time uncontended
/// unless another thread binds or updates through the lock meanwhile.
final class Registry: RegistrarEngine, @unchecked Sendable {
    // @unchecked: every stored var is guarded by the graph lock (`GraphLock`).

    /// The registry, installed as the engine every registrar tells when it is made.
    static let shared: Registry = {
        let made = Registry()
        _ChangeRegistrar.install(made)
        return made
    }()

    /// Makes the registry, if nothing has yet, so that it is installed as the registrars'
    /// engine: one test of a made global once it is.
    @inline(__always)
    static func installIfNeeded() {
        _ = shared
    }

    /// The graph lock, kept here so that the registry's own critical sections reach it through
    /// `self` (each reach for a lazily made global is a call).
    private let graphLock = GraphLock.shared

    /// How many declarations have been given an identity (see `Declaration.make()`).
    let declarationsMade = Atomic<UInt64>(0)

    /// What the registry keeps, all of it guarded by the graph lock.
    struct State {
        /// Endpoints by object, for objects without a registrar (plain objects): an object with
        /// one (a `@Dynamic` object, a control) lists its endpoints as the registrar's members, so
        /// binding and unbinding it touch nothing process-wide. Entries of objects that died stay
        /// until the next dispatch or lookup finds them. Each object's first endpoint; the others
        /// follow through `AnyEndpoint.nextListed`, so that indexing an endpoint allocates
        /// nothing. Names (see `EndpointName`), unretained, like the lists: the chain holds
        /// every indexed endpoint.
        var byObject = EndpointIndex<EndpointName>()
        /// Counts endpoints attached (bound or put in another's place), so that a bind that let
        /// go of the lock to read its head's value can tell whether an endpoint it must join may
        /// have appeared meanwhile.
        var attachments: UInt64 = 0
        /// Every chain made and not yet ended or merged away, unretained, for `Bind.graph()`
        /// (see `Registry+LiveChains.swift`).
        var liveChains: [Unmanaged<AnyEndpoint>] = []
        /// Live chains and endpoints, for tests and the status query.
        var chainCount = 0
        var endpointCount = 0
    }

    /// The registry's state. Lock held: each function that touches it asserts that in debug
    /// builds (`assertLocked()`, or a caller's). Stored, not behind an asserting accessor: a
    /// `_modify` coroutine on each access cost a bind + unbind about 350 instructions.
    @exclusivity(unchecked) var state = State()

    /// Runs `body` with the graph lock held (see `GraphLock.locked(thread:_:)`).
    @inline(__always)
    func locked<Result>(thread: UnsafeMutablePointer<ThreadState>? = nil, _ body: () -> Result) -> Result {
        graphLock.locked(thread: thread, body)
    }

    /// See `GraphLock.isHeldByCurrentThread`.
    var isHeldByCurrentThread: Bool { graphLock.isHeldByCurrentThread }

    /// See `GraphLock.assertLocked()`.
    @inline(__always)
    func assertLocked(file: StaticString = #fileID, line: UInt = #line) {
        assert(graphLock.isHeldByCurrentThread, "Bindery: the graph lock must be held here", file: file, line: line)
    }

    // MARK: Notifications (lock not held on entry)

    /// Runs the listeners of `registrar`'s `slot` the locked way: the slot has several, or
    /// its one listener must be asked under the lock (a route, or a chain another thread
    /// owns). The way without the lock is the registrar's (`_ChangeRegistrar.notify(_:)`).
    @inline(never)
    override func notifyLocked(_ registrar: _ChangeRegistrar, slot: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        var single: Unmanaged<Subscriber>?
        var singleRecord = 0
        var decision = Decision.ignore
        var several: [Listener] = []
        locked(thread: thread) {
            guard slot < registrar.slotCapacity else { return }
            if let listener = registrar.soleListener(slot: slot) {
                let endpoint = Unmanaged<Subscriber>.fromOpaque(listener.object.toOpaque())
                decision = endpoint._withUnsafeGuaranteedRef { $0.decideLocked(thread, record: listener.record, from: registrar, slot: slot) }
                if case .enqueue = decision {
                    // Kept until its change is queued. On `.dispatch` this thread owns the
                    // chain, whose plan keeps the endpoint alive until it is given back.
                    _ = endpoint.retain()
                }
                single = endpoint
                singleRecord = listener.record
            } else {
                // The slot's list keeps this array until its listeners change: a set allocates
                // nothing. Each listener's object is kept past the lock until it has heard (one
                // that leaves meanwhile is let go of by the table).
                several = registrar.listenersLocked(slot: slot)
                for listener in several { _ = listener.object.retain() }
            }
        }
        if let single {
            single._withUnsafeGuaranteedRef { $0.act(decision, record: singleRecord, thread) }
            if case .enqueue = decision { single.release() }
        }
        guard !several.isEmpty else { return }
        // Derived values the listeners reach are evaluated once all have heard.
        thread.pointee.notifyingSeveral += 1
        for listener in several {
            let kept = Unmanaged<Subscriber>.fromOpaque(listener.object.toOpaque())
            // Each listener is asked under a lock of its own: one declared again meanwhile has
            // been replaced (its subscriptions with it), and its replacement hears the change.
            let (endpoint, record, decision) = locked(thread: thread) { () -> (Subscriber, Int, Decision) in
                let active = kept._withUnsafeGuaranteedRef { $0.activeLocked(record: listener.record) } ?? listener
                let endpoint = unsafeDowncast(active.object.takeUnretainedValue(), to: Subscriber.self)
                return (endpoint, active.record, endpoint.decideLocked(thread, record: active.record, from: registrar, slot: slot))
            }
            endpoint.act(decision, record: record, thread)
            kept.release()
        }
        thread.pointee.notifyingSeveral -= 1
        ThreadState.endOfDispatch(thread)
    }

    /// Has `endpoint` hear its property's change again: for a change its predecessor heard in
    /// a chain that was merged away before the change could be queued there.
    func renotify(_ endpoint: HeldName, _ thread: UnsafeMutablePointer<ThreadState>) {
        let decision = locked(thread: thread) { endpoint.host.decideLocked(thread, record: endpoint.record) }
        endpoint.host.act(decision, record: endpoint.record, thread)
    }

    /// Runs the listeners of the slots whose bits are set in `mask` (several control events),
    /// each listener once.
    override func notify(_ registrar: _ChangeRegistrar, events mask: UInt32) {
        let thread = ThreadState.current
        // One event (nearly always): its sole listener, or the array its slot's list keeps, so
        // that an edit allocates nothing. Several events: each listener once, in the array the
        // first event's list keeps, copied only when a later event has a listener it lacks (the
        // same listeners on every event, or on one of them, allocate nothing). Each listener's
        // object is kept past the lock until it has heard.
        var sole: Listener?
        var listeners: [Listener] = []
        locked(thread: thread) {
            if mask.nonzeroBitCount == 1 {
                let slot = mask.trailingZeroBitCount
                if let listener = registrar.soleListener(slot: slot) {
                    sole = listener
                } else {
                    listeners = registrar.listenersLocked(slot: slot)
                }
            } else {
                // Either `sole` or `listeners` holds what was found so far, never both.
                var bits = mask
                while bits != 0 {
                    let slot = bits.trailingZeroBitCount
                    bits &= bits - 1
                    if let one = registrar.soleListener(slot: slot) {
                        if sole == nil, listeners.isEmpty {
                            sole = one
                        } else if sole != one, !listeners.contains(one) {
                            if let first = sole { listeners = [first] }
                            sole = nil
                            listeners.append(one)
                        }
                        continue
                    }
                    let heard = registrar.listenersLocked(slot: slot)
                    if heard.isEmpty { continue }
                    if sole == nil, listeners.isEmpty {
                        listeners = heard
                        continue
                    }
                    if let first = sole { listeners = [first] }
                    sole = nil
                    for listener in heard where !listeners.contains(listener) {
                        listeners.append(listener)
                    }
                }
            }
            if let sole { _ = sole.object.retain() }
            for listener in listeners { _ = listener.object.retain() }
        }
        thread.pointee.notifyingSeveral += 1
        if let sole { hear(sole, thread) }
        for listener in listeners { hear(listener, thread) }
        thread.pointee.notifyingSeveral -= 1
        ThreadState.endOfDispatch(thread)
    }

    /// Has a listener kept for a control's events decide under the lock and act, then lets go
    /// of it.
    private func hear(_ listener: Listener, _ thread: UnsafeMutablePointer<ThreadState>) {
        let kept = Unmanaged<Subscriber>.fromOpaque(listener.object.toOpaque())
        let subscriber = kept.takeUnretainedValue()
        let decision = locked(thread: thread) { subscriber.decideLocked(thread, record: listener.record) }
        subscriber.act(decision, record: listener.record, thread)
        kept.release()
    }

    // MARK: Membership (lock held)

    /// Registers a new endpoint and starts listening for its changes.
    ///
    /// - Parameter lifetime: The registrar whose deinit means the object is gone, found
    ///   before the lock was taken (`lifetimeRegistrar(of:)` may run user code).
    @inline(__always)
    func attachLocked(_ endpoint: EndpointName, hearing: Hearing, lifetime: _ChangeRegistrar?) {
        assertLocked()
        if let lifetime {
            lifetime.addMember(endpoint.listener)
        } else {
            indexLocked(endpoint)
        }
        state.attachments &+= 1
        state.endpointCount += 1
        subscribeLocked(endpoint, hearing: hearing)
    }

    /// Starts listening for a sender's changes.
    func subscribeLocked(_ endpoint: EndpointName, hearing: Hearing) {
        assertLocked()
        guard endpoint.role.contains(.sends), !endpoint.isListening else { return }
        hearing.subscribeLocked(endpoint.listener)
    }

    /// Puts `new` where `old` was: in the object index, the lifetime registrar and every
    /// subscription. `old` is detached.
    func transferLocked(from old: EndpointName, to new: EndpointName) {
        assertLocked()
        state.attachments &+= 1
        // Marked before its chain lets go of it (see `ChainCore.takeWithoutLock`).
        old.isDetached = true
        old.anyCore.retireLocked(old.hostObject)
        if old.isIndexed { replaceInIndexLocked(old, with: new) }
        old.leaveLifetimeMembersLocked(for: new)
        let sends = new.role.contains(.sends)
        for subscription in old.subscriptions {
            let registrar = subscription.registrar
            if sends {
                _ = registrar.replaceListener(old.listener, with: new.listener, slot: subscription.slot)
            } else {
                registrar.removeListener(old.listener, slot: subscription.slot)
            }
        }
        if sends {
            new.takeSubscriptions(from: old)
        } else {
            old.removeAllSubscriptions()
        }
        old.lifetime = nil
        old.replaceLocked(by: new)
        letGoOfKeptObjectLocked(old)
    }

    /// Lets go of what a detached endpoint kept alive, once the lock is released: its deinit
    /// (a derived value's, which unbinds its reads) must not run under it.
    private func letGoOfKeptObjectLocked(_ endpoint: EndpointName) {
        guard let extras = endpoint.extras, let kept = extras.keptObject else { return }
        extras.keptObject = nil
        graphLock.buryLocked(kept)
    }

    /// Removes an endpoint from the graph. Its chain has already taken it out of its members,
    /// and hands its reference to `retireLocked` next (an update that took the chain without
    /// the lock may be using it): marked detached first, for that update to see.
    func forgetLocked(_ endpoint: EndpointName) {
        assertLocked()
        guard !endpoint.isDetached else { return }
        endpoint.isDetached = true
        letGoOfKeptObjectLocked(endpoint)
        endpoint.unsubscribeAllLocked()
        endpoint.leaveLifetimeMembersLocked()
        if endpoint.isIndexed { unindexLocked(endpoint) }
        state.endpointCount -= 1
    }

    /// Appends `endpoint` to its object's list (the list keeps the order endpoints were bound).
    private func indexLocked(_ endpoint: EndpointName) {
        endpoint.isIndexed = true
        let key = endpoint.objectID
        guard let head = state.byObject[key] else {
            state.byObject[key] = endpoint
            return
        }
        var last = head
        while let next = Self.next(after: last) { last = next }
        last.nextListed = endpoint
    }

    /// Puts `new` in `old`'s place in its object's list, if `old` is there.
    private func replaceInIndexLocked(_ old: EndpointName, with new: EndpointName) {
        let next = old.nextListed
        if relinkLocked(old, to: new) {
            new.nextListed = next
            new.isIndexed = true
        }
    }

    /// Takes `endpoint` out of its object's list.
    private func unindexLocked(_ endpoint: EndpointName) {
        relinkLocked(endpoint, to: endpoint.nextListed)
    }

    /// Points whatever pointed at `old` in its object's list (the index itself, or the endpoint
    /// before it) at `replacement`, and unlinks `old`; false if `old` is not in the list.
    @discardableResult
    private func relinkLocked(_ old: EndpointName, to replacement: EndpointName?) -> Bool {
        let key = old.objectID
        guard let head = state.byObject[key] else { return false }
        let target = old
        if head == target {
            state.byObject[key] = replacement
        } else {
            var previous = head
            while true {
                guard let current = Self.next(after: previous) else { return false }
                if current == target { break }
                previous = current
            }
            previous.nextListed = replacement
        }
        old.nextListed = nil
        old.isIndexed = false
        return true
    }

    /// The first of `object`'s endpoints: its registrar's first member, or its first entry in
    /// the index, after dropping stale ones (see `liveHeadLocked(of:)`). The others follow
    /// through `next(after:)` either way: both lists link their endpoints through one field.
    func listLocked(of object: AnyObject, lifetime: _ChangeRegistrar?) -> EndpointName? {
        if let lifetime { return lifetime.firstMember == 0 ? nil : EndpointName(listenerWord: lifetime.firstMember) }
        return liveHeadLocked(of: object)
    }

    /// The endpoint after `endpoint` in its list.
    @inline(__always)
    static func next(after endpoint: EndpointName) -> EndpointName? {
        endpoint.nextListed
    }

    /// The first of `first` and the endpoints after it in its object's list for which
    /// `predicate` is true. Each is lent to `predicate` without being retained: `predicate`
    /// must leave the list as it is.
    @inline(__always)
    private func firstEntry(from first: EndpointName?, where predicate: (EndpointName) -> Bool) -> EndpointName? {
        var current = first
        while let endpoint = current {
            if predicate(endpoint) { return endpoint }
            current = endpoint.nextListed
        }
        return nil
    }

    /// A `@Dynamic` object or a control is going: it leaves every chain now (see <doc:Guarantees#Lifetime>), and
    /// routes through it stop listening to it.
    ///
    /// A dispatch on another thread may still hold one of its endpoints: it cannot reach the
    /// object, which is deinitialising (see `UnownedObject`), so nothing waits for it.
    override func registrarWillDeinit(_ registrar: _ChangeRegistrar) {
        locked {
            for listeners in registrar.removeAllListeners() {
                for listener in listeners {
                    let endpoint = unsafeDowncast(listener.object.takeUnretainedValue(), to: Subscriber.self)
                    endpoint.removeSubscriptions(record: listener.record) { $0.registrar === registrar }
                    // A route that lost a link's object is read again at its next notification.
                    endpoint.setReachesLeaf(false, record: listener.record)
                }
            }
            let members = registrar.removeAllMembers().map { EndpointName($0) }
            for endpoint in members {
                endpoint.anyCore.detachLocked(endpoint)
            }
            // The endpoints, and through them their chains, go after the lock is released.
            graphLock.buryLocked(contentsOf: members.map(\.hostObject))
        }
    }

    /// Every endpoint that listens to `registrar` leaves its chain: what Observation's sender
    /// does when the object it reads has gone (see `ObservationSender`), since that object has
    /// no registrar of its own whose deinit would say so.
    func detachListeners(of registrar: _ChangeRegistrar) {
        locked {
            var listeners: [(subscriber: Subscriber, record: Int)] = []
            for slot in 0..<registrar.slotCapacity { listeners += registrar.subscribersLocked(slot: slot) }
            for listener in listeners { listener.subscriber.leaveChainLocked(record: listener.record) }
            // The endpoints, and through them their chains, go after the lock is released.
            graphLock.buryLocked(contentsOf: listeners.map(\.subscriber))
        }
    }

    // MARK: Lookup (lock held)

    /// Whether an endpoint of `object` that matches passes `test`; entries of dead objects at
    /// the same address are dropped first. Each endpoint is lent to `test`, which must leave
    /// the list as it is. Allocates nothing.
    ///
    /// - Parameter lifetime: `object`'s registrar (see `listLocked(of:lifetime:)`).
    func containsEndpointLocked(
        of object: AnyObject, lifetime: _ChangeRegistrar?, keyPath: AnyKeyPath? = nil, events: ControlEvents? = nil, index: Int?? = nil,
        where test: (EndpointName) -> Bool
    ) -> Bool {
        // Where the property at `keyPath` is stored (see `AnyEndpoint.names(_:storedAt:)`).
        let location = keyPath.flatMap { StoredProperty.packedOffset(of: $0) }
        return firstEntry(from: listLocked(of: object, lifetime: lifetime)) {
            $0.matches(object, keyPath, storedAt: { location }, events: events, index: index) && test($0)
        } != nil
    }

    /// Runs `body` on each endpoint of `object` that matches, as they were listed when this
    /// began, so that `body` may take them out of their chains, and with that out of the list.
    /// Each is lent, not retained: one that leaves its chain meanwhile is kept until the lock
    /// is released (see `ChainCore.retireLocked`, `buryLocked`). The list is copied on the
    /// stack, so unbinding an object allocates nothing.
    ///
    /// - Parameter lifetime: `object`'s registrar (see `listLocked(of:lifetime:)`).
    func forEachEndpointLocked(
        of object: AnyObject, lifetime: _ChangeRegistrar?, keyPath: AnyKeyPath? = nil, events: ControlEvents? = nil, index: Int?? = nil,
        _ body: (EndpointName) -> Void
    ) {
        let first = listLocked(of: object, lifetime: lifetime)
        // Where the property at `keyPath` is stored, for endpoints whose accessors know their
        // own location (see `AnyEndpoint.names(_:storedAt:)`).
        let location = keyPath.flatMap { StoredProperty.packedOffset(of: $0) }
        // Read twice, in place: to count, then to copy. The same in both (an endpoint held
        // weakly may lose its object in between, never gain one).
        func visitMatching(_ visit: (EndpointName) -> Bool) {
            var current = first
            while let endpoint = current {
                if endpoint.matches(object, keyPath, storedAt: { location }, events: events, index: index),
                    !visit(endpoint)
                {
                    return
                }
                current = Self.next(after: endpoint)
            }
        }
        var count = 0
        visitMatching { _ in
            count += 1
            return true
        }
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: EndpointName.self, capacity: count) { found in
            var filled = 0
            visitMatching { endpoint in
                found[filled] = endpoint
                filled += 1
                return filled < count
            }
            for position in 0..<filled { body(found[position]) }
        }
    }

    /// The endpoint exactly identified by a spec (whose `lifetime` is found), if one is bound.
    /// Allocates nothing.
    func endpointLocked<Value>(for spec: EndpointSpec<Value>) -> EndpointName? {
        guard spec.hearing.joinsChains else { return nil }
        // Comparing key paths (`==` reads both paths' components) comes last: a sender on
        // another slot of the registrar, or an endpoint on a property stored elsewhere in the
        // object, is passed over without it.
        let location = spec.accessors.location
        let slot = spec.hearing.slot.map { (Unmanaged.passUnretained($0.registrar).toOpaque(), $0.slot) }
        return firstEntry(from: listLocked(of: spec.object, lifetime: spec.lifetime)) {
            $0.joinsChains && $0.events == spec.events && !$0.observesOtherSlot(than: slot)
                && !$0.isStored(elsewhereThan: location)
                && $0.matches(
                    spec.object, spec.keyPath, storedAt: { location != 0 ? location : StoredProperty.packedOffset(of: spec.keyPath) },
                    events: nil, index: .some(spec.index))
        }
    }

    /// `first` and the endpoints after it in its list: its registrar's members, or its
    /// object's entries in the index.
    func entries(from first: EndpointName?) -> some Sequence<EndpointName> {
        sequence(state: first) { next -> EndpointName? in
            guard let endpoint = next else { return nil }
            next = endpoint.nextListed
            return endpoint
        }
    }

    /// The first endpoint at `object`'s address in the index, after detaching those that
    /// belonged to an earlier object there (only one held weakly can: an unowned hold keeps its
    /// object's address taken). One lookup in the index when none is stale, which is nearly
    /// always.
    private func liveHeadLocked(of object: AnyObject) -> EndpointName? {
        assertLocked()
        let key = ObjectIdentifier(object)
        let first = state.byObject[key]
        // Only an object held weakly can be stale (an Objective-C object): looked for without
        // allocating.
        guard firstEntry(from: first, where: { $0.isWeak && $0.targetLocked() !== object }) != nil else {
            return first
        }
        // Collected first: detaching one takes it out of the list being read.
        for stale in Array(entries(from: first)) where stale.isWeak && stale.targetLocked() !== object {
            stale.anyCore.detachLocked(stale)
        }
        return state.byObject[key]
    }

    /// The registrar whose deinit means `object` is gone. Reads a control's `eventCenter`,
    /// which is the control's code: never call it with the lock held.
    static func lifetimeRegistrar(of object: AnyObject) -> _ChangeRegistrar? {
        LifetimeReader.of(type(of: object)).registrar(of: object)
    }
}

extension _ChangeRegistrar {
    /// The listeners of `slot`, as the engine's subscribers they all are, each with the record
    /// that listens (see `listenersLocked(slot:)`). Lock held.
    func subscribersLocked(slot: Int) -> [(subscriber: Subscriber, record: Int)] {
        listenersLocked(slot: slot).map { (unsafeDowncast($0.object.takeUnretainedValue(), to: Subscriber.self), $0.record) }
    }
}
