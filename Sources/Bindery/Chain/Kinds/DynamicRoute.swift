/// How a key path that crosses several `@Dynamic` objects is observed: one hop per object,
/// each naming the property to follow and its registrar slot there.
///
/// `\Root.session.user.name` becomes `[session @ Root, user @ Session, name @ User]`. Each
/// hop's object is read from the previous one when a change arrives, so replacing an
/// intermediate object re-attaches the endpoint to the new one.
///
/// An optional-chained path, `\Root.session?.user.name`, has the same hops: while a link is
/// nil the route stops there (it listens to the links up to the nil one) and the endpoint's
/// value, read through the whole key path, is nil.
///
/// As an endpoint kind, a route hears every change under the graph lock: a set of a link (not
/// of the last property) re-reads the links, and the endpoint listens to the objects they reach
/// now.
@usableFromInline
final class DynamicRoute: EndpointKind {
    // @unchecked: a key path is immutable.
    struct Hop: @unchecked Sendable {
        /// The property, from the hop's object.
        let keyPath: AnyKeyPath
        /// Its registrar slot, or nil for a `let`, which never changes.
        let slot: Int?
        /// Its name, for diagnostics.
        let name: String
        /// Whether the path goes on past this hop's value with `?` (the value is optional).
        var isChained = false
    }

    let hops: [Hop]

    /// `session.user.name`, `session?.user.name`.
    var name: String { hops.map { $0.isChained ? $0.name + "?" : $0.name }.joined(separator: ".") }

    init(hops: [Hop]) { self.hops = hops }

    /// The objects along the route from `root` as it is now, and the registrar slot to listen
    /// to on each. The caller must keep each object alive for as long as it holds its
    /// registrar: a registrar must never outlive its object.
    func links(from root: AnyObject) -> (links: [(object: AnyObject, registrar: _ChangeRegistrar, slot: Int)], reachesLeaf: Bool) {
        var result: [(object: AnyObject, registrar: _ChangeRegistrar, slot: Int)] = []
        var object: Any? = root
        for (index, hop) in hops.enumerated() {
            guard let dynamic = object as? any DynamicObject else { break }
            if let slot = hop.slot { result.append((dynamic, dynamic._$registrar, slot)) }
            // The last hop's value is the endpoint's value, not a link: it is not read here.
            guard index < hops.count - 1 else { return (result, hop.slot != nil) }
            object = Self.value(of: dynamic, at: hop.keyPath)
        }
        return (result, false)
    }

    private static func value<Root>(of root: Root, at keyPath: AnyKeyPath) -> Any? {
        ThreadState.readingUntracked { root[keyPath: keyPath] }
    }

    /// The table that lists the properties `keyPath` starts from: that of the key path's root
    /// type, which may be a superclass or a subclass of `object`'s class (`\Sub.inherited`,
    /// `\Base.property` on a subclass object), else that of `object`'s class.
    private static func table(for keyPath: AnyKeyPath, of object: some DynamicObject) -> any DynamicObject.Type {
        _DynamicProperty.tableType(for: keyPath, ofObjectOf: Swift.type(of: object)) ?? Swift.type(of: object)
    }

    /// How `object`'s key path is heard: by a slot of the object's registrar, or by a route;
    /// `Hearing.none` for a `let`, which never changes; nil if it does not run through
    /// `@Dynamic` stored properties only.
    @usableFromInline
    static func hearing(for keyPath: AnyKeyPath, of object: some DynamicObject) -> Hearing? {
        if let found = _DynamicProperty.slot(for: keyPath, ofObjectOf: Swift.type(of: object)) {
            guard let slot = found else { return Hearing.none }
            return .slot(object._$registrar, slot)
        }
        guard let hops = hops(of: keyPath, in: table(for: keyPath, of: object)) else { return nil }
        return .kind(DynamicRoute(hops: hops))
    }

    /// The dotted property names of `keyPath` from `type`, if it runs through `@Dynamic`
    /// stored properties (for diagnostics).
    static func name(of keyPath: AnyKeyPath, in type: any DynamicObject.Type) -> String? {
        if let property = _DynamicProperty.entry(for: keyPath, ofObjectOf: type) { return property.name }
        let table = _DynamicProperty.tableType(for: keyPath, ofObjectOf: type) ?? type
        return hops(of: keyPath, in: table).map { DynamicRoute(hops: $0).name }
    }

    /// The hops of a key path that runs through `@Dynamic` properties, optional-chained or not.
    private static func hops(of keyPath: AnyKeyPath, in type: any DynamicObject.Type) -> [Hop]? {
        search(keyPath, in: type) ?? follow(keyPath, in: type)
    }

