/// A standalone observable value: a box whose `value` can be bound like a property of a
/// ``Dynamic()`` class.
///
/// ```swift
/// let count = Dynamic(0)
/// Bind.inout(count, \.value).out(counterLabel, \.text)
/// count.value += 1          // counterLabel.text == "1"
/// ```
///
/// Each set of ``value`` propagates synchronously on the setting thread. Bindery holds the
/// box weakly: keep it where it belongs (a view model's `let`). When it deinitialises it
/// leaves every chain at once. Reading and writing `value` from several threads at once is the
/// caller's race, as with any `var`.
public final class Dynamic<Value>: DynamicObject, @unchecked Sendable {
    // @unchecked: `value` is an ordinary var, as thread-safe as the caller's use of it; the
    // registrar is thread-safe.

    private var storage: Value

    /// Creates a box holding `value`.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: Value) {
        storage = value
    }

    /// The value. Each set is reported to every chain bound to `\.value`.
    public var value: Value {
        get { storage }
        set {
            storage = newValue
            _$registrar.didSet(0)
        }
        _modify {
            yield &storage
            _$registrar.didSet(0)
        }
    }

    /// The box's registrar. Not API.
    public let _$registrar = ChangeRegistrar()

    /// The box's one property, `value`, in slot 0. Not API.
    public static var _$dynamicProperties: [DynamicProperty] {
        [DynamicProperty(
            name: "value", keyPath: \Dynamic<Value>.value, slot: 0,
            accessor: PropertyAccessor(\Dynamic<Value>.value, get: { $0.value }, set: { $0.value = $1 }))]
    }
}
