/// One change of an observed property, as a target-action's action receives it: the key path
/// that changed, the value before and the value after.
///
/// ```swift
/// // Screen: func nameDidChange(_ change: Change<String>) { print(change.old ?? "none", "→", change.new) }
/// user.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
/// ```
///
/// When the action runs because the registration asked to be called immediately
/// (`callImmediately: true`), there is no value before: ``old`` is `nil`. Inside a
/// ``Coalesce`` transaction, repeated changes reach a coalesced target as one change whose
/// ``old`` is the value before the first of them and whose ``new`` is the latest.
///
/// A change is not `Sendable`: its key path may name a property isolated to an actor, which
/// only that actor may apply. Bindery hands each change to the action that receives it, on
/// the thread or actor where the action runs.
public struct Change<Value> {
    /// The key path of the property that changed, on the observed object: compare it with
    /// `==` to tell the properties of a several-key-path registration apart.
    public let keyPath: AnyKeyPath
    /// The value before the change; `nil` for the immediate call of `callImmediately: true`.
    public let old: Value?
    /// The value after the change.
    public let new: Value

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - keyPath: The key path of the property that changed.
    ///   - old: The value before the change, or `nil` if there was none.
    ///   - new: The value after the change.
    ///
    /// ```swift
    /// let change = Change(keyPath: \User.name, old: "Ada", new: "Grace")
    /// print(change.new)   // Grace
    /// ```
    public init(keyPath: AnyKeyPath, old: Value?, new: Value) {
        self.keyPath = keyPath
        self.old = old
        self.new = new
    }
}

extension Change: Equatable where Value: Equatable {
    /// Whether two changes are of the same key path, from the same value to the same value.
    public static func == (lhs: Change, rhs: Change) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.old == rhs.old && lhs.new == rhs.new
    }
}
