/// One binding of a ``BindableView``'s ``BindableView/bindings``: a view model's property, a
/// direction, and a property of the view (or one of its subviews, or a control it holds).
///
/// ```swift
/// final class GuessCell: BindableView {
///     let codeLabel = Label(), guessField = TextField()
///     static let bindings: Bindings<GuessCell, DrawRow> = [
///         .init(\.code, ~>, \.codeLabel.text),
///         .init(\.guess, <>, \.guessField),
///     ]
///     var viewModel: DrawRow? { didSet { rebind() } }
/// }
/// ```
///
/// A binding declared here binds like the operator it names (see <doc:Operators>): the view
/// model and the view are not retained, and the view is written on the main actor.
@MainActor
public struct ViewBinding<View: AnyObject, ViewModel: DynamicObject> {
    /// Binds the view to the view model.
    @usableFromInline let bind: @MainActor (View, ViewModel) -> Void
    /// The view's side of the binding: the object and key path its endpoint is on, which
    /// `rebind()` takes out of its chain; nil when the view is not of the type declared.
    @usableFromInline let viewSide: @MainActor (View) -> ViewSide?

    /// A binding from a view model's property to a writable property of the view: `~>` or
    /// `!~>`. The path may go through the view's subviews (`\.codeLabel.text`).
    ///
    /// Values flow only to the view here; a direction that sends from the view is reported
    /// when the view is bound, and binds nothing (the view's side must be a control to send).
    ///
    /// - Parameters:
    ///   - source: The view model's property.
    ///   - direction: `~>` or `!~>`.
    ///   - target: The view's property.
    ///
    /// ```swift
    /// _ = ViewBinding<DrawCell, DrawRow>(\.isWin, ~>, \.badge.isVisible)
    /// ```
    @inlinable @_disfavoredOverload
    public init<Value, Property>(
        _ source: KeyPath<ViewModel, Value>, _ direction: BindingDirection.Operator, _ target: ReferenceWritableKeyPath<View, Property>
    ) {
        let direction = BindingDirection.named(by: direction)
        bind = { view, viewModel in
            switch direction {
            case .leftToRight: (viewModel, source) ~> (view, target)
            case .leftToRightLater: (viewModel, source) !~> (view, target)
            default: ViewBindingProblem.viewSideCannotSend(source, direction, target)
            }
        }
        viewSide = { view in ViewSide(view, target) }
    }

    /// A binding between a view model's property and a control the view holds (its designated
    /// property, heard on its designated events), in any of the six directions.
    ///
    /// - Parameters:
    ///   - source: The view model's property.
    ///   - direction: Any of the six operators.
    ///   - control: The control.
    ///
    /// ```swift
    /// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <>, \.guessField)
    /// ```
    @inlinable
    public init<Value, Target: Control>(
        _ source: ReferenceWritableKeyPath<ViewModel, Value>, _ direction: BindingDirection.Operator, _ control: KeyPath<View, Target>
    ) {
        let direction = BindingDirection.named(by: direction)
        bind = { view, viewModel in
            let target = view[keyPath: control]
            switch direction {
            case .leftToRight: (viewModel, source) ~> target
            case .leftToRightLater: (viewModel, source) !~> target
            case .rightToLeft: (viewModel, source) <~ target
            case .rightToLeftLater: (viewModel, source) <~! target
            case .twoWay: (viewModel, source) <> target
            case .twoWayLater: (viewModel, source) <!> target
            }
        }
        viewSide = { view in ViewSide(view[keyPath: control], Target.designatedKeyPath) }
    }

    /// A binding from a read-only view model property to a control the view holds: `~>` or
    /// `!~>` (the view model's property cannot receive).
    ///
    /// - Parameters:
    ///   - source: The view model's property.
    ///   - direction: `~>` or `!~>`.
    ///   - control: The control; its designated property is written.
    ///
    /// ```swift
    /// _ = ViewBinding<DrawCell, DrawRow>(\.code, ~>, \.codeField)
    /// ```
    @inlinable
    public init<Value, Target: Control>(
        _ source: KeyPath<ViewModel, Value>, _ direction: BindingDirection.Operator, _ control: KeyPath<View, Target>
    ) {
        let direction = BindingDirection.named(by: direction)
        bind = { view, viewModel in
            let target = view[keyPath: control]
            switch direction {
            case .leftToRight: (viewModel, source) ~> target
            case .leftToRightLater: (viewModel, source) !~> target
            default: ViewBindingProblem.readOnlySource(source, direction, Target.self)
            }
        }
        viewSide = { view in ViewSide(view[keyPath: control], Target.designatedKeyPath) }
    }

