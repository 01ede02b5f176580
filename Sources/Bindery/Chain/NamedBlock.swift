/// A named block that receives a chain's values.
struct NamedBlock<Value> {
    let name: String
    var delivery = Delivery.immediate
    /// Whether it runs with the chain's value when it joins, also when a merge brings it into
    /// another chain (see <doc:Guarantees#Initial-value>).
    var initial = true
    /// Ended when the block is removed, replaced or its chain ends (see `EndAction`): a run
    /// already queued on the main actor is then dropped, and its action runs once the block is
    /// let go of. Shared with the block's copy when a merge moves it. Nil for a block that runs
    /// at once and whose adder need not know (nothing of it is ever queued).
    var liveness: EndAction? = nil
    /// The declaration that added it: ending that declaration removes it (see `Declaration`).
    let declaration: Declaration
    /// What added it, for a layer above the engine that must find its blocks among a chain's
    /// (`removeTarget` finds a target's registrations so); nil for most blocks.
    var owner: AnyObject? = nil
    let body: (Value) -> Void
}
