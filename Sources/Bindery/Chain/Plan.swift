/// What a dispatch reads: an immutable snapshot, replaced whenever the chain changes shape,
/// so that a dispatch never sees a half-made change and never holds the lock.
///
/// A plan also keeps every member endpoint alive: while a thread owns the chain, the chain
/// keeps each plan it replaces (see `ChainCore.retireLocked`), so the owner uses the plan and
/// its endpoints without retaining them.
final class Plan<Value> {
    /// The members, each keeping its host.
    let members: [HeldName]
    /// The receivers, named (one word each), kept alive by `members`.
    let receivers: [EndpointName]
    let filters: [(Value) -> Bool]
    let blocks: [NamedBlock<Value>]

    init(members: [HeldName], filters: [(Value) -> Bool], blocks: [NamedBlock<Value>]) {
        self.members = members
        receivers = members.lazy.map(\.name).filter {
            $0.role.contains(.receives) && Endpoint<Value>.accessors(of: $0)._withUnsafeGuaranteedRef { $0.write != nil }
        }
        self.filters = filters
        self.blocks = blocks
    }
}
