/// A target whose target-action callbacks coalesce inside a ``Coalesce`` transaction.
///
/// Made by ``BindingTarget/coalesced`` (or ``Bind/coalesced(_:)``) and passed to `addTarget`
/// in place of the target itself:
///
/// ```swift
/// user.addTarget(screen.coalesced, action: Screen.layout, forKeyPathChange: \.name)
/// ```
///
/// It holds the target weakly, as `addTarget` does.
public struct Coalesced<Target: AnyObject & Sendable>: Sendable {
    /// The target, held weakly.
    public weak let target: Target?

    init(_ target: Target) {
        self.target = target
    }
}
