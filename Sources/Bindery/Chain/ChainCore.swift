import Synchronization

/// A chain typed by its value: members, filters, blocks, and the dispatch machinery of
/// the guarantees of initial values, loops, echo, filters, order and threads (see the Guarantees article).
///
/// Ownership: one thread at a time dispatches a chain. A thread takes the chain with one
/// compare-and-swap (without the lock for a property's sole listener, see
/// `takeWithoutLock`; otherwise in the critical section that looked up the listener), writes
/// the receivers with no lock held, and gives the chain back with one compare-and-swap. A change
/// that arrives while another thread, or the same thread's user code, holds the chain is
/// queued and dispatched by the owner before it gives the chain back: nothing is dropped.
///
/// A chain is also the endpoint of the head that made it, so that a chain of a sender and a
/// receiver is two allocations. It is its own first member, held like any other (the member
/// list retains it until it leaves), and its `core` is itself, unretained. Once that endpoint
/// has left (unbound, declared again, moved by a join), the chain lives on while its other
/// members hold it, and its endpoint part stays detached.
final class ChainCore<Value>: Endpoint<Value>, AnyChainCore {
    /// The record of the chain's second member (its place 1, see `EndpointName`), made when
    /// the first member joins a chain that has only its head, so that a two-endpoint chain is
    /// one object: nil until then. The first stored property, so that it follows the head's
    /// record at once (`EndpointName.offset(ofRecord:)`; checked as it is made). Written once,
    /// under the lock, before anything can find it, and never again (a member that leaves
    /// leaves its record as it was, and the next member that joins gets an object of its own);
    /// read only through its name, as every record is.
    @exclusivity(unchecked) private var second: EndpointRecord?

    // Stored vars are guarded by the graph lock or touched by the owner only, so the
    // dynamic exclusivity checks Swift would run on each access are turned off (the bind and
    // one-hop benchmark rows pay for them otherwise).

    /// 0 when idle; otherwise the owner's thread tag, with bit 0 set while the owner must look
    /// under the lock before giving the chain back (`queue` or `retired` is not empty).
    ///
    /// An idle chain is taken with one compare-and-swap, with the lock held (a bind's initial value, a
    /// queued change) or not (an update, see `takeWithoutLock`); only the owner gives it back.
    let state = Atomic<UInt>(0)
    /// What only some chains need (filters, blocks, queued changes, what was retired, where a
    /// merge moved the chain); made the first time one is added, so that a chain of a sender
    /// and a receiver is one small allocation (see <doc:Guarantees#Cost>). Stored untyped, like
    /// `endpoints`.
    @exclusivity(unchecked) var chainExtras: AnyChainExtras?
    /// Set when the chain has ended, or was merged into another: it has no members any more.
    @exclusivity(unchecked) var dissolved = false
    /// Whether the chain has had a live sender and a live receiver at some point.
    @exclusivity(unchecked) var hasBeenComplete = false
    /// Whether `acceptedValue` is the head's placeholder, standing for what the head holds (see
    /// `chainValue`). Owner only. Declared beside the two flags, in their padding: after the
    /// value, it took a word of its own, which put a chain of an 8-byte value one step of the
    /// allocator higher (then 172 bytes, a 192-byte block, against 168 and 176; 152 and 160
    /// now).
    @exclusivity(unchecked) var valueIsForgotten = false
    /// Whether `second` was made. Asked instead of `second` itself: Swift tells an empty
    /// optional record by a word of its fields, which an update writes with no lock once the
    /// record is in use. Lock held, or the chain's deinit. Declared beside the flags, in their
    /// padding: after `second`, it took a word of its own (then a 208-byte chain of an 8-byte
    /// value, a 224-byte block, against 200 and 208).
    @exclusivity(unchecked) private var hasSecond = false
    /// Where the registry lists the chain among the live ones (`Registry.liveChains`), or
    /// `UInt32.max` once it is not listed. Written with the lock held; atomic because the
    /// chain's deinit reads it without the lock (relaxed: only the lock's holder changes it).
    /// Declared here, after the three flags, so that it fills their padding: no chain grows.
    let livePosition = Atomic<UInt32>(.max)

