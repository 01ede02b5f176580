import Synchronization


// The ownership protocol: one thread at a time owns a chain and dispatches it; what arrives
// meanwhile is queued for the owner, and what the chain lets go of is retired until the owner
// gives it back.
extension ChainCore {
    /// The initial value sent for a receiver that just joined (see <doc:Guarantees#Initial-value>). If the chain is
    /// idle, this thread takes it here, in the bind's critical section, and writes the
    /// receiver as soon as the lock is released, with nothing queued; otherwise the initial value is
    /// queued for the owner. The returned work must run, on this thread.
    func sendInitialLocked(_ endpoint: EndpointName) -> AfterLock {
        let thread = ThreadState.current
        guard !dissolved, takeIfIdle(thread) else {
            let held = HeldName(endpoint)
            return .work { self.submit(.initialValue([held], [])) }
        }
        return .initialValue(endpoint, thread)
    }

    /// The initial-value run of a named block that just joined (see <doc:Guarantees#Initial-value>): like
    /// `sendInitialLocked(_:)` for a receiver, the block runs as soon as the lock is released if the
    /// chain is idle, with nothing queued; otherwise it is queued for the owner.
    func sendInitialLocked(_ block: NamedBlock<Value>) -> AfterLock {
        let thread = ThreadState.current
        guard !dissolved, takeIfIdle(thread) else {
            return .work { self.submit(.initialValue([], [block])) }
        }
        return .work { self.sendInitial(block, owned: thread) }
    }

    /// Runs one named block with the chain's value as the owner, then gives the chain back.
    func sendInitial(_ block: NamedBlock<Value>, owned thread: UnsafeMutablePointer<ThreadState>) {
        runAsOwner(thread) {
            let value = chainValue
            run(block, value)
        }
    }

    /// Writes the chain's value into one receiver as the owner, then gives the chain back.
    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func sendInitial(_ endpoint: EndpointName, owned thread: UnsafeMutablePointer<ThreadState>) {
        runAsOwner(thread) {
            let value = chainValue
            var dead = false
            if let need = write(value, into: endpoint, foundDead: &dead, thread) { resolve(need, endpoint, value, origin: .nobody, thread) }
            if dead { prune() }
        }
    }

    /// Under the lock, for a change notification from `origin`: ignore an echo, queue behind
    /// a busy owner, or take the chain.
    func decideLocked(origin: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>) -> Decision {
        // A write this thread is making for the chain, as its owner or on the main actor: its
        // echo (see <doc:Guarantees#Loops>).
        if thread.pointee.writing == origin.word { return .ignore }
        let tag = UInt(bitPattern: thread)
        let state = self.state.load(ordering: .acquiring)
        if state & ~1 == tag {
            return .enqueue
        }
        if dissolved { return .ignore }
        // An update without the lock may take the chain first: the change then waits in the queue.
        guard state == 0, takeIfIdle(thread) else { return .enqueue }
        // Same layout: the decision carries the plan untyped and unretained.
        return .dispatch(unsafeBitCast(planLocked(), to: Unmanaged<AnyObject>.self))
    }

    /// Takes the chain if nobody owns it.
    @inline(__always)
    private func takeIfIdle(_ thread: UnsafeMutablePointer<ThreadState>) -> Bool {
        state.compareExchange(expected: 0, desired: UInt(bitPattern: thread), ordering: .sequentiallyConsistent).exchanged
    }

    /// For a change notification from `origin`, the sole listener of the slot that changed,
    /// without the lock: ignore an echo, or take the chain and dispatch. Nil when the change
    /// must go the locked way (the chain is busy, so the change is queued).
    ///
    /// The caller has `origin` from its registrar's published listeners and keeps it alive
    /// until this returns (see `_ChangeRegistrar.beginRead()`). Once this thread owns the
    /// chain, `origin` and the plan stay alive until it gives the chain back: a shape change
    /// that lets go of them sees the owner and retires them (`retireLocked`). It marks the
    /// endpoint detached, or drops the plan, before it looks at `state`, and this looks at
    /// them after taking the chain, all sequentially consistent: either this sees the change,
    /// or the change sees this owner.
    @inline(__always)
    func takeWithoutLock(origin: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>) -> Decision? {
        let tag = UInt(bitPattern: thread)
        let state = self.state.load(ordering: .relaxed)
        if state & ~1 == tag {
            // This thread owns the chain, and the change is not its write's echo (see
            // `Endpoint.decideWithoutLock`): queued, the locked way.
            return nil
        }
        guard state == 0, takeIfIdle(thread) else { return nil }
        if origin.isDetached { return .abandon }
        guard let plan = planIfMade() else { return .own }
        return .dispatch(plan)
    }

