public import BinderyRuntime
import Observation
import Synchronization

// Layer 2 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Observable: the change registrars,
// `@Dynamic`, the `Dynamic` box. Names only `Internal`; it tells the engine of a change through
// `RegistrarListener` and `RegistrarEngine`, and records a derived value's reads through
// `ReadRecorder`, all three subclassed above.

// How a `@Dynamic` object takes part in Observation (`withObservationTracking`, SwiftUI): the
// getters report reads, the setters report each store before and after it, to an
// `ObservationRegistrar` that the object gets on the first read through a getter.
//
// What it costs: a write to an object that has no `ObservationRegistrar` pays one relaxed load
// (the one its Bindery report needs anyway), and never calls into Observation; a read always
// calls `ObservationRegistrar.access`, which looks up Observation's thread-local tracking state
// (about 13 ns on the project's machine, see Benchmarks/README.md); a write to an object that
// has one pays Observation's `willSet` and `didSet` (a lock and a lookup by key path each).

extension _ChangeRegistrar {
    /// Reports a read of `subject`'s property at `keyPath` to Observation, as an
    /// `@Observable` getter does: inside `withObservationTracking`, the property becomes one the
    /// tracking observes. Called by the getters ``Dynamic()`` generates.
    ///
    /// The first read gives the object its `ObservationRegistrar`, unless Bindery itself is
    /// reading (a key path through several objects, say): an object read only by Bindery never
    /// pays for Observation.
    ///
    /// Inside the evaluation of a derived value on this thread, the read is recorded instead, by
    /// its slot, as one the derived value depends on, and not reported to Observation (the read
    /// is Bindery's, not the program's): one thread-local load when no evaluation runs.
    ///
    /// - Parameters:
    ///   - subject: The object read.
    ///   - keyPath: The property, rooted at the class that declares it; made only when needed.
    ///   - index: The property's slot among its class's own, as numbered by ``Dynamic()``.
    ///   - inherited: How many slots the superclasses use: `0` for a class that inherits none.
    ///
    /// ```swift
    /// // A fragment: the getter @Dynamic writes for `var sn = 0`.
    /// get { _$registrar.access(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first); return _$sn }
    /// ```
    @inlinable
    public func access<Subject: AnyObject & Observable, Member>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
        slot index: Int, after inherited: @autoclosure () -> Int
    ) {
        if _slowPath(bindery_read_tracker() != nil) {
            trackedRead(subject, keyPath, slot: index, after: inherited)
            return
        }
        if let box = UnsafeRawPointer(bitPattern: observation.load(ordering: .acquiring)) {
            Unmanaged<ObservationBox>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.registrar.access(subject, keyPath: keyPath()) }
        } else {
            accessFirst(subject, keyPath)
        }
    }

    /// Records a read for the derived value evaluated on this thread. Specialised where it is
    /// called, never inlined: a getter's way past it keeps no registers for it.
    @inlinable @inline(never)
    func trackedRead<Subject: AnyObject & Observable, Member>(
        _ subject: Subject, _ keyPath: () -> KeyPath<Subject, Member>, slot index: Int, after inherited: () -> Int
    ) {
        recordRead(of: subject, keyPath(), slot: inherited() &+ index)
    }

    /// Stores `value` into `subject`'s property at `keyPath` through `store`, and reports the
    /// set: to Observation before and after the store, if the object has an
    /// `ObservationRegistrar`, then to every chain that listens to the property's slot,
    /// synchronously, on the calling thread. Without an `ObservationRegistrar` and listeners it
    /// costs one relaxed load and a test beside the store. Called by the setters ``Dynamic()``
    /// generates.
    ///
    /// Every closure it takes captures nothing (the setter passes `self` and the value), so
    /// that a setter's way past Observation builds no closure context.
    ///
    /// - Parameters:
    ///   - subject: The object written.
    ///   - keyPath: The property, rooted at the class that declares it; made only when needed.
    ///   - index: The property's slot among its class's own, as numbered by ``Dynamic()``.
    ///   - inherited: How many slots the superclasses use: `0` for a class that inherits none.
    ///   - value: The new value.
    ///   - store: Stores a value into the object's storage.
    ///
    /// ```swift
    /// // A fragment: the setter @Dynamic writes for `var sn = 0`.
    /// set {
    ///     _$registrar.withMutation(of: self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, storing: newValue) {
    ///         $0._$sn = $1
    ///     }
    /// }
    /// ```
    @inlinable
    public func withMutation<Subject: Observable, Member>(
        of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
        slot index: Int, after inherited: @autoclosure () -> Int,
        storing value: consuming Member, _ store: (Subject, consuming Member) -> Void
    ) {
        let observed = observedSlots.load(ordering: .relaxed)
        guard _fastPath(observed & Self.observationBit == 0) else {
            observedMutation(of: subject, keyPath, slot: index, after: inherited, observed: observed, storing: value, store)
            return
        }
        store(subject, value)
        notifyListeners(observed, slot: index, after: inherited)
    }

    /// ``withMutation(of:keyPath:slot:after:storing:_:)`` for an object that has an
    /// `ObservationRegistrar`. Specialised where it is called, but never inlined: the way past
    /// it then keeps no registers for it.
    @inlinable @inline(never)
    func observedMutation<Subject: Observable, Member>(
        of subject: Subject, _ keyPath: () -> KeyPath<Subject, Member>,
        slot index: Int, after inherited: () -> Int, observed: UInt64,
        storing value: consuming Member, _ store: (Subject, consuming Member) -> Void
    ) {
        let keyPath = keyPath()
        withObservation { $0.willSet(subject, keyPath: keyPath) }
        store(subject, value)
        withObservation { $0.didSet(subject, keyPath: keyPath) }
        notifyListeners(observed, slot: index, after: inherited)
    }

    /// Tells Observation that `subject`'s property at `keyPath` is about to be stored, if the
    /// object has an `ObservationRegistrar`, and returns what the store's report to Bindery
    /// needs (pass it to ``didSet(_:keyPath:slot:after:observed:)``). One relaxed load when the
    /// object has none.
    ///
    /// - Parameters:
    ///   - subject: The object written.
    ///   - keyPath: The property, rooted at the class that declares it; made only when needed.
    /// - Returns: The object's observed-slot word, as loaded before the store.
    ///
    /// ```swift
    /// // A fragment of the setter @Dynamic writes for `var sn = 0`.
    /// let observed = _$registrar.willSet(self, keyPath: _$KeyPaths.sn)
    /// ```
    @inlinable
    public func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>) -> UInt64 {
        let observed = observedSlots.load(ordering: .relaxed)
        if _slowPath(observed & Self.observationBit != 0) {
            observationWillSet(subject, keyPath)
        }
        return observed
    }

    /// Reports that `subject`'s property at `keyPath` was just stored: to Observation if the
    /// object has an `ObservationRegistrar`, then to every chain that listens to its slot,
    /// synchronously, on the calling thread. Returns after one test when neither listens.
    ///
    /// - Parameters:
    ///   - subject: The object written.
    ///   - keyPath: The property, rooted at the class that declares it; made only when needed.
    ///   - index: The property's slot among its class's own, as numbered by ``Dynamic()``.
    ///   - inherited: How many slots the superclasses use: `0` for a class that inherits none.
    ///   - observed: What ``willSet(_:keyPath:)`` returned for this store.
    ///
    /// ```swift
    /// // A fragment of the setter @Dynamic writes for `var sn = 0`.
    /// _$registrar.didSet(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, observed: observed)
    /// ```
    @inlinable
    public func didSet<Subject: Observable, Member>(
        _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
        slot index: Int, after inherited: @autoclosure () -> Int, observed: UInt64
    ) {
        if _slowPath(observed & Self.observationBit != 0) {
            observationDidSet(subject, keyPath)
        }
        notifyListeners(observed, slot: index, after: inherited)
    }

    /// Runs the chains that listen to the property in slot `index` of its class's own slots
    /// (after the `inherited` ones), if `observed`, the observed-slot word loaded for this
    /// store, says any do; `inherited` is evaluated only then.
    ///
    /// When that word says nobody listens to the slot, the word is loaded again, after the
    /// store: a listener that began listening in between (a derived value's read, which
    /// listens before it loads the value) may have read the value from before this store, and
    /// must hear it. A set that nobody listens to costs that second load.
    @inlinable @inline(__always)
    func notifyListeners(_ observed: UInt64, slot index: Int, after inherited: () -> Int) {
        var current = observed
        if current & Self.listenerBits == 0 {
            current = observedSlots.load(ordering: .relaxed)
            guard current & Self.listenerBits != 0 else { return }
        }
        let slot = inherited() &+ index
        let bit = Self.bit(for: slot)
        if current & bit == 0 {
            guard observedSlots.load(ordering: .relaxed) & bit != 0 else { return }
        }
        notify(slot)
    }

    /// Tells the object's `ObservationRegistrar` that a set begins. Out of line, so that a
    /// setter's way past it (the object has none) keeps no registers for it.
    @usableFromInline @inline(never)
    func observationWillSet<Subject: Observable, Member>(_ subject: Subject, _ keyPath: () -> KeyPath<Subject, Member>) {
        withObservation { $0.willSet(subject, keyPath: keyPath()) }
    }

    /// Tells the object's `ObservationRegistrar` that a set ended. Out of line, as
    /// `observationWillSet` is.
    @usableFromInline @inline(never)
    func observationDidSet<Subject: Observable, Member>(_ subject: Subject, _ keyPath: () -> KeyPath<Subject, Member>) {
        withObservation { $0.didSet(subject, keyPath: keyPath()) }
    }

    /// Runs `body` with the object's `ObservationRegistrar`, if it has one (the bit that says
    /// so may be seen before the pointer is).
    @usableFromInline
    func withObservation(_ body: (borrowing ObservationRegistrar) -> Void) {
        guard let box = UnsafeRawPointer(bitPattern: observation.load(ordering: .acquiring)) else { return }
        Unmanaged<ObservationBox>.fromOpaque(box)._withUnsafeGuaranteedRef { body($0.registrar) }
    }

    /// The first read of an object through a getter: gives it its `ObservationRegistrar`
    /// (unless Bindery is reading) and reports the read.
    @usableFromInline @inline(never)
    func accessFirst<Subject: Observable, Member>(_ subject: Subject, _ keyPath: () -> KeyPath<Subject, Member>) {
        guard !ThreadState.current.pointee.readsUntracked else { return }
        observationRegistrar().access(subject, keyPath: keyPath())
    }

    /// The object's `ObservationRegistrar`, made now if it has none: published with a
    /// compare-and-swap (a thread that loses the race uses the winner's), then announced in
    /// `observedSlots`, which setters read.
    func observationRegistrar() -> ObservationRegistrar {
        if let box = UnsafeRawPointer(bitPattern: observation.load(ordering: .acquiring)) {
            return Unmanaged<ObservationBox>.fromOpaque(box).takeUnretainedValue().registrar
        }
        let made = Unmanaged.passRetained(ObservationBox())
        let (exchanged, found) = observation.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
        guard exchanged else {
            made.release()
            return Unmanaged<ObservationBox>.fromOpaque(UnsafeRawPointer(bitPattern: found)!).takeUnretainedValue().registrar
        }
        observedSlots.bitwiseOr(Self.observationBit, ordering: .releasing)
        return made.takeUnretainedValue().registrar
    }

    /// Whether the object has an `ObservationRegistrar` (tests).
    var hasObservationRegistrar: Bool { observation.load(ordering: .acquiring) != 0 }
}

/// Holds an object's `ObservationRegistrar` behind one pointer (see
/// `_ChangeRegistrar.observation`).
@usableFromInline
final class ObservationBox: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    init() {}
}
