/// A class that can bind its own properties to other objects' properties with
/// ``bindKey(_:toKeyPath:of:isolation:_:)``, and be a coalesced target (``coalesced``).
///
/// An empty marker: adopt it in one line. Bindery's widgets adopt it. A class that does not
/// can use the same operations on ``Bind`` (``Bind/bindKey(_:_:toKeyPath:of:isolation:_:)``,
/// ``Bind/unbindKey(_:_:fromKeyPath:of:)``, ``Bind/coalesced(_:)``).
///
/// ```swift
/// @MainActor final class Badge: BindingTarget {
///     var text = ""
/// }
/// let badge = Badge()
/// badge.bindKey(\.text, toKeyPath: \.name, of: user) { $0.uppercased() }
/// ```
public protocol BindingTarget: AnyObject {}

extension BindingTarget {
    /// Keeps this object's property at `key` equal to `transform` of `object`'s property at
    /// `keyPath`: one way, set now, then after each change; a value equal to the property's
    /// current one is not written again.
    ///
    /// It is a chain (`Bind.in(object, keyPath).out(self, key, …)`), so neither object is
    /// retained and it ends when either deinitialises, or with
    /// ``unbindKey(_:fromKeyPath:of:)``. The transform runs on the thread that made the
    /// change, with no Bindery lock held; the property is written there too, unless the key
    /// binding is declared from main-actor code: then it is written only on the main actor.
    ///
    /// - Parameters:
    ///   - key: This object's property, written.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object; not retained.
    ///   - isolation: Where the binding is declared; leave it out.
    ///   - transform: Makes this object's value from the observed one.
    /// - Returns: The chain, to unbind or continue; discardable.
    ///
    /// ```swift
    /// winCodeLabel.bindKey(\.text, toKeyPath: \.name, of: user) { $0.uppercased() }
    /// ```
    @discardableResult
    public func bindKey<Source: DynamicObject, Value, Property: Equatable>(
        _ key: ReferenceWritableKeyPath<Self, Property>, toKeyPath keyPath: KeyPath<Source, Value>, of object: Source,
        isolation: (any Actor)? = #isolation, _ transform: @escaping @Sendable (Value) -> Property
    ) -> Chain<Value> {
        Bind.bindKey(self, key, toKeyPath: keyPath, of: object, isolation: isolation, transform)
    }

    /// Keeps this object's property at `key` equal to `object`'s property at `keyPath`,
    /// converted automatically (see <doc:AutomaticConversion>): one way, set now, then after
    /// each change; a value equal to the property's current one is not written again.
    ///
    /// Retention, threads and the end of the binding are as for
    /// ``bindKey(_:toKeyPath:of:isolation:_:)``.
    ///
    /// - Parameters:
    ///   - key: This object's property, written.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object; not retained.
    ///   - isolation: Where the binding is declared; leave it out.
    /// - Returns: The chain, to unbind or continue; discardable.
    ///
    /// ```swift
    /// winCodeLabel.bindKey(\.text, toKeyPath: \.age, of: user)
    /// ```
    @discardableResult
    public func bindKey<Source: DynamicObject, Value, Property: Equatable>(
        _ key: ReferenceWritableKeyPath<Self, Property>, toKeyPath keyPath: KeyPath<Source, Value>, of object: Source,
        isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        Bind.bindKey(self, key, toKeyPath: keyPath, of: object, isolation: isolation)
    }

    /// Ends a key binding made with ``bindKey(_:toKeyPath:of:isolation:_:)``: this object's
    /// property at `key` no longer follows `object`'s property at `keyPath`. Other receivers of
    /// that property stay bound.
    ///
    /// - Parameters:
    ///   - key: This object's property.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object.
    ///
    /// ```swift
    /// winCodeLabel.unbindKey(\.text, fromKeyPath: \.name, of: user)
    /// ```
    public func unbindKey<Source: DynamicObject, Value, Property>(
        _ key: ReferenceWritableKeyPath<Self, Property>, fromKeyPath keyPath: KeyPath<Source, Value>, of object: Source
    ) {
        Bind.unbindKey(self, key, fromKeyPath: keyPath, of: object)
    }
}

extension BindingTarget where Self: Sendable {
    /// This object as a coalesced target: pass it to `addTarget` in place of the object, and
    /// its callbacks coalesce inside a ``Coalesce`` transaction. Held weakly.
    ///
    /// ```swift
    /// user.addTarget(screen.coalesced, action: Screen.expensiveLayout, forKeyPathChange: \.name)
    /// ```
    public var coalesced: Coalesced<Self> {
        Coalesced(self)
    }
}

