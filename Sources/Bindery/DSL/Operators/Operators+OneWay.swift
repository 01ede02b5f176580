// The one-way operators: `~>` and `!~>` (left to right), `<~` and `<~!` (right to left).
// `~>` is the standard library's declaration, in `DefaultPrecedence`; the others join it.

infix operator !~> : DefaultPrecedence
infix operator <~ : DefaultPrecedence
infix operator <~! : DefaultPrecedence

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) ~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func ~> <Root: DynamicObject, Source, Target: AnyObject, Property>(lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: true))
}

/// Binds a `@Dynamic` object's property (left) to a control's or a label's designated property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) ~> nameLabel
/// ```
@inlinable @discardableResult
public func ~> <Root: DynamicObject, Source, Target: DesignatedProperty>(lhs: (Root, KeyPath<Root, Source>), rhs: Target) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a control's property, sent on its designated events (left) to any class's writable property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) ~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func ~> <Root: Control, Source, Target: AnyObject, Property>(lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: true))
}

/// Binds a control's property, sent on its designated events (left) to a control's or a label's designated property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) ~> nameLabel
/// ```
@inlinable @discardableResult
public func ~> <Root: Control, Source, Target: DesignatedProperty>(lhs: (Root, KeyPath<Root, Source>), rhs: Target) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a control's designated property, sent on its designated events (left) to any class's writable property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField ~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func ~> <Root: Control, Target: AnyObject, Property>(lhs: Root, rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Root.DesignatedValue, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs, Root.designatedKeyPath), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: true))
}

/// Binds a control's designated property, sent on its designated events (left) to a control's or a label's designated property (right): the right side receives the left side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField ~> nameLabel
/// ```
@inlinable @discardableResult
public func ~> <Root: Control, Target: DesignatedProperty>(lhs: Root, rhs: Target) -> OneWayBinding<Root.DesignatedValue, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs, Root.designatedKeyPath), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a `@Dynamic` object's property (left) to any class's writable property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) !~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func !~> <Root: DynamicObject, Source, Target: AnyObject, Property>(lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: false))
}

/// Binds a `@Dynamic` object's property (left) to a control's or a label's designated property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (vm, \.name) !~> nameLabel
/// ```
@inlinable @discardableResult
public func !~> <Root: DynamicObject, Source, Target: DesignatedProperty>(lhs: (Root, KeyPath<Root, Source>), rhs: Target) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: false))
}

/// Binds a control's property, sent on its designated events (left) to any class's writable property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) !~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func !~> <Root: Control, Source, Target: AnyObject, Property>(lhs: (Root, KeyPath<Root, Source>), rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: false))
}

/// Binds a control's property, sent on its designated events (left) to a control's or a label's designated property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameField, \.text) !~> nameLabel
/// ```
@inlinable @discardableResult
public func !~> <Root: Control, Source, Target: DesignatedProperty>(lhs: (Root, KeyPath<Root, Source>), rhs: Target) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs.0, lhs.1), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: false))
}

/// Binds a control's designated property, sent on its designated events (left) to any class's writable property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField !~> (nameLabel, \.text)
/// ```
@inlinable @discardableResult
public func !~> <Root: Control, Target: AnyObject, Property>(lhs: Root, rhs: (Target, ReferenceWritableKeyPath<Target, Property>)) -> OneWayBinding<Root.DesignatedValue, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs, Root.designatedKeyPath), rhs.0, PropertyKey(rhs.0, rhs.1), role: .receives, initial: false))
}

/// Binds a control's designated property, sent on its designated events (left) to a control's or a label's designated property (right): the right side receives the left side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameField !~> nameLabel
/// ```
@inlinable @discardableResult
public func !~> <Root: Control, Target: DesignatedProperty>(lhs: Root, rhs: Target) -> OneWayBinding<Root.DesignatedValue, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(lhs, Root.designatedKeyPath), rhs, PropertyKey(rhs, Target.designatedKeyPath), role: .receives, initial: false))
}

