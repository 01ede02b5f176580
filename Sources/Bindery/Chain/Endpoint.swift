import Synchronization

/// A chain member typed by the chain's value: a chain's head that made it is the chain itself
/// (`ChainCore` is an endpoint), and every other member is a `MemberEndpoint`, which keeps its
/// chain. A chain and its head are one allocation, and the chain keeps no pointer to itself.
class Endpoint<Value>: AnyEndpoint {
    /// The endpoint's accessors, kept in its record (`EndpointRecord.accessors`), which are an
    /// `Accessors` of the chain's value.
    final var accessors: Accessors<Value> {
        // Yielded, not returned: a getter's result is owned, a retain and a release at every
        // use.
        @inline(__always) _read { yield unsafeDowncast(record.accessors, to: Accessors<Value>.self) }
    }

    /// The accessors `record` keeps, an `Accessors` of the chain's value, unretained.
    @inline(__always)
    static func accessors(of record: borrowing EndpointRecord) -> Unmanaged<Accessors<Value>> {
        Unmanaged.passUnretained(unsafeDowncast(record.accessors, to: Accessors<Value>.self))
    }

    /// The accessors of the record `name` names, an endpoint of a chain of `Value`s,
    /// unretained.
    @inline(__always)
    static func accessors(of name: EndpointName) -> Unmanaged<Accessors<Value>> {
        accessors(of: name.recordPointer.pointee)
    }

    /// The chain this endpoint belongs to, unretained: the endpoint itself for a chain's head.
    /// The endpoint keeps its chain, or is it. Off the update path: `heard`, `act` and the
    /// locked decision are written in both kinds of endpoint and lend the chain to their work
    /// with no call.
    var unmanagedCore: Unmanaged<ChainCore<Value>> { fatalError("abstract") }

    /// The chain this endpoint belongs to.
    final var core: ChainCore<Value> { unmanagedCore.takeUnretainedValue() }

    /// An endpoint for `spec`, declared with `Declared`, whose accessors are already in terms of
    /// the chain's value (the spec is read, never copied).
    init<Declared>(spec: borrowing EndpointSpec<Declared>, accessors: consuming Accessors<Value>) {
        super.init(spec: spec, accessors: accessors)
    }

    init(
        retyping other: EndpointName, accessors: Accessors<Value>, wantsInitial: Bool? = nil,
        hearing: Hearing = .none, role: Role? = nil, declaring added: Declaration? = nil
    ) {
        super.init(copying: other, accessors: accessors, wantsInitial: wantsInitial, hearing: hearing, role: role, declaring: added)
    }

    final override var anyCore: any AnyChainCore { core }

    final override func location(record: Int) -> Int {
        Self.accessors(of: EndpointName(self, record: record).recordPointer.pointee)._withUnsafeGuaranteedRef { $0.location }
    }

    final override func keyPath(record: Int) -> AnyKeyPath {
        Self.accessors(of: EndpointName(self, record: record).recordPointer.pointee)._withUnsafeGuaranteedRef { $0.keyPath }
    }

