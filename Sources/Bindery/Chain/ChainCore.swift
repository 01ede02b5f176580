import Synchronization

/// A chain's shared state, untyped part. Every stored `var` is guarded by
/// `Registry.shared.lock`.
@usableFromInline
class AnyChainCore {
    /// Set when this chain was merged into another one (see <doc:Guarantees#Joins>).
    var forward: AnyChainCore?
    /// Set when the declaration's head was refused (and reported): continuations of the
    /// declaration are dropped silently.
    var isRefused = false

    /// The chain that stands for this one now. Lock held.
    func resolvedLocked() -> AnyChainCore {
        var core = self
        while let next = core.forward { core = next }
        return core
    }

    var blockNames: [String] { [] }
    var isDissolved: Bool { false }
    /// Whether the chain has a live sender and a live receiver; see `ChainCore`. Lock held.
    var isCompleteLocked: Bool { false }

    // Operations on behalf of a declaration typed `Declared`; each returns the work to run
    // once the lock is released (an initial-value push), or nil. Lock held.
    func addLocked<Declared>(_ spec: EndpointSpec<Declared>, pushing: Bool) -> (() -> Void)? { nil }
    @discardableResult
    func replaceLocked<Declared>(_ endpoint: AnyEndpoint, with spec: EndpointSpec<Declared>, pushing: Bool = false) -> (() -> Void)? { nil }
    func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool) {}
    func addBlockLocked<Declared, Argument>(
        name: String, initial: Bool, delivery: Delivery, declared: Declared.Type, _ body: @escaping (Argument) -> Void
    ) -> (() -> Void)? { nil }
    func absorbLocked(_ other: AnyChainCore) -> (() -> Void)? { nil }
    /// A declaration continues this chain: until it is complete again, losing a member does
    /// not end it. Lock held.
    func reopenLocked() {}
    func detachLocked(_ endpoint: AnyEndpoint) {}
    func removeBlockLocked(named name: String) -> Bool { false }
    func dissolveLocked() {}

    /// Typed hook for `absorbLocked`: moves this chain's members into `target`.
    func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? { nil }
}

/// One unit of work for a chain's owner.
enum Item<Value> {
    /// A source changed to `value`. `noted`: its change test (an array element's memo) has
    /// already passed it, on the owner's thread when it was queued.
    case change(Value, origin: Endpoint<Value>, noted: Bool)
    /// Newly joined receivers and blocks get the chain's current value (see <doc:Guarantees#Initial-value>).
    case push([Endpoint<Value>], [NamedBlock<Value>])
}

/// A queued item with what its owner needs to run it faithfully.
struct Queued<Value> {
    let item: Item<Value>
    /// The causal depth of the change that queued it (rule 3's bound).
    let depth: Int
    /// The chain's write sequence number when it was queued: an origin the chain has written
    /// since then no longer holds the queued value, so it is written too.
    let sequence: UInt64
}

/// What a dispatch reads: an immutable snapshot, replaced whenever the chain changes shape,
/// so that a dispatch never sees a half-made change and never holds the lock.
///
/// A plan also keeps every member endpoint alive: while a thread owns the chain, the chain
/// keeps each plan it replaces (see `ChainCore.retireLocked`), so the owner uses the plan and
/// its endpoints without retaining them.
final class Plan<Value> {
    let members: [Endpoint<Value>]
    /// The receivers, kept alive by `members`.
    let receivers: [Unmanaged<Endpoint<Value>>]
    let filters: [(Value) -> Bool]
    let blocks: [NamedBlock<Value>]

    init(members: [Endpoint<Value>], filters: [(Value) -> Bool], blocks: [NamedBlock<Value>]) {
        self.members = members
        receivers = members.lazy.filter { $0.role.contains(.receives) && $0.accessors.write != nil }.map { Unmanaged.passUnretained($0) }
        self.filters = filters
        self.blocks = blocks
    }
}

/// A named block that receives a chain's values.
struct NamedBlock<Value> {
    let name: String
    var delivery = Delivery.immediate
    /// Whether it runs with the chain's value when it joins, also when a merge brings it into
    /// another chain (see <doc:Guarantees#Initial-value>).
    var initial = true
    /// For a main-actor block: cleared when the block is removed, replaced or its chain ends,
    /// so that a run already queued on the main actor is dropped. Shared with the block's copy
    /// when a merge moves it. Nil for a block that runs at once (nothing of it is ever queued).
    var liveness: BlockLiveness? = nil
    let body: (Value) -> Void
}

/// Whether a named block still belongs to a chain; read by main-actor runs queued before it
/// was removed.
final class BlockLiveness: Sendable {
    private let live = Atomic<Bool>(true)

