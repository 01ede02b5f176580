/// What a view's declared bindings report.
@usableFromInline
enum ViewBindingProblem {
    /// A view-side property (not a control) given a direction that sends from the view.
    @usableFromInline
    static func viewSideCannotSend(_ source: AnyKeyPath, _ direction: BindingDirection, _ target: AnyKeyPath) {
        Diagnostics.report(
            .misuse, rule: .badInput,
            "cannot bind \(OperatorLink<Void, Void>.label(of: source)) \(direction.symbol) \(OperatorLink<Void, Void>.label(of: target)): "
                + "the view's side of a binding that sends from the view must be a control (a property of the view is not heard). Not bound")
    }

    /// A read-only view-model property given a direction that writes it.
    @usableFromInline
    static func readOnlySource(_ source: AnyKeyPath, _ direction: BindingDirection, _ control: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .badInput,
            "cannot bind \(OperatorLink<Void, Void>.label(of: source)) \(direction.symbol) \(control): "
                + "the view model's property is read-only, so it cannot receive from the view. Not bound")
    }

    /// A transformer without a reverse given to a two-way binding.
    static func noReverse(_ transformer: Any.Type, _ source: AnyKeyPath, _ direction: BindingDirection, _ control: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot bind \(OperatorLink<Void, Void>.label(of: source)) \(direction.symbol) \(control) through \(transformer): "
                + "it has no reverse (it is not a ReversibleTransformer), and a two-way binding converts both ways; "
                + "give a reverse, or bind one way with ~> or <~. Not bound")
    }

    /// A transformer whose types do not bridge to the binding's.
    @usableFromInline
    static func transformerMismatch(_ transformer: Any.Type, _ input: Any.Type, _ output: Any.Type, _ source: Any.Type, _ target: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot bind through \(transformer): it converts \(input) to \(output), and the binding needs \(source) to \(target) "
                + "(automatic conversion may bridge either end). Not bound")
    }
}