    var forward: (any AnyChainCore)? { chainExtras?.forward }
    func resolvedLocked() -> any AnyChainCore {
        guard let forward = chainExtras?.forward else { return self }
        return forward.resolvedLocked()
    }
    var acceptedChanges: UInt32 { changeCount.load(ordering: .relaxed) }
    /// A chain is made only for a head that was not refused (see `RefusedChain`).
    var isRefused: Bool { false }
    var isDissolved: Bool { dissolved }

    /// What the chain let go of while a thread owned it (plans, endpoints): the owner may still
    /// be using it unretained. Released when the owner gives the chain back.
    var retired: [AnyObject] {
        get { chainExtras?.retired ?? [] }
        _modify {
            let made = madeTypedExtras
            yield &made.retired
        }
    }

    func retireLocked(_ object: consuming AnyObject) {
        GraphLock.assertLocked()
        var state = self.state.load(ordering: .sequentiallyConsistent)
        guard state != 0 else {
            GraphLock.shared.buryLocked(consume object)
            return
        }
        retired.append(consume object)
        // Have the owner look under the lock before it gives the chain back.
        while state & 1 == 0 {
            let (exchanged, original) = self.state.compareExchange(
                expected: state, desired: state | 1, ordering: .acquiringAndReleasing)
            if exchanged { break }
            state = original
            guard state != 0 else {
                // The owner gave the chain back meanwhile: nobody uses what was retired.
                GraphLock.shared.buryLocked(contentsOf: retired)
                retired.removeAll()
                return
            }
        }
    }

    // MARK: Guarded by the graph lock
    /// The members, by name: records whose accessors are `Accessors` of the chain's value
    /// (`accessors(of:)` gives them typed).
    @exclusivity(unchecked) var endpoints = ChainMembers()

    /// What a dispatch reads (the address of a `Plan`, retained by hand, so that handing it to
    /// a dispatch retains nothing); 0 when the chain changed shape since it was last made.
    /// Made when a dispatch needs it (`planLocked()`), so that binding and unbinding in a row
    /// cost no plan at all, and binding the n-th receiver costs nothing in proportion to n.
    ///
    /// Written with the lock held; read with it, or by the owner without it. Sequentially
    /// consistent on both sides: a shape change stores 0 and then reads `state`, an update takes
    /// the chain and then reads this, so either the update sees the change or the shape change
    /// sees the owner and retires the old plan until the owner gives the chain back.
    private let plan = Atomic<UInt>(0)

    // MARK: Owner only
    /// The chain's value: the head's at bind time, then the last accepted change. Newcomers
    /// receive it (see <doc:Guarantees#Initial-value>) and a rejected change puts it back (see <doc:Guarantees#Filters>).
    ///
    /// Never nil: the chain's deinit, which Swift runs unspecialised, destroys it by its type's
    /// metadata, and `Value?`'s would be looked up at run time for every chain; a head whose
    /// value cannot be read is refused (see `Chain.start`).
    @exclusivity(unchecked) var acceptedValue: Value

    /// The chain's value, as newcomers get it and a rejected change puts it back: the last
    /// accepted change, or, when the chain let go of it (a list's elements, see
    /// `Accessors.placeholder`), the head's value read again, which is that change or a newer
    /// one on its way. Owner only; no lock held (the read is the list's, whose lock runs no user
    /// code).
    var chainValue: Value {
        guard valueIsForgotten else { return acceptedValue }
        guard let object = head.objectIfAlive, let value = Self.read(object, through: head.recordPointer) else { return acceptedValue }
        return value
    }

