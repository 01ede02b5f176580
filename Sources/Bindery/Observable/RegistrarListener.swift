import Synchronization

/// What listens to a registrar's slots, and what belongs to a registrar as a member (its
/// deinit is the member's object going): the engine's endpoints and a derived value's reads.
/// The engine, a layer above, subclasses it (`Subscriber`, and `AnyEndpoint` for a chain's
/// member); the registrar keeps listeners in its table, each as this object and one of its
/// records (``Listener``), and members in its list, tells a listener of a change through
/// ``heard(_:of:record:_:)``, and asks of it only what this class declares, so that it names
/// nothing above it.
///
/// Abstract: every member here is overridden. Guarded by the graph lock
/// (`GraphLock`) but for `heard`, which an update calls with no lock.
@usableFromInline
class RegistrarListener {
    /// Hears that `slot` of `registrar`, which this listener's `record` listens to alone (see
    /// ``Listener``), was just set on this thread: the engine decides and delivers,
    /// synchronously. Called inside a read of the registrar's table (`beginRead()`), which the
    /// listener ends (`endRead()`) before it takes a lock, waits, or runs anything that may
    /// release it: until then the table's reference is what keeps it.
    func heard(_ slot: Int, of registrar: _ChangeRegistrar, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        fatalError("abstract")
    }

    /// Whether this listener carries a chain on (false for one that only hears the slot, such
    /// as a derived value's read): listeners that do are told of a change first (see
    /// `_ChangeRegistrar.addListener`).
    func joinsChains(record: Int) -> Bool { fatalError("abstract") }

    /// How many slots the class of the object this listener belongs to has, when that object
    /// owns the registrar it listens to (its first table is made that big at once), else 0.
    func slotsOfOwnerClass(record: Int) -> Int { fatalError("abstract") }

    /// The word naming the member after this listener's record `record` among its registrar's
    /// members (see `_ChangeRegistrar.firstMember`), or 0 if it is the last; kept by the layer
    /// above with the record's other fields (the engine uses the same word for its other lists,
    /// see `AnyEndpoint.link`). Lock held.
    func memberLink(record: Int) -> UInt { fatalError("abstract") }

    /// Sets the word `memberLink(record:)` returns. Lock held.
    func setMemberLink(_ link: UInt, record: Int) { fatalError("abstract") }

    /// Records that this listener's record `record` is a member of `registrar`, followed by the
    /// member `link` names (see `memberLink(record:)`), or of none (`registrar` nil, `link` 0):
    /// one call where a member joins or leaves. Lock held.
    func setMembership(_ registrar: Unmanaged<_ChangeRegistrar>?, link: UInt, record: Int) { fatalError("abstract") }
}

/// The engine, as the registrars see it: what a registrar asks of the layer above it when it
/// cannot tell a sole listener (see `_ChangeRegistrar.notify(_:)`), and when it goes. The
/// engine installs itself (`_ChangeRegistrar.install(_:)`) when it is made, before anything can
/// listen; a registrar that finds none installed has nothing to tell.
class RegistrarEngine: @unchecked Sendable {
    // @unchecked: no state; the subclass's is behind the graph lock.

    /// Tells every listener of `slot` of `registrar`, which was just set on `thread`, reading
    /// them under the graph lock. The lock is not held.
    func notifyLocked(_ registrar: _ChangeRegistrar, slot: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        fatalError("abstract")
    }

    /// Tells every listener of the slots in `mask` (a control's events), each once.
    func notify(_ registrar: _ChangeRegistrar, events mask: UInt32) {
        fatalError("abstract")
    }

    /// `registrar`'s object is going: its listeners and members leave their chains.
    func registrarWillDeinit(_ registrar: _ChangeRegistrar) {
        fatalError("abstract")
    }
}

extension _ChangeRegistrar {
    /// The address of the engine every registrar tells, once it is installed (retained for the
    /// life of the process), or 0. A word rather than an `AtomicLazyReference`: that type's
    /// `load()` is not inlined into Bindery, and each call looked its generic metadata up at
    /// run time (about 640 instructions, paid by every set of a slot with several listeners
    /// and every deinit of an observed object).
    private static let installedEngine = Atomic<UInt>(0)

    /// The engine every registrar tells; nil until it is installed.
    @inline(__always)
    static var engine: RegistrarEngine? {
        let address = installedEngine.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<RegistrarEngine>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Installs `engine` as the one every registrar tells; the first installed stays.
    static func install(_ engine: RegistrarEngine) {
        let kept = Unmanaged.passRetained(engine)
        let address = UInt(bitPattern: kept.toOpaque())
        if !installedEngine.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged {
            kept.release()
        }
    }
}
