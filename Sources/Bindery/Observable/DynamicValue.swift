/// A value Bindery observes by itself, with no object around it: a ``Dynamic`` box, or a
/// ``Derived`` value. Its `value` can be bound like a `@Dynamic` property (`Bind.in(box,
/// \.value)`), and it has SwiftBond's observers and bonds, each a part of the value's chain, so
/// that lifetime, threads, loops and errors work as they do for every chain.
///
/// Do not conform your own types: ``Dynamic`` and ``Derived`` are the two conforming types.
public protocol DynamicValue<Value>: DynamicObject {
    /// The type of the value.
    associatedtype Value
    /// The value.
    var value: Value { get }
    /// `\.value`, as the conforming class names it. Not API.
    static var _valueKeyPath: KeyPath<Self, Value> { get }
}
