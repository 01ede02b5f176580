// The two-way operators: `<>` and `<!>`.

infix operator <> : DefaultPrecedence
infix operator <!> : DefaultPrecedence

/// Binds a `@Dynamic` object's property (left) and a `@Dynamic` object's property (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <> (settings, \.name)
/// ```
@inlinable @discardableResult
public func <> <Root: DynamicObject, Value, Other: DynamicObject, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a `@Dynamic` object's property (left) and a control's property, heard on its designated events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <> (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <> <Root: DynamicObject, Value, Other: Control, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a `@Dynamic` object's property (left) and a control's designated property and events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <> nameField
/// ```
@inlinable @discardableResult
public func <> <Root: DynamicObject, Value, Other: Control>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: Other) -> TwoWayBinding<Value, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: true))
}

/// Binds a control's property, heard on its designated events (left) and a `@Dynamic` object's property (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <> (vm, \.name)
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Value, Other: DynamicObject, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a control's property, heard on its designated events (left) and a control's property, heard on its designated events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <> (otherField, \.text)
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Value, Other: Control, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a control's property, heard on its designated events (left) and a control's designated property and events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <> nameField
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Value, Other: Control>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: Other) -> TwoWayBinding<Value, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: true))
}

/// Binds a control's designated property and events (left) and a `@Dynamic` object's property (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <> (vm, \.name)
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Other: DynamicObject, Property>(lhs: Root, rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Root.DesignatedValue, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a control's designated property and events (left) and a control's property, heard on its designated events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <> (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Other: Control, Property>(lhs: Root, rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Root.DesignatedValue, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: true))
}

/// Binds a control's designated property and events (left) and a control's designated property and events (right) both ways; the right side gets the left side's value now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <> otherField
/// ```
@inlinable @discardableResult
public func <> <Root: Control, Other: Control>(lhs: Root, rhs: Other) -> TwoWayBinding<Root.DesignatedValue, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: true))
}

/// Binds a `@Dynamic` object's property (left) and a `@Dynamic` object's property (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <!> (settings, \.name)
/// ```
@inlinable @discardableResult
public func <!> <Root: DynamicObject, Value, Other: DynamicObject, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a `@Dynamic` object's property (left) and a control's property, heard on its designated events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <!> (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <!> <Root: DynamicObject, Value, Other: Control, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a `@Dynamic` object's property (left) and a control's designated property and events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) <!> nameField
/// ```
@inlinable @discardableResult
public func <!> <Root: DynamicObject, Value, Other: Control>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: Other) -> TwoWayBinding<Value, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: false))
}

/// Binds a control's property, heard on its designated events (left) and a `@Dynamic` object's property (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <!> (vm, \.name)
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Value, Other: DynamicObject, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a control's property, heard on its designated events (left) and a control's property, heard on its designated events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <!> (otherField, \.text)
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Value, Other: Control, Property>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Value, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a control's property, heard on its designated events (left) and a control's designated property and events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) <!> nameField
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Value, Other: Control>(lhs: (Root, ReferenceWritableKeyPath<Root, Value>), rhs: Other) -> TwoWayBinding<Value, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs.0, lhs.1), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: false))
}

/// Binds a control's designated property and events (left) and a `@Dynamic` object's property (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <!> (vm, \.name)
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Other: DynamicObject, Property>(lhs: Root, rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Root.DesignatedValue, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs.0, DynamicKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a control's designated property and events (left) and a control's property, heard on its designated events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <!> (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Other: Control, Property>(lhs: Root, rhs: (Other, ReferenceWritableKeyPath<Other, Property>)) -> TwoWayBinding<Root.DesignatedValue, Property> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs.0, ControlKey(rhs.0, rhs.1), role: [.sends, .receives], initial: false))
}

/// Binds a control's designated property and events (left) and a control's designated property and events (right) both ways; nothing is written now.
///
/// Neither object is retained. A side's own change is not written back to it. Declared on the
/// main thread, both sides are written only on the main actor; elsewhere, on the thread that
/// made the change. See ``TwoWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField <!> otherField
/// ```
@inlinable @discardableResult
public func <!> <Root: Control, Other: Control>(lhs: Root, rhs: Other) -> TwoWayBinding<Root.DesignatedValue, Other.DesignatedValue> {
    TwoWayBinding(OperatorLink(head: Operand.twoWay(lhs, Root.designatedKeyPath), rhs, ControlKey(rhs, Other.designatedKeyPath), role: [.sends, .receives], initial: false))
}
