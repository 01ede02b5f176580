// Target-action observation: `addTarget(_:action:forKeyPathChange:)` and its forms, and
// `removeTarget`. Each registration is a chain of its own, the observed property heard alone and
// a named block (`ActionRegistration`), so lifetime, threads and loops follow the chains' rules.

extension DynamicObject {
    /// Calls `action` on `target` after each change of the property at `keyPath`.
    ///
    /// Every set of the property is a change, whoever makes it (your code, or a chain that
    /// writes the property); the chains that carry the property take it first. Observing the
    /// property never makes it join, or send to, a chain.
    ///
    /// The target is held weakly: when it deinitialises the registration ends (it is removed
    /// at the next change). The observed object is not retained either; when it deinitialises,
    /// the registration ends with it. Registering the same action twice makes two
    /// registrations, and two calls per change.
    ///
    /// The action runs on the thread that made the change, synchronously, after the new value
    /// is stored, with no Bindery lock held, unless the registration is declared from
    /// main-actor code: then it runs only on the main actor (at once for a change made there,
    /// queued in order for a change made on another thread), as a main-actor view's method
    /// must.
    ///
    /// - Parameters:
    ///   - target: The object whose method is called; held weakly.
    ///   - action: The method, as `Type.method`.
    ///   - keyPath: The observed property.
    ///   - callImmediately: Whether the action is also called now, once.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: The registration's handle, to ``TargetAction/unbind()`` it; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable, Value>(
        _ target: Target, action: @escaping @Sendable (Target) -> () -> Void,
        forKeyPathChange keyPath: KeyPath<Self, Value>, callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        TargetAction(registrations: [
            register(target, coalesces: false, keyPath, callsImmediately: callImmediately, isolation) { target, _ in action(target)() }
        ])
    }

    /// Calls `action` on `target` with a ``Change`` (the key path, the old and the new value)
    /// after each change of the property at `keyPath`.
    ///
    /// Retention, threads and the end of the registration are as for
    /// the zero-argument `addTarget(_:action:forKeyPathChange:callImmediately:isolation:)`.
    /// With `callImmediately`, the first call's change has no old value.
    ///
    /// - Parameters:
    ///   - target: The object whose method is called; held weakly.
    ///   - action: The method, as `Type.method`, taking a `Change<Value>`.
    ///   - keyPath: The observed property.
    ///   - callImmediately: Whether the action is also called now, once, with the current value.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: The registration's handle; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable, Value: Sendable>(
        _ target: Target, action: @escaping @Sendable (Target) -> (Change<Value>) -> Void,
        forKeyPathChange keyPath: KeyPath<Self, Value>, callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        TargetAction(registrations: [
            register(target, coalesces: false, keyPath, callsImmediately: callImmediately, isolation) { action($0)($1) }
        ])
    }

    /// Calls `action` on `target` after each change of any of the properties at `keyPaths`.
    ///
    /// With `callImmediately`, the action is called now, once (not once per key path).
    /// Retention, threads and the end of the registration are as for
    /// the zero-argument `addTarget(_:action:forKeyPathChange:callImmediately:isolation:)`.
    ///
    /// - Parameters:
    ///   - target: The object whose method is called; held weakly.
    ///   - action: The method, as `Type.method`.
    ///   - keyPaths: The observed properties, of any types.
    ///   - callImmediately: Whether the action is also called now, once.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: One handle for every key path's registration; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen, action: Screen.reload, forKeyPathChanges: [\.name, \.age], callImmediately: true)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable>(
        _ target: Target, action: @escaping @Sendable (Target) -> () -> Void,
        forKeyPathChanges keyPaths: [PartialKeyPath<Self>], callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        registerEach(target, coalesces: false, keyPaths, callImmediately: callImmediately, isolation, action)
    }

    /// Calls `action` on `target` with a ``Change`` after each change of any of the
    /// properties at `keyPaths`, which share one type.
    ///
    /// With `callImmediately`, the action is called now once per key path, each time with no
    /// old value. Retention, threads and the end of the registration are as for
    /// the zero-argument `addTarget(_:action:forKeyPathChange:callImmediately:isolation:)`.
    ///
    /// - Parameters:
    ///   - target: The object whose method is called; held weakly.
    ///   - action: The method, as `Type.method`, taking a `Change<Value>`.
    ///   - keyPaths: The observed properties; ``Change/keyPath`` says which one changed.
    ///   - callImmediately: Whether the action is also called now, once per key path.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: One handle for every key path's registration; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen, action: Screen.nameDidChange, forKeyPathChanges: [\.name, \.nickname])
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable, Value: Sendable>(
        _ target: Target, action: @escaping @Sendable (Target) -> (Change<Value>) -> Void,
        forKeyPathChanges keyPaths: [KeyPath<Self, Value>], callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        TargetAction(registrations: keyPaths.map { keyPath in
            register(target, coalesces: false, keyPath, callsImmediately: callImmediately, isolation) { action($0)($1) }
        })
    }

    // MARK: Coalesced targets

    /// Calls `action` on the coalesced target after each change of the property at `keyPath`;
    /// inside a ``Coalesce`` transaction, once at its commit.
    ///
    /// Everything else is as for
    /// the zero-argument `addTarget(_:action:forKeyPathChange:callImmediately:isolation:)`.
    ///
    /// - Parameters:
    ///   - target: The target, as `screen.coalesced`; held weakly.
    ///   - action: The method, as `Type.method`.
    ///   - keyPath: The observed property.
    ///   - callImmediately: Whether the action is also called now, once.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: The registration's handle; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen.coalesced, action: Screen.expensiveLayout, forKeyPathChange: \.name)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable, Value>(
        _ target: Coalesced<Target>, action: @escaping @Sendable (Target) -> () -> Void,
        forKeyPathChange keyPath: KeyPath<Self, Value>, callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        guard let object = target.target else { return TargetAction(registrations: []) }
        return TargetAction(registrations: [
            register(object, coalesces: true, keyPath, callsImmediately: callImmediately, isolation) { target, _ in action(target)() }
        ])
    }

    /// Calls `action` on the coalesced target with a ``Change`` after each change of the
    /// property at `keyPath`; inside a ``Coalesce`` transaction, once at its commit, with the
    /// first old value and the latest new value.
    ///
    /// - Parameters:
    ///   - target: The target, as `screen.coalesced`; held weakly.
    ///   - action: The method, as `Type.method`, taking a `Change<Value>`.
    ///   - keyPath: The observed property.
    ///   - callImmediately: Whether the action is also called now, once.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: The registration's handle; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen.coalesced, action: Screen.nameDidChange, forKeyPathChange: \.name)
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable, Value: Sendable>(
        _ target: Coalesced<Target>, action: @escaping @Sendable (Target) -> (Change<Value>) -> Void,
        forKeyPathChange keyPath: KeyPath<Self, Value>, callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        guard let object = target.target else { return TargetAction(registrations: []) }
        return TargetAction(registrations: [
            register(object, coalesces: true, keyPath, callsImmediately: callImmediately, isolation) { action($0)($1) }
        ])
    }

    /// Calls `action` on the coalesced target after each change of any of the properties at
    /// `keyPaths`; inside a ``Coalesce`` transaction, once per changed key path at its commit.
    ///
    /// - Parameters:
    ///   - target: The target, as `screen.coalesced`; held weakly.
    ///   - action: The method, as `Type.method`.
    ///   - keyPaths: The observed properties, of any types.
    ///   - callImmediately: Whether the action is also called now, once.
    ///   - isolation: Where the registration is declared; leave it out.
    /// - Returns: One handle for every key path's registration; discardable.
    ///
    /// ```swift
    /// user.addTarget(screen.coalesced, action: Screen.reload, forKeyPathChanges: [\.name, \.age])
    /// ```
    @discardableResult
    public func addTarget<Target: AnyObject & Sendable>(
        _ target: Coalesced<Target>, action: @escaping @Sendable (Target) -> () -> Void,
        forKeyPathChanges keyPaths: [PartialKeyPath<Self>], callImmediately: Bool = false,
        isolation: (any Actor)? = #isolation
    ) -> TargetAction {
        guard let object = target.target else { return TargetAction(registrations: []) }
        return registerEach(object, coalesces: true, keyPaths, callImmediately: callImmediately, isolation, action)
    }

    // MARK: Removing

    /// Removes every action of `target` on the property at `keyPath` of this object, coalesced
    /// or not. Actions already queued on the main actor, or held back by a coalescing
    /// transaction, are dropped.
    ///
    /// - Parameters:
    ///   - target: The target whose actions are removed.
    ///   - keyPath: The observed property.
    ///
    /// ```swift
    /// user.removeTarget(screen, forKeyPathChange: \.name)
    /// ```
    public func removeTarget(_ target: AnyObject, forKeyPathChange keyPath: PartialKeyPath<Self>) {
        removeActions(of: target, at: keyPath)
    }

    /// Removes every action of `target` on every property of this object.
    ///
    /// - Parameter target: The target whose actions are removed.
    ///
    /// ```swift
    /// user.removeTarget(screen)
    /// ```
    public func removeTarget(_ target: AnyObject) {
        removeActions(of: target, at: nil)
    }

    // MARK: Plumbing

    /// Registers one action on one key path: a chain of the property alone and the
    /// registration's block.
    fileprivate func register<Target: AnyObject & Sendable, Value>(
        _ target: Target, coalesces: Bool, _ keyPath: KeyPath<Self, Value>, callsImmediately: Bool,
        _ isolation: (any Actor)?, _ call: @escaping @Sendable (Target, Change<Value>) -> Void
    ) -> ActionRegistration<Value> {
        // What the property holds now: the first call's old value, or the value
        // `callImmediately` calls with. Read as Bindery reads, untracked: a read that
        // Observation recorded would give the object an `ObservationRegistrar`, and every later
        // set of it the slower path.
        let current = ThreadState.readingUntracked { self[keyPath: keyPath] }
        let registration = ActionRegistration<Value>(
            target: target, keyPath: keyPath, current: current, coalesces: coalesces,
            onMainActor: Delivery.automatic.resolved(declaredIn: isolation) == .mainActor
        ) { [weak target] change in
            guard let target else { return false }
            call(target, change)
            return true
        }
        // A chain of its own: the property, heard but never written and never joined, and the
        // registration's block, which joins with no initial value: every value it gets is a set
        // of the property. So the action hears every set of the property, with the value it
        // holds, and the chains that carry the property are left as they were.
        var spec = EndpointSpec<Value>.automatic(self, keyPath, writable: nil, role: .sends)
        spec.observe(self)
        spec.listening()
        let chain = Chain(head: consume spec).adding(
            block: "target-action (\(Target.self))", initial: false, delivery: .immediate, liveness: registration.liveness,
            owner: registration
        ) { (value: Value) in registration.receive(value) }
        registration.registered(chain.part)
        if callsImmediately { registration.deliver(Change(keyPath: keyPath, old: nil, new: current)) }
        return registration
    }

    /// Registers a zero-argument action on key paths of any types; with `callImmediately`,
    /// calls it once, not once per key path.
    private func registerEach<Target: AnyObject & Sendable>(
        _ target: Target, coalesces: Bool, _ keyPaths: [PartialKeyPath<Self>], callImmediately: Bool,
        _ isolation: (any Actor)?, _ action: @escaping @Sendable (Target) -> () -> Void
    ) -> TargetAction {
        var registrations: [any AnyActionRegistration] = []
        for keyPath in keyPaths {
            guard let opened = keyPath as? any ActionKeyPath else { continue }
            // Called once in all: by the first key path's registration, with its first value.
            registrations.append(opened.register(
                on: self, target: target, coalesces: coalesces, callsImmediately: callImmediately && registrations.isEmpty,
                isolation: isolation, action: action))
        }
        return TargetAction(registrations: registrations)
    }

    /// Ends the registrations of `target` on this object (at `keyPath`, or at any key path):
    /// asked by target and key path, as RZDataBinding's `rz_removeTarget` was, they are found
    /// among the registrations' own chains, by their target's identity and the key path's
    /// equality.
    private func removeActions(of target: AnyObject, at keyPath: AnyKeyPath?) {
        let lifetime = Registry.lifetimeRegistrar(of: self)
        let registrations = GraphLock.shared.locked { () -> [any AnyActionRegistration] in
            var found: [any AnyActionRegistration] = []
            Registry.shared.forEachEndpointLocked(of: self, lifetime: lifetime, keyPath: keyPath) { endpoint in
                guard !endpoint.joinsChains else { return }
                for owner in endpoint.anyCore.resolvedLocked().blockOwnersLocked {
                    if let registration = owner as? any AnyActionRegistration { found.append(registration) }
                }
            }
            return found
        }
        // Asked after the lock is released: a registration's target is held weakly, and a
        // strong reference made to compare it may be the last one, whose deinit must not run
        // inside the lock.
        for registration in registrations where registration.isTarget(target) { registration.unbind() }
    }
}

/// A key path of an observed object, opened to its value type for a zero-argument action on
/// several key paths of different types.
protocol ActionKeyPath {
    func register<Object: DynamicObject, Target: AnyObject & Sendable>(
        on object: Object, target: Target, coalesces: Bool, callsImmediately: Bool, isolation: (any Actor)?,
        action: @escaping @Sendable (Target) -> () -> Void
    ) -> any AnyActionRegistration
}

extension KeyPath: ActionKeyPath {
    func register<Object: DynamicObject, Target: AnyObject & Sendable>(
        on object: Object, target: Target, coalesces: Bool, callsImmediately: Bool, isolation: (any Actor)?,
        action: @escaping @Sendable (Target) -> () -> Void
    ) -> any AnyActionRegistration {
        // `self` is a `KeyPath<Object, Value>`: the array it came from holds `Object`'s key paths.
        let typed = unsafeDowncast(self, to: KeyPath<Object, Value>.self)
        return object.register(target, coalesces: coalesces, typed, callsImmediately: callsImmediately, isolation) { target, _ in
            action(target)()
        }
    }
}
