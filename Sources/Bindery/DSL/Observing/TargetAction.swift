/// The handle of a target-action registration, returned by `addTarget`: ``unbind()`` removes
/// it.
///
/// Keeping it is optional: a registration lasts until ``unbind()``, `removeTarget`, or until
/// the observed object or the target deinitialises (the target is held weakly; a registration
/// whose target is gone is removed at the next change it hears, and never calls anything
/// again). It also ends when its object or property is unbound (`Bind.unbind(object)`,
/// `Bind.unbind(object, keyPath)`), which counts it as one of the object's bindings
/// (`Bind.isBound`). It takes no part in the chains that carry the property: binding the
/// property, joining or unbinding those chains leaves it as it is, and it never writes the
/// property or sends it anywhere.
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

extension TargetAction: BindingHandle {}
