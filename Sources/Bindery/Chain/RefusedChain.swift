/// The chain of a declaration whose head was refused: never bound, with no members and no
/// value, so it has no type of value either.
final class RefusedChain: AnyChainCore {
    var forward: (any AnyChainCore)? { nil }
    func resolvedLocked() -> any AnyChainCore { self }
    var isRefused: Bool { true }
    var isDissolved: Bool { true }
    var blockNames: [String] { [] }
    var isCompleteLocked: Bool { false }
    var acceptedChanges: UInt32 { 0 }
    func retireLocked(_ object: consuming AnyObject) { GraphLock.shared.buryLocked(consume object) }
    func addLocked<Declared>(_ spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool) -> AfterLock? { nil }
    func replaceLocked<Declared>(
        _ endpoint: EndpointName, with spec: EndpointSpec<Declared>, declaration: Declaration, sendingInitial: Bool
    ) -> AfterLock? { nil }
    func addFilterLocked<Declared>(_ filter: @escaping (Declared) -> Bool, declaration: Declaration) {}
    func addBlockLocked<Declared, Argument>(
        name: String, isAnonymous: Bool, initial: Bool, delivery: Delivery, liveness: EndAction?, declared: Declared.Type,
        declaration: Declaration, owner: AnyObject?, _ body: @escaping (Argument) -> Void
    ) -> AfterLock? { nil }
    func absorbLocked(_ other: any AnyChainCore) -> AfterLock? { nil }
    func reopenLocked() {}
    func detachLocked(_ endpoint: EndpointName) {}
    func endpointLocked(declaredBy declaration: Declaration) -> EndpointName? { nil }
    func hasPartsLocked(of declaration: Declaration) -> Bool { false }
    var blockOwnersLocked: [AnyObject] { [] }
    func endLocked(_ declaration: Declaration, and second: Declaration?) {}
    func removeBlockLocked(named name: String) -> Bool { false }
    func removeBlocksLocked(declaredBy declaration: Declaration, ownedBy isOwner: (AnyObject) -> Bool) -> Bool { false }
    func dissolveLocked() {}
    func addEndActionLocked(_ action: EndAction) { GraphLock.shared.buryLocked(action) }
    func moveLocked<Target>(into target: ChainCore<Target>) -> Moved<Target>? { nil }
    func snapshotLocked() -> ChainSnapshot {
        ChainSnapshot(address: UInt(bitPattern: ObjectIdentifier(self)), valueType: "?", members: [], filterCount: 0, blocks: [], isBound: false)
    }
}