    /// Records `value` as the chain's value, or only that it changed, when the head can be read
    /// again for it and no filter may need it to put a source back. Owner only.
    @inline(__always)
    func accept(_ value: Value, filtered: Bool) {
        if !filtered, let placeholder = accessors.placeholder {
            acceptedValue = placeholder
            valueIsForgotten = true
        } else {
            acceptedValue = value
            valueIsForgotten = false
        }
    }

    /// Counts the owner's writes, wrapping; each write records it in the endpoint written (see
    /// `isUnwritten(_:since:)`). Atomic because a thread that queues a change reads it (relaxed:
    /// a stale, smaller reading only makes the owner write an origin once more, never less).
    /// 32 bits, like `changeCount`: the two share a word.
    let writeSequence = Atomic<UInt32>(1)
    /// Counts accepted changes, wrapping, so that a main-actor write of an older value that
    /// lands after a newer change is skipped. Written by the owner only.
    let changeCount = Atomic<UInt32>(0)

    /// How many causes deep a change may go before it is dropped as a runaway cycle.
    static var maximumDepth: Int { 64 }

    /// A chain headed by `spec`, whose value is `current`. The chain is its head's endpoint:
    /// one allocation for both (see <doc:Guarantees#Cost>).
    private init(head spec: borrowing EndpointSpec<Value>, accessors: Accessors<Value>, acceptedValue: Value) {
        // Kept until the first change: a filter declared after the head may need to put it back.
        self.acceptedValue = acceptedValue
        super.init(spec: spec, accessors: accessors)
        Registry.shared.state.chainCount += 1
    }

    /// The chain is its head's endpoint: it keeps no pointer to itself (and hears and acts as
    /// `Endpoint` does for a chain's head).
    override var unmanagedCore: Unmanaged<ChainCore<Value>> { .passUnretained(self) }

    /// Whether `second` is where its name finds it.
    private var secondIsInPlace: Bool {
        withUnsafeMutablePointer(to: &second) { UnsafeRawPointer($0) } == UnsafeRawPointer(EndpointName(self, record: 1).recordPointer)
            && MemoryLayout<EndpointRecord?>.size == MemoryLayout<EndpointRecord>.size
    }

    /// The chain's second record, if a member ever took it (see `second`).
    var secondName: EndpointName? { hasSecond ? EndpointName(self, record: 1) : nil }

    /// The chain's head: its record 0, the endpoint whose declaration made the chain.
    @inline(__always)
    var head: EndpointName { EndpointName(self) }

    /// A new chain headed by `spec`, whose value is `current`, with its head attached. Lock
    /// held.
    static func makeLocked(
        headedBy spec: borrowing EndpointSpec<Value>, acceptedValue: Value, declaration: Declaration
    ) -> ChainCore<Value>? {
        GraphLock.assertLocked()
        guard let accessors = spec.accessors.retyped(to: Value.self) else { return nil }
        let core = ChainCore(head: spec, accessors: accessors, acceptedValue: acceptedValue)
        core.head.declarations = DeclarationSet(declaration)
        Registry.shared.listLocked(core)
        Registry.shared.attachLocked(EndpointName(core), hearing: spec.hearing, lifetime: spec.lifetime)
        // The chain holds itself as its first member, as it holds every member: until the head
        // leaves (see `detachLocked`, `dissolveLocked`).
        core.endpoints.append(EndpointName(core), core)
        return core
    }

    // The parts of the chain's shape in `chainExtras`, which reading leaves unmade.

    private var typedExtras: ChainExtras<Value>? {
        chainExtras.map { unsafeDowncast($0, to: ChainExtras<Value>.self) }
    }

    /// `typedExtras`, made now if the chain has none yet. Lock held.
    var madeTypedExtras: ChainExtras<Value> {
        if let typedExtras { return typedExtras }
        let made = ChainExtras<Value>()
        chainExtras = made
        return made
    }

