// Delivery: how an owner filters a change and writes it into receivers and blocks, with no
// lock held.
extension ChainCore {
    /// Filters a change, records it and delivers it. Owner only, no lock held.
    @inline(__always)
    func runChange(_ value: Value, from origin: Endpoint<Value>, skipping skipped: Endpoint<Value>?, noted: Bool = false, _ plan: Plan<Value>) {
        if !noted, origin.accessors.noteChange != nil, !noteChange(value, origin) { return }
        if !plan.filters.isEmpty, !passes(value, plan.filters) {
            putBack(origin)
            return
        }
        acceptedValue = value
        changeCount.store(changeCount.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        deliver(value, to: plan.receivers, skipping: skipped, blocks: plan.blocks)
    }

    @inline(never)
    func noteChange(_ value: Value, _ origin: Endpoint<Value>) -> Bool {
        origin.noteChange(value)
    }

    /// Whether every filter passes `value` (see <doc:Guarantees#Filters>).
    @inline(never)
    func passes(_ value: Value, _ filters: [(Value) -> Bool]) -> Bool {
        filters.allSatisfy { $0(value) }
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
    func putBack(_ source: Endpoint<Value>) {
        let found = source.isDetached ? Registry.shared.locked { successorLocked(of: source) } : source.target.map { (source, $0) }
        guard let (origin, target) = found else { return }
        let value = acceptedValue
        guard origin.accessors.write != nil else {
            Diagnostics.report(.badData, rule: .filters, "a filter rejected a change of \(origin.label), which cannot be put back: it converts one way only; it keeps the rejected value")
            return
        }
        write(value, to: origin, target)
        _ = origin.noteChange(value)
    }

    /// Writes receivers in join order, skipping the origin (see <doc:Guarantees#No-echo>), then runs blocks (see <doc:Guarantees#Order>).
    /// The receivers are kept alive by the plan or item they come from.
    @inline(__always)
    func deliver(_ value: Value, to receivers: [Unmanaged<Endpoint<Value>>], skipping origin: Endpoint<Value>?, blocks: [NamedBlock<Value>]) {
        var dead = false
        for index in receivers.indices {
            receivers[index]._withUnsafeGuaranteedRef { receiver in
                if deliver(value, to: receiver, skipping: origin) { dead = true }
            }
        }
        if !blocks.isEmpty, origin?.isDetached != true || !wasMergedAway() { run(blocks, value) }
        if dead { Registry.shared.locked { pruneLocked() } }
    }

    /// Whether this chain was merged into another since the change began (its origin left it,
    /// as every member does then): its blocks moved there with its receivers, and like those
    /// receivers they do not hear the change the merge superseded (see `writeSuccessor`).
    @inline(never)
    func wasMergedAway() -> Bool {
        Registry.shared.locked { dissolved }
    }

    /// Writes one receiver, unless it is the origin; true when its object has gone (the
    /// caller prunes it).
    @inline(__always)
    func deliver(_ value: Value, to receiver: Endpoint<Value>, skipping origin: Endpoint<Value>?) -> Bool {
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
    func writeSuccessor(of receiver: Endpoint<Value>, _ value: Value, origin: Endpoint<Value>?) {
        let found = Registry.shared.locked { () -> (Endpoint<Value>, AnyObject)? in
            guard let (successor, target) = successorLocked(of: receiver),
                  successor.role.contains(.receives), successor.accessors.write != nil
            else { return nil }
            return (successor, target)
        }
        guard let (successor, target) = found, successor !== origin else { return }
        write(value, to: successor, target)
    }

    /// The endpoint that now stands in this chain for `endpoint`, which left it, with its
    /// object; nil if none does (unbound, or moved to another chain) or its object has gone.
    /// Lock held.
    func successorLocked(of endpoint: Endpoint<Value>) -> (Endpoint<Value>, AnyObject)? {
        guard let successor = endpoint.activeLocked() as? Endpoint<Value>, successor.core === self,
              let target = successor.targetLocked()
        else { return nil }
        return (successor, target)
    }

    /// Writes one endpoint's object, with its echo ignored (see <doc:Guarantees#Loops>).
    @inline(__always)
    func write(_ value: Value, to receiver: Endpoint<Value>, _ target: AnyObject) {
        if receiver.delivery == .mainActor, !MainQueue.isCurrent {
            writeLater(value, to: receiver)
            return
        }
        let sequence = writeSequence.load(ordering: .relaxed)
        receiver.writtenSequence.store(sequence, ordering: .relaxed)
        writing = UInt(bitPattern: ObjectIdentifier(receiver))
        let written = receiver.write(value, into: target)
        writing = 0
        writeSequence.store(sequence &+ 1, ordering: .relaxed)
        if !written { Self.reportUnwritable(receiver) }
    }

    /// Writes a main-actor receiver on the main queue, as the change's next cause (rule 3's
    /// depth carries over) and with its echo ignored. A write that a newer change of the chain
    /// overtook is skipped: that change writes the receiver itself, or came from it.
    @inline(never)
    func writeLater(_ value: Value, to receiver: Endpoint<Value>) {
        guard receiver.accessors.write != nil else { return }
        let change = changeCount.load(ordering: .relaxed)
        let depth = ThreadState.current.pointee.depth
        // The endpoint holds its object as it always does (weakly, or unowned without a side
        // table); a weak capture of the object here would give a `@Dynamic` object a side table.
        MainQueue.enqueue {
            guard self.changeCount.load(ordering: .relaxed) == change else { return }
            // A receiver declared again meanwhile is written through the endpoint that now
            // stands for it in this chain, as a dispatch writes it (see `writeSuccessor`); one
            // unbound, or moved to another chain, is not.
            let found = receiver.isDetached
                ? Registry.shared.locked { self.successorLocked(of: receiver) }
                : receiver.target.map { (receiver, $0) }
            guard let (current, target) = found, current.role.contains(.receives), let write = current.accessors.write else { return }
            current.writtenSequence.store(self.writeSequence.load(ordering: .relaxed), ordering: .relaxed)
            let written = ThreadState.runDeferred(depth: depth, writing: ObjectIdentifier(current)) { write(target, value) }
            if !written { Self.reportUnwritable(current) }
        }
    }

    @inline(never)
    static func reportUnwritable(_ receiver: Endpoint<Value>) {
        Diagnostics.report(.badData, rule: .badInput, "cannot write \(receiver.label): skipped this receiver")
    }

    /// Runs named blocks after the receivers (see <doc:Guarantees#Order>); a main-actor block off the main actor
    /// runs there later, as the change's next cause.
    @inline(never)
    func run(_ blocks: [NamedBlock<Value>], _ value: Value) {
        for block in blocks { run(block, value) }
    }

    /// Runs one named block, on the main actor if it asks for it (see `run(_:_:)`).
    func run(_ block: NamedBlock<Value>, _ value: Value) {
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

    /// Drops members whose objects have gone (rule 1: pruned at the next dispatch).
    func pruneLocked() {
        Registry.assertLocked()
        // A copy of the list: detaching a member changes it.
        for endpoint in endpoints.array where !endpoint.isAliveLocked() {
            detachLocked(endpoint)
        }
    }
}
