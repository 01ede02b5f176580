/// A value computed from other observable values, kept up to date as they change, and bound
/// like a ``Dynamic`` box's `value`.
///
/// ```swift
/// let price = Dynamic(2.5), quantity = Dynamic(4)
/// let total = Derived { price.value * Double(quantity.value) }
/// Bind.in(total, \.value).out(label, \.text)          // "10.0"
/// quantity.value = 6                                  // label.text == "15.0"
/// ```
///
/// **What is tracked.** Each evaluation of the closure records what it reads: stored properties
/// of ``Dynamic()`` classes (directly, through other objects, or inside computed properties),
/// ``Dynamic`` boxes and other derived values. A set of any of them evaluates the closure again
/// and records again, so a branch that stops reading a property stops listening to it. A read
/// of anything else (a plain class's property, a global) is not seen: its changes are not heard.
///
/// **When it is sent.** A value that is `Equatable` is sent only when it differs from the one
/// sent last; any other value is sent after every evaluation. The evaluation runs on the thread
/// that made the change, after the store, once the change has reached every chain it reaches;
/// one set evaluates each derived value that depends on it once, after the derived values it
/// reads, so it never sees half-updated inputs.
///
/// **Lifetime.** Nothing retains a derived value but its user, a chain it sends into (while
/// that chain lives), an observer (until its handle's `unbind()`) and, between a set of what it
/// read and the evaluation that follows, the thread that made the set; it does not retain what
/// it reads, except what its closure captures:
/// capture an object weakly if it keeps the derived value itself. When the derived value
/// deinitialises, it stops listening and leaves every chain.
///
/// **Threads.** The closure is `@Sendable`: it runs on whichever thread changed an input, with
/// no Bindery lock held, never on two threads at once; changes from several threads end with
/// the value computed from the last writes. Main-actor receivers get the value on the main
/// actor, in order. A closure must only read: what it sets is not tracked as a read.
public final class Derived<Value>: DynamicValue {
    /// The value's registrar. Not API. A chain the value sends into keeps it alive.
    public let _$registrar: _ChangeRegistrar
    /// What tracks the closure's reads and schedules its evaluations (see `DerivedNode`).
    let node: OwnedDerivedNode<Derived>
    /// Computes the value into the one given, which holds the last value: a `map` whose
    /// source deinitialised leaves it as it is. `@Sendable`, or a main-actor closure called
    /// only on the main actor (`isMainActor`, see `DerivedSchedule`). Not a closure returning
    /// an optional: looking up `Value?`'s type at run time would cost every evaluation.
    private let update: (inout Value) -> Void
    /// Whether two values are the same, so that the second is not sent (`Equatable` values).
    private let isSame: ((Value, Value) -> Bool)?
    /// Guards `current`; never held while user code runs.
    private let valueLock = Lock()
    @exclusivity(unchecked) private var current: Value

    /// Creates a value computed by `compute`, evaluated now and after every change of what it
    /// read, and sent after every evaluation.
    ///
    /// - Parameter compute: Reads observable values and returns the derived one. Runs on the
    ///   thread that changed one of them.
    ///
    /// ```swift
    /// let price = Dynamic(2.5), quantity = Dynamic(4)
    /// let total = Derived { price.value * Double(quantity.value) }
    /// total.observe { print("total:", $0) }
    /// ```
    public convenience init(_ compute: @escaping @Sendable () -> Value) {
        self.init(label: "Derived<\(Value.self)>", isSame: nil, initial: compute) { $0 = compute() }
    }

    /// Creates a value computed by `compute`, evaluated now and after every change of what it
    /// read, and sent only when it differs from the value sent last.
    ///
    /// - Parameter compute: Reads observable values and returns the derived one. Runs on the
    ///   thread that changed one of them.
    ///
    /// ```swift
    /// let email = Dynamic(""), password = Dynamic("")
    /// let isValid = Derived { email.value.contains("@") && password.value.count >= 8 }
    /// Bind.in(isValid, \.value).out(label, \.isVisible)
    /// ```
    public convenience init(_ compute: @escaping @Sendable () -> Value) where Value: Equatable {
        self.init(label: "Derived<\(Value.self)>", isSame: { $0 == $1 }, initial: compute) { $0 = compute() }
    }

    /// Creates a value computed by `compute` on the main actor, evaluated now and after every
    /// change of what it read, and sent after every evaluation.
    ///
    /// For a closure that reads main-actor state (a view model isolated to the main actor, or
    /// one that is not `Sendable`). A change made on the main thread evaluates it at once; a
    /// change made on another thread evaluates it on the main actor, queued in order after the
    /// main-actor work before it. The value is read from any thread, so it is `Sendable`.
    ///
    /// - Parameter compute: Reads observable values and returns the derived one; runs only on
    ///   the main actor.
    ///
    /// ```swift
    /// let title = Derived { @MainActor in "\(lottery.code) (\(lottery.sn))" }
    /// Bind.in(title, \.value).out(label, \.text)
    /// ```
    @MainActor
    public convenience init(_ compute: @escaping @MainActor () -> Value) where Value: Sendable {
        self.init(mainActor: compute, isSame: nil)
    }