    /// The filters, all of which a change must pass (see <doc:Guarantees#Filters>).
    var filters: [(Value) -> Bool] {
        get { typedExtras?.filters ?? [] }
        _modify {
            let made = madeTypedExtras
            yield &made.filters
        }
    }

    /// The named blocks, in declaration order.
    var blocks: [NamedBlock<Value>] {
        get { typedExtras?.blocks ?? [] }
        _modify {
            let made = madeTypedExtras
            yield &made.blocks
        }
    }

    /// Changes and initial values waiting for the owner, in order.
    var queue: [Queued<Value>] {
        get { typedExtras?.queue ?? [] }
        _modify {
            let made = madeTypedExtras
            yield &made.queue
        }
    }

    var blockNames: [String] { blocks.map { $0.name } }
    /// Whether the chain has named blocks: asked without a typed array (through the witness,
    /// unspecialised, `blocks` would look up `[NamedBlock<Value>]`'s metadata).
    var hasBlocks: Bool {
        guard chainExtras != nil else { return false }
        return !blocks.isEmpty
    }

    // MARK: Shape (lock held)

    /// The chain changed shape: the plan is made again when a dispatch next needs it. The old
    /// one goes now, or when the owner gives the chain back if a thread owns it.
    func dropPlanLocked() {
        let old = plan.exchange(0, ordering: .sequentiallyConsistent)
        guard let old = UnsafeRawPointer(bitPattern: old) else { return }
        retireLocked(Unmanaged<Plan<Value>>.fromOpaque(old).takeRetainedValue())
    }

    /// The plan for a dispatch, made now if the chain changed shape since the last one; the
    /// chain keeps it. Lock held.
    @inline(__always)
    func planLocked() -> Unmanaged<Plan<Value>> {
        if let made = UnsafeRawPointer(bitPattern: plan.load(ordering: .relaxed)) { return .fromOpaque(made) }
        return makePlanLocked()
    }

    /// The plan, if it is made, for the owner that took the chain without the lock; the
    /// chain keeps it until the owner gives the chain back.
    /// Untyped, so that reading it needs no metadata of a type made from `Value`.
    @inline(__always)
    func planIfMade() -> Unmanaged<AnyObject>? {
        guard let made = UnsafeRawPointer(bitPattern: plan.load(ordering: .sequentiallyConsistent)) else { return nil }
        return .fromOpaque(made)
    }

    @inline(never)
    private func makePlanLocked() -> Unmanaged<Plan<Value>> {
        let made = Unmanaged.passRetained(Plan(members: endpoints.held(self), filters: filters, blocks: blocks))
        plan.store(UInt(bitPattern: made.toOpaque()), ordering: .sequentiallyConsistent)
        return made
    }

    deinit {
        if hasSecond { EndpointName(self, record: 1).releaseRecord() }
        // A chain that never became complete and lost every member was never dissolved, so it
        // is still listed.
        if livePosition.load(ordering: .relaxed) != .max { Registry.shared.unlistAtDeinit(self) }
        if let made = UnsafeRawPointer(bitPattern: plan.load(ordering: .relaxed)) {
            Unmanaged<Plan<Value>>.fromOpaque(made).release()
        }
    }

