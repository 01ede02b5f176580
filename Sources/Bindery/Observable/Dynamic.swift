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
/// box without retaining it: keep it where it belongs (a view model's `let`). When it
/// deinitialises it leaves every chain at once.
///
/// The value is behind the box's own lock, so a box of a `Sendable` value is itself
/// `Sendable`: any thread may read and set it. A box of a value that is not `Sendable` stays
/// where it was made, as that value would.
public final class Dynamic<Value>: DynamicValue {
    /// Guards `storage`; never held while Bindery or user code runs, except for an in-place
    /// mutation of `value` (`count.value += 1`), which holds it for the mutation only.
    private let lock = Lock()
    private var storage: Value

    /// Creates a box holding `value`.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: Value) {
        storage = value
    }

    /// The value. Each set is reported to every chain bound to `\.value`, on the setting
    /// thread, after the new value is stored; reads and sets are seen by Observation too
    /// (`withObservationTracking`), as an `@Observable` property's are.
    public var value: Value {
        get {
            _$registrar.access(self, keyPath: Self.valuePath, slot: 0, after: 0)
            return lock.withLock { storage }
        }
        set {
            _$registrar.withMutation(of: self, keyPath: Self.valuePath, slot: 0, after: 0, storing: newValue) { box, value in
                box.lock.withLock { box.storage = value }
            }
        }
        _modify {
            let observed = _$registrar.willSet(self, keyPath: Self.valuePath)
            lock.lock()
            do {
                defer { lock.unlock() }
                yield &storage
            }
            _$registrar.didSet(self, keyPath: Self.valuePath, slot: 0, after: 0, observed: observed)
        }
    }

    /// `\.value`, made once (see `KeyPathCache`).
    private static var valuePath: KeyPath<Dynamic, Value> { KeyPathCache.keyPath(0, of: Dynamic.self) { \.value } }

    /// The value, read as Bindery reads it: not reported to Observation.
    var untrackedValue: Value {
        lock.withLock { storage }
    }

    /// The box's registrar. Not API.
    public let _$registrar = _ChangeRegistrar()

    /// `\.value`. Not API.
    public static var _valueKeyPath: KeyPath<Dynamic<Value>, Value> { \.value }

    /// The box's one property, `value`, in slot 0. Not API.
    public static var _$dynamicProperties: [_DynamicProperty] {
        [_DynamicProperty(
            name: "value", keyPath: \Dynamic<Value>.value, slot: 0,
            accessor: _PropertyAccessor(\Dynamic<Value>.value, get: { $0.untrackedValue }, set: { $0.value = $1 }))]
    }
}

// Every stored property is immutable or behind `lock`; the registrar is thread-safe.
extension Dynamic: @unchecked Sendable where Value: Sendable {}
