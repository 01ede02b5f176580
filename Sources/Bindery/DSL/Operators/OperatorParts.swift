/// What one operator binding declared, by identity: the declaration of the chain's head and
/// the declaration of its second endpoint, with the chains each was made in. What
/// ``OperatorLink/unbind()`` ends, kept apart so that a holder of many bindings (a view's
/// ``BoundBindings``) ends them all with the graph lock taken once.
@usableFromInline
struct OperatorParts: @unchecked Sendable {
    // @unchecked: the chains are only touched with the graph lock held.
    let headCore: any AnyChainCore
    let head: Declaration
    let sideCore: any AnyChainCore
    let side: Declaration

    init(head: DeclaredPart, side: DeclaredPart) {
        headCore = head.core
        self.head = head.declaration
        sideCore = side.core
        self.side = side.declaration
    }

    /// Ends both declarations: the second endpoint and the blocks the binding added leave the
    /// chain, and so does the head unless another binding declared it too. The graph lock is
    /// held.
    func endLocked() {
        Self.endLocked(side: sideCore, side, head: headCore, head)
    }

    /// Whether the binding is still in effect: its second endpoint is still in a chain that
    /// has a live sender and receiver. The graph lock is held.
    func isInEffectLocked() -> Bool {
        Self.isInEffectLocked(side: sideCore, side)
    }

    /// Whether a binding whose second endpoint `side` declared in `sideCore` is still in
    /// effect. The graph lock is held.
    static func isInEffectLocked(side sideCore: any AnyChainCore, _ side: Declaration) -> Bool {
        sideCore.withResolvedLocked { core in core.isCompleteLocked && core.endpointLocked(declaredBy: side) != nil }
    }

    /// Ends a binding's two declarations, given apart (what ``OperatorLink/unbind()`` holds).
    /// The graph lock is held.
    static func endLocked(side sideCore: any AnyChainCore, _ side: Declaration, head headCore: any AnyChainCore, _ head: Declaration) {
        // Both in the chain the side is in now: the head's declaration may have parts in no
        // other chain (the head joined the side's chain, or the side was merged with it).
        sideCore.withResolvedLocked { $0.endLocked(side, and: head) }
        headCore.withResolvedLocked { $0.endLocked(head) }
    }
}
