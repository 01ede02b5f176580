extension DynamicBond: CustomDebugStringConvertible {
    /// The observer or bond, and the chain it is part of, on one line (see
    /// ``Chain/debugDescription``).
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// print(count.observe { _ in }.debugDescription)
    /// ```
    public var debugDescription: String {
        // Values only under the lock; named after it is released.
        let chain = part.flatMap { part in
            GraphLock.shared.locked { () -> ChainSnapshot? in
                let core = part.core.resolvedLocked()
                return core.hasPartsLocked(of: part.declaration) ? core.snapshotLocked() : nil
            }
        }
        guard let chain else { return "DynamicBond (not bound)" }
        let name = switch what {
        case .block(let name): "block \"\(name)\""
        case .side(let address): chain.members.last { $0.address == address }.map { BindingGraph.name(of: $0) } ?? "?"
        }
        return "DynamicBond (\(name)) in " + BindingGraph.line(for: chain)
    }
}
