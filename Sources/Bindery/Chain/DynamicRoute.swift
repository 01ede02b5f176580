/// How a key path that crosses several `@Dynamic` objects is observed: one hop per object,
/// each naming the property to follow and its registrar slot there.
///
/// `\Root.session.user.name` becomes `[session @ Root, user @ Session, name @ User]`. Each
/// hop's object is read from the previous one when a change arrives, so replacing an
/// intermediate object re-attaches the endpoint to the new one.
@usableFromInline
final class DynamicRoute: Sendable {
    // @unchecked: a key path is immutable.
    struct Hop: @unchecked Sendable {
        /// The property, from the hop's object.
        let keyPath: AnyKeyPath
        /// Its registrar slot, or nil for a `let`, which never changes.
        let slot: Int?
        /// Its name, for diagnostics.
        let name: String
    }

    let hops: [Hop]

    /// `session.user.name`.
    var name: String { hops.map(\.name).joined(separator: ".") }

    init(hops: [Hop]) { self.hops = hops }

    /// The objects along the route from `root` as it is now, and the registrar slot to listen
    /// to on each. The caller must keep each object alive for as long as it holds its
    /// registrar: a registrar must never outlive its object.
    func links(from root: AnyObject) -> [(object: AnyObject, registrar: ChangeRegistrar, slot: Int)] {
        var result: [(object: AnyObject, registrar: ChangeRegistrar, slot: Int)] = []
        var object: Any? = root
        for (index, hop) in hops.enumerated() {
            guard let dynamic = object as? any DynamicObject else { break }
            if let slot = hop.slot { result.append((dynamic, dynamic._$registrar, slot)) }
            // The last hop's value is the endpoint's value, not a link: it is not read here.
            guard index < hops.count - 1 else { break }
            object = Self.value(of: dynamic, at: hop.keyPath)
        }
        return result
    }

    /// Key-path equality that also holds for a path built with `appending(path:)`, whose
    /// buffer may differ from the literal's in a flag that `==` compares but hashing does not:
    /// equal types and equal component hashes. (Not descriptions: printing a key path has
    /// crashed in optimised builds on this toolchain.)
    private static func same(_ lhs: AnyKeyPath, _ rhs: AnyKeyPath) -> Bool {
        if lhs == rhs { return true }
        return Swift.type(of: lhs) == Swift.type(of: rhs) && lhs.hashValue == rhs.hashValue
    }

    private static func value<Root>(of root: Root, at keyPath: AnyKeyPath) -> Any? {
        root[keyPath: keyPath]
    }

    /// How `object`'s key path is observed, or nil if it does not run through `@Dynamic`
    /// stored properties only.
    @usableFromInline
    static func source(for keyPath: AnyKeyPath, of object: some DynamicObject) -> EndpointSource? {
        let type = Swift.type(of: object)
        if let property = type._$dynamicProperties.first(where: { same($0.keyPath, keyPath) }) {
            guard let slot = property.slot else { return EndpointSource.none }
            return .property(object._$registrar, slot: slot)
        }
        guard let hops = search(keyPath, prefix: nil, in: type, depth: 0) else { return nil }
        return .route(DynamicRoute(hops: hops))
    }

    /// The dotted property names of `keyPath` from `type`, if it runs through `@Dynamic`
    /// stored properties (for diagnostics).
    static func name(of keyPath: AnyKeyPath, in type: any DynamicObject.Type) -> String? {
        if let property = type._$dynamicProperties.first(where: { same($0.keyPath, keyPath) }) { return property.name }
        return search(keyPath, prefix: nil, in: type, depth: 0).map { DynamicRoute(hops: $0).name }
    }

    /// Depth-first search for property chains whose concatenation equals `target`.
    private static func search(_ target: AnyKeyPath, prefix: AnyKeyPath?, in type: any DynamicObject.Type, depth: Int) -> [Hop]? {
        guard depth < 5 else { return nil }
        for property in type._$dynamicProperties {
            let path: AnyKeyPath
            if let prefix {
                guard let joined = prefix.appending(path: property.keyPath) else { continue }
                path = joined
            } else {
                path = property.keyPath
            }
            let hop = Hop(keyPath: property.keyPath, slot: property.slot, name: property.name)
            if Self.same(path, target) { return [hop] }
            let valueType = Swift.type(of: property.keyPath).valueType
            guard let next = valueType as? any DynamicObject.Type else { continue }
            if let rest = search(target, prefix: path, in: next, depth: depth + 1) {
                return [hop] + rest
            }
        }
        return nil
    }
}