    var isLive: Bool { live.load(ordering: .acquiring) }

    func end() { live.store(false, ordering: .releasing) }
}

/// A chain typed by its value: members, filters, blocks, and the dispatch machinery of
/// DESIGN rules 2–5, 9 and 10.
///
/// Ownership: one thread at a time dispatches a chain. A thread takes the chain (under the
/// registry lock, in the same critical section that looked up the listener), writes the
/// receivers with no lock held, and gives the chain back with one compare-and-swap. A change
/// that arrives while another thread, or the same thread's user code, holds the chain is
/// queued and dispatched by the owner before it gives the chain back: nothing is dropped.
final class ChainCore<Value>: AnyChainCore {
    // Stored vars are guarded by the registry lock or touched by the owner only, so the
    // dynamic exclusivity checks Swift would run on each access are turned off for those an
    // update touches.

    // MARK: Guarded by the registry lock
    var endpoints: [Endpoint<Value>] = []
    var filters: [(Value) -> Bool] = []
    var blocks: [NamedBlock<Value>] = []
    /// What a dispatch reads; nil when the chain changed shape since it was last made. Made
    /// when a dispatch needs it (`planLocked()`), so that binding and unbinding in a row cost
    /// no plan at all, and binding the n-th receiver costs nothing in proportion to n. Held
    /// retained by hand, so that handing it to a dispatch retains nothing.
    @exclusivity(unchecked) private var plan: Unmanaged<Plan<Value>>?
    @exclusivity(unchecked) var queue: [Queued<Value>] = []
    @exclusivity(unchecked) var dissolved = false
    /// Whether the chain has had a live sender and a live receiver at some point.
    var hasBeenComplete = false
    /// What the chain let go of while a thread owned it (plans, and through them endpoints):
    /// the owner may still be using it unretained. Released when the owner gives the chain back.
    @exclusivity(unchecked) var retired: [AnyObject] = []

    // MARK: Owner only
    /// The chain's value: the head's at bind time, then the last accepted change. Newcomers
    /// receive it (see <doc:Guarantees#Initial-value>) and a rejected change puts it back (see <doc:Guarantees#Filters>).
    @exclusivity(unchecked) var current: Value?
    /// The endpoint being written right now: its echo is ignored (see <doc:Guarantees#Loops>).
    @exclusivity(unchecked) var writing: ObjectIdentifier?

    /// Counts the owner's writes; each write records it in the endpoint written. Atomic because
    /// a thread that queues a change reads it (relaxed: a stale, smaller reading only makes
    /// the owner write an origin once more, never less).
    let writeSequence = Atomic<UInt64>(1)
    /// Counts accepted changes, so that a main-actor write of an older value that lands after
    /// a newer change is skipped. Written by the owner only.
    let changeCount = Atomic<UInt64>(0)

    /// 0 when idle; otherwise the owner's thread tag, with bit 0 set while the owner must look
    /// under the lock before giving the chain back (`queue` or `retired` is not empty).
    let state = Atomic<UInt>(0)

    /// How many causes deep a change may go before it is dropped as a runaway cycle.
    static var maximumDepth: Int { 64 }

    init(current: Value?) {
        self.current = current
        super.init()
        Registry.shared.chainCount += 1
    }

    override var blockNames: [String] { blocks.map(\.name) }
    override var isDissolved: Bool { dissolved }

    // MARK: Shape (lock held)

    /// The chain changed shape: the plan is made again when a dispatch next needs it. The old
    /// one goes now, or when the owner gives the chain back if a thread owns it.
    func dropPlanLocked() {
        guard let old = plan else { return }
        plan = nil
        retireLocked(old.takeRetainedValue())
    }

    /// The plan for a dispatch, made now if the chain changed shape since the last one; the
    /// chain keeps it. Lock held.
    @inline(__always)
    func planLocked() -> Unmanaged<Plan<Value>> {
        if let plan { return plan }
        return makePlanLocked()
    }

    @inline(never)
    private func makePlanLocked() -> Unmanaged<Plan<Value>> {
        let made = Unmanaged.passRetained(Plan(members: endpoints, filters: filters, blocks: blocks))
        plan = made
        return made
    }

    deinit {
        plan?.release()
    }

