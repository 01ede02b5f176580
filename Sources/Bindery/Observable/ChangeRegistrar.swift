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
    // @unchecked: `observedSlots`, `soleTable` (with the words of its buffer) and `readers` are
    // atomic: the first two are written with `Registry.shared.lock` held, `readers` by every
    // update that reads the table; every other stored property is read and written only with
    // the lock held.

    /// One bit per slot that has listeners; slots from 63 up share bit 63.
    @usableFromInline
    let observedSlots = Atomic<UInt64>(0)

    /// Listening endpoints per slot. Guarded by the registry lock.
    @exclusivity(unchecked) private(set) var listeners: [[AnyEndpoint]] = []

    /// Per slot, its listener when it has exactly one, which is nearly always, published for
    /// the update path to read without the lock: the address of a buffer of atomic words,
    /// the slot count first, then per slot an endpoint's address or 0 (none, or several). The
    /// endpoints are kept alive by `listeners`. Written with the registry lock held; the buffer
    /// is replaced only when it grows.
    private let soleTable = Atomic<UInt>(0)

    /// How many updates are reading `soleTable` without the lock right now. A shape change
    /// that takes an endpoint out of the table, or replaces the table, waits with the lock
    /// held until none is, so that what it lets go of outlives every read that could have
    /// found it. A read holds it for a few instructions and never waits for anything.
    private let readers = Atomic<Int>(0)

    /// Endpoints whose object owns this registrar: they leave their chains when it goes.
    /// Guarded by the registry lock.
    var members: [AnyEndpoint] = []

    /// Creates an empty registrar. Called by code that ``Dynamic()`` generates.
    public init() {}

    deinit {
        Registry.shared.registrarWillDeinit(self)
        if let table = Words(bitPattern: soleTable.load(ordering: .relaxed)) { Self.free(table) }
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
            for slot in listeners.indices { publishSoleListener(nil, slot: slot) }
            listeners.removeAll()
            observedSlots.store(0, ordering: .relaxed)
        }
        return listeners
    }

    private func didChangeListeners(of slot: Int) {
        publishSoleListener(listeners[slot].count == 1 ? listeners[slot][0] : nil, slot: slot)
    }

    // MARK: The published sole listeners

    private typealias Words = UnsafeMutablePointer<Atomic<UInt>>

    /// Publishes `endpoint` as the sole listener of `slot` (nil: none, or several). Lock held.
    private func publishSoleListener(_ endpoint: AnyEndpoint?, slot: Int) {
        let word = endpoint.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
        let table = Words(bitPattern: soleTable.load(ordering: .relaxed))
        let count = table.map { Int($0[0].load(ordering: .relaxed)) } ?? 0
        if slot < count, let table {
            let old = table[1 + slot].exchange(word, ordering: .sequentiallyConsistent)
            if old != 0, old != word { waitForReaders() }
            return
        }
        guard word != 0 else { return }
        // Grown into a new buffer, published whole; the old one goes once nobody reads it.
        let grown = Swift.max(4, count * 2, slot + 1)
        let new = Words.allocate(capacity: 1 + grown)
        (new + 0).initialize(to: Atomic(UInt(grown)))
        for index in 0..<grown {
            let kept = index < count ? table![1 + index].load(ordering: .relaxed) : 0
            (new + 1 + index).initialize(to: Atomic(index == slot ? word : kept))
        }
        soleTable.store(UInt(bitPattern: new), ordering: .sequentiallyConsistent)
        guard let table else { return }
        waitForReaders()
        Self.free(table)
    }

    /// Waits until no update is reading the table without the lock. Lock held.
    private func waitForReaders() {
        while readers.load(ordering: .sequentiallyConsistent) != 0 {
            Lock.yield()
        }
    }

    private static func free(_ table: Words) {
        table.deinitialize(count: 1 + Int(table[0].load(ordering: .relaxed)))
        table.deallocate()
    }

    /// Begins reading the published sole listeners without the lock: until ``endRead()``, no
    /// endpoint read from them is let go of. Never wait for anything, nor take the registry
    /// lock, between the two.
    @inline(__always)
    func beginRead() {
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    @inline(__always)
    func endRead() {
        readers.wrappingSubtract(1, ordering: .releasing)
    }

    /// The sole listener of `slot`, if it has exactly one: read with the lock held, or without
    /// it between ``beginRead()`` and ``endRead()``.
    @inline(__always)
    func soleListener(slot: Int) -> Unmanaged<AnyEndpoint>? {
        guard let table = Words(bitPattern: soleTable.load(ordering: .sequentiallyConsistent)),
              UInt(bitPattern: slot) < table[0].load(ordering: .relaxed),
              let endpoint = UnsafeRawPointer(bitPattern: table[1 + slot].load(ordering: .sequentiallyConsistent))
        else { return nil }
        return .fromOpaque(endpoint)
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
