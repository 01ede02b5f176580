// The operators with their conversion declared in the binding: `(vm, \.name) ~> (label, \.text,
// through: Uppercase())`, BIND's `BINDT`. The receiver is bound once, through the function or
// transformer, and written once; a conversion that cannot be made is refused before anything
// is bound.

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right),
/// converted by `transformer`: the right side gets the left side's value through it now, and
/// each change after.
///
/// The binding is declared once, with the transformer: the right side is written once when it
/// binds (with `transformed(by:)` after `~>` it is written twice, first by the
/// automatic conversion). The transformer's input and output may differ from the two sides'
/// types where automatic conversion bridges them; otherwise the binding is refused, reported,
/// and binds nothing.
///
/// Neither object is retained; the transformer is held by the chain until the binding ends.
/// Declared on the main thread, the right side is written only on the main actor; elsewhere,
/// on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (vm, \.name) ~> (nameLabel, \.text, through: Uppercase())
/// ```
@discardableResult
public func ~> <Root: DynamicObject, Source, Target: AnyObject, Property, T: Transformer>(
    lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: T)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(declaring: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), through: rhs.through, initial: true)
}

/// Binds a control's property, sent on its designated events (left), to any class's writable
/// property (right), converted by `transformer`; see the `@Dynamic` form above.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (nameField, \.text) ~> (nameLabel, \.text, through: Uppercase())
/// ```
@discardableResult
public func ~> <Root: Control, Source, Target: AnyObject, Property, T: Transformer>(
    lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: T)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(declaring: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), through: rhs.through, initial: true)
}

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right),
/// converted by `transform`: the right side gets `transform` of the left side's value now, and
/// of each change after. Declared once, the right side is written once when it binds.
///
/// Neither object is retained; `transform` is held by the chain until the binding ends and runs
/// where the right side is written (the changing thread, or the main actor for a binding
/// declared there), so it is `@Sendable`. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the function: left value → right value.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (vm, \.name) ~> (nameLabel, \.text, through: { $0.uppercased() })
/// ```
@discardableResult
public func ~> <Root: DynamicObject, Source, Target: AnyObject, Property>(
    lhs: (Root, KeyPath<Root, Source>),
    rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: @Sendable (Source) -> Property)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(
        head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: true,
        toChain: nil, fromChain: rhs.through))
}

/// Binds a control's property, sent on its designated events (left), to any class's writable
/// property (right), converted by `transform`; see the `@Dynamic` form above.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the function: left value → right value.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (nameField, \.text) ~> (nameLabel, \.text, through: { $0.uppercased() })
/// ```
@discardableResult
public func ~> <Root: Control, Source, Target: AnyObject, Property>(
    lhs: (Root, KeyPath<Root, Source>),
    rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: @Sendable (Source) -> Property)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(
        head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: true,
        toChain: nil, fromChain: rhs.through))
}

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right),
/// converted by `transformer`, without writing the right side now: only later changes reach
/// it (BIND's `!~>` with a transformer).
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (vm, \.name) !~> (nameLabel, \.text, through: Uppercase())
/// ```
@discardableResult
public func !~> <Root: DynamicObject, Source, Target: AnyObject, Property, T: Transformer>(
    lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: T)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(declaring: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), through: rhs.through, initial: false)
}

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right),
/// converted by `transform`, without writing the right side now.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the function: left value → right value.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (vm, \.name) !~> (nameLabel, \.text, through: { $0.uppercased() })
/// ```
@discardableResult
public func !~> <Root: DynamicObject, Source, Target: AnyObject, Property>(
    lhs: (Root, KeyPath<Root, Source>),
    rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: @Sendable (Source) -> Property)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(
        head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: false,
        toChain: nil, fromChain: rhs.through))
}

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right)
/// through an async transformer: each value of the left side (now too) starts a task, a newer
/// value cancels the older task, and only the latest value's result is written.
///
/// Declared once: the right side is written only with the transformer's results, never first
/// by an automatic conversion. The result is written on the main actor when the binding was
/// declared there, else on a task of Bindery's. The transformer is held by the chain until the
/// binding ends, which cancels the task still running. A transformer whose types do not fit
/// is refused, reported, and binds nothing.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the async transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (vm, \.name) ~> (avatar, \.image, through: AvatarLoader())
/// ```
@discardableResult
public func ~> <Root: DynamicObject, Source, Target: AnyObject, Property, T: AsyncTransformer>(
    lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>, through: T)
) -> OneWayBinding<Source, Property> {
    OneWayBinding(declaring: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), throughAsync: rhs.through)
}

/// Binds a `@Dynamic` object's property (left) and another `@Dynamic` object's property
/// (right) both ways through a reversible transformer: `transform` from left to right (now
/// too), `reverseTransform` from right to left.
///
/// Declared once, the right side is written once when it binds. A transformer without a
/// reverse, or an async one, does not compile here: a two-way binding converts back at once.
/// Types bridge by automatic conversion at either end; a transformer that does not fit is
/// refused, reported, and binds nothing.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (lottery, \.winRate) <> (vm, \.title, through: Percent())
/// ```
@discardableResult
public func <> <Root: DynamicObject, Value, Other: DynamicObject, Property, T: ReversibleTransformer>(
    lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>, through: T)
) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(declaring: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), through: rhs.through, initial: true)
}

/// Binds a `@Dynamic` object's property (left) and a control's property (right) both ways
/// through a reversible transformer; see the form above.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (lottery, \.winRate) <> (rateField, \.text, through: Percent())
/// ```
@discardableResult
public func <> <Root: DynamicObject, Value, Other: Control, Property, T: ReversibleTransformer>(
    lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>, through: T)
) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(declaring: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), through: rhs.through, initial: true)
}

/// Binds a control's property (left) and a `@Dynamic` object's property (right) both ways
/// through a reversible transformer, from the control's type to the object's; see the forms
/// above.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (nameField, \.text) <> (vm, \.name, through: Uppercase())
/// ```
@discardableResult
public func <> <Root: Control, Value, Other: DynamicObject, Property, T: ReversibleTransformer>(
    lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>, through: T)
) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(declaring: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), through: rhs.through, initial: true)
}

/// Binds a `@Dynamic` object's property (left) and a control's property (right) both ways
/// through a reversible transformer, without writing the right side now (`<!>`).
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side and the transformer.
/// - Returns: The binding, to observe or unbind.
///
/// ```swift
/// (lottery, \.winRate) <!> (rateField, \.text, through: Percent())
/// ```
@discardableResult
public func <!> <Root: DynamicObject, Value, Other: Control, Property, T: ReversibleTransformer>(
    lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>, through: T)
) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(declaring: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), through: rhs.through, initial: false)
}