    /// The properties, one per object, whose key paths joined make exactly `target`; nil if
    /// there are none within five objects.
    ///
    /// Key paths are compared with `==`, never by hash. A candidate is joined from its last
    /// hop backwards (`a.appending(b.appending(c))`): joined that way it carries the same
    /// internal flags as the literal `\A.a.b.c`, which `==` compares (joined from the front,
    /// the flag that marks where the path stops going through objects lands on every hop).
    private static func search(_ target: AnyKeyPath, in type: any DynamicObject.Type) -> [Hop]? {
        let targetValue = Swift.type(of: target).valueType
        var hops: [Hop] = []
        func visit(_ type: any DynamicObject.Type) -> Bool {
            guard hops.count < 5 else { return false }
            for property in type._$dynamicProperties where !property.isComputed {
                hops.append(Hop(keyPath: property.keyPath, slot: property.slot, name: property.name))
                let valueType = Swift.type(of: property.keyPath).valueType
                if hops.count > 1, valueType == targetValue, joined(hops) == target { return true }
                if let next = valueType as? any DynamicObject.Type, visit(next) { return true }
                hops.removeLast()
            }
            return false
        }
        return visit(type) ? hops : nil
    }

    /// The hops' key paths joined from the last one backwards.
    private static func joined(_ hops: [Hop]) -> AnyKeyPath? {
        var path: AnyKeyPath? = hops.last?.keyPath
        for hop in hops.dropLast().reversed() {
            guard let leaf = path else { return nil }
            path = hop.keyPath.appending(path: leaf)
        }
        return path
    }

    /// The hops of an optional-chained key path (`\Root.session?.user.name`), read step by step
    /// from the key path itself: such a path cannot be rebuilt with `appending`, so `search`
    /// never finds it. Each step must be a property listed by the `@Dynamic` class reached so
    /// far; `!` is not followed (it would trap on a nil link).
    private static func follow(_ target: AnyKeyPath, in type: any DynamicObject.Type) -> [Hop]? {
        guard let steps = KeyPathLayout.components(of: target), steps.contains(.optionalChain) else { return nil }
        var hops: [Hop] = []
        var current: (any DynamicObject.Type)? = type
        for (index, step) in steps.enumerated() {
            switch step {
            case .optionalChain:
                guard !hops.isEmpty else { return nil }
                hops[hops.count - 1].isChained = true
            case .optionalWrap:
                guard index == steps.count - 1 else { return nil }
            case .optionalForce:
                return nil
            case .stored, .computed:
                guard let owner = current,
                    let property = owner._$dynamicProperties.first(where: {
                        !$0.isComputed && KeyPathLayout.singleComponent(of: $0.keyPath) == step
                    })
                else { return nil }
                hops.append(Hop(keyPath: property.keyPath, slot: property.slot, name: property.name))
                current = unwrapped(Swift.type(of: property.keyPath).valueType) as? any DynamicObject.Type
            }
        }
        return hops.count > 1 ? hops : nil
    }

    /// `Wrapped` for `Optional<Wrapped>`, else `type` itself.
    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        (type as? any OptionalType.Type)?.wrappedType ?? type
    }
}

/// Lets a route see through an optional link's type.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

extension DynamicRoute {
    @usableFromInline
    var hearsUnderLock: Bool { true }

    @usableFromInline
    func subscribeLocked(_ endpoint: Listener) {
        resubscribeLocked(endpoint)
    }

    /// A set of the route's last property leaves its links as they are: only a set of a link
    /// re-reads them.
    @usableFromInline
    func heardLocked(by endpoint: Listener, from registrar: _ChangeRegistrar?, slot: Int) {
        if !isLeaf(of: endpoint, registrar, slot) { resubscribeLocked(endpoint) }
    }

    /// Whether a notification came from the route's last property, which `endpoint` reached
    /// when its links were last read. Lock held.
    private func isLeaf(of endpoint: Listener, _ registrar: _ChangeRegistrar?, _ slot: Int) -> Bool {
        guard endpoint.reachesLeaf, let registrar, let last = endpoint.subscriptions.last else { return false }
        return last.registrar === registrar && last.slot == slot
    }

    /// Re-reads every link from `endpoint`'s object and listens to the objects it reaches now.
    /// Lock held.
    private func resubscribeLocked(_ endpoint: Listener) {
        guard let root = endpoint.target else { return }
        let (links, reachesLeaf) = links(from: root)
        endpoint.reachesLeaf = reachesLeaf
        // The objects reached may lose their last other reference meanwhile: they go only after
        // the lock is released, and after this function has let go of their registrars.
        GraphLock.shared.buryValueLocked((root, links.map(\.object)))
        let current = endpoint.subscriptions.map { (ObjectIdentifier($0.registrar), $0.slot) }
        let next = links.map { (ObjectIdentifier($0.registrar), $0.slot) }
        guard !current.elementsEqual(next, by: { $0 == $1 }) else { return }
        endpoint.unsubscribeAllLocked()
        for link in links { endpoint.subscribeLocked(link.registrar, slot: link.slot) }
    }
}
