// Unbinding and the status query, in the forms DVDataBind users know.

extension Bind {
    /// Takes `object` out of every chain it is in. Chains left without a sender or a receiver
    /// end, and so do the target-actions that observe its properties. The object itself is not
    /// touched.
    ///
    /// - Parameter object: The object.
    ///
    /// ```swift
    /// Bind.unbind(cell)
    /// ```
    public static func unbind(_ object: AnyObject) {
        unbind(object, keyPath: nil, events: nil, index: nil)
    }

    /// Takes every endpoint on `object`'s `keyPath` (whatever its events or index) out of its
    /// chain; the target-actions that observe the property end with it.
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - keyPath: The property.
    ///
    /// ```swift
    /// Bind.unbind(label, \.text)
    /// ```
    public static func unbind<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>) {
        unbind(object, keyPath: keyPath, events: nil, index: nil)
    }

    /// Takes a control's endpoint on `keyPath` that listens to any of `events` out of its chain.
    ///
    /// - Parameters:
    ///   - control: The control.
    ///   - keyPath: The property.
    ///   - events: The events the endpoint listens to.
    ///
    /// ```swift
    /// Bind.unbind(winCodeField, \.text, on: .editingChanged)
    /// ```
    public static func unbind<Root: Control>(_ control: Root, _ keyPath: PartialKeyPath<Root>, on events: ControlEvents) {
        unbind(control, keyPath: keyPath, events: events, index: nil)
    }

    /// Takes the endpoint on element `index` of an array property out of its chain.
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    ///
    /// ```swift
    /// Bind.unbind(lottery, \.digits, index: 1)
    /// ```
    public static func unbind<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>, index: Int) {
        unbind(object, keyPath: keyPath, events: nil, index: .some(index))
    }

    /// Removes the named block from the chain that `object`'s `keyPath` is in. The rest of the
    /// chain stays, unless the block was its only receiver.
    ///
    /// - Parameters:
    ///   - object: An object of the chain.
    ///   - keyPath: Its property in the chain.
    ///   - block: The block's name.
    ///
    /// ```swift
    /// Bind.unbind(lottery, \.isWin, block: "flash")
    /// ```
    public static func unbind<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>, block: String) {
        let lifetime = Registry.lifetimeRegistrar(of: object)
        GraphLock.shared.locked {
            Registry.shared.forEachEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath) { endpoint in
                _ = endpoint.anyCore.resolvedLocked().removeBlockLocked(named: block)
            }
        }
    }

    private static func unbind(_ object: AnyObject, keyPath: AnyKeyPath?, events: ControlEvents?, index: Int??) {
        let lifetime = Registry.lifetimeRegistrar(of: object)
        GraphLock.shared.locked {
            Registry.shared.forEachEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath, events: events, index: index) { endpoint in
                endpoint.anyCore.detachLocked(endpoint)
            }
        }
    }

    /// Whether `object` is in any bound chain: one with a live sender and a live receiver.
    ///
    /// - Parameter object: The object.
    /// - Returns: `true` if some bound chain has an endpoint on it.
    ///
    /// ```swift
    /// assert(Bind.isBound(label))
    /// ```
    public static func isBound(_ object: AnyObject) -> Bool {
        isBound(object, keyPath: nil, events: nil, index: nil)
    }

    /// Whether `object`'s `keyPath` is in a chain (with any events or index).
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - keyPath: The property.
    /// - Returns: `true` if some bound chain (a live sender and a live receiver) has an
    ///   endpoint on it.
    ///
    /// ```swift
    /// assert(Bind.isBound(label, \.text))
    /// ```
    public static func isBound<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>) -> Bool {
        isBound(object, keyPath: keyPath, events: nil, index: nil)
    }

    /// Whether a control's `keyPath` is in a chain listening to any of `events`.
    ///
    /// - Parameters:
    ///   - control: The control.
    ///   - keyPath: The property.
    ///   - events: The events.
    /// - Returns: `true` if such an endpoint is bound.
    ///
    /// ```swift
    /// assert(Bind.isBound(winCodeField, \.text, on: .editingChanged))
    /// ```
    public static func isBound<Root: Control>(_ control: Root, _ keyPath: PartialKeyPath<Root>, on events: ControlEvents) -> Bool {
        isBound(control, keyPath: keyPath, events: events, index: nil)
    }

    /// Whether element `index` of an array property is in a chain.
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    /// - Returns: `true` if such an endpoint is bound.
    ///
    /// ```swift
    /// assert(Bind.isBound(lottery, \.digits, index: 1))
    /// ```
    public static func isBound<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>, index: Int) -> Bool {
        isBound(object, keyPath: keyPath, events: nil, index: .some(index))
    }

    /// Whether the chain that `object`'s `keyPath` is in has a block named `block`.
    ///
    /// - Parameters:
    ///   - object: An object of the chain.
    ///   - keyPath: Its property in the chain.
    ///   - block: The block's name.
    /// - Returns: `true` if the block is bound.
    ///
    /// ```swift
    /// assert(Bind.isBound(lottery, \.isWin, block: "flash"))
    /// ```
    public static func isBound<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>, block: String) -> Bool {
        let lifetime = Registry.lifetimeRegistrar(of: object)
        return GraphLock.shared.locked {
            Registry.shared.containsEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath) {
                $0.anyCore.resolvedLocked().blockNames.contains(block)
            }
        }
    }

    private static func isBound(_ object: AnyObject, keyPath: AnyKeyPath?, events: ControlEvents?, index: Int??) -> Bool {
        let lifetime = Registry.lifetimeRegistrar(of: object)
        return GraphLock.shared.locked {
            Registry.shared.containsEndpointLocked(of: object, lifetime: lifetime, keyPath: keyPath, events: events, index: index) {
                $0.anyCore.resolvedLocked().isCompleteLocked
            }
        }
    }
}
