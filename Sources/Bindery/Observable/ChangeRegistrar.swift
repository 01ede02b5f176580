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
    ///   of the first few (see `inlineSlots`): the listener's word (see ``Listener``), with the
    ///   slot in the bits its object's alignment leaves free (`inlineWord`). An object bound by
    ///   one property, which is nearly always, costs no allocation here;
    /// - otherwise the address of a buffer of atomic words, the slot count first, then one word
    ///   per slot:
    ///   - 0: no listener;
    ///   - a listener's word: the slot's only listener, which is nearly always;
    ///   - a ``ListenerList``'s address with bit 0 set: several listeners, or one whose record
    ///     does not fit in a word, found under the lock.
    ///
    /// The table holds a strong reference to each listener's object and to each list. Written with the registry
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

    /// The word naming the first endpoint whose object owns this registrar (a listener's word,
    /// see `memberWord(_:)`), or 0; the others follow through
    /// `RegistrarListener.memberLink(record:)`. They leave their chains when the registrar
    /// goes. Unretained: an endpoint is a member only while its chain holds it. Guarded by the
    /// graph lock.
    @exclusivity(unchecked) var firstMember: UInt = 0

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
    func listenersLocked(slot: Int) -> [Listener] {
        switch entry(slot) {
        case .none: []
        case .sole(let listener): [listener]
        case .several(let list): list.listeners
        }
    }

    /// Adds a listener of `slot`. A chain's endpoint goes after the slot's other chains' and
    /// before every endpoint that joins no chain (a listener's, see `ListenerKind`), which goes
    /// last: a set reaches the chains that carry the property on, then those that only hear it.
    /// The table keeps a reference to the listener's object until it leaves. Lock held.
    func addListener(_ listener: Listener, slot: Int) {
        _ = listener.object.retain()
        switch entry(slot) {
        case .none:
            publishSole(listener, slot: slot, sizedFor: listener)
        case .sole(let sole):
            // The table keeps its reference to the sole listener's object while it is in the
            // list; an update may still hold it unretained, as the sole listener it read, which
            // is why leaving the list retires that reference rather than releasing it.
            let joinsFirst = listener.joinsChains && !sole.joinsChains
            publish(Self.word(ListenerList(joinsFirst ? [listener, sole] : [sole, listener])), slot: slot, sizedFor: listener)
        case .several(let list):
            list.add(listener)
        }
        observedSlots.bitwiseOr(Self.bit(for: slot), ordering: .relaxed)
    }

    /// Takes `listener` out of the listeners of `slot`, if it listens there; the table's
    /// reference to its object goes once no update reads the table. Lock held.
    func removeListener(_ listener: Listener, slot: Int) {
        switch entry(slot) {
        case .none:
            return
        case .sole(let sole):
            guard sole == listener else { return }
            publish(0, slot: slot)
            retireLocked(sole.object)
        case .several(let list):
            guard list.remove(listener) else { return }
            retireLocked(listener.object)
            guard settle(list, slot: slot) else { return }
        }
        guard entry(slot).isNone else { return }
        if slot >= Self.sharedSlot, (Self.sharedSlot..<slotCapacity).contains(where: { !entry($0).isNone }) { return }
        observedSlots.bitwiseAnd(~Self.bit(for: slot), ordering: .relaxed)
    }

    /// Puts `new` in `old`'s place among the listeners of `slot`; false if `old` is not there.
    /// Lock held.
    func replaceListener(_ old: Listener, with new: Listener, slot: Int) -> Bool {
        switch entry(slot) {
        case .none:
            return false
        case .sole(let sole):
            guard sole == old else { return false }
            _ = new.object.retain()
            publishSole(new, slot: slot)
        case .several(let list):
            guard list.replace(old, with: new) else { return false }
            _ = new.object.retain()
            settle(list, slot: slot)
        }
        // The table holds the new listener's object in the old one's stead.
        retireLocked(old.object)
        return true
    }

    /// Publishes `listener` as the only listener of `slot`: its word, or a list of one when its
    /// record does not fit in a word. The table's reference to its object is the caller's. Lock
    /// held.
    @inline(__always)
    private func publishSole(_ listener: Listener, slot: Int, sizedFor owner: Listener? = nil) {
        publish(Self.word(listener) ?? Self.word(ListenerList([listener])), slot: slot, sizedFor: owner)
    }

    /// Lets go of `list`, the listeners of `slot`, once it holds none, or one whose record
    /// fits in a word: that one is the slot's sole listener again, published for the update
    /// path (the table's reference to its object stays). True if the list went. Lock held.
    @discardableResult
    private func settle(_ list: ListenerList, slot: Int) -> Bool {
        let remaining = list.listeners
        let word: UInt
        if remaining.isEmpty {
            word = 0
        } else if remaining.count == 1, let sole = Self.word(remaining[0]) {
            word = sole
        } else {
            return false
        }
        publish(word, slot: slot)
        GraphLock.shared.buryLocked(Unmanaged<ListenerList>.fromOpaque(Self.pointer(list)).takeRetainedValue())
        return true
    }

    /// Forgets every listener (the registrar is going) and returns them, slot by slot.
    func removeAllListeners() -> [[Listener]] {
        var all: [[Listener]] = []
        for slot in 0..<slotCapacity {
            let listeners = listenersLocked(slot: slot)
            guard !listeners.isEmpty else { continue }
            all.append(listeners)
            let old = entry(slot)
            publish(0, slot: slot)
            switch old {
            case .none: break
            case .sole(let sole): retireLocked(sole.object)
            case .several(let list):
                for listener in listeners { retireLocked(listener.object) }
                GraphLock.shared.buryLocked(Unmanaged<ListenerList>.fromOpaque(Self.pointer(list)).takeRetainedValue())
            }
        }
        observedSlots.bitwiseAnd(Self.observationBit, ordering: .relaxed)
        return all
    }

    // MARK: Members (graph lock held)

    /// The endpoints whose object owns this registrar, most recent first, each as a listener
    /// (its object and record), unretained. Lock held.
    var members: some Sequence<Listener> {
        sequence(state: firstMember) { next -> Listener? in
            guard next != 0 else { return nil }
            let member = Self.listener(next)
            next = Self.memberLink(after: member)
            return member
        }
    }

    /// The word that names `listener` in the list of members: its word in a table (see
    /// `word(_:)`); a member's record always fits in one.
    static func memberWord(_ listener: Listener) -> UInt {
        guard let word = word(listener) else { preconditionFailure("Bindery: a member's record does not fit in a word") }
        return word
    }

    /// The word naming the member after `member`, or 0.
    private static func memberLink(after member: Listener) -> UInt {
        member.object._withUnsafeGuaranteedRef { $0.memberLink(record: member.record) }
    }

    /// Points `member`'s link at the member named `link` (0: none).
    private static func setMemberLink(of member: Listener, to link: UInt) {
        member.object._withUnsafeGuaranteedRef { $0.setMemberLink(link, record: member.record) }
    }

    /// Makes `member`'s record a member of this registrar, first in the list. Lock held.
    @inline(__always)
    func addMember(_ member: Listener) {
        let link = firstMember
        member.object._withUnsafeGuaranteedRef { $0.setMembership(Unmanaged.passUnretained(self), link: link, record: member.record) }
        firstMember = Self.memberWord(member)
    }

    /// Puts `new` in `old`'s place among the members, or takes `old` out if `new` is nil.
    /// Walks the list without reference counting. Lock held.
    func replaceMember(_ old: Listener, with new: Listener?) {
        let next = Self.memberLink(after: old)
        let target = Self.memberWord(old)
        let replacement = new.map(Self.memberWord) ?? next
        if firstMember == target {
            firstMember = replacement
        } else {
            var previous = firstMember
            while previous != 0 {
                let following = Self.memberLink(after: Self.listener(previous))
                if following == target { break }
                previous = following
            }
            guard previous != 0 else { return }
            Self.setMemberLink(of: Self.listener(previous), to: replacement)
        }
        old.object._withUnsafeGuaranteedRef { $0.setMembership(nil, link: 0, record: old.record) }
        if let new {
            new.object._withUnsafeGuaranteedRef { $0.setMembership(Unmanaged.passUnretained(self), link: next, record: new.record) }
        }
    }

    /// Takes every member out and returns them. Lock held.
    func removeAllMembers() -> [Listener] {
        let all = Array(members)
        for member in all {
            member.object._withUnsafeGuaranteedRef { $0.setMembership(nil, link: 0, record: member.record) }
        }
        firstMember = 0
        return all
    }

    // MARK: The table

    typealias Words = UnsafeMutablePointer<Atomic<UInt>>

    /// What a slot's word names.
    private enum Entry {
        case none
        case sole(Listener)
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
        if word == 0 { return .none }
        if word & 1 == 0 { return .sole(Self.listener(word)) }
        return .several(Unmanaged<ListenerList>.fromOpaque(UnsafeRawPointer(bitPattern: word & ~1)!).takeUnretainedValue())
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
    private func publish(_ word: UInt, slot: Int, sizedFor listener: Listener? = nil) {
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
            grown = Swift.max(grown, Swift.min(listener.object._withUnsafeGuaranteedRef { $0.slotsOfOwnerClass(record: listener.record) }, Self.presizedSlots))
        }
        let new = Words.allocate(capacity: 1 + grown)
        (new + 0).initialize(to: Atomic(UInt(grown)))
        for index in 0..<grown {
            var kept: UInt = 0
            if index < count {
                kept = table![1 + index].load(ordering: .relaxed)
            } else if index == inline {
                kept = Self.soleWord(inline: current)
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

    /// The table word naming the listener whose word (see ``Listener``) is `listener` as the
    /// only listener of `slot`, one of the first `inlineSlots`.
    private static func inlineWord(_ listener: UInt, slot: Int) -> UInt {
        assert(listener & UInt(2 * inlineSlots - 1) == 0, "Bindery: an endpoint's address is not aligned as expected")
        return listener | UInt(slot) << 1 | 1
    }

    /// The slot a table word names its only listener of, or nil if it is not such a word.
    @inline(__always)
    static func inlineSlot(_ word: UInt) -> Int? {
        word & 1 == 0 ? nil : Int(word >> 1) & (inlineSlots - 1)
    }

    /// The listener a table word with bit 0 set names.
    @inline(__always)
    static func inlineListener(_ word: UInt) -> Listener {
        listener(soleWord(inline: word))
    }

    /// The sole listener's word (see ``Listener``) in a table word with bit 0 set.
    @inline(__always)
    static func soleWord(inline word: UInt) -> UInt {
        word & ~UInt(2 * inlineSlots - 1)
    }

    /// The word naming `listener` in a slot of the table, or nil when its record does not fit
    /// in one (it is then kept in a ``ListenerList``): its object's address, and the record in
    /// the bits above every address (`recordShift`).
    static func word(_ listener: Listener) -> UInt? {
        guard listener.record >= 0, listener.record < recordsInWord else { return nil }
        let address = UInt(bitPattern: listener.object.toOpaque())
        assert(recordsInWord == 1 || address >> recordShift == 0, "Bindery: an object's address uses the bits kept for a record")
        return recordsInWord == 1 ? address : address | UInt(listener.record) << recordShift
    }

    /// The listener a sole listener's word names (bit 0 clear, and not 0). Such a word always
    /// names an object: its address is not checked for nil on the update path.
    @inline(__always)
    static func listener(_ word: UInt) -> Listener {
        if recordsInWord == 1 {
            return Listener(.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped), record: 0)
        }
        let address = word & (1 &<< recordShift &- 1)
        return Listener(.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped), record: Int(word >> recordShift))
    }

    /// Where a listener's record starts in its word: the top four bits of a 64-bit word, which
    /// no object's address uses (Swift keeps them spare in every heap object's reference on
    /// 64-bit platforms). A 32-bit word has no such bits: only record 0 fits there.
    @inline(__always)
    static var recordShift: Int { MemoryLayout<UInt>.size == 8 ? 60 : 0 }

    /// How many records fit in a word (see `recordShift`).
    @inline(__always)
    static var recordsInWord: Int { MemoryLayout<UInt>.size == 8 ? 16 : 1 }

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
    var isIdle: Bool { firstMember == 0 && (0..<slotCapacity).allSatisfy { entry($0).isNone } }
}

