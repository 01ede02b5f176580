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
///     let boundBindings = BoundBindings()
/// }
/// ```
///
/// A binding declared here binds like the operator it names (see <doc:Operators>): the view
/// model and the view are not retained, and the view is written on the main actor.
@MainActor
public struct ViewBinding<View: AnyObject, ViewModel: DynamicObject> {
    /// Binds the view to the view model; returns what the binding made, which the view keeps
    /// (see ``BoundBindings``), or nil when it bound nothing.
    @usableFromInline let bind: @MainActor (View, ViewModel) -> OperatorParts?

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
            case .leftToRight: return ((viewModel, source) ~> (view, target)).link.parts
            case .leftToRightLater: return ((viewModel, source) !~> (view, target)).link.parts
            default:
                Report.viewSideCannotSend(source, direction, target)
                return nil
            }
        }
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
        // Where the control is held, found once: each bind then loads it (a key path applied
        // generically costs about as much as the rest of a bind).
        let packed = StoredProperty.offset(of: control)
        bind = { view, viewModel in
            let target = StoredProperty.value(of: view, at: control, packed: packed)
            switch direction {
            case .leftToRight: return ((viewModel, source) ~> target).link.parts
            case .leftToRightLater: return ((viewModel, source) !~> target).link.parts
            case .rightToLeft: return ((viewModel, source) <~ target).link.parts
            case .rightToLeftLater: return ((viewModel, source) <~! target).link.parts
            case .twoWay: return ((viewModel, source) <> target).link.parts
            case .twoWayLater: return ((viewModel, source) <!> target).link.parts
            }
        }
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
        // Where the control is held, found once: each bind then loads it (a key path applied
        // generically costs about as much as the rest of a bind).
        let packed = StoredProperty.offset(of: control)
        bind = { view, viewModel in
            let target = StoredProperty.value(of: view, at: control, packed: packed)
            switch direction {
            case .leftToRight: return ((viewModel, source) ~> target).link.parts
            case .leftToRightLater: return ((viewModel, source) !~> target).link.parts
            default:
                Report.readOnlySource(source, direction, Target.self)
                return nil
            }
        }
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
                Report.viewTransformerMismatch(T.self, T.Input.self, T.Output.self, Value.self, Property.self)
                return nil
            }
            // Declared with its function from the start: the view is written once.
            return OperatorLink(
                head: Operand.sender(viewModel, source), view, PropertyKey(view, target), role: .receives,
                initial: direction.pushesNow, toChain: nil, fromChain: forward
            ).parts
        }
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
        // Declared with the transformer from the start, as the operators' `through:` forms are:
        // the receiving side is written once, and a transformer that cannot serve a two-way
        // binding is refused before anything is written.
        let reversible = transformer as? any ReversibleTransformer
        // Where the control is held, found once: each bind then loads it (a key path applied
        // generically costs about as much as the rest of a bind).
        let packed = StoredProperty.offset(of: control)
        bind = { view, viewModel in
            let target = StoredProperty.value(of: view, at: control, packed: packed)
            let designated = Target.designatedKeyPath
            switch direction {
            case .leftToRight, .leftToRightLater:
                return OneWayBinding<Value, Target.DesignatedValue>(
                    declaring: Operand.sender(viewModel, source), target, PropertyKey(target, designated), through: transformer,
                    initial: direction.pushesNow
                ).link.parts
            case .rightToLeft, .rightToLeftLater:
                return OneWayBinding<Target.DesignatedValue, Value>(
                    declaring: Operand.sender(target, designated), viewModel, PropertyKey(viewModel, source), through: transformer,
                    initial: direction.pushesNow
                ).link.parts
            case .twoWay, .twoWayLater:
                guard let reversible else {
                    Report.viewNoReverse(T.self, source, direction, Target.self)
                    return nil
                }
                return Self.twoWay(viewModel, source, target, through: reversible, initial: direction.pushesNow)
            }
        }
    }

    /// A two-way binding of a view model's property and a control, declared with its reversible
    /// transformer (see `init(_:_:_:transformer:)`).
    private static func twoWay<Value, Target: Control, T: ReversibleTransformer>(
        _ viewModel: ViewModel, _ source: ReferenceWritableKeyPath<ViewModel, Value>, _ target: Target, through transformer: T,
        initial: Bool
    ) -> OperatorParts? {
        TwoWayBinding<Value, Target.DesignatedValue>(
            declaring: Operand.twoWay(viewModel, source), target, ControlKey(target, Target.designatedKeyPath), through: transformer,
            initial: initial
        ).link.parts
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
            let bind = binding.bind
            return ViewBinding(bind: { view, viewModel in (view as? Subclass).flatMap { bind($0, viewModel) } })
        }
    }

    @usableFromInline
    init(bind: @escaping @MainActor (View, ViewModel) -> OperatorParts?) {
        self.bind = bind
    }
}

/// The bindings a ``BindableView`` type declares once, against its view-model type.
///
/// ```swift
/// let bindings: Bindings<DrawCell, DrawRow> = [.init(\.code, ~>, \.codeLabel.text)]
/// assert(bindings.count == 1)
/// ```
public typealias Bindings<View: AnyObject, ViewModel: DynamicObject> = [ViewBinding<View, ViewModel>]

extension Report {
    // The view bindings' messages (in `Messages.swift`), given the key paths and direction as a
    // view binding has them.

    @usableFromInline
    static func viewSideCannotSend(_ source: AnyKeyPath, _ direction: BindingDirection, _ target: AnyKeyPath) {
        viewSideCannotSend(label(source), direction.symbol, label(target))
    }

    @usableFromInline
    static func readOnlySource(_ source: AnyKeyPath, _ direction: BindingDirection, _ control: Any.Type) {
        readOnlySource(label(source), direction.symbol, control)
    }

    static func viewNoReverse(_ transformer: Any.Type, _ source: AnyKeyPath, _ direction: BindingDirection, _ control: Any.Type) {
        viewNoReverse(transformer, label(source), direction.symbol, control)
    }

    /// How a view binding's side is named (never by printing its key path; see `EndpointLabel`).
    private static func label(_ keyPath: AnyKeyPath) -> String {
        OperatorLink<Void, Void>.label(of: keyPath)
    }
}