    /// Creates a value computed by `compute` on the main actor, evaluated now and after every
    /// change of what it read, and sent only when it differs from the value sent last.
    ///
    /// As the other main-actor initialiser, for an `Equatable` value.
    ///
    /// - Parameter compute: Reads observable values and returns the derived one; runs only on
    ///   the main actor.
    ///
    /// ```swift
    /// let isComplete = Derived { @MainActor in lottery.winCode.count == 3 }
    /// Bind.in(isComplete, \.value).out(label, \.isVisible)
    /// ```
    @MainActor
    public convenience init(_ compute: @escaping @MainActor () -> Value) where Value: Sendable & Equatable {
        self.init(mainActor: compute, isSame: { $0 == $1 })
    }

    /// A main-actor value: its closure is called only on the main actor (the node makes sure).
    @MainActor
    private convenience init(mainActor compute: @escaping @MainActor () -> Value, isSame: ((Value, Value) -> Bool)?) where Value: Sendable {
        self.init(
            label: "Derived<\(Value.self)> (main actor)", isSame: isSame, isMainActor: true,
            initial: compute) { $0 = MainActor.assumeIsolated { compute() } }
    }

    /// A value first computed by `initial`, then by `update`, each with its reads tracked.
    init(
        label: String, isSame: ((Value, Value) -> Bool)?, isMainActor: Bool = false,
        initial: () -> Value, update: @escaping (inout Value) -> Void
    ) {
        let tracker = ReadTracker()
        let registrar = _ChangeRegistrar(keepingSendersObject: true)
        current = tracker.recording(initial)
        self.update = update
        self.isSame = isSame
        _$registrar = registrar
        node = OwnedDerivedNode(label: label, tracker: tracker, isMainActor: isMainActor, registrar: registrar)
        node.attach(to: self)
        node.subscribeToReads()
    }

    /// Whether the closure is isolated to the main actor: then it is evaluated only there.
    var isMainActor: Bool { node.isMainActor }

    /// The value, as last computed. A read inside another derived value's evaluation makes that
    /// value depend on this one; reads are seen by Observation too.
    public var value: Value {
        _$registrar.access(self, keyPath: Self.valuePath, slot: 0, after: 0)
        if let tracker = ReadTracker.current { tracker.record(derived: node) }
        return untrackedValue
    }

    /// The value, read as Bindery reads it: not tracked, not reported to Observation.
    var untrackedValue: Value {
        valueLock.withLock { current }
    }

    func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>, by node: DerivedNode) {
        let last = untrackedValue
        var computed = last
        node.tracker.recording { update(&computed) }
        node.subscribeToReads()
        if let isSame, isSame(last, computed) { return }
        let observed = _$registrar.observedSlots.load(ordering: .relaxed)
        guard observed & _ChangeRegistrar.observationBit == 0 else { return storeObserved(computed) }
        // Nothing observes the value through Observation: no need for its conformance, whose
        // lookup costs more than the store.
        valueLock.withLock { current = computed }
        _$registrar.notifyListeners(observed, slot: 0, after: { 0 })
    }

    /// Stores a new value into a value that Observation observes, and reports it.
    @inline(never)
    private func storeObserved(_ computed: Value) {
        _$registrar.withMutation(of: self, keyPath: Self.valuePath, slot: 0, after: 0, storing: computed) { derived, value in
            derived.valueLock.withLock { derived.current = value }
        }
    }

    /// `\.value`, made once (see `KeyPathCache`).
    private static var valuePath: KeyPath<Derived, Value> { KeyPathCache.keyPath(0, of: Derived.self) { \.value } }

    /// `\.value`. Not API.
    public static var _valueKeyPath: KeyPath<Derived<Value>, Value> { \.value }

    /// The value's one property, `value`, in slot 0. Not API.
    public static var _$dynamicProperties: [_DynamicProperty] {
        [_DynamicProperty(
            name: "value", keyPath: \Derived<Value>.value, slot: 0,
            accessor: _PropertyAccessor(\Derived<Value>.value, get: { $0.untrackedValue }))]
    }
}

extension Derived: DerivedNodeOwner {}

// `current` is behind `valueLock`; `update` is `@Sendable`, or isolated to the main actor and
// called only there; `isSame` is `==` or the caller's `@Sendable` test; the node's state is its
// own concern (see `DerivedNode`).
extension Derived: @unchecked Sendable where Value: Sendable {}

