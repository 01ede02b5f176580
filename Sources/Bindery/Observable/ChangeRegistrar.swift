import Observation
import Synchronization

/// The per-object change registrar that ``Dynamic()`` setters report to.
///
/// Generated code owns one registrar per object (`_$registrar`) and reports each set to it,
/// synchronously, on the setting thread. Bindery never retains a registrar
/// past its object, so the registrar is also the object's lifetime token: when the object
/// deinitialises, the registrar's deinit takes every endpoint of the object out of every chain
/// at once (see <doc:Guarantees#Lifetime>). If something else still holds the registrar then (a setter running
/// on another thread, say), its deinit comes later; Bindery skips the deinitialising object
/// meanwhile and never writes it.
///
/// The registrar also makes the object Observation's `Observable`: getters report reads to
/// ``access(_:keyPath:)``, and setters tell Observation before and after each store
/// (``willSet(_:keyPath:)``, ``didSet(_:keyPath:slot:after:observed:)``). The
/// `ObservationRegistrar` that does that work is made lazily, by the first read through a
/// getter from outside Bindery (`withObservationTracking` can only track an object it has
/// read): until then a write to a property nobody observes costs one relaxed atomic load on
/// top of the store, and a write never calls into Observation.
///
/// ```swift
/// // What @Dynamic writes for `var sn = 0`, in short (a fragment of the class):
/// get { _$registrar.access(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first); return _$sn }
/// set {
///     let observed = _$registrar.willSet(self, keyPath: _$KeyPaths.sn)
///     _$sn = newValue
///     _$registrar.didSet(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, observed: observed)
/// }
/// ```
public final class _ChangeRegistrar: @unchecked Sendable {
    // @unchecked: `observedSlots`, `table` (with the words of its buffer) and `readers` are
    // atomic: the first two are written with the graph lock (`GraphLock`) held, `readers` by every
    // update that reads the table, and `retired` too (see ChangeRegistrar+Readers.swift); every
    // other stored property (and each
    // `ListenerList`) is read and written only with the lock held.

    /// One bit per slot that has listeners (slots from 62 up share bit 62), and bit 63
    /// (`observationBit`) once the object has an `ObservationRegistrar`. Two meanings in one
    /// word, so that a setter decides everything from one relaxed load: the benchmark row
    /// `unobserved.write` pays for a second load otherwise.
    @usableFromInline
    let observedSlots = Atomic<UInt64>(0)

    /// The address of the object's `ObservationBox` (retained), or 0 until something outside
    /// Bindery first reads a property through its getter. Set once, by compare-and-swap;
    /// released by the deinit.
    @usableFromInline
    let observation = Atomic<UInt>(0)

    /// Who listens to each slot, published for the update path to read without the lock. One
    /// of:
    /// - 0: nothing listens;
    /// - with bit 0 set, the one listener of the object's only observed slot, which must be one
    ///   of the first few (see `inlineSlots`): the endpoint's address, with the slot in the bits
    ///   its alignment leaves free (`inlineWord`). An object bound by one property, which is
    ///   nearly always, costs no allocation here;
    /// - otherwise the address of a buffer of atomic words, the slot count first, then one word
    ///   per slot:
    ///   - 0: no listener;
    ///   - an endpoint's address: the slot's only listener, which is nearly always;
    ///   - a ``ListenerList``'s address with bit 0 set: several listeners, found under the lock.
    ///
    /// The table holds a strong reference to what each word names. Written with the registry
    /// lock held; the buffer is allocated when a second slot is listened to (or a slot past the
    /// first few, or a second listener of one slot), replaced only when it grows, and kept
    /// until the registrar goes. No other storage per listener: a slot's only listener costs
    /// its word, nothing more.
    let table = Atomic<UInt>(0)

    /// The updates reading `table` without the lock right now, and what a shape change took
    /// out of the table while they did (an endpoint, an outgrown buffer): released once none
    /// reads, never waited for: two per reader, plus `retiredBit` while something waits in
    /// `retired` (see ChangeRegistrar+Readers.swift).
    let readers = Atomic<UInt>(0)

    /// What the table let go of while updates read it: the top node (retained) of a lock-free
    /// stack of `RetiredListener`s, or 0.
    let retired = Atomic<UInt>(0)

    /// The first endpoint whose object owns this registrar; the others follow through
    /// `RegistrarListener.memberLink`. They leave their chains when the registrar goes. Unretained:
    /// an endpoint is a member only while its chain holds it. Guarded by the graph lock.
    @exclusivity(unchecked) var firstMember: Unmanaged<RegistrarListener>?

