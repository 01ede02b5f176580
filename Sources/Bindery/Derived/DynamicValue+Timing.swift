// The timing operators, `debounced` and `throttled`: a derived value that follows another one
// on a clock's time. Both take any `Clock`, so that tests can drive them with a manual clock.

extension DynamicValue where Self: Sendable, Value: Sendable {
    /// A derived value that takes this value's last change once `duration` has passed without
    /// another one: a search field's text, sent when the person stops typing.
    ///
    /// The result starts at this value's value now. Each change restarts the wait; when it
    /// ends, the result is set to the change's value, on the clock's task (not on the thread
    /// that made the change), and sent to its receivers from there (main-actor receivers on the
    /// main actor, in order). The result holds this value weakly; when the result goes, its
    /// wait is cancelled.
    ///
    /// - Parameters:
    ///   - duration: How long no change must come.
    ///   - clock: The clock to wait on; a test passes a manual one.
    ///
    /// ```swift
    /// let text = Dynamic("")
    /// let query = text.debounced(for: .milliseconds(300), clock: ContinuousClock())
    /// query.observe { print("search for", $0) }
    /// ```
    public func debounced<C: Clock>(for duration: C.Duration, clock: C) -> Derived<Value> {
        TimingGate.start(on: self, clock: clock) { gate, value in gate.debounce(value, duration) }
    }

    /// ``debounced(for:clock:)`` on the `ContinuousClock`.
    ///
    /// ```swift
    /// let searchText = Dynamic("")
    /// searchText.debounced(for: .milliseconds(300)).observe { print("search for", $0) }
    /// ```
    public func debounced(for duration: Duration) -> Derived<Value> {
        debounced(for: duration, clock: ContinuousClock())
    }

    /// A derived value that takes at most one of this value's changes per `duration`.
    ///
    /// A change that comes when no window is open is taken at once, on the changing thread,
    /// and opens a window of `duration`. The changes that come while it is open are dropped,
    /// except, with `latest` (the default), the last of them, which is taken when the window
    /// closes (on the clock's task) and opens the next window. So the result is never more than
    /// `duration` behind, and with `latest` it ends at this value's last value. The result
    /// holds this value weakly; when the result goes, its window is cancelled.
    ///
    /// - Parameters:
    ///   - duration: The window.
    ///   - clock: The clock to measure windows on; a test passes a manual one.
    ///   - latest: Whether a window's last change is taken when it closes.
    ///
    /// ```swift
    /// let position = Dynamic(0.0)
    /// let ticks = position.throttled(for: .milliseconds(100), clock: ContinuousClock())
    /// ticks.observe { print("at", $0) }
    /// ```
    public func throttled<C: Clock>(for duration: C.Duration, clock: C, latest: Bool = true) -> Derived<Value> {
        TimingGate.start(on: self, clock: clock) { gate, value in gate.throttle(value, duration, latest: latest) }
    }

    /// ``throttled(for:clock:latest:)`` on the `ContinuousClock`.
    ///
    /// ```swift
    /// let position = Dynamic(0.0)
    /// position.throttled(for: .milliseconds(100)).observe { print("at", $0) }
    /// ```
    public func throttled(for duration: Duration, latest: Bool = true) -> Derived<Value> {
        throttled(for: duration, clock: ContinuousClock(), latest: latest)
    }
}

extension DynamicObject {
    /// A derived value that takes the last change of the property at `keyPath` once `duration`
    /// has passed without another one: ``DynamicValue/debounced(for:clock:)`` for a `@Dynamic`
    /// property, with no `Derived { }` around it first.
    ///
    /// The result starts at the property's value now; it is set on the clock's task and sent
    /// to its receivers from there (main-actor receivers on the main actor, in order). It holds
    /// the object weakly, and its wait ends when it goes.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - duration: How long no change must come.
    ///   - clock: The clock to wait on; a test passes a manual one.
    /// - Returns: The debounced value.
    ///
    /// ```swift
    /// let model = Model()
    /// let query = model.debounced(\.query, for: .milliseconds(300), clock: ContinuousClock())
    /// Bind.in(query, \.value).out(winCodeLabel, \.text, convert: { "search for \($0)" })
    /// ```
    public func debounced<Value: Sendable, C: Clock>(_ keyPath: KeyPath<Self, Value>, for duration: C.Duration, clock: C) -> Derived<Value> {
        TimingGate.start(on: self, keyPath, clock: clock) { gate, value in gate.debounce(value, duration) }
    }

    /// ``debounced(_:for:clock:)`` on the `ContinuousClock`.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - duration: How long no change must come.
    /// - Returns: The debounced value.
    ///
    /// ```swift
    /// let model = Model()
    /// model.debounced(\.query, for: .milliseconds(300)).observe { print("search for", $0) }
    /// ```
    public func debounced<Value: Sendable>(_ keyPath: KeyPath<Self, Value>, for duration: Duration) -> Derived<Value> {
        debounced(keyPath, for: duration, clock: ContinuousClock())
    }

    /// A derived value that takes at most one change of the property at `keyPath` per
    /// `duration`: ``DynamicValue/throttled(for:clock:latest:)`` for a `@Dynamic` property. It
    /// holds the object weakly, and its window ends when it goes.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - duration: The window.
    ///   - clock: The clock to measure windows on; a test passes a manual one.
    ///   - latest: Whether a window's last change is taken when it closes.
    /// - Returns: The throttled value.
    ///
    /// ```swift
    /// let model = Model()
    /// let volume = model.throttled(\.volume, for: .milliseconds(100), clock: ContinuousClock())
    /// Bind.in(volume, \.value).out(rateSlider, \.value)
    /// ```
    public func throttled<Value: Sendable, C: Clock>(_ keyPath: KeyPath<Self, Value>, for duration: C.Duration, clock: C, latest: Bool = true) -> Derived<Value> {
        TimingGate.start(on: self, keyPath, clock: clock) { gate, value in gate.throttle(value, duration, latest: latest) }
    }

