// What `Bind.graph()` and `Chain.debugDescription` read of a chain.
extension ChainCore {
    /// The chain as values. Lock held: reads the members in place and runs no user code (an
    /// object held weakly is retained to test it, and released once the lock is).
    func snapshotLocked() -> ChainSnapshot {
        GraphLock.assertLocked()
        var members: [ChainSnapshot.Member] = []
        members.reserveCapacity(endpoints.count)
        endpoints.forEachUnretained(self) { endpoint in
            let accessors = Self.accessors(of: endpoint).takeUnretainedValue()
            members.append(ChainSnapshot.Member(
                objectType: endpoint.objectType,
                address: UInt(bitPattern: endpoint.objectID),
                isAlive: endpoint.isAliveLocked(),
                keyPath: endpoint.keyPath,
                location: endpoint.location,
                index: endpoint.index,
                events: endpoint.events,
                sends: endpoint.role.contains(.sends),
                receives: endpoint.role.contains(.receives),
                conversion: Self.conversion(of: accessors, at: endpoint.keyPath, index: endpoint.index),
                onMainActor: endpoint.delivery == .mainActor))
        }
        let hasExtras = chainExtras != nil
        return ChainSnapshot(
            address: UInt(bitPattern: ObjectIdentifier(self)),
            valueType: "\(Value.self)",
            members: members,
            filterCount: hasExtras ? filters.count : 0,
            blocks: hasExtras ? blocks.map { ChainSnapshot.Block(name: $0.name, onMainActor: $0.delivery == .mainActor) } : [],
            isBound: isCompleteLocked)
    }

    /// How an endpoint with `accessors` on `keyPath` converts: a declaration's conversion, or
    /// the automatic one when the property's type is not the chain's.
    private static func conversion(of accessors: Accessors<Value>, at keyPath: AnyKeyPath, index: Int?) -> ChainSnapshot.Conversion {
        if accessors.isNegated { return .negation }
        if accessors.isExplicit { return .closure }
        let property = type(of: keyPath).valueType
        if index != nil {
            return property == [Value].self ? .none : .automatic(chain: "\(Value.self)", property: "\(property)")
        }
        return property == Value.self ? .none : .automatic(chain: "\(Value.self)", property: "\(property)")
    }
}