    /// A binding from a view model's property to a writable property of the view through a
    /// transformer (BIND's `BINDT`): `~>` or `!~>`, as ``init(_:_:_:)-(KeyPath<ViewModel,Value>,_,ReferenceWritableKeyPath<View,Property>)``.
    ///
    /// - Parameters:
    ///   - source: The view model's property.
    ///   - direction: `~>` or `!~>`.
    ///   - target: The view's property.
    ///   - transformer: Converts the view model's value for the view (see <doc:Transformers>);
    ///     held by each binding made from this declaration.
    ///
    /// ```swift
    /// _ = ViewBinding<DrawCell, DrawRow>(\.code, ~>, \.codeLabel.text, transformer: Uppercase())
    /// ```
    @inlinable
    public init<Value, Property, T: Transformer>(
        _ source: KeyPath<ViewModel, Value>, _ direction: BindingDirection.Operator,
        _ target: ReferenceWritableKeyPath<View, Property>, transformer: T
    ) {
        let plain = ViewBinding(source, direction, target)
        let direction = BindingDirection.named(by: direction)
        // The conversions around the transformer are found once, for every view bound.
        let forward = TransformerFunctions.forward(transformer, from: Value.self, to: Property.self)
        bind = { view, viewModel in
            guard direction == .leftToRight || direction == .leftToRightLater else { return plain.bind(view, viewModel) }
            guard let forward else {
                return ViewBindingProblem.transformerMismatch(T.self, T.Input.self, T.Output.self, Value.self, Property.self)
            }
            // Declared with its function from the start: the view is written once.
            _ = OperatorLink(
                head: Operand.sender(viewModel, source), view, PropertyKey(view, target), role: .receives,
                initial: direction.pushesNow, toChain: nil, fromChain: forward)
        }
        viewSide = plain.viewSide
    }

    /// A binding between a view model's property and a control the view holds, through a
    /// transformer: in any direction; a two-way direction needs a ``ReversibleTransformer``
    /// (see <doc:Transformers>).
    ///
    /// - Parameters:
    ///   - source: The view model's property.
    ///   - direction: Any of the six operators.
    ///   - control: The control.
    ///   - transformer: Converts from the sending side to the receiving side (for `<~`, from the
    ///     control to the view model); held by each binding made from this declaration.
    ///
    /// ```swift
    /// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <>, \.guessField, transformer: Uppercase())
    /// ```
    public init<Value, Target: Control, T: Transformer>(
        _ source: ReferenceWritableKeyPath<ViewModel, Value>, _ direction: BindingDirection.Operator,
        _ control: KeyPath<View, Target>, transformer: T
    ) {
        let direction = BindingDirection.named(by: direction)
        bind = { view, viewModel in
            let target = view[keyPath: control]
            switch direction {
            case .leftToRight: ((viewModel, source) ~> target).transformed(by: transformer)
            case .leftToRightLater: ((viewModel, source) !~> target).transformed(by: transformer)
            case .rightToLeft: ((viewModel, source) <~ target).transformed(by: transformer)
            case .rightToLeftLater: ((viewModel, source) <~! target).transformed(by: transformer)
            case .twoWay: ((viewModel, source) <> target).transformed(by: transformer)
            case .twoWayLater: ((viewModel, source) <!> target).transformed(by: transformer)
            }
        }
        viewSide = { view in ViewSide(view[keyPath: control], Target.designatedKeyPath) }
    }

    /// Bindings a subclass of the view declares, typed by the subclass (so that its key paths
    /// reach the subclass's own subviews), as bindings of the view: what a subclass's
    /// ``BindableView/bindings`` adds to its superclass's.
    ///
    /// - Parameters:
    ///   - subclass: The subclass.
    ///   - bindings: Its own bindings; each binds only views of the subclass.
    /// - Returns: The same bindings, typed by this view.
    ///
    /// ```swift
    /// class WinningDrawCell: DrawCell {
    ///     let badge = Label()
    ///     override class var bindings: Bindings<DrawCell, DrawRow> {
    ///         super.bindings + ViewBinding.subclass(WinningDrawCell.self, [.init(\.isWin, ~>, \.badge.text)])
    ///     }
    /// }
    /// ```
    public static func subclass<Subclass: AnyObject>(_ subclass: Subclass.Type, _ bindings: Bindings<Subclass, ViewModel>) -> Bindings<View, ViewModel> {
        bindings.map { binding in
            let bind = binding.bind, viewSide = binding.viewSide
            return ViewBinding(
                bind: { view, viewModel in if let view = view as? Subclass { bind(view, viewModel) } },
                viewSide: { view in (view as? Subclass).flatMap(viewSide) })
        }
    }

    @usableFromInline
    init(bind: @escaping @MainActor (View, ViewModel) -> Void, viewSide: @escaping @MainActor (View) -> ViewSide?) {
        self.bind = bind
        self.viewSide = viewSide
    }
}

/// Where a declared binding's view side is: an object (the view, or a control it holds) and a key
/// path.
@usableFromInline
struct ViewSide {
    let object: AnyObject
    let keyPath: AnyKeyPath

    @usableFromInline
    init(_ object: AnyObject, _ keyPath: AnyKeyPath) {
        self.object = object
        self.keyPath = keyPath
    }
}

/// The bindings a ``BindableView`` type declares once, against its view-model type.
///
/// ```swift
/// let bindings: Bindings<DrawCell, DrawRow> = [.init(\.code, ~>, \.codeLabel.text)]
/// assert(bindings.count == 1)
/// ```
public typealias Bindings<View: AnyObject, ViewModel: DynamicObject> = [ViewBinding<View, ViewModel>]
