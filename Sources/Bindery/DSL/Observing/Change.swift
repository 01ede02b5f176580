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
public struct Change<Value> {
    /// The key path of the property that changed, on the observed object.
    public let keyPath: any AnyKeyPath & Sendable
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
    public init(keyPath: any AnyKeyPath & Sendable, old: Value?, new: Value) {
        self.keyPath = keyPath
        self.old = old
        self.new = new
    }
}

extension Change: Sendable where Value: Sendable {}

extension Change: Equatable where Value: Equatable {
    /// Whether two changes are of the same key path, from the same value to the same value.
    public static func == (lhs: Change, rhs: Change) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.old == rhs.old && lhs.new == rhs.new
    }
}
