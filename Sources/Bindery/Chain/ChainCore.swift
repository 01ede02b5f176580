import Synchronization

/// A chain's shared state, untyped part. Every stored `var` is guarded by
/// `Registry.shared.lock`.
@usableFromInline
class AnyChainCore {
    /// Set when this chain was merged into another one (DESIGN rule 7).
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

    // Operations on behalf of a declaration typed `Declared`; each returns the work to run
    // once the lock is released (an initial-value push), or nil. Lock held.
    func addLocked<Declared>(_ spec: EndpointSpec<Declared>) -> (() -> Void)? { nil }
    func replaceLocked<Declared>(_ endpoint: AnyEndpoint, with spec: EndpointSpec<Declared>) {}
    func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool) {}
    func addBlockLocked<Declared, Argument>(
        name: String, initial: Bool, delivery: Delivery, declared: Declared.Type, _ body: @escaping (Argument) -> Void
    ) -> (() -> Void)? { nil }
    func absorbLocked(_ other: AnyChainCore) -> (() -> Void)? { nil }
    func detachLocked(_ endpoint: AnyEndpoint) {}
    func removeBlockLocked(named name: String) -> Bool { false }
    func dissolveLocked() {}

    /// Typed hook for `absorbLocked`: moves this chain's members into `target`.
    func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? { nil }
}

/// One unit of work for a chain's owner.
enum Item<Value> {
    /// A source changed to `value`.
    case change(Value, origin: Endpoint<Value>)
    /// Newly joined receivers and blocks get the chain's current value (DESIGN rule 2).
    case push([Endpoint<Value>], [NamedBlock<Value>])
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
    let body: (Value) -> Void
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
    @exclusivity(unchecked) var plan: Plan<Value>
    @exclusivity(unchecked) var queue: [(item: Item<Value>, depth: Int)] = []
    @exclusivity(unchecked) var dissolved = false
    /// What the chain let go of while a thread owned it (plans, and through them endpoints):
    /// the owner may still be using it unretained. Released when the owner gives the chain back.
    @exclusivity(unchecked) var retired: [AnyObject] = []

    // MARK: Owner only
    /// The chain's value: the head's at bind time, then the last accepted change. Newcomers
    /// receive it (DESIGN rule 2) and a rejected change puts it back (rule 5).
    @exclusivity(unchecked) var current: Value?
    /// The endpoint being written right now: its echo is ignored (DESIGN rule 3).
    @exclusivity(unchecked) var writing: ObjectIdentifier?

    /// 0 when idle; otherwise the owner's thread tag, with bit 0 set while the owner must look
    /// under the lock before giving the chain back (`queue` or `retired` is not empty).
    let state = Atomic<UInt>(0)

    /// How many causes deep a change may go before it is dropped as a runaway cycle.
    static var maximumDepth: Int { 64 }

    init(current: Value?) {
        self.current = current
        plan = Plan(members: [], filters: [], blocks: [])
        super.init()
        Registry.shared.chainCount += 1
    }

    override var blockNames: [String] { blocks.map(\.name) }
    override var isDissolved: Bool { dissolved }

    // MARK: Shape (lock held)

    func rebuildPlanLocked() {
        retireLocked(plan)
        plan = Plan(
            members: endpoints,
            filters: filters,
            blocks: blocks
        )
    }

    override func addLocked<Declared>(_ spec: EndpointSpec<Declared>) -> (() -> Void)? {
        guard let accessors = spec.accessors.retyped(to: Value.self) else {
            Diagnostics.report(.misuse, rule: 6, "cannot bind \(spec.label): its chain carries \(Value.self), which does not convert to and from \(Declared.self); not bound")
            return nil
        }
        var typed = EndpointSpec<Value>(object: spec.object, keyPath: spec.keyPath, role: spec.role, accessors: accessors)
        typed.events = spec.events
        typed.index = spec.index
        typed.source = spec.source
        typed.delivery = spec.delivery
        let endpoint = Endpoint(spec: typed, core: self)
        Registry.shared.attachLocked(endpoint, source: spec.source)
        endpoints.append(endpoint)
        rebuildPlanLocked()
        guard spec.initial, endpoint.role.contains(.receives), endpoint.accessors.write != nil else { return nil }
        return { self.submit(.push([endpoint], [])) }
    }

