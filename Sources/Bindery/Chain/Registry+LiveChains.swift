// The list of live chains, which `Bind.graph()` reads. A chain is listed when it is made and
// unlisted when it ends (`dissolveLocked`) or is merged into another (`movingLocked`); a chain
// that never became complete and lost every member ends neither way, and unlists itself when
// it deinitialises. Each chain knows its position, so unlisting moves the last chain into its
// place: constant time, and nothing allocated once the list has grown (see <doc:Guarantees#Cost>).
extension Registry {
    /// Lists a chain that was just made. Lock held.
    func listLocked(_ core: AnyEndpoint) {
        assertLocked()
        core.listedLocked(at: UInt32(truncatingIfNeeded: state.liveChains.count))
        state.liveChains.append(Unmanaged.passUnretained(core))
    }

    /// Takes a chain off the list, if it is on it. Lock held.
    func unlistLocked<Value>(_ core: ChainCore<Value>) {
        assertLocked()
        let position = core.livePosition.load(ordering: .relaxed)
        guard position != .max else { return }
        core.listedLocked(at: .max)
        let last = state.liveChains.removeLast()
        guard Int(position) < state.liveChains.count else { return }
        state.liveChains[Int(position)] = last
        last._withUnsafeGuaranteedRef { $0.listedLocked(at: position) }
    }

    /// Takes a chain that is deinitialising off the list. The lock is taken, unless this thread
    /// holds it already (a chain let go of inside a critical section, which the registry
    /// normally prevents by burying it).
    func unlistAtDeinit<Value>(_ core: ChainCore<Value>) {
        if isHeldByCurrentThread {
            unlistLocked(core)
        } else {
            locked { unlistLocked(core) }
        }
    }

    /// What every live chain looks like now: members, filters and blocks, as values. Lock
    /// held; reads no property and runs no user code (names are found later, see
    /// `BindingGraph`).
    func snapshotLocked() -> [ChainSnapshot] {
        assertLocked()
        return state.liveChains.map { listed in
            listed._withUnsafeGuaranteedRef { $0.anyCore.snapshotLocked() }
        }
    }
}