    /// Runs `item` now if the chain is idle, else queues it for the owner.
    func submit(_ item: Item<Value>) {
        enqueue(item, ThreadState.current)
    }

    /// Queues `item`; if nobody owns the chain, takes it and drains the queue.
    ///
    /// `sequence`: the chain's write sequence number when the item's value was read, if it was
    /// read before this call; otherwise the current one is taken.
    func enqueue(_ item: Item<Value>, _ thread: UnsafeMutablePointer<ThreadState>, sequence: UInt32? = nil) {
        let tag = UInt(bitPattern: thread)
        let depth = thread.pointee.causalDepth
        var successor: HeldName?
        let becameOwner = GraphLock.shared.locked(thread: thread) { () -> Bool in
            guard !dissolved else {
                // Merged into another chain (a join declared meanwhile) after this change was
                // heard here: its origin's replacement there hears it again, so that it is not
                // lost with this chain. Ended chains have no replacement: nothing to deliver.
                if case .change(_, let origin, _) = item, let active = origin.name.activeLocked(), active != origin.name {
                    successor = HeldName(active)
                }
                return false
            }
            queue.append(Queued(item: item, depth: depth, sequence: sequence ?? writeSequence.load(ordering: .relaxed)))
            // Takes an idle chain, or has its owner look here before giving it back.
            var state = self.state.load(ordering: .acquiring)
            while true {
                let (exchanged, original) = self.state.compareExchange(
                    expected: state, desired: state == 0 ? tag | 1 : state | 1, ordering: .sequentiallyConsistent)
                if exchanged { return state == 0 }
                state = original
            }
        }
        if becameOwner { giveBack(thread) }
        if let successor { Registry.shared.renotify(successor, thread) }
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
    /// since, and the queued value is written back to it (otherwise a field could keep a
    /// user's edit that the owner overwrote after it was read).
    func enqueueChange(_ value: Value, from origin: EndpointName, sequence: UInt32, _ thread: UnsafeMutablePointer<ThreadState>) {
        var noted = false
        if Self.accessors(of: origin)._withUnsafeGuaranteedRef({ $0.noteChange != nil }), state.load(ordering: .relaxed) & ~1 == UInt(bitPattern: thread) {
            guard Self.noteChange(value, origin) else { return }
            noted = true
        }
        enqueue(.change(value, origin: HeldName(origin), noted: noted), thread, sequence: sequence)
    }

    /// Delivers a change from `origin` as the owner, then drains the queue and gives the chain
    /// back. `plan` is the one taken with the chain; it stays alive until then.
    @inline(__always)
    func dispatchChange(
        _ value: Value, from origin: EndpointName, skipping skipped: EndpointName, _ plan: Plan<Value>, _ thread: UnsafeMutablePointer<ThreadState>
    ) {
        runAsOwner(thread) { runChange(value, from: origin, skipping: skipped, plan, thread) }
    }

    /// Runs `work` as the chain's owner, as the next cause of whatever this thread is
    /// dispatching (a change more than `maximumDepth` causes deep is dropped instead), then
    /// gives the chain back; at the end of the thread's outermost dispatch, the derived values
    /// it reached are evaluated (see `DerivedSchedule`).
    @inline(__always)
    func runAsOwner(_ thread: UnsafeMutablePointer<ThreadState>, _ work: () -> Void) {
        let depth = thread.pointee.causalDepth
        if depth <= Self.maximumDepth {
            ThreadState.dispatching(on: thread, at: depth, work)
        } else {
            reportCycle()
        }
        giveBack(thread)
        ThreadState.endOfDispatch(thread)
    }

    /// Gives the chain back, first running whatever was queued meanwhile.
    @inline(__always)
    func giveBack(_ thread: UnsafeMutablePointer<ThreadState>) {
        let tag = UInt(bitPattern: thread)
        if state.compareExchange(expected: tag, desired: 0, ordering: .acquiringAndReleasing).exchanged { return }
        giveBackSlowly(thread)
    }

    /// Drains the queue and what was retired, then gives the chain back.
    @inline(never)
    func giveBackSlowly(_ thread: UnsafeMutablePointer<ThreadState>) {
        // The chain may have been dissolved meanwhile, and its last references may be among
        // what is retired: keep it alive until it is given back.
        let this = Unmanaged.passRetained(self)
        defer { this.release() }
        let tag = UInt(bitPattern: thread)
        while !state.compareExchange(expected: tag, desired: 0, ordering: .acquiringAndReleasing).exchanged {
            if let next = GraphLock.shared.locked(thread: thread, { takeNextLocked(tag) }) {
                run(next.item, next.queued, next.plan, thread)
            }
        }
        // What the queued items reached (a change queued, or a merge's initial values, run by
        // the thread that took the chain outside any dispatch of its own).
        ThreadState.endOfDispatch(thread)
    }

    /// The next queued item, clearing the look-here bit (and releasing what was retired) when
    /// the queue empties. Lock held.
    /// A change comes with the plan to dispatch it with; an initial value needs none (so binding a
    /// receiver makes no plan).
    func takeNextLocked(_ tag: UInt) -> (item: Item<Value>, queued: Queued<Value>, plan: Plan<Value>?)? {
        let next = queue.isEmpty ? nil : queue.removeFirst()
        if queue.isEmpty {
            if !retired.isEmpty {
                GraphLock.shared.buryLocked(contentsOf: retired)
                retired.removeAll()
            }
            state.store(tag, ordering: .relaxed)
        }
        // Between two dispatches of its owner nothing writes the endpoints that stood for the
        // head: a chain that was busy at every join declaring its head again has its path made
        // one step long here.
        head.shortenReplacementsLocked(in: self)
        secondName?.shortenReplacementsLocked(in: self)
        guard let next, let item = currentLocked(next.item) else { return nil }
        if case .initialValue = item { return (item, next, nil) }
        return (item, next, planLocked().takeUnretainedValue())
    }

    /// The item with its endpoints as they stand now: an endpoint declared again or moved since
    /// the item was queued is replaced by its successor; one that left the chain is dropped.
    /// Every endpoint the item returned names is a member of this chain (see `member(of:)`).
    /// Owner only, between two dispatches (the paths it walks are made one step long, see
    /// `shortenReplacementsLocked`); lock held.
    func currentLocked(_ item: Item<Value>) -> Item<Value>? {
        switch item {
        case .change(let value, let origin, let noted):
            origin.name.shortenReplacementsLocked(in: self)
            guard let active = member(named: origin.name) else { return nil }
            if active != origin.name { inheritWritesLocked(from: origin.name, to: active) }
            return .change(value, origin: HeldName(active), noted: noted)
        case .initialValue(let receivers, let blocks):
            return .initialValue(receivers.compactMap { member(named: $0.name).map { HeldName($0) } }, blocks)
        }
    }

    /// The member of this chain that stands now for the endpoint `name` names: that endpoint,
    /// or the one that took its place (declared again); nil if neither is in this chain (it
    /// left it: unbound, or moved to another chain by a merge). Lock held.
    func member(named name: EndpointName) -> EndpointName? {
        guard let active = name.activeLocked(), active.anyCore === self else { return nil }
        return active
    }

    /// An origin declared again while its change waited (a join on another thread declares its
    /// head again): `active`, which stands for it now, takes over the owner's last write to it
    /// or to any endpoint in between (which the origin's record holds once its path is one step
    /// long, see `shortenReplacementsLocked`), so that `run` writes the change back to the
    /// property if the owner wrote it after the value was read. Judged by `active`'s own record
    /// alone, the property counted as unwritten, kept the owner's older value, and the rest of
    /// the chain got the change. Owner only (the owner alone writes `writtenSequence`); lock
    /// held.
    private func inheritWritesLocked(from origin: EndpointName, to active: EndpointName) {
        let written = origin.writtenSequence
        if Self.isUnwritten(active.writtenSequence, since: written) { active.writtenSequence = written }
    }

    /// Delivers one queued item. Owner only; no lock held, so setters, converters, filters and
    /// blocks may call back into Bindery.
    func run(_ item: Item<Value>, _ queued: Queued<Value>, _ plan: Plan<Value>?, _ thread: UnsafeMutablePointer<ThreadState>) {
        guard queued.depth <= Self.maximumDepth else {
            reportCycle()
            return
        }
        ThreadState.dispatching(on: thread, at: queued.depth) { run(item, plan, since: queued.sequence, thread) }
    }

    /// `run(_:_:_:_:)`'s work, at the item's depth.
    private func run(_ item: Item<Value>, _ plan: Plan<Value>?, since sequence: UInt32, _ thread: UnsafeMutablePointer<ThreadState>) {
        switch item {
        case .change(let value, let held, let noted):
            guard let plan else { return }
            let origin = held.name
            // The origin held `value` when the change was queued; if the chain has written it
            // since, it no longer does, and it is written like every other member.
            let isUnchanged = Self.isUnwritten(origin.writtenSequence, since: sequence)
            runChange(value, from: origin, skipping: isUnchanged ? origin : .nobody, noted: noted, plan, thread)
        case .initialValue(let receivers, let blocks):
            let value = chainValue
            deliver(value, to: receivers.map(\.name), skipping: .nobody, blocks: blocks, thread)
        }
    }

    /// A change that went more than `maximumDepth` causes deep is dropped (see <doc:Guarantees#Loops>).
    @inline(never)
    func reportCycle() {
        Report.cycle(Value.self, depth: Self.maximumDepth)
    }

    // MARK: Delivery, as the engine drives it

    /// Filters a change, records it and delivers it. Owner only, no lock held.
    @inline(__always)
    func runChange(
        _ value: Value, from origin: EndpointName, skipping skipped: EndpointName, noted: Bool = false, _ plan: Plan<Value>,
        _ thread: UnsafeMutablePointer<ThreadState>
    ) {
        if !noted, Self.accessors(of: origin)._withUnsafeGuaranteedRef({ $0.noteChange != nil }), !Self.noteChange(value, origin) { return }
        if !plan.filters.isEmpty, !passes(value, plan.filters) {
            putBack(origin, thread)
            return
        }
        accept(value, filtered: !plan.filters.isEmpty)
        changeCount.store(changeCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        deliver(value, to: plan.receivers, skipping: skipped, blocks: plan.blocks, thread)
    }

    /// Writes receivers in join order, skipping the origin (see <doc:Guarantees#No-echo>), then
    /// runs blocks (see <doc:Guarantees#Order>), then drops receivers found dead. Delivery
    /// does the writing; where a receiver needs the engine it stops, and this resolves that
    /// receiver and resumes it after it. The receivers are kept alive by the plan or item they
    /// come from.
    @inline(__always)
    func deliver(
        _ value: Value, to receivers: [EndpointName], skipping origin: EndpointName, blocks: [NamedBlock<Value>],
        _ thread: UnsafeMutablePointer<ThreadState>
    ) {
        var dead = false
        if let stop = write(value, into: receivers, from: 0, skipping: origin, foundDead: &dead, thread) {
            resume(value, receivers, stop, skipping: origin, foundDead: &dead, thread)
        }
        if !blocks.isEmpty, origin.isNobody || !origin.recordPointer.pointee.isDetached || !wasMergedAway() { run(blocks, value) }
        if dead { prune() }
    }

    /// Resolves the receiver delivery stopped at, and delivers to those after it, as often as
    /// it stops.
    @inline(never)
    func resume(
        _ value: Value, _ receivers: [EndpointName], _ stop: (index: Int, need: NeedsEngine), skipping origin: EndpointName,
        foundDead: inout Bool, _ thread: UnsafeMutablePointer<ThreadState>
    ) {
        var next: (index: Int, need: NeedsEngine)? = stop
        while let stop = next {
            resolve(stop.need, receivers[stop.index], value, origin: origin, thread)
            next = write(value, into: receivers, from: stop.index + 1, skipping: origin, foundDead: &foundDead, thread)
        }
    }

    /// Does for `receiver` what delivery could not: writes the endpoint that now stands for it,
    /// or writes it on the main actor.
    func resolve(
        _ need: NeedsEngine, _ receiver: EndpointName, _ value: Value, origin: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>
    ) {
        switch need {
        case .left: writeSuccessor(of: receiver, value, origin: origin, thread)
        case .mainActor: writeLater(value, to: receiver)
        }
    }

    /// Drops members whose objects have gone (pruned at the next dispatch, see <doc:Guarantees#Lifetime>).
    @inline(never)
    func prune() {
        GraphLock.shared.locked { pruneLocked() }
    }

    /// Drops members whose objects have gone. Lock held.
    func pruneLocked() {
        GraphLock.assertLocked()
        // A copy of the list: detaching a member changes it.
        for endpoint in endpoints.array(self) where !endpoint.isAliveLocked() {
            detachLocked(endpoint)
        }
    }

    /// Whether this chain was merged into another since the change began (its origin left it,
    /// as every member does then): its blocks moved there with its receivers, and like those
    /// receivers they do not hear the change the merge superseded (see `writeSuccessor`).
    @inline(never)
    func wasMergedAway() -> Bool {
        GraphLock.shared.locked { dissolved }
    }

    /// Restores a rejected source to the last accepted value, without propagating (see <doc:Guarantees#Filters>).
    /// A source that cannot be written back (one-way converted) keeps the rejected value, and
    /// that is reported.
    ///
    /// A source declared again since its change was heard (a join on another thread declares
    /// its head again, and the owner may be past the point where it took the chain) is put back
    /// through the endpoint that now stands for it in this chain: left as it was, it would keep
    /// the rejected value, which never reached the rest of the chain.
    @inline(never)
    func putBack(_ source: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>) {
        let found = source.isDetached ? GraphLock.shared.locked { successorLocked(of: source) } : source.target.map { (source, $0) }
        guard let (origin, target) = found else { return }
        let value = chainValue
        guard Self.accessors(of: origin)._withUnsafeGuaranteedRef({ $0.write != nil }) else {
            Report.cannotPutBack(origin.label)
            return
        }
        writeNowOrLater(value, to: origin, target, thread)
        _ = Self.noteChange(value, origin)
    }

    /// A receiver that left the chain during this dispatch (unbound, declared again, merged):
    /// the endpoint that now stands for its property in this chain, if any, gets the value
    /// (see <doc:Guarantees#Lifetime> and <doc:Guarantees#Joins>). One that was unbound, or moved to another chain, is not written.
    @inline(never)
    func writeSuccessor(of receiver: EndpointName, _ value: Value, origin: EndpointName, _ thread: UnsafeMutablePointer<ThreadState>) {
        let found = GraphLock.shared.locked { () -> (EndpointName, AnyObject)? in
            guard let (successor, target) = successorLocked(of: receiver),
                  successor.role.contains(.receives), Self.accessors(of: successor)._withUnsafeGuaranteedRef({ $0.write != nil })
            else { return nil }
            return (successor, target)
        }
        guard let (successor, target) = found, successor != origin else { return }
        writeNowOrLater(value, to: successor, target, thread)
    }

    /// Writes `receiver` now, or on the main actor if it must be written there and this is not it.
    private func writeNowOrLater(_ value: Value, to receiver: EndpointName, _ target: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {
        if receiver.delivery == .mainActor, !MainQueue.isCurrent {
            writeLater(value, to: receiver)
        } else {
            write(value, to: receiver, target, thread)
        }
    }

    /// The endpoint that now stands in this chain for `endpoint`, which left it, with its
    /// object; nil if none does (unbound, or moved to another chain) or its object has gone.
    /// Lock held.
    func successorLocked(of endpoint: EndpointName) -> (EndpointName, AnyObject)? {
        guard let successor = member(named: endpoint), let target = successor.targetLocked() else { return nil }
        return (successor, target)
    }

    /// Writes a main-actor receiver on the main queue, as the change's next cause (its depth,
    /// the bound on runaway cycles, carries over) and with its echo ignored. A write that a newer change of the chain
    /// overtook is skipped: that change writes the receiver itself, or came from it.
    @inline(never)
    func writeLater(_ value: Value, to receiver: EndpointName) {
        guard Self.accessors(of: receiver)._withUnsafeGuaranteedRef({ $0.write != nil }) else { return }
        // Kept until the write has run.
        let held = HeldName(receiver)
        let change = changeCount.load(ordering: .relaxed)
        let depth = ThreadState.current.pointee.depth
        // The endpoint holds its object as it always does (weakly, or unowned without a side
        // table); a weak capture of the object here would give a `@Dynamic` object a side table.
        MainQueue.enqueue {
            guard self.changeCount.load(ordering: .relaxed) == change else { return }
            // A receiver declared again meanwhile is written through the endpoint that now
            // stands for it in this chain, as a dispatch writes it (see `writeSuccessor`); one
            // unbound, or moved to another chain, is not.
            let receiver = held.name
            let found = receiver.isDetached
                ? GraphLock.shared.locked { self.successorLocked(of: receiver) }
                : receiver.target.map { (receiver, $0) }
            guard let (current, target) = found, current.role.contains(.receives),
                  let write = Self.accessors(of: current).takeUnretainedValue().write
            else { return }
            current.writtenSequence = self.writeSequence.load(ordering: .relaxed)
            let written = ThreadState.runDeferred(depth: depth, writing: current.word) { write(target, value) }
            if !written { Report.unwritable(current.label) }
        }
    }
}