    /// An endpoint declared again: it keeps the roles it had and gains the new declaration's,
    /// with the new declaration's conversions where it gives them.
    override func replaceLocked<Declared>(_ old: AnyEndpoint, with spec: EndpointSpec<Declared>) {
        guard let position = endpoints.firstIndex(where: { $0 === old }) else { return }
        guard var accessors = spec.accessors.retyped(to: Value.self) else {
            Diagnostics.report(.misuse, rule: 6, "cannot rebind \(spec.label): its chain carries \(Value.self), which does not convert to and from \(Declared.self); kept as it was")
            return
        }
        let previous = endpoints[position].accessors
        accessors.read = accessors.read ?? previous.read
        accessors.write = accessors.write ?? previous.write
        accessors.noteChange = accessors.noteChange ?? previous.noteChange
        let endpoint = Endpoint(retyping: old, accessors: accessors, core: self)
        endpoint.role = old.role.union(spec.role)
        Registry.shared.transferLocked(from: old, to: endpoint)
        Registry.shared.subscribeLocked(endpoint, source: spec.source)
        endpoints[position] = endpoint
        rebuildPlanLocked()
    }

    override func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool) {
        if Declared.self == Value.self {
            filters.append(unsafeBitCast(filter, to: ((Value) -> Bool).self))
        } else if let convert = Conversion.converter(from: Value.self, to: Declared.self) {
            filters.append { filter(convert($0)) }
        } else {
            Diagnostics.report(.misuse, rule: 6, "cannot add a filter on \(Declared.self) to a chain of \(Value.self): not added")
            return
        }
        rebuildPlanLocked()
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
            Diagnostics.report(.misuse, rule: 9, "cannot add block \"\(name)\" taking \(Argument.self) to a chain of \(Value.self): not added")
            return nil
        }
        let block = NamedBlock(name: name, delivery: delivery, body: typed)
        if let existing = blocks.firstIndex(where: { $0.name == name }) {
            Registry.shared.buryLocked(blocks[existing])
            blocks[existing] = block
        } else {
            blocks.append(block)
        }
        rebuildPlanLocked()
        return initial ? { self.submit(.push([], [block])) } : nil
    }

    override func removeBlockLocked(named name: String) -> Bool {
        let count = blocks.count
        Registry.shared.buryLocked(blocks)
        blocks.removeAll { $0.name == name }
        guard blocks.count != count else { return false }
        rebuildPlanLocked()
        checkLivenessLocked()
        return true
    }

    override func absorbLocked(_ other: AnyChainCore) -> (() -> Void)? {
        guard other !== self, let moved = other.moveLocked(into: self) else { return nil }
        let receivers = moved.endpoints.filter { $0.role.contains(.receives) && $0.accessors.write != nil }
        let newBlocks = moved.blocks
        rebuildPlanLocked()
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
                Diagnostics.report(.misuse, rule: 7, "cannot join the chain of \(endpoint.label) (\(Value.self)) to a chain of \(Target.self): the types do not convert; not joined")
                return nil
            }
            retyped.append(accessors)
        }
        let toOther = Conversion.converter(from: Target.self, to: Value.self)
        if (!filters.isEmpty || !blocks.isEmpty) && toOther == nil {
            Diagnostics.report(.misuse, rule: 7, "cannot join a chain of \(Value.self) with filters or blocks to a chain of \(Target.self); not joined")
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
            movedBlocks = blocks.map { block in
                NamedBlock(name: block.name, delivery: block.delivery) { block.body(toOther($0)) }
            }
            target.blocks += movedBlocks
        }
        // Changes queued here (another thread was dispatching) go on in the target: none is lost.
        var pending: [Item<Target>] = []
        if let toTarget = Conversion.converter(from: Value.self, to: Target.self) {
            for (item, _) in queue {
                guard case .change(let value, let origin) = item,
                      let index = endpoints.firstIndex(where: { $0 === origin }) else { continue }
                pending.append(.change(toTarget(value), origin: moved[index]))
            }
        }
        Registry.shared.buryLocked((endpoints, queue))
        endpoints.removeAll()
        filters.removeAll()
        blocks.removeAll()
        queue.removeAll()
        dissolved = true
        forward = target
        rebuildPlanLocked()
        Registry.shared.chainCount -= 1
        return Moved(endpoints: moved, blocks: movedBlocks, pending: pending)
    }

    override func detachLocked(_ endpoint: AnyEndpoint) {
        guard let position = endpoints.firstIndex(where: { $0 === endpoint }) else { return }
        endpoints.remove(at: position)
        Registry.shared.forgetLocked(endpoint)
        rebuildPlanLocked()
        checkLivenessLocked()
    }

    /// A chain lives while one sender and one receiver are alive (DESIGN rule 1).
    func checkLivenessLocked() {
        guard !dissolved else { return }
        let live = endpoints.filter { $0.isAliveLocked() }
        let senders = live.filter { $0.role.contains(.sends) }.count
        let receivers = live.filter { $0.role.contains(.receives) }.count + blocks.count
        if senders == 0 || receivers == 0 || live.count + blocks.count < 2 {
            dissolveLocked()
        }
    }

    override func dissolveLocked() {
        guard !dissolved else { return }
        dissolved = true
        Registry.shared.buryLocked((filters, blocks, queue))
        for endpoint in endpoints { Registry.shared.forgetLocked(endpoint) }
        endpoints.removeAll()
        filters.removeAll()
        blocks.removeAll()
        queue.removeAll()
        rebuildPlanLocked()
        Registry.shared.chainCount -= 1
    }

    // MARK: Dispatch

    /// Under the lock, for a change notification from `origin`: ignore an echo, queue behind
    /// a busy owner, or take the chain.
    func decideLocked(origin: Endpoint<Value>, _ thread: UnsafeMutablePointer<ThreadState>) -> Decision {
        let tag = UInt(bitPattern: thread)
        let state = self.state.load(ordering: .acquiring)
        if state & ~1 == tag {
            return writing == ObjectIdentifier(origin) ? .ignore : .enqueue
        }
        if state == 0, !dissolved {
            self.state.store(tag, ordering: .relaxed)
            return .dispatch(Unmanaged.passUnretained(plan))
        }
        return dissolved ? .ignore : .enqueue
    }

    /// Keeps `object`, which the chain lets go of, until its owner (if any) gives the chain
    /// back: the owner may be using it unretained. Lock held.
    func retireLocked(_ object: AnyObject) {
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
    func enqueue(_ item: Item<Value>, _ thread: UnsafeMutablePointer<ThreadState>) {
        let tag = UInt(bitPattern: thread)
        let depth = thread.pointee.causalDepth
        let becameOwner = Registry.shared.locked(thread: thread) { () -> Bool in
            guard !dissolved else { return false }
            queue.append((item, depth))
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
    @inline(never)
    func enqueueChange(_ value: Value, from origin: Endpoint<Value>, _ thread: UnsafeMutablePointer<ThreadState>) {
        enqueue(.change(value, origin: origin), thread)
    }

    /// Delivers a change from `origin` as the owner, then drains the queue and gives the chain
    /// back. `plan` is the one taken with the chain; it stays alive until then.
    func dispatchChange(_ value: Value, from origin: Endpoint<Value>, _ plan: Plan<Value>, _ thread: UnsafeMutablePointer<ThreadState>) {
        let saved = thread.pointee
        let depth = saved.causalDepth
        if depth <= Self.maximumDepth {
            thread.pointee.depth = depth
            thread.pointee.nesting += 1
            runChange(value, from: origin, plan)
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
                run(next.item, depth: next.depth, next.plan, thread)
            }
        }
    }

    /// The next queued item, clearing the look-here bit (and releasing what was retired) when
    /// the queue empties. Lock held.
    private func takeNextLocked(_ tag: UInt) -> (item: Item<Value>, depth: Int, plan: Plan<Value>)? {
        let next = queue.isEmpty ? nil : queue.removeFirst()
        if queue.isEmpty {
            if !retired.isEmpty {
                Registry.shared.buryLocked(retired)
                retired.removeAll()
            }
            state.store(tag, ordering: .relaxed)
        }
        guard let next, let item = currentLocked(next.item) else { return nil }
        return (item, next.depth, plan)
    }

    /// The item with its endpoints as they stand now: an endpoint declared again or moved since
    /// the item was queued is replaced by its successor; one that left the chain is dropped.
    private func currentLocked(_ item: Item<Value>) -> Item<Value>? {
        switch item {
        case .change(let value, let origin):
            guard let origin = origin.currentLocked() as? Endpoint<Value>, origin.core === self else { return nil }
            return .change(value, origin: origin)
        case .push(let receivers, let blocks):
            let current = receivers.compactMap { $0.currentLocked() as? Endpoint<Value> }
            return .push(current.filter { $0.core === self }, blocks)
        }
    }

    /// Delivers one queued item. Owner only; no lock held, so setters, converters, filters and
    /// blocks may call back into Bindery.
    private func run(_ item: Item<Value>, depth: Int, _ plan: Plan<Value>, _ thread: UnsafeMutablePointer<ThreadState>) {
        guard depth <= Self.maximumDepth else {
            reportCycle()
            return
        }
        let saved = thread.pointee
        thread.pointee.depth = depth
        thread.pointee.nesting += 1
        defer {
            thread.pointee.depth = saved.depth
            thread.pointee.nesting = saved.nesting
        }
        switch item {
        case .change(let value, let origin):
            runChange(value, from: origin, plan)
        case .push(let receivers, let blocks):
            guard let value = current else { return }
            deliver(value, to: receivers, skipping: nil, blocks: blocks)
        }
    }

    /// A change that went more than `maximumDepth` causes deep is dropped (rule 3).
    @inline(never)
    private func reportCycle() {
        Diagnostics.report(.cycle, rule: 3, "a change of a chain of \(Value.self) kept causing changes \(Self.maximumDepth) levels deep across chains; dropped it to stop the cycle")
    }

    /// Filters a change, records it and delivers it. Owner only, no lock held.
    @inline(__always)
    private func runChange(_ value: Value, from origin: Endpoint<Value>, _ plan: Plan<Value>) {
        if origin.accessors.noteChange != nil, !noteChange(value, origin) { return }
        if !plan.filters.isEmpty, !passes(value, plan.filters) {
            putBack(origin)
            return
        }
        current = value
        deliver(value, to: plan.receivers, skipping: origin, blocks: plan.blocks)
    }

    @inline(never)
    private func noteChange(_ value: Value, _ origin: Endpoint<Value>) -> Bool {
        origin.accessors.noteChange?(value) ?? true
    }

    /// Whether every filter passes `value` (rule 5).
    @inline(never)
    private func passes(_ value: Value, _ filters: [(Value) -> Bool]) -> Bool {
        filters.allSatisfy { $0(value) }
    }

    /// Restores a rejected source to the last accepted value, without propagating (rule 5).
    private func putBack(_ origin: Endpoint<Value>) {
        guard let value = current, let write = origin.accessors.write, let target = origin.target else { return }
        writing = ObjectIdentifier(origin)
        _ = write(target, value)
        writing = nil
        _ = origin.accessors.noteChange?(value)
    }

    /// Writes receivers in join order, skipping the origin (rule 4), then runs blocks (rule 9).
    private func deliver(_ value: Value, to receivers: [Endpoint<Value>], skipping origin: Endpoint<Value>?, blocks: [NamedBlock<Value>]) {
        deliver(value, to: receivers.map { Unmanaged.passUnretained($0) }, skipping: origin, blocks: blocks)
    }

    /// Writes receivers in join order, skipping the origin (rule 4), then runs blocks (rule 9).
    /// The receivers are kept alive by the plan or item they come from.
    @inline(__always)
    private func deliver(_ value: Value, to receivers: [Unmanaged<Endpoint<Value>>], skipping origin: Endpoint<Value>?, blocks: [NamedBlock<Value>]) {
        var dead = false
        for index in receivers.indices {
            receivers[index]._withUnsafeGuaranteedRef { receiver in
                guard receiver !== origin else { return }
                if let target = receiver.target {
                    write(value, to: receiver, target)
                } else if !receiver.isDetached {
                    dead = true
                }
            }
        }
        if !blocks.isEmpty { run(blocks, value) }
        if dead { Registry.shared.locked { pruneLocked() } }
    }

    /// Writes one receiver's object, with its echo ignored (rule 3).
    @inline(__always)
    private func write(_ value: Value, to receiver: Endpoint<Value>, _ target: AnyObject) {
        if receiver.delivery == .mainActor, !MainQueue.isCurrent {
            writeLater(value, to: receiver)
            return
        }
        writing = ObjectIdentifier(receiver)
        let written = receiver.accessors.write?(target, value) ?? false
        writing = nil
        if !written { Self.reportUnwritable(receiver) }
    }

    /// Writes a main-actor receiver on the main queue.
    @inline(never)
    private func writeLater(_ value: Value, to receiver: Endpoint<Value>) {
        guard let write = receiver.accessors.write else { return }
        // The endpoint holds its object as it always does (weakly, or unowned without a side
        // table); a weak capture of the object here would give a `@Dynamic` object a side table.
        MainQueue.enqueue {
            guard let target = receiver.target else { return }
            if !write(target, value) { Self.reportUnwritable(receiver) }
        }
    }

    @inline(never)
    private static func reportUnwritable(_ receiver: Endpoint<Value>) {
        Diagnostics.report(.badData, rule: 11, "cannot write \(receiver.label): skipped this receiver")
    }

    /// Runs named blocks after the receivers (rule 9).
    @inline(never)
    private func run(_ blocks: [NamedBlock<Value>], _ value: Value) {
        for block in blocks {
            if block.delivery == .mainActor, !MainQueue.isCurrent {
                MainQueue.enqueue { block.body(value) }
            } else {
                block.body(value)
            }
        }
    }

    /// Drops members whose objects have gone (rule 1: pruned at the next dispatch).
    func pruneLocked() {
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
