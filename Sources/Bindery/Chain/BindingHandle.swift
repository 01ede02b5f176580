/// A binding you can end: what every binding call returns, so that a screen keeps all of its
/// bindings in one collection and ends them together.
///
/// ``Chain`` (chains, list bindings, a command bound to a control), ``OneWayBinding`` and
/// ``TwoWayBinding`` (the operators), ``DynamicBond`` (observers and bonds of a box),
/// ``TargetAction`` (target-action registrations), ``ExpressionBinding`` (string bindings)
/// and ``BoundBindings`` (what a ``BindableView`` bound for its view model) conform. A handle names exactly what its call made: ending it ends that, and never another
/// declaration of the same properties.
///
/// **Retention.** A handle holds no object of the binding: keeping one keeps nothing alive, and
/// dropping one ends nothing (bindings end when their objects go, see <doc:Lifetime>).
///
/// **Threads.** Handles are `Sendable`; ``unbind()`` and ``isBound`` may be called from any
/// thread. After ``unbind()`` returns, later changes reach none of what the binding declared,
/// and a main-actor update of it already queued is dropped.
///
/// ```swift
/// let model = Model()
/// var bindings: [any BindingHandle] = []
/// bindings.append(Bind.inout(model, \.name).inout(winCodeField, \.text, on: .editingChanged))
/// bindings.append((model, \.volume) <> rateSlider)
/// bindings.append(Bind.in(model, \.title).out(winCodeLabel, \.text))
/// // The screen goes away: its bindings end, and nothing else.
/// for binding in bindings { binding.unbind() }
/// bindings.removeAll()
/// ```
public protocol BindingHandle: Sendable {
    /// Ends the binding: what its call declared leaves its chain. Calling it again does nothing.
    func unbind()
    /// Whether the binding is still in effect: not unbound, and its objects still there.
    var isBound: Bool { get }
}

extension Chain: BindingHandle {}
