import Synchronization

// Joining chains (see <doc:Guarantees#Joins>): one chain takes in another's members, filters, blocks
// and queued changes.
extension ChainCore {
    func absorbingLocked(_ other: any AnyChainCore) -> AfterLock? {
        guard other !== self, let moved = other.moveLocked(into: self) else { return nil }
        // Members declared without an initial value get none from a merge either (see <doc:Guarantees#Initial-value>).
        let receivers = moved.endpoints.filter {
            let endpoint = $0.name
            return endpoint.wantsInitial && endpoint.role.contains(.receives) && Self.accessors(of: endpoint)._withUnsafeGuaranteedRef { $0.write != nil }
        }
        let newBlocks = moved.blocks.filter(\.initial)
        dropPlanLocked()
        noteCompletenessLocked()
        guard !receivers.isEmpty || !newBlocks.isEmpty || !moved.pending.isEmpty else { return nil }
        return .work {
            if !receivers.isEmpty || !newBlocks.isEmpty { self.submit(.initialValue(receivers, newBlocks)) }
            for item in moved.pending { self.submit(item) }
        }
    }

    func movingLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? {
        // Every member must convert before anything moves.
        let members = endpoints.array(self)
        var retyped: [Accessors<Target>] = []
        for endpoint in members {
            guard let accessors = Self.accessors(of: endpoint).takeUnretainedValue().retyped(to: Target.self) else {
                Report.cannotJoin(endpoint.label, Value.self, into: Target.self)
                return nil
            }
            retyped.append(accessors)
        }
        let toOther = Conversion.converter(from: Target.self, to: Value.self)
        if (!filters.isEmpty || !blocks.isEmpty) && toOther == nil {
            Report.cannotJoinExtras(Value.self, into: Target.self)
            return nil
        }
        var moved: [HeldName] = []
        for (endpoint, accessors) in zip(members, retyped) {
            let copy = MemberEndpoint(retyping: endpoint, accessors: accessors, core: target)
            Registry.shared.transferLocked(from: endpoint, to: EndpointName(copy))
            moved.append(HeldName(copy))
        }
        target.endpoints.append(contentsOf: moved.lazy.map(\.name), target)
        var movedBlocks: [NamedBlock<Target>] = []
        if let toOther {
            if !filters.isEmpty {
                target.filters += filters.map { filter in { filter(toOther($0)) } }
                target.madeTypedExtras.filterDeclarations += madeTypedExtras.filterDeclarations
            }
            for block in blocks {
                // One name, one block: the chain named first keeps its own (see <doc:Guarantees#Joins>). Anonymous
                // blocks have no name to clash.
                guard block.isAnonymous || !target.blocks.contains(where: { !$0.isAnonymous && $0.name == block.name }) else {
                    Report.blockDropped(block.name)
                    block.liveness?.end()
                    GraphLock.shared.buryValueLocked(block)
                    continue
                }
                let body = block.body
                movedBlocks.append(
                    NamedBlock(
                        name: block.name, isAnonymous: block.isAnonymous, delivery: block.delivery, initial: block.initial,
                        liveness: block.liveness,
                        declaration: block.declaration, owner: block.owner
                    ) { body(toOther($0)) })
            }
            if !movedBlocks.isEmpty { target.blocks += movedBlocks }
        }
        // Changes queued here (another thread was dispatching) go on in the target: none is lost.
        var pending: [Item<Target>] = []
        if let toTarget = Conversion.converter(from: Value.self, to: Target.self) {
            for queued in queue {
                guard case .change(let value, let origin, let noted) = queued.item,
                      let index = members.firstIndex(of: origin.name) else { continue }
                pending.append(.change(toTarget(value), origin: moved[index], noted: noted))
            }
        }
        GraphLock.shared.buryValueLocked(queue)
        endpoints.removeAll(self) { GraphLock.shared.buryLocked($0.host) }
        if let extras = chainExtras {
            filters.removeAll()
            madeTypedExtras.filterDeclarations.removeAll()
            blocks.removeAll()
            queue.removeAll()
            // What runs when the chain ends runs when the chain that took its members does.
            if !extras.endActions.isEmpty {
                target.madeTypedExtras.endActions += extras.endActions
                extras.endActions = []
            }
        }
        dissolved = true
        madeTypedExtras.forward = target
        dropPlanLocked()
        // Its successors are in `target` now: asked for through this chain's head, they are
        // not this chain's (see `writeSuccessor`).
        head.forgetReplacementLocked()
        secondName?.forgetReplacementLocked()
        Registry.shared.state.chainCount -= 1
        Registry.shared.unlistLocked(self)
        return Moved(endpoints: moved, blocks: movedBlocks, pending: pending)
    }
}

/// What a merge moved from one chain into another.
struct Moved<Value> {
    /// The copies made in the target, named (each a member of the target).
    let endpoints: [HeldName]
    let blocks: [NamedBlock<Value>]
    /// Changes that were queued in the merged chain, to dispatch in the target.
    let pending: [Item<Value>]
}
