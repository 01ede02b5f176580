/// A chain as code that does not know its value's type sees it: a declaration's handle (whose
/// chain may carry another type after a join), an endpoint's chain, a merge. Every chain is a
/// `ChainCore`; a declaration whose head was refused has a `RefusedChain`. Lock held for
/// everything.
protocol AnyChainCore: AnyObject {
    /// Set when this chain was merged into another one (see <doc:Guarantees#Joins>).
    var forward: (any AnyChainCore)? { get }
    /// The chain that stands for this one now: itself, or the chain it was merged into (and
    /// so on). Lock held. A requirement, not an extension, so that the common answer (itself)
    /// costs one call, with no copy of the chain as a value of the protocol's type per step.
    func resolvedLocked() -> any AnyChainCore
    /// Set when the declaration's head was refused (and reported): continuations of the
    /// declaration are dropped silently.
    var isRefused: Bool { get }
    /// Set when the chain has ended, or was merged into another: it has no members any more.
    var isDissolved: Bool { get }
    var blockNames: [String] { get }
    /// Whether the chain has a live sender and a live receiver; see `ChainCore`.
    var isCompleteLocked: Bool { get }
    /// How many changes the chain has accepted (wrapping); read without the lock.
    var acceptedChanges: UInt32 { get }

    /// Keeps `object`, which the chain lets go of, until its owner (if any) gives the chain
    /// back: the owner may be using it unretained. Takes the caller's reference.
    func retireLocked(_ object: consuming AnyObject)

    // Operations on behalf of a declaration typed `Declared`; each returns the work to run
    // once the lock is released (an initial value to send), or nil.
    func addLocked<Declared>(_ spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool) -> AfterLock?
    @discardableResult
    func replaceLocked<Declared>(
        _ endpoint: EndpointName, with spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool
    ) -> AfterLock?
    func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool, declaration: Declaration)
    func addBlockLocked<Declared, Argument>(
        name: String, isAnonymous: Bool, initial: Bool, delivery: Delivery, liveness: EndAction?, declared: Declared.Type,
        declaration: Declaration, owner: AnyObject?, _ body: @escaping (Argument) -> Void
    ) -> AfterLock?
    func absorbLocked(_ other: any AnyChainCore) -> AfterLock?
    /// A declaration continues this chain: until it is complete again, losing a member does
    /// not end it.
    func reopenLocked()
    func detachLocked(_ endpoint: EndpointName)
    /// The first member that `declaration` declared, if it is still in the chain.
    func endpointLocked(declaredBy declaration: Declaration) -> EndpointName?
    /// The owners of the named blocks that have one (see `NamedBlock.owner`).
    var blockOwnersLocked: [AnyObject] { get }
    /// Whether the chain holds anything `declaration` declared (an endpoint, a filter, a block).
    func hasPartsLocked(of declaration: Declaration) -> Bool
    /// Ends what `declaration` (and `second`, if given) declared: its filters and blocks, and
    /// the endpoints no other declaration declared too; the chain then ends if it is left
    /// without a live sender and receiver (or without members).
    func endLocked(_ declaration: Declaration, and second: Declaration?)
    /// Removes the block a user named `name` (an anonymous block is never found by its name);
    /// true if there was one.
    func removeBlockLocked(named name: String) -> Bool
    /// Removes the blocks `declaration` added whose owner `isOwner` accepts (see
    /// `NamedBlock.owner`); true if one was.
    func removeBlocksLocked(declaredBy declaration: Declaration, ownedBy isOwner: (AnyObject) -> Bool) -> Bool
    func dissolveLocked()
    /// Keeps `action` until the chain ends (unbound, or its last sender or receiver gone),
    /// then lets go of it, which runs it once the lock is released. A merge moves it into the
    /// chain that takes this one's members; a chain that has already ended lets go of it at
    /// once.
    func addEndActionLocked(_ action: EndAction)

    /// Typed hook for `absorbLocked`: moves this chain's members into `target`.
    func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>?

    /// The chain as values, for `Bind.graph()` and `Chain.debugDescription`.
    func snapshotLocked() -> ChainSnapshot
}

extension AnyChainCore {
    /// `endLocked(_:and:)` for one declaration.
    func endLocked(_ declaration: Declaration) {
        endLocked(declaration, and: nil)
    }

    /// Runs `body` on the chain that stands for this one now (see `resolvedLocked()`), lent to
    /// it: nearly always this chain itself, handed over with no reference counted, where
    /// `resolvedLocked()` returns a reference of its own, retained and released around each use.
    /// Lock held.
    @inline(__always)
    func withResolvedLocked<Result>(_ body: (any AnyChainCore) -> Result) -> Result {
        // A chain merged into another has been dissolved: only then is there a forward.
        guard isDissolved, forward != nil else { return body(self) }
        return body(resolvedLocked())
    }

    /// `replaceLocked(_:with:sendingInitial:)` for a declaration's head, which gets no initial value.
    @discardableResult
    func replaceLocked<Declared>(_ endpoint: EndpointName, with spec: EndpointSpec<Declared>, declaration: Declaration) -> AfterLock? {
        replaceLocked(endpoint, with: spec, declaration: declaration, sendingInitial: false)
    }
}