/// Binds a `@Dynamic` object's property (right) to any class's writable property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~ (vm, \.name)
/// ```
@inlinable @discardableResult
public func <~ <Root: DynamicObject, Source, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: true))
}

/// Binds a `@Dynamic` object's property (right) to a control's or a label's designated property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~ (vm, \.name)
/// ```
@inlinable @discardableResult
public func <~ <Root: DynamicObject, Source, Target: DesignatedProperty>(lhs: Target, rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a control's property, sent on its designated events (right) to any class's writable property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~ (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <~ <Root: Control, Source, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: true))
}

/// Binds a control's property, sent on its designated events (right) to a control's or a label's designated property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~ (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <~ <Root: Control, Source, Target: DesignatedProperty>(lhs: Target, rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a control's designated property, sent on its designated events (right) to any class's writable property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~ nameField
/// ```
@inlinable @discardableResult
public func <~ <Root: Control, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: Root) -> OneWayBinding<Root.DesignatedValue, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs, Root.designatedKeyPath), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: true))
}

/// Binds a control's designated property, sent on its designated events (right) to a control's or a label's designated property (left): the left side receives the right side's changes, and gets its value now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~ nameField
/// ```
@inlinable @discardableResult
public func <~ <Root: Control, Target: DesignatedProperty>(lhs: Target, rhs: Root) -> OneWayBinding<Root.DesignatedValue, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs, Root.designatedKeyPath), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: true))
}

/// Binds a `@Dynamic` object's property (right) to any class's writable property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~! (vm, \.name)
/// ```
@inlinable @discardableResult
public func <~! <Root: DynamicObject, Source, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: false))
}

/// Binds a `@Dynamic` object's property (right) to a control's or a label's designated property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~! (vm, \.name)
/// ```
@inlinable @discardableResult
public func <~! <Root: DynamicObject, Source, Target: DesignatedProperty>(lhs: Target, rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: false))
}

/// Binds a control's property, sent on its designated events (right) to any class's writable property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~! (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <~! <Root: Control, Source, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: false))
}

/// Binds a control's property, sent on its designated events (right) to a control's or a label's designated property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~! (nameField, \.text)
/// ```
@inlinable @discardableResult
public func <~! <Root: Control, Source, Target: DesignatedProperty>(lhs: Target, rhs: (Root, KeyPath<Root, Source>)) -> OneWayBinding<Source, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs.0, rhs.1), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: false))
}

/// Binds a control's designated property, sent on its designated events (right) to any class's writable property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// (nameLabel, \.text) <~! nameField
/// ```
@inlinable @discardableResult
public func <~! <Root: Control, Target: AnyObject, Property>(lhs: (Target, ReferenceWritableKeyPath<Target, Property>), rhs: Root) -> OneWayBinding<Root.DesignatedValue, Property> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs, Root.designatedKeyPath), lhs.0, PropertyKey(lhs.0, lhs.1), role: .receives, initial: false))
}

/// Binds a control's designated property, sent on its designated events (right) to a control's or a label's designated property (left): the left side receives the right side's changes, from now on; nothing is written now.
///
/// Neither object is retained. Declared on the main thread, the receiving side is written only
/// on the main actor; elsewhere, on the thread that made the change. See ``OneWayBinding``.
///
/// - Parameters:
///   - lhs: The left side.
///   - rhs: The right side.
/// - Returns: The binding, to transform, observe or unbind.
///
/// ```swift
/// nameLabel <~! nameField
/// ```
@inlinable @discardableResult
public func <~! <Root: Control, Target: DesignatedProperty>(lhs: Target, rhs: Root) -> OneWayBinding<Root.DesignatedValue, Target.DesignatedValue> {
    OneWayBinding(OperatorLink(head: Operand.sender(rhs, Root.designatedKeyPath), lhs, PropertyKey(lhs, Target.designatedKeyPath), role: .receives, initial: false))
}