    /// - Parameter sendingInitial: Whether the new endpoint gets the chain's value, if its
    ///   declaration asks for it (a declaration's head never does). The returned work must then run.
    @_specialize(where Value == Int, Declared == Int)
    @_specialize(where Value == Double, Declared == Double)
    @_specialize(where Value == Float, Declared == Float)
    @_specialize(where Value == Bool, Declared == Bool)
    @_specialize(where Value == String, Declared == String)
    @_specialize(where Value == String?, Declared == String?)
    @_specialize(where Value == Int?, Declared == Int?)
    func addLocked<Declared>(_ spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool) -> AfterLock? {
        GraphLock.assertLocked()
        guard let accessors = spec.accessors.retyped(to: Value.self) else {
            Report.wrongType(spec.label, chain: Value.self, endpoint: Declared.self, rebinding: false)
            return nil
        }
        let writes = accessors.write != nil
        // The chain's second record for the first member that joins its head alone; an object
        // of its own for any other (kept here until the list keeps it).
        let made: HeldName
        if !hasSecond, endpoints.count == 1, endpoints.member(at: 0, self) == head {
            second = EndpointRecord(spec: spec, accessors: accessors, place: 1)
            hasSecond = true
            made = HeldName(self, record: 1)
            assert(secondIsInPlace, "Bindery: a chain's second record is not where its name finds it")
        } else {
            made = HeldName(MemberEndpoint(spec: spec, accessors: accessors, core: self))
        }
        let name = made.name
        name.declarations = DeclarationSet(declaration)
        Registry.shared.attachLocked(name, hearing: spec.hearing, lifetime: spec.lifetime)
        endpoints.append(name, self)
        dropPlanLocked()
        noteCompletenessLocked()
        guard sendingInitial, spec.initial, name.role.contains(.receives), writes else { return nil }
        return sendInitialLocked(name)
    }

    /// An endpoint declared again: it keeps the roles it had and gains the new declaration's.
    /// Conversions a declaration gave explicitly (a convert closure, a negation) are kept
    /// unless the new declaration gives its own: automatic conversion only fills a direction
    /// the endpoint did not have (re-declaring never changes behaviour silently, see <doc:Guarantees#Joins>).
    ///
    /// - Parameter sendingInitial: Whether the endpoint gets the chain's value now, if the new
    ///   declaration asks for it (a continuation; a declaration's head never does).
    /// - Returns: The initial value sent to run once the lock is released, or nil.
    @discardableResult
    func replaceLocked<Declared>(
        _ oldName: EndpointName, with spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool
    ) -> AfterLock? {
        GraphLock.assertLocked()
        guard let position = endpoints.firstIndex(self, where: { $0 == oldName }) else { return nil }
        let old = oldName
        guard let declared = spec.accessors.retyped(to: Value.self) else {
            Report.wrongType(spec.label, chain: Value.self, endpoint: Declared.self, rebinding: true)
            return nil
        }
        let accessors = Self.accessors(of: old).takeUnretainedValue().redeclared(with: declared)
        let endpoint = MemberEndpoint(
            retyping: old, accessors: accessors, core: self, wantsInitial: spec.initial, hearing: spec.hearing,
            role: old.role.union(spec.role), declaring: declaration)
        // The same property in the same chain: the owner's last write to it still counts (see
        // `ChainCore.run`, and `inheritWritesLocked` for a write that lands after this copy).
        endpoint.record.writtenSequence.store(old.writtenSequence, ordering: .relaxed)
        if old == head || old.standsForHead { EndpointName(endpoint).standsForHead = true }
        if old == secondName || old.standsForSecond { EndpointName(endpoint).standsForSecond = true }
        Registry.shared.transferLocked(from: oldName, to: EndpointName(endpoint))
        Registry.shared.subscribeLocked(EndpointName(endpoint), hearing: spec.hearing)
        endpoints.replace(at: position, with: EndpointName(endpoint), self)
        dropPlanLocked()
        // The path from the chain to what stands for its head now, one step long again if no
        // dispatch can be writing the endpoints between (seen after the plan was dropped: a
        // thread that takes the chain from here on finds no plan and waits for the lock).
        if state.load(ordering: .sequentiallyConsistent) == 0 {
            if EndpointName(endpoint).standsForHead { head.shortenReplacementsLocked(in: self) }
            if EndpointName(endpoint).standsForSecond { secondName?.shortenReplacementsLocked(in: self) }
        }
        noteCompletenessLocked()
        guard sendingInitial, spec.initial, spec.role.contains(.receives), endpoint.accessors.write != nil else { return nil }
        let held = HeldName(endpoint)
        return .work { self.submit(.initialValue([held], [])) }
    }