    /// The object's computed properties that were bound as senders, by key path, each a
    /// derived value kept for as long as the object lives (a `ComputedProperty`, which the
    /// derived values' layer above puts here). Guarded by the graph lock.
    @exclusivity(unchecked) var keptSenders: [(keyPath: AnyKeyPath, sender: AnyObject)] = []

    /// Whether an endpoint that hears this registrar keeps its object alive: a derived value's
    /// (see ``Derived``), which lives as long as a chain it sends into. The registrar's table
    /// holds the endpoint in turn, so the two live until the chain lets go of the endpoint.
    let keepsSendersObject: Bool

    /// Creates an empty registrar. Called by code that ``Dynamic()`` generates.
    public init() {
        keepsSendersObject = false
    }

    /// A registrar whose senders' endpoints keep its object alive (a derived value's).
    init(keepingSendersObject: Bool) {
        keepsSendersObject = keepingSendersObject
    }

    deinit {
        Self.engine?.registrarWillDeinit(self)
        if let table = Self.buffer(table.load(ordering: .relaxed)) { Self.free(table) }
        // No update can read the table any more.
        if let top = UnsafeRawPointer(bitPattern: retired.load(ordering: .acquiring)) {
            Unmanaged<RetiredListener>.fromOpaque(top).release()
        }
        if let box = UnsafeRawPointer(bitPattern: observation.load(ordering: .acquiring)) {
            Unmanaged<ObservationBox>.fromOpaque(box).release()
        }
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

    @inlinable
    static func bit(for slot: Int) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: Swift.min(Swift.max(slot, 0), sharedSlot))
    }

    /// The first slot whose bit is shared with every slot after it.
    @inlinable
    static var sharedSlot: Int { 62 }

    /// The bit of `observedSlots` that says the object has an `ObservationRegistrar`.
    @inlinable
    static var observationBit: UInt64 { 1 &<< 63 }

    /// The bits of `observedSlots` that say which slots have listeners.
    @inlinable
    static var listenerBits: UInt64 { ~observationBit }

    /// Notifies every listener of the slots whose bits are set in `mask` (control events),
    /// each listener once. One event, as a control nearly always sends, goes the way a
    /// property's set goes (its listeners are one slot's, each listed once), allocating nothing.
    func notify(events mask: UInt32) {
        if mask.nonzeroBitCount == 1 {
            notify(mask.trailingZeroBitCount)
        } else {
            Self.engine?.notify(self, events: mask)
        }
    }

    // MARK: Listener bookkeeping (graph lock held)

    /// How many slots the table has room for (slots past it have no listener). Lock held.
    var slotCapacity: Int {
        let word = table.load(ordering: .relaxed)
        if let slot = Self.inlineSlot(word) { return slot + 1 }
        return Self.buffer(word).map { Int($0[0].load(ordering: .relaxed)) } ?? 0
    }

    /// The listeners of `slot`: chains' endpoints in the order they began listening, then the
    /// endpoints that join no chain, likewise (see `addListener`). Lock held.
    func listenersLocked(slot: Int) -> [RegistrarListener] {
        switch entry(slot) {
        case .none: []
        case .sole(let endpoint): [endpoint.takeUnretainedValue()]
        case .several(let list): list.endpoints
        }
    }

    /// Adds a listener of `slot`. A chain's endpoint goes after the slot's other chains' and
    /// before every endpoint that joins no chain (a listener's, see `ListenerKind`), which goes
    /// last: a set reaches the chains that carry the property on, then those that only hear it.
    func addListener(_ endpoint: RegistrarListener, slot: Int) {
        switch entry(slot) {
        case .none:
            publish(Self.word(Unmanaged.passRetained(endpoint)), slot: slot, sizedFor: endpoint)
        case .sole(let sole):
            // The list takes over the table's reference to the sole listener: it stays alive.
            let first = sole.takeRetainedValue()
            let list = ListenerList(endpoint.joinsChains && !first.joinsChains ? [endpoint, first] : [first, endpoint])
            publish(Self.word(list), slot: slot, sizedFor: endpoint)
            // An update may still hold it unretained, as the sole listener it read: a reference
            // is retired, so that leaving the list later cannot free it under that update.
            retireLocked(Unmanaged.passRetained(first))
        case .several(let list):
            list.add(endpoint)
        }
        observedSlots.bitwiseOr(Self.bit(for: slot), ordering: .relaxed)
    }

    func removeListener(_ endpoint: RegistrarListener, slot: Int) {
        switch entry(slot) {
        case .none:
            return
        case .sole(let sole):
            guard sole.toOpaque() == Unmanaged.passUnretained(endpoint).toOpaque() else { return }
            publish(0, slot: slot)
            retireLocked(sole)
        case .several(let list):
            list.remove(endpoint)
            guard list.count <= 1 else { return }
            // One left: it is the slot's sole listener again, published for the update path.
            publish(list.endpoints.first.map { Self.word(Unmanaged.passRetained($0)) } ?? 0, slot: slot)
            GraphLock.shared.buryLocked(Unmanaged<ListenerList>.fromOpaque(Self.pointer(list)).takeRetainedValue())
        }
        guard entry(slot).isNone else { return }
        if slot >= Self.sharedSlot, (Self.sharedSlot..<slotCapacity).contains(where: { !entry($0).isNone }) { return }
        observedSlots.bitwiseAnd(~Self.bit(for: slot), ordering: .relaxed)
    }

    /// Puts `new` in `old`'s place among the listeners of `slot`; false if `old` is not there.
    func replaceListener(_ old: RegistrarListener, with new: RegistrarListener, slot: Int) -> Bool {
        switch entry(slot) {
        case .none:
            return false
        case .sole(let sole):
            guard sole.toOpaque() == Unmanaged.passUnretained(old).toOpaque() else { return false }
            publish(Self.word(Unmanaged.passRetained(new)), slot: slot)
            retireLocked(sole)
            return true
        case .several(let list):
            return list.replace(old, with: new)
        }
    }

    /// Forgets every listener (the registrar is going) and returns them, slot by slot.
    func removeAllListeners() -> [[RegistrarListener]] {
        var all: [[RegistrarListener]] = []
        for slot in 0..<slotCapacity {
            let listeners = listenersLocked(slot: slot)
            guard !listeners.isEmpty else { continue }
            all.append(listeners)
            let old = entry(slot)
            publish(0, slot: slot)
            switch old {
            case .none: break
            case .sole(let sole): retireLocked(sole)
            case .several(let list): GraphLock.shared.buryLocked(Unmanaged<ListenerList>.fromOpaque(Self.pointer(list)).takeRetainedValue())
            }
        }
        observedSlots.bitwiseAnd(Self.observationBit, ordering: .relaxed)
        return all
    }

    // MARK: Members (graph lock held)

    /// The endpoints whose object owns this registrar, most recent first. Lock held.
    var members: some Sequence<RegistrarListener> {
        sequence(state: firstMember) { next -> RegistrarListener? in
            guard let member = next else { return nil }
            next = member._withUnsafeGuaranteedRef { $0.memberLink }
            return member.takeUnretainedValue()
        }
    }

    func addMember(_ endpoint: RegistrarListener) {
        endpoint.memberLink = firstMember
        firstMember = Unmanaged.passUnretained(endpoint)
        endpoint.lifetime = Unmanaged.passUnretained(self)
    }

    /// Puts `new` in `old`'s place among the members, or takes `old` out if `new` is nil.
    /// Walks the list without reference counting.
    func replaceMember(_ old: RegistrarListener, with new: RegistrarListener?) {
        let next = old.memberLink
        let target = Unmanaged.passUnretained(old).toOpaque()
        let replacement = new.map(Unmanaged.passUnretained) ?? next
        if firstMember?.toOpaque() == target {
            firstMember = replacement
        } else {
            var previous = firstMember
            while let current = previous {
                let following = current._withUnsafeGuaranteedRef { $0.memberLink }
                if following?.toOpaque() == target { break }
                previous = following
            }
            guard let previous else { return }
            previous._withUnsafeGuaranteedRef { $0.memberLink = replacement }
        }
        new?.memberLink = next
        old.memberLink = nil
        old.lifetime = nil
        new?.lifetime = Unmanaged.passUnretained(self)
    }

    /// Takes every member out and returns them. Lock held.
    func removeAllMembers() -> [RegistrarListener] {
        let all = Array(members)
        for member in all {
            member.memberLink = nil
            member.lifetime = nil
        }
        firstMember = nil
        return all
    }

    // MARK: The table

    typealias Words = UnsafeMutablePointer<Atomic<UInt>>

    /// What a slot's word names.
    private enum Entry {
        case none
        case sole(Unmanaged<RegistrarListener>)
        case several(ListenerList)

        var isNone: Bool {
            if case .none = self { return true }
            return false
        }
    }

    /// What `slot`'s word names. Lock held.
    private func entry(_ slot: Int) -> Entry {
        let tableWord = table.load(ordering: .relaxed)
        if let inline = Self.inlineSlot(tableWord) {
            return inline == slot ? .sole(Self.inlineListener(tableWord)) : .none
        }
        guard let table = Self.buffer(tableWord),
              UInt(bitPattern: slot) < table[0].load(ordering: .relaxed)
        else { return .none }
        let word = table[1 + slot].load(ordering: .relaxed)
        guard let pointer = UnsafeRawPointer(bitPattern: word & ~1) else { return .none }
        if word & 1 == 0 { return .sole(.fromOpaque(pointer)) }
        return .several(Unmanaged<ListenerList>.fromOpaque(pointer).takeUnretainedValue())
    }

    private static func word(_ endpoint: Unmanaged<RegistrarListener>) -> UInt {
        UInt(bitPattern: endpoint.toOpaque())
    }

    /// A list's word: its address, retained, with bit 0 set.
    private static func word(_ list: ListenerList) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(list).toOpaque()) | 1
    }

    private static func pointer(_ list: ListenerList) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(list).toOpaque()
    }

    /// Stores `word` for `slot`, growing the table if needed; an outgrown buffer is retired.
    /// Never waits: a caller that lets go of the sole listener the old word named retires it
    /// (`retireLocked`). Lock held.
    ///
    /// - Parameter listener: The endpoint that begins listening, if any. When the table gets
    ///   its first buffer and the endpoint's object owns this registrar, the buffer is made for
    ///   every slot of the object's class at once (at most `presizedSlots`, see
    ///   `RegistrarListener.slotsOfOwnerClass`), instead of growing,
    ///   and being copied, as a view model's properties are bound one by one.
    private func publish(_ word: UInt, slot: Int, sizedFor listener: RegistrarListener? = nil) {
        let current = table.load(ordering: .relaxed)
        let inline = Self.inlineSlot(current)
        if current == 0 || inline == slot, word & 1 == 0, slot < Self.inlineSlots {
            // Nothing listens to another slot, and `word` is this slot's only listener or
            // none: it stays in the table word itself.
            table.store(word == 0 ? 0 : Self.inlineWord(word, slot: slot), ordering: .sequentiallyConsistent)
            return
        }
        let table = Self.buffer(current)
        let count = table.map { Int($0[0].load(ordering: .relaxed)) } ?? 0
        if slot < count, let table {
            table[1 + slot].store(word, ordering: .sequentiallyConsistent)
            return
        }
        guard word != 0 || inline == slot else { return }
        // Grown into a new buffer, published whole; the old one (or the inline listener, which
        // moves into the new one unless `word` replaces it) goes once nobody reads it.
        var grown = Swift.max(count == 0 ? Swift.max(slot, inline ?? 0) + 1 : 4, count * 2, slot + 1)
        if count == 0, let listener {
            grown = Swift.max(grown, Swift.min(listener.slotsOfOwnerClass, Self.presizedSlots))
        }
        let new = Words.allocate(capacity: 1 + grown)
        (new + 0).initialize(to: Atomic(UInt(grown)))
        for index in 0..<grown {
            var kept: UInt = 0
            if index < count {
                kept = table![1 + index].load(ordering: .relaxed)
            } else if index == inline {
                kept = UInt(bitPattern: Self.inlineListener(current).toOpaque())
            }
            (new + 1 + index).initialize(to: Atomic(index == slot ? word : kept))
        }
        self.table.store(UInt(bitPattern: new), ordering: .sequentiallyConsistent)
        guard let table else { return }
        retireLocked(RetiredListener(buffer: table))
    }

    /// How many slots a table's first buffer is made for at most when the object's slot count is
    /// known: a class with more grows its table as they are bound.
    private static var presizedSlots: Int { 64 }

    /// How many of the first slots can have their only listener in the table word itself: as
    /// many as the bits an object's alignment leaves free above bit 0 can number.
    static var inlineSlots: Int { MemoryLayout<UInt>.size == 8 ? 8 : 4 }

    /// The table word naming `endpoint` (a sole listener's word) as the only listener of
    /// `slot`, one of the first `inlineSlots`.
    private static func inlineWord(_ endpoint: UInt, slot: Int) -> UInt {
        assert(endpoint & UInt(2 * inlineSlots - 1) == 0, "Bindery: an endpoint's address is not aligned as expected")
        return endpoint | UInt(slot) << 1 | 1
    }

    /// The slot a table word names its only listener of, or nil if it is not such a word.
    @inline(__always)
    static func inlineSlot(_ word: UInt) -> Int? {
        word & 1 == 0 ? nil : Int(word >> 1) & (inlineSlots - 1)
    }

    /// The listener a table word with bit 0 set names.
    @inline(__always)
    static func inlineListener(_ word: UInt) -> Unmanaged<RegistrarListener> {
        .fromOpaque(UnsafeRawPointer(bitPattern: word & ~UInt(2 * inlineSlots - 1))!)
    }

    /// The buffer a table word names, if it names one.
    @inline(__always)
    static func buffer(_ word: UInt) -> Words? {
        word & 1 == 0 ? Words(bitPattern: word) : nil
    }

    private static func free(_ table: Words) {
        table.deinitialize(count: 1 + Int(table[0].load(ordering: .relaxed)))
        table.deallocate()
    }

    /// Whether any slot has a listener. Lock not needed.
    var hasListeners: Bool { listenedSlotBits != 0 }

    /// One bit per slot that has listeners (see `observedSlots`). Lock not needed.
    var listenedSlotBits: UInt64 { observedSlots.load(ordering: .relaxed) & Self.listenerBits }

    /// Whether anything listens or belongs here (tests and the status query).
    var isIdle: Bool { firstMember == nil && (0..<slotCapacity).allSatisfy { entry($0).isNone } }
}

