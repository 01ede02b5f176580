/// What a change notification means for a chain.
enum Decision {
    /// The chain's own write coming back, or a detached endpoint.
    case ignore
    /// The chain is busy: queue the change.
    case enqueue
    /// This thread now owns the chain: dispatch with this plan, which the chain keeps alive
    /// (unretained here) until the owner gives the chain back.
    case dispatch(Unmanaged<AnyObject>)
    /// This thread now owns the chain, which changed shape since its plan was last made:
    /// make it under the lock, then dispatch.
    case own
    /// This thread took the chain without the lock, but the endpoint had left it meanwhile:
    /// give the chain back; the change goes the locked way, to the endpoint listening now.
    /// Decided without the lock only: the caller keeps the endpoint alive past its read of the
    /// registrar's table until the endpoint has acted.
    case abandon
}