    /// ``throttled(_:for:clock:latest:)`` on the `ContinuousClock`.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - duration: The window.
    ///   - latest: Whether a window's last change is taken when it closes.
    /// - Returns: The throttled value.
    ///
    /// ```swift
    /// let model = Model()
    /// model.throttled(\.volume, for: .milliseconds(100)).observe { print("volume", $0) }
    /// ```
    public func throttled<Value: Sendable>(_ keyPath: KeyPath<Self, Value>, for duration: Duration, latest: Bool = true) -> Derived<Value> {
        throttled(keyPath, for: duration, clock: ContinuousClock(), latest: latest)
    }
}

/// The state of one timing operator: the box its result reads, and the clock's task that is
/// waiting, if any. Thread-safe: every change of the source and every task's wake-up meet
/// under `lock`, and nothing runs under it but bookkeeping.
final class TimingGate<Value: Sendable, C: Clock>: @unchecked Sendable {
    // @unchecked: `generation`, `task`, `held` and `bond` are behind `lock`; `latch` and `clock`
    // are immutable (a `Dynamic` of a Sendable value is thread-safe, and a Clock is Sendable).

    /// What the result reads: set when a value is taken.
    let latch: Dynamic<Value>
    private let clock: C
    private let lock = Lock()
    /// Counts changes, so that a task that wakes after a newer change knows it is stale.
    private var generation = 0
    /// The task waiting on the clock (a debounce's wait, a throttle's window).
    private var task: Task<Void, Never>?
    /// A throttle's change held for the end of its window.
    private var held: Value?
    /// The observer on the source, ended with the gate.
    private var bond: (any BindingHandle)?

    private init(_ value: Value, clock: C) {
        latch = Dynamic(value)
        self.clock = clock
    }

    deinit {
        task?.cancel()
        bond?.unbind()
    }

    /// A result that reads a new gate's latch; `changed` is called with the gate and each
    /// change of `source`, on the changing thread.
    static func start<Source: DynamicValue & Sendable>(
        on source: Source, clock: C, _ changed: @escaping @Sendable (TimingGate, Value) -> Void
    ) -> Derived<Value> where Source.Value == Value {
        let gate = TimingGate(source.value, clock: clock)
        let observer = source.observeNew(isolation: nil) { [weak gate] value in
            guard let gate else { return }
            changed(gate, value)
        }
        gate.lock.withLock { gate.bond = observer }
        // The result keeps the gate (its closure does), the gate keeps the latch.
        return Derived(label: "timing of \(Source.self)", isSame: nil, initial: { gate.latch.value }) { $0 = gate.latch.value }
    }

    /// A result that reads a new gate's latch; `changed` is called with the gate and each
    /// change of `object`'s property at `keyPath`, on the changing thread. The chain holds the
    /// object weakly, as every chain does.
    static func start<Object: DynamicObject>(
        on object: Object, _ keyPath: KeyPath<Object, Value>, clock: C,
        _ changed: @escaping @Sendable (TimingGate, Value) -> Void
    ) -> Derived<Value> {
        let gate = TimingGate(object[keyPath: keyPath], clock: clock)
        let chain = Bind.in(object, keyPath).adding(block: "timing", isAnonymous: true, initial: false, delivery: .immediate) { [weak gate] (value: Value) in
            guard let gate else { return }
            changed(gate, value)
        }
        gate.lock.withLock { gate.bond = chain }
        return Derived(label: "timing of \(Object.self)", isSame: nil, initial: { gate.latch.value }) { $0 = gate.latch.value }
    }

    /// A debounce's change: restarts the wait.
    func debounce(_ value: Value, _ duration: C.Duration) {
        let clock = clock
        // The deadline is the change's time plus the wait, whenever the task starts.
        let deadline = clock.now.advanced(by: duration)
        lock.withLock {
            generation += 1
            let expected = generation
            task?.cancel()
            task = Task { [weak self] in
                do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
                self?.take(value, ifStill: expected)
            }
        }
    }

    /// A throttle's change: taken now if no window is open, else held (or dropped).
    func throttle(_ value: Value, _ duration: C.Duration, latest: Bool) {
        let takeNow = lock.withLock { () -> Bool in
            if task != nil {
                if latest { held = value }
                return false
            }
            openWindow(duration, latest: latest)
            return true
        }
        if takeNow { latch.value = value }
    }

    /// Opens a throttle's window. Lock held.
    private func openWindow(_ duration: C.Duration, latest: Bool) {
        let clock = clock
        // The window ends `duration` after it opens, whenever the task starts.
        let deadline = clock.now.advanced(by: duration)
        task = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            self?.closeWindow(duration, latest: latest)
        }
    }

    /// A throttle's window closed: the held change is taken and opens the next window.
    private func closeWindow(_ duration: C.Duration, latest: Bool) {
        let taken = lock.withLock { () -> Value? in
            task = nil
            guard let held else { return nil }
            self.held = nil
            openWindow(duration, latest: latest)
            return held
        }
        if let taken { latch.value = taken }
    }

    /// A debounce's wait ended: takes `value` unless a newer change came meanwhile.
    private func take(_ value: Value, ifStill expected: Int) {
        let isCurrent = lock.withLock { () -> Bool in
            guard generation == expected else { return false }
            task = nil
            return true
        }
        if isCurrent { latch.value = value }
    }
}
