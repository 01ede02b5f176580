/// A named block that receives a chain's values.
///
/// A block a user adds has a name of the user's: a block added under a name the chain has
/// already replaces that one, `Bind.unbind(_:_:block:)` removes it by its name, and a merge keeps
/// one block per name. A block Bindery adds for a handle (`observe`, a `values` loop, a command,
/// a `Dynamic` observer, an async transformer's writes) is anonymous: its name only labels it
/// in the graph and the status query, and the handle ends it by its declaration (or its owner).
struct NamedBlock<Value> {
    let name: String
    /// Whether the name is only a label (see above).
    var isAnonymous = false
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
