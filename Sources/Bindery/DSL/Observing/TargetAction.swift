/// The handle of a target-action registration, returned by `addTarget`: ``unbind()`` removes
/// it.
///
/// Keeping it is optional: a registration lasts until ``unbind()``, `removeTarget`, or until
/// the observed object or the target deinitialises (the target is held weakly; a registration
/// whose target is gone is removed at the next change it hears, and never calls anything
/// again). A registration takes part in the chain of the property it observes, so it also ends
/// when that property is unbound (`Bind.unbind(object)`, `Bind.unbind(object, keyPath)`) or
/// that chain is (a chain's `unbind()`).
///
/// ```swift
/// let registration = user.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
/// registration.unbind()
/// ```
public struct TargetAction: Sendable {
    let registrations: [any AnyActionRegistration]

    /// Whether any of the registration's key paths is still observed.
    public var isBound: Bool {
        registrations.contains { $0.isBound }
    }

    /// Removes the registration from every key path it observes. An action already queued on
    /// the main actor, or held back by a coalescing transaction, is dropped. Calling it again
    /// does nothing.
    ///
    /// ```swift
    /// registration.unbind()
    /// ```
    public func unbind() {
        for registration in registrations { registration.unbind() }
    }
}