    /// - Parameter pushing: Whether the new endpoint gets the chain's value, if its
    ///   declaration asks for it (a declaration's head never does). The push must then run.
    override func addLocked<Declared>(_ spec: EndpointSpec<Declared>, pushing: Bool) -> (() -> Void)? {
        Registry.shared.assertLocked()
        guard let accessors = spec.accessors.retyped(to: Value.self) else {
            Diagnostics.report(.misuse, rule: .conversion, "cannot bind \(spec.label): its chain carries \(Value.self), which does not convert to and from \(Declared.self); not bound")
            return nil
        }
        let endpoint = Endpoint(spec: spec.retyped(accessors), core: self)
        Registry.shared.attachLocked(endpoint, source: spec.source, lifetime: spec.lifetime)
        endpoints.append(endpoint)
        dropPlanLocked()
        noteCompletenessLocked()
        guard pushing, spec.initial, endpoint.role.contains(.receives), endpoint.accessors.write != nil else { return nil }
        return pushLocked(endpoint)
    }

    /// The initial-value push for a receiver that just joined (see <doc:Guarantees#Initial-value>). If the chain is
    /// idle, this thread takes it here, in the bind's critical section, and writes the
    /// receiver as soon as the lock is released, with nothing queued; otherwise the push is
    /// queued for the owner. The returned work must run, on this thread.
    private func pushLocked(_ endpoint: Endpoint<Value>) -> () -> Void {
        let thread = ThreadState.current
        guard !dissolved, state.load(ordering: .acquiring) == 0 else {
            return { self.submit(.push([endpoint], [])) }
        }
        // Only a holder of the lock takes an idle chain, so nobody can take it meanwhile.
        state.store(UInt(bitPattern: thread), ordering: .relaxed)
        return { self.push(endpoint, owned: thread) }
    }

    /// Writes the chain's value into one receiver as the owner, then gives the chain back.
    private func push(_ endpoint: Endpoint<Value>, owned thread: UnsafeMutablePointer<ThreadState>) {
        runAsOwner(thread) {
            guard let value = current else { return }
            if deliver(value, to: endpoint, skipping: nil) { Registry.shared.locked { pruneLocked() } }
        }
    }

    /// An endpoint declared again: it keeps the roles it had and gains the new declaration's.
    /// Conversions a declaration gave explicitly (a convert closure, a negation) are kept
    /// unless the new declaration gives its own: automatic conversion only fills a direction
    /// the endpoint did not have (rule 7: re-declaring never changes behaviour silently).
    ///
    /// - Parameter pushing: Whether the endpoint gets the chain's value now, if the new
    ///   declaration asks for it (a continuation; a declaration's head never does).
    /// - Returns: The initial-value push to run once the lock is released, or nil.
    @discardableResult
    override func replaceLocked<Declared>(_ old: AnyEndpoint, with spec: EndpointSpec<Declared>, pushing: Bool = false) -> (() -> Void)? {
        Registry.shared.assertLocked()
        guard let position = endpoints.firstIndex(where: { $0 === old }) else { return nil }
        guard let declared = spec.accessors.retyped(to: Value.self) else {
            Diagnostics.report(.misuse, rule: .conversion, "cannot rebind \(spec.label): its chain carries \(Value.self), which does not convert to and from \(Declared.self); kept as it was")
            return nil
        }
        let accessors = endpoints[position].accessors.redeclared(with: declared)
        let endpoint = Endpoint(retyping: old, accessors: accessors, core: self, wantsInitial: spec.initial)
        endpoint.role = old.role.union(spec.role)
        Registry.shared.transferLocked(from: old, to: endpoint)
        Registry.shared.subscribeLocked(endpoint, source: spec.source)
        endpoints[position] = endpoint
        dropPlanLocked()
        noteCompletenessLocked()
        guard pushing, spec.initial, spec.role.contains(.receives), endpoint.accessors.write != nil else { return nil }
        return { self.submit(.push([endpoint], [])) }
    }

