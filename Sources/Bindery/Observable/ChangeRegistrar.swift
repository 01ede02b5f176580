import Synchronization

/// The per-object change registrar that ``Dynamic()`` setters report to.
///
/// Generated code owns one registrar per object (`_$registrar`) and calls ``didSet(_:)``
/// after each store, synchronously, on the setting thread. Bindery never retains a registrar
/// past its object, so the registrar is also the object's lifetime token: when the object
/// deinitialises, the registrar's deinit takes every endpoint of the object out of every chain
/// at once (see <doc:Guarantees#Lifetime>). If something else still holds the registrar then (a setter running
/// on another thread, say), its deinit comes later; Bindery skips the deinitialising object
/// meanwhile and never writes it.
///
/// A write to a property nobody observes costs one relaxed atomic load on top of the store.
///
/// ```swift
/// // What @Dynamic writes for `var sn = 0`, in short (a fragment of the class):
/// set { _$sn = newValue; _$registrar.didSet(0) }
/// ```
public final class _ChangeRegistrar: @unchecked Sendable {
    // @unchecked: `observedSlots` is atomic; every other stored property is read and written
    // only with `Registry.shared.lock` held.

    /// One bit per slot that has listeners; slots from 63 up share bit 63.
    @usableFromInline
    let observedSlots = Atomic<UInt64>(0)

    /// Listening endpoints per slot. Guarded by the registry lock.
    @exclusivity(unchecked) private(set) var listeners: [[AnyEndpoint]] = []

    /// Per slot, its listener when it has exactly one, which is nearly always: the update path
    /// reads it without copying an array (so without retaining anything). Guarded by the
    /// registry lock; the endpoint is kept alive by `listeners`.
    @exclusivity(unchecked) private(set) var soleListeners: [Unmanaged<AnyEndpoint>?] = []

    /// Endpoints whose object owns this registrar: they leave their chains when it goes.
    /// Guarded by the registry lock.
    var members: [AnyEndpoint] = []

    /// Creates an empty registrar. Called by code that ``Dynamic()`` generates.
    public init() {}

    deinit {
        Registry.shared.registrarWillDeinit(self)
    }

    /// Reports that the property in `slot` was just set.
    ///
    /// Runs every chain that listens to the slot synchronously on the calling thread before it
    /// returns; returns at once when nobody listens.
    ///
    /// - Parameter slot: The property's slot, as numbered by ``Dynamic()``.
    @inlinable
    public func didSet(_ slot: Int) {
        if observedSlots.load(ordering: .relaxed) & Self.bit(for: slot) != 0 {
            notify(slot)
        }
    }

    /// Reports that the property in slot `index` of a class's own slots was just set; the
    /// class's own slots follow the `inherited` slots of its superclasses.
    ///
    /// Runs every chain that listens to the slot synchronously on the calling thread before it
    /// returns. When nothing listens to any property of the object it returns after one relaxed
    /// atomic load, without evaluating `inherited`.
    ///
    /// - Parameters:
    ///   - index: The property's slot among its class's own, as numbered by ``Dynamic()``.
    ///   - inherited: How many slots the superclasses use: `0` for a class that inherits none.
    @inlinable
    public func didSet(_ index: Int, after inherited: @autoclosure () -> Int) {
        let observed = observedSlots.load(ordering: .relaxed)
        guard observed != 0 else { return }
        let slot = inherited() &+ index
        if observed & Self.bit(for: slot) != 0 {
            notify(slot)
        }
    }

    @inlinable
    static func bit(for slot: Int) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: Swift.min(Swift.max(slot, 0), 63))
    }

    @usableFromInline
    func notify(_ slot: Int) {
        Registry.shared.notify(self, slot: slot)
    }

    /// Notifies every listener of the slots whose bits are set in `mask` (control events),
    /// each listener once.
    func notify(events mask: UInt32) {
        Registry.shared.notify(self, events: mask)
    }

    // MARK: Listener bookkeeping (registry lock held)

    func addListener(_ endpoint: AnyEndpoint, slot: Int) {
        while listeners.count <= slot {
            listeners.append([])
            soleListeners.append(nil)
        }
        listeners[slot].append(endpoint)
        didChangeListeners(of: slot)
        observedSlots.bitwiseOr(Self.bit(for: slot), ordering: .relaxed)
    }

    func removeListener(_ endpoint: AnyEndpoint, slot: Int) {
        guard slot < listeners.count else { return }
        listeners[slot].removeAll { $0 === endpoint }
        didChangeListeners(of: slot)
        guard listeners[slot].isEmpty else { return }
        let bit = Self.bit(for: slot)
        if slot >= 63, listeners.indices.dropFirst(63).contains(where: { !listeners[$0].isEmpty }) { return }
        observedSlots.bitwiseAnd(~bit, ordering: .relaxed)
    }

    /// Puts `new` in `old`'s place among the listeners of `slot`; false if `old` is not there.
    func replaceListener(_ old: AnyEndpoint, with new: AnyEndpoint, slot: Int) -> Bool {
        guard slot < listeners.count, let index = listeners[slot].firstIndex(where: { $0 === old }) else { return false }
        listeners[slot][index] = new
        didChangeListeners(of: slot)
        return true
    }

    /// Forgets every listener (the registrar is going) and returns them.
    func removeAllListeners() -> [[AnyEndpoint]] {
        defer {
            listeners.removeAll()
            soleListeners.removeAll()
            observedSlots.store(0, ordering: .relaxed)
        }
        return listeners
    }

    private func didChangeListeners(of slot: Int) {
        soleListeners[slot] = listeners[slot].count == 1 ? Unmanaged.passUnretained(listeners[slot][0]) : nil
    }

    /// Whether anything listens or belongs here (tests and the status query).
    var isIdle: Bool { members.isEmpty && listeners.allSatisfy(\.isEmpty) }
}

extension _ChangeRegistrar {
    /// Whether nothing listens to or belongs to this registrar. For tests.
    var isIdleForTesting: Bool {
        Registry.shared.locked { isIdle }
    }
}