/// A listener as a registrar keeps it: an object that hears (a ``RegistrarListener``), and
/// which of its records listens, 0 when the object listens as a whole. Every listener is an
/// object of its own today, record 0; naming a record leaves room for objects that listen
/// through several records (the engine's plan for a chain that keeps its endpoints inline), and
/// ``RegistrarListener/heard(_:of:record:_:)`` hands the record back.
///
/// In a table word it is the object's address with the record in bits no address uses
/// (`_ChangeRegistrar.word(_:)`); a record that does not fit there is kept in a ``ListenerList``.
@usableFromInline
struct Listener: Equatable {
    /// The object, unretained (the registrar's table holds it while it listens).
    let object: Unmanaged<RegistrarListener>
    /// Which of the object's records listens.
    let record: Int

    init(_ object: Unmanaged<RegistrarListener>, record: Int) {
        self.object = object
        self.record = record
    }

    /// `object` listening as a whole (record 0).
    init(_ object: RegistrarListener) {
        self.object = .passUnretained(object)
        record = 0
    }

    /// Whether the object carries a chain on (see `RegistrarListener.joinsChains`).
    var joinsChains: Bool { object._withUnsafeGuaranteedRef { $0.joinsChains(record: record) } }

    /// Tells the object that `slot` of `registrar` was set (see `RegistrarListener.heard`).
    @inline(__always)
    func heard(_ slot: Int, of registrar: _ChangeRegistrar, _ thread: UnsafeMutablePointer<ThreadState>) {
        object._withUnsafeGuaranteedRef { $0.heard(slot, of: registrar, record: record, thread) }
    }