    override func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool) {
        if Declared.self == Value.self {
            filters.append(unsafeBitCast(filter, to: ((Value) -> Bool).self))
        } else if let convert = Conversion.converter(from: Value.self, to: Declared.self) {
            filters.append { filter(convert($0)) }
        } else {
            Diagnostics.report(.misuse, rule: .conversion, "cannot add a filter on \(Declared.self) to a chain of \(Value.self): not added")
            return
        }
        dropPlanLocked()
    }

    override func addBlockLocked<Declared, Argument>(
        name: String, initial: Bool, delivery: Delivery, declared: Declared.Type, _ body: @escaping (Argument) -> Void
    ) -> (() -> Void)? {
        let typed: (Value) -> Void
        if Argument.self == Value.self {
            typed = unsafeBitCast(body, to: ((Value) -> Void).self)
        } else if let convert = Conversion.converter(from: Value.self, to: Argument.self) {
            typed = { body(convert($0)) }
        } else {
            Diagnostics.report(.misuse, rule: .order, "cannot add block \"\(name)\" taking \(Argument.self) to a chain of \(Value.self): not added")
            return nil
        }
        let liveness = delivery == .mainActor ? BlockLiveness() : nil
        let block = NamedBlock(name: name, delivery: delivery, initial: initial, liveness: liveness, body: typed)
        if let existing = blocks.firstIndex(where: { $0.name == name }) {
            blocks[existing].liveness?.end()
            Registry.shared.buryLocked(blocks[existing])
            blocks[existing] = block
        } else {
            blocks.append(block)
        }
        dropPlanLocked()
        noteCompletenessLocked()
        return initial ? { self.submit(.push([], [block])) } : nil
    }

    override func removeBlockLocked(named name: String) -> Bool {
        let count = blocks.count
        Registry.shared.buryLocked(blocks)
        for block in blocks where block.name == name { block.liveness?.end() }
        blocks.removeAll { $0.name == name }
        guard blocks.count != count else { return false }
        dropPlanLocked()
        checkLivenessLocked()
        return true
    }

    override func absorbLocked(_ other: AnyChainCore) -> (() -> Void)? {
        guard other !== self, let moved = other.moveLocked(into: self) else { return nil }
        // Members declared without an initial value get none from a merge either (rule 2).
        let receivers = moved.endpoints.filter { $0.wantsInitial && $0.role.contains(.receives) && $0.accessors.write != nil }
        let newBlocks = moved.blocks.filter(\.initial)
        dropPlanLocked()
        noteCompletenessLocked()
        guard !receivers.isEmpty || !newBlocks.isEmpty || !moved.pending.isEmpty else { return nil }
        return {
            if !receivers.isEmpty || !newBlocks.isEmpty { self.submit(.push(receivers, newBlocks)) }
            for item in moved.pending { self.submit(item) }
        }
    }

    override func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? {
        // Every member must convert before anything moves.
        var retyped: [Accessors<Target>] = []
        for endpoint in endpoints {
            guard let accessors = endpoint.accessors.retyped(to: Target.self) else {
                Diagnostics.report(.misuse, rule: .join, "cannot join the chain of \(endpoint.label) (\(Value.self)) to a chain of \(Target.self): the types do not convert; not joined")
                return nil
            }
            retyped.append(accessors)
        }
        let toOther = Conversion.converter(from: Target.self, to: Value.self)
        if (!filters.isEmpty || !blocks.isEmpty) && toOther == nil {
            Diagnostics.report(.misuse, rule: .join, "cannot join a chain of \(Value.self) with filters or blocks to a chain of \(Target.self); not joined")
            return nil
        }
        var moved: [Endpoint<Target>] = []
        for (endpoint, accessors) in zip(endpoints, retyped) {
            let copy = Endpoint(retyping: endpoint, accessors: accessors, core: target)
            Registry.shared.transferLocked(from: endpoint, to: copy)
            moved.append(copy)
        }
        target.endpoints += moved
        var movedBlocks: [NamedBlock<Target>] = []
        if let toOther {
            target.filters += filters.map { filter in { filter(toOther($0)) } }
            for block in blocks {
                // One name, one block: the chain named first keeps its own (rule 7).
                guard !target.blocks.contains(where: { $0.name == block.name }) else {
                    Diagnostics.report(.misuse, rule: .join, "the block \"\(block.name)\" of a joined chain was dropped: the chain it joined has a block of that name")
                    block.liveness?.end()
                    Registry.shared.buryLocked(block)
                    continue
                }
                let body = block.body
                movedBlocks.append(
                    NamedBlock(name: block.name, delivery: block.delivery, initial: block.initial, liveness: block.liveness) { body(toOther($0)) })
            }
            target.blocks += movedBlocks
        }
        // Changes queued here (another thread was dispatching) go on in the target: none is lost.
        var pending: [Item<Target>] = []
        if let toTarget = Conversion.converter(from: Value.self, to: Target.self) {
            for queued in queue {
                guard case .change(let value, let origin, let noted) = queued.item,
                      let index = endpoints.firstIndex(where: { $0 === origin }) else { continue }
                pending.append(.change(toTarget(value), origin: moved[index], noted: noted))
            }
        }
        Registry.shared.buryLocked((endpoints, queue))
        endpoints.removeAll()
        filters.removeAll()
        blocks.removeAll()
        queue.removeAll()
        dissolved = true
        forward = target
        dropPlanLocked()
        Registry.shared.chainCount -= 1
        return Moved(endpoints: moved, blocks: movedBlocks, pending: pending)
    }

    override func detachLocked(_ endpoint: AnyEndpoint) {
        // From the end: the member that leaves is most often the one that joined last.
        guard let position = endpoints.lastIndex(where: { $0 === endpoint }) else { return }
        endpoints.remove(at: position)
        Registry.shared.forgetLocked(endpoint)
        dropPlanLocked()
        checkLivenessLocked()
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
    /// does not end it, and the declaration can complete it again (found by the model check:
    /// a merge's push pruned a dead receiver and ended the chain the declaration went on to
    /// extend).
    override func reopenLocked() {
        guard !dissolved else { return }
        hasBeenComplete = isCompleteLocked
    }

    /// Records that the chain has been complete, after it grew. Lock held.
    func noteCompletenessLocked() {
        if !hasBeenComplete { hasBeenComplete = isCompleteLocked }
    }

    /// Whether the chain has a live sender and a live receiver (a named block counts), in at
    /// least two members. A declaration that stopped at its head, or whose receivers were all
    /// refused, is not complete: it is not bound, though a continuation may still complete it.
    override var isCompleteLocked: Bool {
        guard !dissolved else { return false }
        // Stops at the first live sender and live receiver found: a chain's head is nearly
        // always a sender, so this looks at a member or two, whatever the chain's size.
        var sends = false, receives = !blocks.isEmpty, live = blocks.count
        for endpoint in endpoints where endpoint.isAliveLocked() {
            live += 1
            sends = sends || endpoint.role.contains(.sends)
            receives = receives || endpoint.role.contains(.receives)
            if sends, receives, live >= 2 { return true }
        }
        return false
    }

    override func dissolveLocked() {
        guard !dissolved else { return }
        dissolved = true
        for block in blocks { block.liveness?.end() }
        Registry.shared.buryLocked((filters, blocks, queue))
        for endpoint in endpoints { Registry.shared.forgetLocked(endpoint) }
        endpoints.removeAll()
        filters.removeAll()
        blocks.removeAll()
        queue.removeAll()
        dropPlanLocked()
        Registry.shared.chainCount -= 1
    }

    // MARK: Dispatch

    /// Under the lock, for a change notification from `origin`: ignore an echo, queue behind
    /// a busy owner, or take the chain.
    func decideLocked(origin: Endpoint<Value>, _ thread: UnsafeMutablePointer<ThreadState>) -> Decision {
        // A main-actor write this thread is making for the chain: its echo (rule 3).
        if thread.pointee.deferredWrite == ObjectIdentifier(origin) { return .ignore }
        let tag = UInt(bitPattern: thread)
        let state = self.state.load(ordering: .acquiring)
        if state & ~1 == tag {
            return writing == ObjectIdentifier(origin) ? .ignore : .enqueue
        }
        if state == 0, !dissolved {
            self.state.store(tag, ordering: .relaxed)
            // Same layout: the decision carries the plan untyped and unretained.
            return .dispatch(unsafeBitCast(planLocked(), to: Unmanaged<AnyObject>.self))
        }
        return dissolved ? .ignore : .enqueue
    }

    /// Keeps `object`, which the chain lets go of, until its owner (if any) gives the chain
    /// back: the owner may be using it unretained. Lock held.
    func retireLocked(_ object: AnyObject) {
        Registry.shared.assertLocked()
        var state = self.state.load(ordering: .acquiring)
        guard state != 0 else {
            Registry.shared.buryLocked(object)
            return
        }
        retired.append(object)
        // Have the owner look under the lock before it gives the chain back.
        while state & 1 == 0 {
            let (exchanged, original) = self.state.compareExchange(
                expected: state, desired: state | 1, ordering: .acquiringAndReleasing)
            if exchanged { break }
            state = original
            guard state != 0 else {
                // The owner gave the chain back meanwhile: nobody uses what was retired.
                Registry.shared.buryLocked(retired)
                retired.removeAll()
                return
            }
        }
    }

    /// Runs `item` now if the chain is idle, else queues it for the owner.
    func submit(_ item: Item<Value>) {
        enqueue(item, ThreadState.current)
    }

    /// Queues `item`; if nobody owns the chain, takes it and drains the queue.
    ///
    /// `sequence`: the chain's write sequence number when the item's value was read, if it was
    /// read before this call; otherwise the current one is taken.
    func enqueue(_ item: Item<Value>, _ thread: UnsafeMutablePointer<ThreadState>, sequence: UInt64? = nil) {
        let tag = UInt(bitPattern: thread)
        let depth = thread.pointee.causalDepth
        let becameOwner = Registry.shared.locked(thread: thread) { () -> Bool in
            guard !dissolved else { return false }
            queue.append(Queued(item: item, depth: depth, sequence: sequence ?? writeSequence.load(ordering: .relaxed)))
            while true {
                let state = self.state.load(ordering: .acquiring)
                if state == 0 {
                    self.state.store(tag | 1, ordering: .relaxed)
                    return true
                }
                if self.state.compareExchange(expected: state, desired: state | 1, ordering: .acquiringAndReleasing).exchanged {
                    return false
                }
            }
        }
        if becameOwner { release(thread) }
    }

    /// Queues a change from `origin` for the chain's owner (or becomes the owner).
    ///
    /// On the owner's own thread (user code or a write during a dispatch), an origin with a
    /// change test is tested now: a write to one element of an array notifies every element's
    /// endpoint, and an element the chain has just written must not queue its old value.
    @inline(never)
    ///
    /// `sequence` is the chain's write sequence number taken before `value` was read: if the
    /// owner writes `origin` between that read and the queuing, the origin counts as written
    /// since, and the queued value is written back to it (found by the threaded model check:
    /// a field kept a user's edit that the owner had overwritten after it was read).
    func enqueueChange(_ value: Value, from origin: Endpoint<Value>, sequence: UInt64, _ thread: UnsafeMutablePointer<ThreadState>) {
        var noted = false
        if let noteChange = origin.accessors.noteChange, state.load(ordering: .relaxed) & ~1 == UInt(bitPattern: thread) {
            guard noteChange(value) else { return }
            noted = true
        }
        enqueue(.change(value, origin: origin, noted: noted), thread, sequence: sequence)
    }

    /// Delivers a change from `origin` as the owner, then drains the queue and gives the chain
    /// back. `plan` is the one taken with the chain; it stays alive until then.
    func dispatchChange(_ value: Value, from origin: Endpoint<Value>, _ plan: Plan<Value>, _ thread: UnsafeMutablePointer<ThreadState>) {
        runAsOwner(thread) { runChange(value, from: origin, skipping: origin, plan) }
    }

    /// Runs `work` as the chain's owner, as the next cause of whatever this thread is
    /// dispatching (a change more than `maximumDepth` causes deep is dropped instead), then
    /// gives the chain back.
    @inline(__always)
    private func runAsOwner(_ thread: UnsafeMutablePointer<ThreadState>, _ work: () -> Void) {
        let saved = thread.pointee
        let depth = saved.causalDepth
        if depth <= Self.maximumDepth {
            thread.pointee.depth = depth
            thread.pointee.nesting += 1
            work()
            thread.pointee.depth = saved.depth
            thread.pointee.nesting = saved.nesting
        } else {
            reportCycle()
        }
        release(thread)
    }

    /// Gives the chain back, first running whatever was queued meanwhile.
    @inline(__always)
    func release(_ thread: UnsafeMutablePointer<ThreadState>) {
        let tag = UInt(bitPattern: thread)
        if state.compareExchange(expected: tag, desired: 0, ordering: .acquiringAndReleasing).exchanged { return }
        releaseSlowly(thread)
    }

    /// Drains the queue and what was retired, then gives the chain back.
    @inline(never)
    private func releaseSlowly(_ thread: UnsafeMutablePointer<ThreadState>) {
        // The chain may have been dissolved meanwhile, and its last references may be among
        // what is retired: keep it alive until it is given back.
        let this = Unmanaged.passRetained(self)
        defer { this.release() }
        let tag = UInt(bitPattern: thread)
        while !state.compareExchange(expected: tag, desired: 0, ordering: .acquiringAndReleasing).exchanged {
            if let next = Registry.shared.locked(thread: thread, { takeNextLocked(tag) }) {
                run(next.item, next.queued, next.plan, thread)
            }
        }
    }

    /// The next queued item, clearing the look-here bit (and releasing what was retired) when
    /// the queue empties. Lock held.
    /// A change comes with the plan to dispatch it with; a push needs none (so binding a
    /// receiver makes no plan).
    private func takeNextLocked(_ tag: UInt) -> (item: Item<Value>, queued: Queued<Value>, plan: Plan<Value>?)? {
        let next = queue.isEmpty ? nil : queue.removeFirst()
        if queue.isEmpty {
            if !retired.isEmpty {
                Registry.shared.buryLocked(retired)
                retired.removeAll()
            }
            state.store(tag, ordering: .relaxed)
        }
        guard let next, let item = currentLocked(next.item) else { return nil }
        if case .push = item { return (item, next, nil) }
        return (item, next, planLocked().takeUnretainedValue())
    }

    /// The item with its endpoints as they stand now: an endpoint declared again or moved since
    /// the item was queued is replaced by its successor; one that left the chain is dropped.
    private func currentLocked(_ item: Item<Value>) -> Item<Value>? {
        switch item {
        case .change(let value, let origin, let noted):
            guard let origin = origin.currentLocked() as? Endpoint<Value>, origin.core === self else { return nil }
            return .change(value, origin: origin, noted: noted)
        case .push(let receivers, let blocks):
            let current = receivers.compactMap { $0.currentLocked() as? Endpoint<Value> }
            return .push(current.filter { $0.core === self }, blocks)
        }
    }

    /// Delivers one queued item. Owner only; no lock held, so setters, converters, filters and
    /// blocks may call back into Bindery.
    private func run(_ item: Item<Value>, _ queued: Queued<Value>, _ plan: Plan<Value>?, _ thread: UnsafeMutablePointer<ThreadState>) {
        guard queued.depth <= Self.maximumDepth else {
            reportCycle()
            return
        }
        let saved = thread.pointee
        thread.pointee.depth = queued.depth
        thread.pointee.nesting += 1
        defer {
            thread.pointee.depth = saved.depth
            thread.pointee.nesting = saved.nesting
        }
        switch item {
        case .change(let value, let origin, let noted):
            guard let plan else { return }
            // The origin held `value` when the change was queued; if the chain has written it
            // since, it no longer does, and it is written like every other member.
            let isUnchanged = origin.writtenSequence.load(ordering: .relaxed) < queued.sequence
            runChange(value, from: origin, skipping: isUnchanged ? origin : nil, noted: noted, plan)
        case .push(let receivers, let blocks):
            guard let value = current else { return }
            deliver(value, to: receivers.map { Unmanaged.passUnretained($0) }, skipping: nil, blocks: blocks)
        }
    }

    /// A change that went more than `maximumDepth` causes deep is dropped (see <doc:Guarantees#Loops>).
    @inline(never)
    private func reportCycle() {
        Diagnostics.report(.cycle, rule: .loops, "a change of a chain of \(Value.self) kept causing changes \(Self.maximumDepth) levels deep across chains; dropped it to stop the cycle")
    }

    /// Filters a change, records it and delivers it. Owner only, no lock held.
    @inline(__always)
    private func runChange(_ value: Value, from origin: Endpoint<Value>, skipping skipped: Endpoint<Value>?, noted: Bool = false, _ plan: Plan<Value>) {
        if !noted, origin.accessors.noteChange != nil, !noteChange(value, origin) { return }
        if !plan.filters.isEmpty, !passes(value, plan.filters) {
            putBack(origin)
            return
        }
        current = value
        changeCount.store(changeCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        deliver(value, to: plan.receivers, skipping: skipped, blocks: plan.blocks)
    }

    @inline(never)
    private func noteChange(_ value: Value, _ origin: Endpoint<Value>) -> Bool {
        origin.accessors.noteChange?(value) ?? true
    }

    /// Whether every filter passes `value` (see <doc:Guarantees#Filters>).
    @inline(never)
    private func passes(_ value: Value, _ filters: [(Value) -> Bool]) -> Bool {
        filters.allSatisfy { $0(value) }
    }

    /// Restores a rejected source to the last accepted value, without propagating (see <doc:Guarantees#Filters>).
    /// A source that cannot be written back (one-way converted) keeps the rejected value, and
    /// that is reported.
    @inline(never)
    private func putBack(_ origin: Endpoint<Value>) {
        guard let value = current, let target = origin.target else { return }
        guard origin.accessors.write != nil else {
            Diagnostics.report(.badData, rule: .filters, "a filter rejected a change of \(origin.label), which cannot be put back: it converts one way only; it keeps the rejected value")
            return
        }
        write(value, to: origin, target)
        _ = origin.accessors.noteChange?(value)
    }

    /// Writes receivers in join order, skipping the origin (see <doc:Guarantees#No-echo>), then runs blocks (see <doc:Guarantees#Order>).
    /// The receivers are kept alive by the plan or item they come from.
    @inline(__always)
    private func deliver(_ value: Value, to receivers: [Unmanaged<Endpoint<Value>>], skipping origin: Endpoint<Value>?, blocks: [NamedBlock<Value>]) {
        var dead = false
        for index in receivers.indices {
            receivers[index]._withUnsafeGuaranteedRef { receiver in
                if deliver(value, to: receiver, skipping: origin) { dead = true }
            }
        }
        if !blocks.isEmpty { run(blocks, value) }
        if dead { Registry.shared.locked { pruneLocked() } }
    }

    /// Writes one receiver, unless it is the origin; true when its object has gone (the
    /// caller prunes it).
    @inline(__always)
    private func deliver(_ value: Value, to receiver: Endpoint<Value>, skipping origin: Endpoint<Value>?) -> Bool {
        guard receiver !== origin else { return false }
        if receiver.isDetached {
            writeSuccessor(of: receiver, value, origin: origin)
        } else if let target = receiver.target {
            write(value, to: receiver, target)
        } else {
            return true
        }
        return false
    }

    /// A receiver that left the chain during this dispatch (unbound, declared again, merged):
    /// the endpoint that now stands for its property in this chain, if any, gets the value
    /// (rules 1, 7). One that was unbound, or moved to another chain, is not written.
    @inline(never)
    private func writeSuccessor(of receiver: Endpoint<Value>, _ value: Value, origin: Endpoint<Value>?) {
        let found = Registry.shared.locked { () -> (Endpoint<Value>, AnyObject)? in
            guard let successor = receiver.currentLocked() as? Endpoint<Value>, successor.core === self,
                  successor.role.contains(.receives), successor.accessors.write != nil,
                  let target = successor.targetLocked()
            else { return nil }
            return (successor, target)
        }
        guard let (successor, target) = found, successor !== origin else { return }
        write(value, to: successor, target)
    }

    /// Writes one endpoint's object, with its echo ignored (see <doc:Guarantees#Loops>).
    @inline(__always)
    private func write(_ value: Value, to receiver: Endpoint<Value>, _ target: AnyObject) {
        if receiver.delivery == .mainActor, !MainQueue.isCurrent {
            writeLater(value, to: receiver)
            return
        }
        let sequence = writeSequence.load(ordering: .relaxed)
        receiver.writtenSequence.store(sequence, ordering: .relaxed)
        writing = ObjectIdentifier(receiver)
        let written = receiver.accessors.write?(target, value) ?? false
        writing = nil
        writeSequence.store(sequence &+ 1, ordering: .relaxed)
        if !written { Self.reportUnwritable(receiver) }
    }

    /// Writes a main-actor receiver on the main queue, as the change's next cause (rule 3's
    /// depth carries over) and with its echo ignored. A write that a newer change of the chain
    /// overtook is skipped: that change writes the receiver itself, or came from it.
    @inline(never)
    private func writeLater(_ value: Value, to receiver: Endpoint<Value>) {
        guard let write = receiver.accessors.write else { return }
        let change = changeCount.load(ordering: .relaxed)
        let depth = ThreadState.current.pointee.depth
        // The endpoint holds its object as it always does (weakly, or unowned without a side
        // table); a weak capture of the object here would give a `@Dynamic` object a side table.
        MainQueue.enqueue {
            guard self.changeCount.load(ordering: .relaxed) == change, !receiver.isDetached, let target = receiver.target else { return }
            receiver.writtenSequence.store(self.writeSequence.load(ordering: .relaxed), ordering: .relaxed)
            let written = ThreadState.runDeferred(depth: depth, writing: ObjectIdentifier(receiver)) { write(target, value) }
            if !written { Self.reportUnwritable(receiver) }
        }
    }

    @inline(never)
    private static func reportUnwritable(_ receiver: Endpoint<Value>) {
        Diagnostics.report(.badData, rule: .badInput, "cannot write \(receiver.label): skipped this receiver")
    }

    /// Runs named blocks after the receivers (see <doc:Guarantees#Order>); a main-actor block off the main actor
    /// runs there later, as the change's next cause.
    @inline(never)
    private func run(_ blocks: [NamedBlock<Value>], _ value: Value) {
        for block in blocks {
            if block.delivery == .mainActor, !MainQueue.isCurrent {
                let depth = ThreadState.current.pointee.depth
                let body = block.body, liveness = block.liveness
                MainQueue.enqueue {
                    guard liveness?.isLive ?? true else { return }
                    ThreadState.runDeferred(depth: depth, writing: nil) { body(value) }
                }
            } else {
                block.body(value)
            }
        }
    }

    /// Drops members whose objects have gone (rule 1: pruned at the next dispatch).
    func pruneLocked() {
        Registry.shared.assertLocked()
        for endpoint in endpoints where !endpoint.isAliveLocked() {
            detachLocked(endpoint)
        }
    }
}

/// What a merge moved from one chain into another.
struct Moved<Value> {
    let endpoints: [Endpoint<Value>]
    let blocks: [NamedBlock<Value>]
    /// Changes that were queued in the merged chain, to dispatch in the target.
    let pending: [Item<Value>]
}