    func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool, declaration: Declaration) {
        if Declared.self == Value.self {
            filters.append(unsafeBitCast(filter, to: ((Value) -> Bool).self))
        } else if let convert = Conversion.converter(from: Value.self, to: Declared.self) {
            filters.append { filter(convert($0)) }
        } else {
            Report.wrongFilterType(Declared.self, chain: Value.self)
            return
        }
        madeTypedExtras.filterDeclarations.append(declaration)
        dropPlanLocked()
    }

    @_specialize(where Value == Int, Declared == Int, Argument == Int)
    @_specialize(where Value == Double, Declared == Double, Argument == Double)
    @_specialize(where Value == Float, Declared == Float, Argument == Float)
    @_specialize(where Value == Bool, Declared == Bool, Argument == Bool)
    @_specialize(where Value == String, Declared == String, Argument == String)
    @_specialize(where Value == String?, Declared == String?, Argument == String?)
    @_specialize(where Value == Int?, Declared == Int?, Argument == Int?)
    func addBlockLocked<Declared, Argument>(
        name: String, isAnonymous: Bool, initial: Bool, delivery: Delivery, liveness: EndAction?, declared: Declared.Type,
        declaration: Declaration, owner: AnyObject?, _ body: @escaping (Argument) -> Void
    ) -> AfterLock? {
        let typed: (Value) -> Void
        if Argument.self == Value.self {
            typed = unsafeBitCast(body, to: ((Value) -> Void).self)
        } else if let convert = Conversion.converter(from: Value.self, to: Argument.self) {
            typed = { body(convert($0)) }
        } else {
            Report.wrongBlockType(name, Argument.self, chain: Value.self)
            return nil
        }
        let liveness = liveness ?? (delivery == .mainActor ? EndAction() : nil)
        let block = NamedBlock(
            name: name, isAnonymous: isAnonymous, delivery: delivery, initial: initial, liveness: liveness, declaration: declaration,
            owner: owner, body: typed)
        if !isAnonymous, let existing = blocks.firstIndex(where: { !$0.isAnonymous && $0.name == name }) {
            blocks[existing].liveness?.end()
            GraphLock.shared.buryValueLocked(blocks[existing])
            blocks[existing] = block
        } else {
            blocks.append(block)
        }
        dropPlanLocked()
        noteCompletenessLocked()
        return initial ? sendInitialLocked(block) : nil
    }

    func removeBlockLocked(named name: String) -> Bool {
        removeBlocksLocked { !$0.isAnonymous && $0.name == name }
    }

    func removeBlocksLocked(declaredBy declaration: Declaration, ownedBy isOwner: (AnyObject) -> Bool) -> Bool {
        removeBlocksLocked { $0.declaration == declaration && $0.owner.map(isOwner) == true }
    }

    private func removeBlocksLocked(where isRemoved: (NamedBlock<Value>) -> Bool) -> Bool {
        guard hasBlocks else { return false }
        let count = blocks.count
        GraphLock.shared.buryValueLocked(blocks)
        for block in blocks where isRemoved(block) { block.liveness?.end() }
        blocks.removeAll(where: isRemoved)
        guard blocks.count != count else { return false }
        dropPlanLocked()
        checkLivenessLocked()
        return true
    }

    func addEndActionLocked(_ action: EndAction) {
        GraphLock.assertLocked()
        guard !dissolved else {
            GraphLock.shared.buryLocked(action)
            return
        }
        madeTypedExtras.endActions.append(action)
    }

    func endpointLocked(declaredBy declaration: Declaration) -> EndpointName? {
        endpoints.firstIndex(self) { $0.declarations.contains(declaration) }.map { endpoints.member(at: $0, self) }
    }

    var blockOwnersLocked: [AnyObject] {
        guard let extras = typedExtras else { return [] }
        return extras.blocks.compactMap(\.owner)
    }

    func hasPartsLocked(of declaration: Declaration) -> Bool {
        guard !dissolved else { return false }
        if endpoints.firstIndex(self, where: { $0.declarations.contains(declaration) }) != nil { return true }
        guard let extras = typedExtras else { return false }
        return extras.filterDeclarations.contains(declaration) || extras.blocks.contains { $0.declaration == declaration }
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func endLocked(_ declaration: Declaration, and second: Declaration?) {
        GraphLock.assertLocked()
        guard !dissolved else { return }
        // Every endpoint was declared by some declaration: a chain whose endpoints all come
        // from these ends whole, with whatever else it holds (the common case, and the
        // cheapest: nothing is taken out one by one).
        if !endpoints.containsUnretained(self, where: { !$0.isDeclared(within: declaration, second) }) {
            dissolveLocked()
            return
        }
        takeOutLocked(declaration)
        if let second { takeOutLocked(second) }
        // A chain never bound yet (another declaration still being written) is not ended by
        // losing members, unless it has none left.
        if endpoints.isEmpty { dissolveLocked() } else { checkLivenessLocked() }
    }

    /// Takes out what `declaration` declared: its filters and blocks, and its endpoints that no
    /// other declaration declared (the others stay, declared by the rest). The chain's
    /// liveness is the caller's to check.
    private func takeOutLocked(_ declaration: Declaration) {
        if let extras = typedExtras {
            if extras.filterDeclarations.contains(declaration) {
                GraphLock.shared.buryValueLocked(extras.filters)
                var kept: [(Value) -> Bool] = [], keptDeclarations: [Declaration] = []
                for (filter, declared) in zip(extras.filters, extras.filterDeclarations) where declared != declaration {
                    kept.append(filter)
                    keptDeclarations.append(declared)
                }
                extras.filters = kept
                extras.filterDeclarations = keptDeclarations
                dropPlanLocked()
            }
            if extras.blocks.contains(where: { $0.declaration == declaration }) {
                GraphLock.shared.buryValueLocked(extras.blocks)
                for block in extras.blocks where block.declaration == declaration { block.liveness?.end() }
                extras.blocks.removeAll { $0.declaration == declaration }
                dropPlanLocked()
            }
        }
        // In place, with no copy of the list: one taken out moves the next into its position.
        var position = 0
        while position < endpoints.count {
            let endpoint = endpoints.member(at: position, self)
            guard endpoint.declarations.contains(declaration) else {
                position += 1
                continue
            }
            endpoint.declarations.remove(declaration)
            if endpoint.declarations.isEmpty {
                leaveLocked(at: position)
            } else {
                position += 1
            }
        }
    }

    func absorbLocked(_ other: any AnyChainCore) -> AfterLock? {
        absorbingLocked(other)
    }

    func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? {
        movingLocked(into: target)
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func detachLocked(_ endpoint: EndpointName) {
        // From the end: the member that leaves is most often the one that joined last.
        guard let position = endpoints.lastIndex(self, where: { $0 == endpoint }) else { return }
        leaveLocked(at: position)
        checkLivenessLocked()
    }

    /// Takes the member at `position` out of the chain and the graph; the chain's liveness is
    /// the caller's to check.
    private func leaveLocked(at position: Int) {
        let removed = endpoints.remove(at: position, self)
        let wasHead = removed.name.standsForHead, wasSecond = removed.name.standsForSecond
        Registry.shared.forgetLocked(removed.name)
        retireLocked(removed.host)
        dropPlanLocked()
        // This chain's own head, declared again, stands for nothing once its successor left.
        // Only the member standing for the head ends the path `activeLocked()` walks: another
        // member's leaving changes nothing there, and the walk is as long as the number of
        // times the head was declared again (a visitor joined and unbound in a loop made it
        // thousands long, walked at every unbind, with the lock held).
        if wasHead, head.activeLocked() == nil { head.forgetReplacementLocked() }
        // The same for the chain's second record: its replacement names an endpoint that keeps
        // the chain.
        if wasSecond, let second = secondName, second.activeLocked() == nil { second.forgetReplacementLocked() }
    }

    /// A chain lives while one sender and one receiver are alive: one that
    /// has lost either ends. A chain that has never had both (a declaration still being
    /// written, or one that stopped at its head) is not ended by losing a member: it was never
    /// bound, and a continuation may still complete it.
    func checkLivenessLocked() {
        guard !dissolved, hasBeenComplete, !isCompleteLocked else { return }
        dissolveLocked()
    }

    /// A declaration joins or continues this chain. A chain whose receivers have all gone but
    /// were not pruned yet is, from here on, treated as one still being declared: pruning them
    /// does not end it, and the declaration can complete it again (a join that prunes a dead
    /// receiver must not end the chain the declaration goes on to extend).
    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func reopenLocked() {
        // A chain that has never been complete is not now: it is checked each time it grows.
        guard !dissolved, hasBeenComplete else { return }
        hasBeenComplete = isCompleteLocked
    }

    /// Records that the chain has been complete, after it grew. Lock held.
    func noteCompletenessLocked() {
        if !hasBeenComplete { hasBeenComplete = isCompleteLocked }
    }

    /// Whether the chain has a live sender and a live receiver (a named block counts), in at
    /// least two members. A declaration that stopped at its head, or whose receivers were all
    /// refused, is not complete: it is not bound, though a continuation may still complete it.
    var isCompleteLocked: Bool { completeLocked() }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    private func completeLocked() -> Bool {
        guard !dissolved else { return false }
        // Stops at the first live sender and live receiver found: a chain's head is nearly
        // always a sender, so this looks at a member or two, whatever the chain's size.
        let blockCount = chainExtras == nil ? 0 : blocks.count
        // Two members at least: a lone head is not complete, whatever it is.
        guard endpoints.count + blockCount >= 2 else { return false }
        var sends = false, receives = blockCount > 0, live = blockCount
        // Members read in place, unretained (the chain keeps them while the lock is held): a
        // copy of the list, or of each member, costs a reference-count operation per member.
        return endpoints.containsUnretained(self) { endpoint in
            guard endpoint.isAliveLocked() else { return false }
            live += 1
            sends = sends || endpoint.role.contains(.sends)
            receives = receives || endpoint.role.contains(.receives)
            return sends && receives && live >= 2
        }
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func dissolveLocked() {
        guard !dissolved else { return }
        dissolved = true
        // What the chain holds goes after the lock is released (a block's captures may have
        // deinits that bind). Only what it has is touched: most chains have no filter, block
        // or queued change.
        if !blocks.isEmpty {
            for block in blocks { block.liveness?.end() }
            GraphLock.shared.buryValueLocked(blocks)
            blocks = []
        }
        if !filters.isEmpty {
            GraphLock.shared.buryValueLocked(filters)
            filters = []
            madeTypedExtras.filterDeclarations = []
        }
        if !queue.isEmpty {
            GraphLock.shared.buryValueLocked(queue)
            queue = []
        }
        if let extras = chainExtras, !extras.endActions.isEmpty {
            GraphLock.shared.buryLocked(contentsOf: extras.endActions)
            extras.endActions = []
        }
        endpoints.removeAll(self) { member in
            Registry.shared.forgetLocked(member.name)
            retireLocked(member.host)
        }
        dropPlanLocked()
        head.forgetReplacementLocked()
        secondName?.forgetReplacementLocked()
        Registry.shared.state.chainCount -= 1
        Registry.shared.unlistLocked(self)
    }

    override func listedLocked(at position: UInt32) {
        livePosition.store(position, ordering: .relaxed)
    }
}
