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

    /// Lends the accessors to `body`, with no reference counted (the record keeps them): what
    /// an update uses, where `accessors` would retain and release them.
    @inline(__always)
    final func withAccessors<Result>(_ body: (Accessors<Value>) -> Result) -> Result {
        Self.accessors(of: record)._withUnsafeGuaranteedRef(body)
    }

    /// The accessors `record` keeps, an `Accessors` of the chain's value, unretained.
    @inline(__always)
    static func accessors(of record: borrowing EndpointRecord) -> Unmanaged<Accessors<Value>> {
        Unmanaged.passUnretained(unsafeDowncast(record.accessors, to: Accessors<Value>.self))
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
        retyping other: AnyEndpoint, accessors: Accessors<Value>, wantsInitial: Bool? = nil,
        hearing: Hearing = .none, role: Role? = nil, declaring added: Declaration? = nil
    ) {
        super.init(copying: other, accessors: accessors, wantsInitial: wantsInitial, hearing: hearing, role: role, declaring: added)
    }

    final override var anyCore: any AnyChainCore { core }

    final override var location: Int { accessors.location }

    final override var keyPath: AnyKeyPath { accessors.keyPath }

    final override func names(_ keyPath: AnyKeyPath, storedAt location: () -> Int?) -> Bool {
        accessors.names(keyPath, storedAt: location)
    }

    override func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {
        // A chain's head's: the head is the chain (`MemberEndpoint` lends its own, as for
        // `heard`).
        sendInitialOwned(thread, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `sendInitialOwned`'s work, with the chain lent to it.
    fileprivate final func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        core.sendInitial(self, owned: thread)
    }

    override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        // A chain's head's (see `sendInitialOwned`).
        decideLocked(thread, record: record, from: registrar, slot: slot, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `decideLocked`'s work, with the chain lent to it.
    fileprivate final func decideLocked(
        _ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar?, slot: Int, _ core: ChainCore<Value>
    ) -> Decision {
        guard !isDetached, role.contains(.sends) else { return .ignore }
        if hearsUnderLock { keptKind.unsafelyUnwrapped.heardLocked(by: self, record: record, from: registrar, slot: slot) }
        return core.decideLocked(origin: self, thread)
    }

    /// What a change heard without the lock means for the chain: nil when the locked way must
    /// decide (see `ChainCore.takeWithoutLock`).
    @inline(__always)
    private final func decideWithoutLock(_ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) -> Decision? {
        guard !hearsUnderLock, !isDetached, role.contains(.sends) else { return nil }
        // A write this thread is making for the chain, as its owner or on the main actor: its
        // echo (see <doc:Guarantees#Loops>).
        if thread.pointee.writing == name { return .ignore }
        return core.takeWithoutLock(origin: self, thread)
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
        hear(slot, of: registrar, thread, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `heard`'s work, with the chain lent to it (a chain's head is the chain, any other member
    /// keeps it): decides without the lock, ends the registrar's read, and carries the decision
    /// out (`AnyEndpoint.carryOut`), calling this endpoint's functions directly. File-private,
    /// as the two `heard`s that call it are in this file: an internal one would be reached
    /// through a thunk of the merged specialisations (five instructions an update).
    @inline(never)
    fileprivate final func hear(_ slot: Int, of registrar: _ChangeRegistrar, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        carryOut(decideWithoutLock(thread, core), slot, of: registrar, thread) { perform($0, $1, core) }
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
        perform(decision, thread, unsafeDowncast(self, to: ChainCore<Value>.self))
    }

    /// `act`'s work, with the chain lent to it (see `hear`).
    @inline(never)
    fileprivate final func perform(_ decision: Decision, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>) {
        switch decision {
        case .ignore:
            return
        case .enqueue:
            // The sequence number first, then the value: see `enqueueChange`.
            let sequence = core.writeSequence.load(ordering: .acquiring)
            guard let value = readForNotification() else { return }
            core.enqueueChange(value, from: self, sequence: sequence, thread)
        case .dispatch(let plan):
            dispatch(plan, thread, core)
        case .own:
            #if DEBUG
            TestHook.beforeOwnPlan.run()
            #endif
            // Declared again since the change was heard: the plan has the endpoint that stands
            // for it now, which is skipped as the origin would be (see <doc:Guarantees#No-echo>).
            // Not retained: this thread owns the chain, which keeps its members (and retires
            // those that leave) until it is given back.
            let made = GraphLock.shared.locked(thread: thread) { () -> (plan: Unmanaged<AnyObject>, successor: Endpoint<Value>?) in
                (unsafeBitCast(core.planLocked(), to: Unmanaged<AnyObject>.self), isDetached ? core.member(named: EndpointName(self)) : nil)
            }
            dispatch(made.plan, thread, core, skipping: made.successor)
        case .abandon:
            core.giveBack(thread)
        }
    }

    /// Reads the value and dispatches it as the chain's owner, with `plan`.
    @inline(__always)
    private final func dispatch(
        _ plan: Unmanaged<AnyObject>, _ thread: UnsafeMutablePointer<ThreadState>, _ core: ChainCore<Value>, skipping successor: Endpoint<Value>? = nil
    ) {
        guard let value = readForNotification() else {
            core.giveBack(thread)
            return
        }
        plan._withUnsafeGuaranteedRef {
            core.dispatchChange(value, from: self, skipping: successor ?? self, unsafeDowncast($0, to: Plan<Value>.self), thread)
        }
    }

    /// Reads `object` through the accessors. They are lent to the call, not retained: they are
    /// shared by every endpoint on the property, on every thread, and a retain per update would
    /// be an atomic write to memory that other chains' updates touch too.
    @inline(__always)
    final func read(_ object: AnyObject) -> Value? {
        Self.accessors(of: record)._withUnsafeGuaranteedRef { $0.read!(object) }
    }

    /// Writes `value` into `object` through the accessors, lent like `read(_:)`'s; false when
    /// the endpoint has no write or it failed.
    @inline(__always)
    final func write(_ value: Value, into object: AnyObject) -> Bool {
        Self.accessors(of: record)._withUnsafeGuaranteedRef { $0.write?(object, value) ?? false }
    }

    /// Runs the endpoint's change test on `value` (an array element's, which records it);
    /// true when it has none. The accessors are lent like `read(_:)`'s.
    @inline(__always)
    final func noteChange(_ value: Value) -> Bool {
        Self.accessors(of: record)._withUnsafeGuaranteedRef { $0.noteChange?(value) ?? true }
    }

    /// Reads the value after a notification; reports an unreadable one (see <doc:Guarantees#Bad-input>).
    ///
    /// Read even if the endpoint has left its chain since it was asked: a join on another
    /// thread may declare it again (every join declares its head again) between the decision,
    /// taken under the lock or with the chain taken without it, and this read. The change
    /// happened before that, so it is not dropped: a queued change goes to the endpoint's
    /// replacement (`ChainCore.currentLocked`), and a dispatch that owns the chain delivers it
    /// with the plan taken with the chain. (`target`, nil once detached, dropped it: the head
    /// kept a user's edit that never reached the rest of its chain.)
    @inline(__always)
    private final func readForNotification() -> Value? {
        guard withAccessors({ $0.read != nil }) else { return nil }
        let value: Value?
        if notifierIsObject {
            // The notification comes from the object's own setter: it is alive.
            value = object._withUnsafeGuaranteedRef { read($0) }
        } else if let target = objectIfAlive {
            value = read(target)
        } else {
            return nil
        }
        if value == nil { reportUnreadable() }
        return value
    }

    @inline(never)
    private final func reportUnreadable() {
        Report.unreadable(label)
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
        retyping other: AnyEndpoint, accessors: Accessors<Value>, core: ChainCore<Value>, wantsInitial: Bool? = nil,
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
        chain._withUnsafeGuaranteedRef { hear(slot, of: registrar, thread, $0) }
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
        chain._withUnsafeGuaranteedRef { perform(decision, thread, $0) }
    }

    override func sendInitialOwned(_ thread: UnsafeMutablePointer<ThreadState>, record: Int) {
        chain._withUnsafeGuaranteedRef { sendInitialOwned(thread, $0) }
    }

    override func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision {
        chain._withUnsafeGuaranteedRef { decideLocked(thread, record: record, from: registrar, slot: slot, $0) }
    }
}