/// The listeners of a registrar slot that has several: chains' endpoints in the order they
/// began listening, then the endpoints that join no chain, likewise. Guarded by the graph lock;
/// the update path never reads it.
///
/// A slot can have many listeners: a list operator whose closure reads a shared property (a
/// filter's setting, a search text) listens to it once per element. So a listener leaves in
/// O(1), amortised, keeping the order: its place is emptied, found through an index by identity
/// once the list is long, and the places are closed up when half of them are empty.
final class ListenerList {
    /// The listeners in order; nil where one left.
    @exclusivity(unchecked) private var places: [RegistrarListener?]
    /// How many places are nil.
    @exclusivity(unchecked) private var holes = 0
    /// Each listener's place, by identity; kept once the list is longer than `indexedLength`.
    @exclusivity(unchecked) private var index: [ObjectIdentifier: Int]?
    /// The listeners in order, made again after a change.
    @exclusivity(unchecked) private var dense: [RegistrarListener]?

    /// Past this length, a listener's place is found through `index` rather than by a scan.
    private static let indexedLength = 32

    init(_ endpoints: [RegistrarListener]) {
        places = endpoints
        dense = endpoints
    }

    /// How many listeners there are.
    var count: Int { places.count - holes }

    /// The listeners, in order.
    var endpoints: [RegistrarListener] {
        if let dense { return dense }
        let made = places.compactMap { $0 }
        dense = made
        return made
    }