    final override func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?, record: Int) -> Bool {
        Self.accessors(of: EndpointName(self, record: record).recordPointer.pointee)._withUnsafeGuaranteedRef {
            $0.names(keyPath, storedAt: location)
        }
    }

    override func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {
        // A chain's head's: the head is the chain (`MemberEndpoint` lends its own, as for
        // `heard`).
        unsafeDowncast(self, to: ChainCore<Value>.self).sendInitial(EndpointName(self, record: record), owned: thread)
    }

    override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        // A chain's head's (see `sendInitialOwned`).
        Self.decideLocked(EndpointName(self, record: record), thread, from: registrar, slot: slot, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `decideLocked`'s work for `endpoint` (a record of a host of this class), with the chain
    /// lent to it.
    fileprivate static func decideLocked(
        _ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, from registrar: _ChangeRegistrar?, slot: Int, _ core: ChainCore<Value>
    ) -> Decision {
        guard !endpoint.isDetached, endpoint.role.contains(.sends) else { return .ignore }
        if endpoint.hearsUnderLock { endpoint.keptKind.unsafelyUnwrapped.heardLocked(by: endpoint.listener, from: registrar, slot: slot) }
        return core.decideLocked(origin: endpoint, thread)
    }

    /// What a change `endpoint` heard without the lock means for the chain: nil when the locked
    /// way must decide (see `ChainCore.takeWithoutLock`).
    @inline(__always)
    private static func decideWithoutLock(_ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) -> Decision? {
        let record = endpoint.recordPointer
        guard !record.pointee.hearsUnderLock, !record.pointee.isDetached, record.pointee.role.contains(.sends) else { return nil }
        // A write this thread is making for the chain, as its owner or on the main actor: its
        // echo (see <doc:Guarantees#Loops>).
        if thread.pointee.writing == endpoint.word { return .ignore }
        return core.takeWithoutLock(origin: endpoint, thread)
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        // A chain's head's: the head is the chain (`MemberEndpoint` lends its own). Kept apart
        // from the work, as `act` is (see there).
        hear(slot, of: registrar, record: record, thread, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `heard`'s work, with the chain lent to it (a chain's head is the chain, any other member
    /// keeps it): decides without the lock, ends the registrar's read, and carries the decision
    /// out (`AnyEndpoint.carryOut`), calling this endpoint's functions directly. File-private,
    /// as the two `heard`s that call it are in this file: an internal one would be reached
    /// through a thunk of the merged specialisations (five instructions an update).
    @inline(never)
    fileprivate final func hear(
        _ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>
    ) {
        let endpoint = EndpointName(self, record: record)
        carryOut(Self.decideWithoutLock(endpoint, thread, core), slot, of: registrar, thread) { perform($0, endpoint, $1, core) }
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    override func act(_ decision: Decision, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        // A chain's head's (see `heard`). Kept apart from the work so that the entry's check for
        // a pre-specialised type comes before any lookup of a type derived from `Value`
        // (`Value?`), which the optimiser would otherwise hoist above it. The chain is lent to
        // the work, which then counts no reference to it.
        perform(decision, EndpointName(self, record: record), thread, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `act`'s work for `endpoint` (a record of a host of this class), with the chain lent to
    /// it (see `hear`).
    @inline(never)
    fileprivate final func perform(_ decision: Decision, _ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        switch decision {
        case .ignore:
            return
        case .enqueue:
            Self.enqueue(endpoint, thread, core)
        case .dispatch(let plan):
            Self.dispatch(plan, endpoint, thread, core, skipping: endpoint)
        case .own:
            Self.own(endpoint, thread, core)
        case .abandon:
            core.giveBack(thread)
        }
    }

    /// Queues `endpoint`'s change for the chain's owner (see `ChainCore.enqueueChange`). Apart
    /// from `perform`, as the next function is, so that the common case's work is inlined there.
    @inline(never)
    private static func enqueue(_ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        // The sequence number first, then the value: see `enqueueChange`.
        let sequence = core.writeSequence.load(ordering: .acquiring)
        guard let value = readForNotification(endpoint) else { return }
        core.enqueueChange(value, from: endpoint, sequence: sequence, thread)
    }

    /// Dispatches `endpoint`'s change as the owner of a chain taken before its plan was made.
    @inline(never)
    private static func own(_ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        #if DEBUG
        TestHook.beforeOwnPlan.run()
        #endif
        // Declared again since the change was heard: the plan has the endpoint that stands
        // for it now, which is skipped as the origin would be (see <doc:Guarantees#No-echo>).
        // Not retained: this thread owns the chain, which keeps its members (and retires
        // those that leave) until it is given back.
        let made = GraphLock.shared.locked(thread: thread) { () -> (plan: Unmanaged<AnyObject>, skipped: EndpointName) in
            let skipped = endpoint.isDetached ? core.member(named: endpoint) ?? endpoint : endpoint
            return (unsafeBitCast(core.planLocked(), to: Unmanaged<AnyObject>.self), skipped)
        }
        dispatch(made.plan, endpoint, thread, core, skipping: made.skipped)
    }

    /// Reads `endpoint`'s value and dispatches it as the chain's owner, with `plan`.
    @inline(__always)
    private static func dispatch(
        _ plan: Unmanaged<AnyObject>, _ endpoint: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>,
        skipping skipped: EndpointName
    ) {
        guard let value = readForNotification(endpoint) else {
            core.giveBack(thread)
            return
        }
        plan._withUnsafeGuaranteedRef {
            core.dispatchChange(value, from: endpoint, skipping: skipped, unsafeDowncast($0, to: Plan<Value>.self), thread)
        }
    }

    /// Reads `object` through the accessors of `record`. They are lent to the call, not
    /// retained: they are shared by every endpoint on the property, on every thread, and a
    /// retain per update would be an atomic write to memory that other chains' updates touch
    /// too.
    @inline(__always)
    static func read(_ object: AnyObject, through record: UnsafePointer<EndpointRecord>) -> Value? {
        accessors(of: record.pointee)._withUnsafeGuaranteedRef { $0.read!(object) }
    }

    /// Reads `endpoint`'s value after a notification; reports an unreadable one (see
    /// <doc:Guarantees#Bad-input>).
    ///
    /// Read even if the endpoint has left its chain since it was asked: a join on another
    /// thread may declare it again (every join declares its head again) between the decision,
    /// taken under the lock or with the chain taken without it, and this read. The change
    /// happened before that, so it is not dropped: a queued change goes to the endpoint's
    /// replacement (`ChainCore.currentLocked`), and a dispatch that owns the chain delivers it
    /// with the plan taken with the chain. (`target`, nil once detached, dropped it: the head
    /// kept a user's edit that never reached the rest of its chain.)
    @inline(__always)
    private static func readForNotification(_ endpoint: EndpointName) -> Value? {
        let record = endpoint.recordPointer
        guard accessors(of: record.pointee)._withUnsafeGuaranteedRef({ $0.read != nil }) else { return nil }
        let value: Value?
        if record.pointee.notifierIsObject {
            // The notification comes from the object's own setter: it is alive.
            value = record.pointee.object._withUnsafeGuaranteedRef { read($0, through: record) }
        } else if let target = record.pointee.objectIfAlive {
            value = read(target, through: record)
        } else {
            return nil
        }
        if value == nil { reportUnreadable(endpoint) }
        return value
    }

    @inline(never)
    private static func reportUnreadable(_ endpoint: EndpointName) {
        Report.unreadable(endpoint.label)
    }
}

/// A chain member that is not the chain itself: every endpoint but a chain's head that made
/// it. It keeps its chain, retained, and lends it to the work of `heard` and `act`.
final class MemberEndpoint<Value>: Endpoint<Value> {
    /// The chain, retained by hand (released by the deinit), so that lending it counts no
    /// reference.
    private let chain: Unmanaged<ChainCore<Value>>

    override var unmanagedCore: Unmanaged<ChainCore<Value>> { chain }

    deinit {
        chain.release()
    }

    /// An endpoint for `spec` in `core` (see `Endpoint.init(spec:accessors:)`).
    init<Declared>(spec: borrowing EndpointSpec<Declared>, accessors: Accessors<Value>, core: ChainCore<Value>) {
        chain = .passRetained(core)
        super.init(spec: spec, accessors: accessors)
    }

    /// A copy of `other` in `core`, typed by its value (see `AnyEndpoint.init(copying:…)`).
    init(
        retyping other: EndpointName, accessors: Accessors<Value>, core: ChainCore<Value>, wantsInitial: Bool? = nil,
        hearing: Hearing = .none, role: Role? = nil, declaring added: Declaration? = nil
    ) {
        chain = .passRetained(core)
        super.init(
            retyping: other, accessors: accessors, wantsInitial: wantsInitial, hearing: hearing, role: role, declaring: added)
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    override func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        chain._withUnsafeGuaranteedRef { hear(slot, of: registrar, record: record, thread, $0) }
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    override func act(_ decision: Decision, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        chain._withUnsafeGuaranteedRef { perform(decision, EndpointName(self, record: record), thread, $0) }
    }

    override func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {
        chain._withUnsafeGuaranteedRef { $0.sendInitial(EndpointName(self, record: record), owned: thread) }
    }

    override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        chain._withUnsafeGuaranteedRef { Self.decideLocked(EndpointName(self, record: record), thread, from: registrar, slot: slot, $0) }
    }
}
