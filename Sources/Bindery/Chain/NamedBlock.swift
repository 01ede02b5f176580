import Synchronization

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
    /// The declaration that added it: ending that declaration removes it (see `Declaration`).
    let declaration: Declaration
    /// What added it, for a layer above the engine that must find its blocks among a chain's
    /// (`removeTarget` finds a target's registrations so); nil for most blocks.
    var owner: AnyObject? = nil
    let body: (Value) -> Void
}

/// Whether a named block still belongs to a chain; read by main-actor runs queued before it
/// was removed.
final class BlockLiveness: Sendable {
    private let live = Atomic<Bool>(true)

    var isLive: Bool { live.load(ordering: .acquiring) }

    func end() { live.store(false, ordering: .releasing) }
}