extension Bind {
    /// Keeps `target`'s property at `key` equal to `transform` of `object`'s property at
    /// `keyPath`, for a class that does not adopt ``BindingTarget``.
    ///
    /// The same as ``BindingTarget/bindKey(_:toKeyPath:of:isolation:_:)``: one way, set now,
    /// an equal value not written again; neither object retained.
    ///
    /// - Parameters:
    ///   - target: The object written; not retained.
    ///   - key: Its property.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object; not retained.
    ///   - isolation: Where the binding is declared; leave it out.
    ///   - transform: Makes the target's value from the observed one.
    /// - Returns: The chain; discardable.
    ///
    /// ```swift
    /// Bind.bindKey(titleView, \.text, toKeyPath: \.name, of: user) { $0.uppercased() }
    /// ```
    @discardableResult
    public static func bindKey<Target: AnyObject, Source: DynamicObject, Value, Property: Equatable>(
        _ target: Target, _ key: ReferenceWritableKeyPath<Target, Property>, toKeyPath keyPath: KeyPath<Source, Value>,
        of object: Source, isolation: (any Actor)? = #isolation, _ transform: @escaping @Sendable (Value) -> Property
    ) -> Chain<Value> {
        var spec = EndpointSpec<Value>.deduplicating(target, key, transform: transform)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return Bind.in(object, keyPath).adding(consume spec)
    }

    /// Keeps `target`'s property at `key` equal to `object`'s property at `keyPath`, converted
    /// automatically, for a class that does not adopt ``BindingTarget``.
    ///
    /// - Parameters:
    ///   - target: The object written; not retained.
    ///   - key: Its property.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object; not retained.
    ///   - isolation: Where the binding is declared; leave it out.
    /// - Returns: The chain; discardable.
    ///
    /// ```swift
    /// Bind.bindKey(titleView, \.text, toKeyPath: \.age, of: user)
    /// ```
    @discardableResult
    public static func bindKey<Target: AnyObject, Source: DynamicObject, Value, Property: Equatable>(
        _ target: Target, _ key: ReferenceWritableKeyPath<Target, Property>, toKeyPath keyPath: KeyPath<Source, Value>,
        of object: Source, isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        guard let convert = Conversion.converter(from: Value.self, to: Property.self) else {
            Report.keyDoesNotConvert(
                EndpointLabel.make(target, keyPath: key, index: nil, events: []),
                EndpointLabel.make(object, keyPath: keyPath, index: nil, events: []), Value.self, Property.self)
            return Bind.in(object, keyPath)
        }
        return bindKey(target, key, toKeyPath: keyPath, of: object, isolation: isolation, convert)
    }

    /// Ends a key binding: `target`'s property at `key` no longer follows `object`'s property
    /// at `keyPath`. Other receivers of that property stay bound.
    ///
    /// - Parameters:
    ///   - target: The object that was written.
    ///   - key: Its property.
    ///   - keyPath: The observed property of `object`.
    ///   - object: The observed object.
    ///
    /// ```swift
    /// Bind.unbindKey(titleView, \.text, fromKeyPath: \.name, of: user)
    /// ```
    public static func unbindKey<Target: AnyObject, Source: DynamicObject, Value, Property>(
        _ target: Target, _ key: ReferenceWritableKeyPath<Target, Property>, fromKeyPath keyPath: KeyPath<Source, Value>,
        of object: Source
    ) {
        // Asked by object and key path, as `Bind.unbind(_:_:)` is: the target's endpoints at
        // `key` that share a chain with the observed property leave it.
        let lifetime = Registry.lifetimeRegistrar(of: object)
        let targetLifetime = Registry.lifetimeRegistrar(of: target)
        GraphLock.shared.locked {
            var chains: [ObjectIdentifier] = []
            Registry.shared.forEachEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath) { endpoint in
                chains.append(ObjectIdentifier(endpoint.anyCore.resolvedLocked()))
            }
            guard !chains.isEmpty else { return }
            Registry.shared.forEachEndpointLocked(of: target, lifetime: targetLifetime, keyPath: key) { endpoint in
                let core = endpoint.anyCore.resolvedLocked()
                if chains.contains(ObjectIdentifier(core)) { core.detachLocked(endpoint) }
            }
        }
    }

    /// `target` as a coalesced target, for a class that does not adopt ``BindingTarget``:
    /// pass it to `addTarget` in place of the object. Held weakly.
    ///
    /// - Parameter target: The target.
    /// - Returns: The coalesced target.
    ///
    /// ```swift
    /// user.addTarget(Bind.coalesced(screen), action: Screen.expensiveLayout, forKeyPathChange: \.name)
    /// ```
    public static func coalesced<Target: AnyObject & Sendable>(_ target: Target) -> Coalesced<Target> {
        Coalesced(target)
    }
}
