/// What only some chains have, untyped part. Guarded by the graph lock, like the rest of the
/// chain's shape.
class AnyChainExtras {
    @exclusivity(unchecked) var retired: [AnyObject] = []
    /// See `AnyChainCore.forward`.
    @exclusivity(unchecked) var forward: (any AnyChainCore)?
    /// What runs when the chain ends (see `AnyChainCore.addEndActionLocked`); moved along
    /// when a merge moves the chain's members.
    @exclusivity(unchecked) var endActions: [EndAction] = []
}

/// What only some chains have: filters, blocks and queued changes.
final class ChainExtras<Value>: AnyChainExtras {
    @exclusivity(unchecked) var filters: [(Value) -> Bool] = []
    /// The declaration that added each filter, in the same order (see `Declaration`).
    @exclusivity(unchecked) var filterDeclarations: [Declaration] = []
    @exclusivity(unchecked) var blocks: [NamedBlock<Value>] = []
    @exclusivity(unchecked) var queue: [Queued<Value>] = []
}