    /// The same object and record.
    @usableFromInline
    static func == (lhs: Listener, rhs: Listener) -> Bool {
        lhs.object.toOpaque() == rhs.object.toOpaque() && lhs.record == rhs.record
    }

    /// What the list's index finds a listener by.
    fileprivate struct Key: Hashable {
        let address: UnsafeMutableRawPointer
        let record: Int
    }

    fileprivate var key: Key { Key(address: object.toOpaque(), record: record) }
}

/// The listeners of a registrar slot that has several (or one whose record does not fit in a
/// word): chains' endpoints in the order they began listening, then the endpoints that join no
/// chain, likewise. Guarded by the graph lock; the update path never reads it. The registrar
/// holds the listeners' objects, not the list.
///
/// A slot can have many listeners: a list operator whose closure reads a shared property (a
/// filter's setting, a search text) listens to it once per element. So a listener leaves in
/// O(1), amortised, keeping the order: its place is emptied, found through an index by identity
/// once the list is long, and the places are closed up when half of them are empty.
final class ListenerList {
    /// The listeners in order; nil where one left.
    @exclusivity(unchecked) private var places: [Listener?]
    /// How many places are nil.
    @exclusivity(unchecked) private var holes = 0
    /// Each listener's place, by identity and record; kept once the list is longer than
    /// `indexedLength`.
    @exclusivity(unchecked) private var index: [Listener.Key: Int]?
    /// The listeners in order, made again after a change.
    @exclusivity(unchecked) private var dense: [Listener]?