    /// Adds `endpoint`: a chain's after the other chains', a listener's at the end.
    func add(_ endpoint: RegistrarListener) {
        dense = nil
        if !endpoint.joinsChains {
            places.append(endpoint)
            index?[ObjectIdentifier(endpoint)] = places.count - 1
        } else {
            let position = places.firstIndex { $0?.joinsChains == false } ?? places.endIndex
            places.insert(endpoint, at: position)
            index = nil
        }
        indexIfLong()
    }

    /// Removes `endpoint`, if it listens.
    func remove(_ endpoint: RegistrarListener) {
        guard let place = place(of: endpoint) else { return }
        dense = nil
        places[place] = nil
        index?[ObjectIdentifier(endpoint)] = nil
        holes += 1
        if holes > places.count / 2 {
            places.removeAll { $0 == nil }
            holes = 0
            index = nil
            indexIfLong()
        }
    }

    /// Puts `new` in `old`'s place; false if `old` does not listen.
    func replace(_ old: RegistrarListener, with new: RegistrarListener) -> Bool {
        guard let place = place(of: old) else { return false }
        dense = nil
        places[place] = new
        if index != nil {
            index![ObjectIdentifier(old)] = nil
            index![ObjectIdentifier(new)] = place
        }
        return true
    }

    private func place(of endpoint: RegistrarListener) -> Int? {
        if let index { return index[ObjectIdentifier(endpoint)] }
        return places.firstIndex { $0 === endpoint }
    }

    /// Makes the index, if the list is long and has none.
    private func indexIfLong() {
        guard index == nil, places.count > Self.indexedLength else { return }
        var made: [ObjectIdentifier: Int] = [:]
        made.reserveCapacity(places.count)
        for (place, endpoint) in places.enumerated() {
            if let endpoint { made[ObjectIdentifier(endpoint)] = place }
        }
        index = made
    }
}

extension _ChangeRegistrar {
    /// Whether nothing listens to or belongs to this registrar. For tests.
    var isIdleForTesting: Bool {
        GraphLock.shared.locked { isIdle }
    }
}
