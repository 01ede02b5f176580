/// One unit of work for a chain's owner.
enum Item<Value> {
    /// A source changed to `value`. `noted`: its change test (an array element's memo) has
    /// already passed it, on the owner's thread when it was queued. The origin is named, and
    /// kept alive while the change waits: it may leave the chain meanwhile, and its successor
    /// is found through it (`ChainCore.currentLocked`).
    case change(Value, origin: HeldName, noted: Bool)
    /// Newly joined receivers and blocks get the chain's current value (see <doc:Guarantees#Initial-value>).
    case initialValue([HeldName], [NamedBlock<Value>])
}

/// A queued item with what its owner needs to run it faithfully.
struct Queued<Value> {
    let item: Item<Value>
    /// The causal depth of the change that queued it (the bound on runaway cycles, see <doc:Guarantees#Loops>).
    let depth: Int
    /// The chain's write sequence number when it was queued: an origin the chain has written
    /// since then no longer holds the queued value, so it is written too.
    let sequence: UInt32
}