    /// Past this length, a listener's place is found through `index` rather than by a scan.
    private static let indexedLength = 32

    init(_ listeners: [Listener]) {
        places = listeners
        dense = listeners
    }

    /// How many listeners there are.
    var count: Int { places.count - holes }

    /// The listeners, in order.
    var listeners: [Listener] {
        if let dense { return dense }
        let made = places.compactMap { $0 }
        dense = made
        return made
    }

    /// Adds `listener`: a chain's after the other chains', a listener's at the end.
    func add(_ listener: Listener) {
        dense = nil
        if !listener.joinsChains {
            places.append(listener)
            index?[listener.key] = places.count - 1
        } else {
            let position = places.firstIndex { $0?.joinsChains == false } ?? places.endIndex
            places.insert(listener, at: position)
            index = nil
        }
        indexIfLong()
    }

    /// Removes `listener`; false if it does not listen.
    func remove(_ listener: Listener) -> Bool {
        guard let place = place(of: listener) else { return false }
        dense = nil
        places[place] = nil
        index?[listener.key] = nil
        holes += 1
        if holes > places.count / 2 {
            places.removeAll { $0 == nil }
            holes = 0
            index = nil
            indexIfLong()
        }
        return true
    }

    /// Puts `new` in `old`'s place; false if `old` does not listen.
    func replace(_ old: Listener, with new: Listener) -> Bool {
        guard let place = place(of: old) else { return false }
        dense = nil
        places[place] = new
        if index != nil {
            index![old.key] = nil
            index![new.key] = place
        }
        return true
    }

    private func place(of listener: Listener) -> Int? {
        if let index { return index[listener.key] }
        return places.firstIndex { $0.map { $0 == listener } ?? false }
    }

    /// Makes the index, if the list is long and has none.
    private func indexIfLong() {
        guard index == nil, places.count > Self.indexedLength else { return }
        var made: [Listener.Key: Int] = [:]
        made.reserveCapacity(places.count)
        for (place, listener) in places.enumerated() {
            if let listener { made[listener.key] = place }
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
