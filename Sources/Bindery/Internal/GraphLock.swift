import Synchronization

/// The one lock that guards Bindery's binding graph (the registry's index, chains' shapes and
/// queues, registrars' listener tables), with what a critical section lets go of.
///
/// It is never held while user code runs: setters, getters of computed properties, converters,
/// filters and blocks all run after it is released (see <doc:Guarantees#Threads>), and so do the
/// deinits of what a critical section let go of (`buryLocked`) and the diagnostics it raised
/// (`deferLocked`). A pthread mutex, which the thread sanitizer sees (see `Lock`).
final class GraphLock: @unchecked Sendable {
    // @unchecked: `graveyard`, `buriedValues` and `deferredDiagnostics` are guarded by
    // `lock`; `holder` is atomic.
    static let shared = GraphLock()

    private let lock = Lock()
    /// The thread tag of the lock's holder: diagnostics raised inside wait for the lock to be
    /// released, and debug builds check that the lock is held where it must be and never
    /// taken again by its holder.
    private let holder = Atomic<UInt>(0)
    /// What the current critical section let go of: released after the lock is, so that no
    /// deinit (of a block's captures, say) runs with the lock held.
    @exclusivity(unchecked) private var graveyard: [AnyObject] = []
    /// What else it let go of that is not an object (a list of blocks, a tuple of what a merge
    /// took out): kept apart, so that releasing the objects, which nearly every critical
    /// section that buries anything buries, destroys no existential container (about 17
    /// instructions each, and a bind + unbind buries about ten).
    @exclusivity(unchecked) private var buriedValues: [Any] = []
    /// Diagnostics raised inside the current critical section: the handler is user code, so it
    /// runs after the lock is released.
    @exclusivity(unchecked) private var deferredDiagnostics: [BindingDiagnostic] = []


    /// Runs `body` with the graph lock held, then releases what it let go of.
    ///
    /// - Parameter thread: The calling thread's state, when the caller has it already (the
    ///   update path), to save looking it up again.
    ///
    /// The lock is not re-entrant, and nothing inside it may take it again: whatever a critical
    /// section lets go of (which could run a deinit that unbinds) is buried until after it,
    /// and no user code runs inside it.
    ///
    /// Inlined, so that `body` is too: a closure that is not inlined captures what it uses, and
    /// a captured bind-time value (an endpoint's spec) is copied field by field.
    @inline(__always)
    func locked<Result>(thread: UnsafeMutablePointer<ThreadState>? = nil, _ body: () -> Result) -> Result {
        let thread = thread ?? ThreadState.current
        let tag = UInt(bitPattern: thread)
        assert(holder.load(ordering: .relaxed) != tag, "Bindery: the graph lock was taken again by its holder")
        lock.lock()
        holder.store(tag, ordering: .relaxed)
        let result = body()
        holder.store(0, ordering: .relaxed)
        if graveyard.isEmpty, buriedValues.isEmpty, deferredDiagnostics.isEmpty {
            lock.unlock()
        } else {
            unlockReleasing(thread)
        }
        return result
    }

    /// Releases the lock, then what the critical section buried, then raises the diagnostics it
    /// held back.
    @inline(never)
    private func unlockReleasing(_ thread: UnsafeMutablePointer<ThreadState>) {
        // What was buried is released after the lock is; the graveyard goes on in the thread's
        // spare buffer (empty, with room), and the emptied one becomes the spare.
        var released: [AnyObject] = []
        swap(&released, &graveyard)
        swap(&graveyard, &thread.pointee.spareGraveyard.pointee)
        var values: [Any] = []
        if !buriedValues.isEmpty { swap(&values, &buriedValues) }
        var diagnostics: [BindingDiagnostic] = []
        if !deferredDiagnostics.isEmpty { swap(&diagnostics, &deferredDiagnostics) }
        lock.unlock()
        // Deinits run here, and may bind or unbind: no access to the thread's state is open.
        // A few, one at a time: `removeAll(keepingCapacity:)` goes through the generic
        // `replaceSubrange`, about 150 instructions for the three objects a bind + unbind buries,
        // and is cheaper only for longer lists.
        if released.count <= 4 {
            while released.popLast() != nil {}
        } else {
            released.removeAll(keepingCapacity: true)
        }
        if released.capacity <= 256 { thread.pointee.spareGraveyard.pointee = consume released }
        // Kept to here explicitly: the optimiser may otherwise end a local's lifetime at its last
        // use, the swap above, and release what it holds before the lock is (a deinit there that
        // takes the lock would wait for itself).
        withExtendedLifetime(values) {}
        for diagnostic in diagnostics { Diagnostics.emit(diagnostic) }
    }

    /// Keeps `object` alive until the current critical section ends. Lock held.
    func buryLocked(_ object: consuming AnyObject) {
        assertLocked()
        graveyard.append(consume object)
    }

    /// Keeps `objects` alive until the current critical section ends. Lock held.
    func buryLocked(contentsOf objects: [AnyObject]) {
        assertLocked()
        graveyard.append(contentsOf: objects)
    }

    /// Keeps `value` (and what it holds) alive until the current critical section ends: for
    /// what is not an object (see `buryLocked(_:)`). Lock held.
    func buryValueLocked(_ value: consuming Any) {
        assertLocked()
        buriedValues.append(consume value)
    }

    /// The tag of the thread that holds the graph lock (`ThreadState.tag`), or 0: for a
    /// diagnostic of a hang.
    var holderTag: UInt { holder.load(ordering: .relaxed) }

    /// Whether the calling thread holds the graph lock.
    var isHeldByCurrentThread: Bool {
        holder.load(ordering: .relaxed) == ThreadState.tag
    }

    /// Checks, in debug builds, that the calling thread holds the graph lock.
    @inline(__always)
    func assertLocked(file: StaticString = #fileID, line: UInt = #line) {
        assert(isHeldByCurrentThread, "Bindery: the graph lock must be held here", file: file, line: line)
    }

    /// `assertLocked()` without an instance: in release builds it does not even reach for
    /// `shared` (each reach for a lazily made global is a call).
    @inline(__always)
    static func assertLocked(file: StaticString = #fileID, line: UInt = #line) {
        assert(shared.isHeldByCurrentThread, "Bindery: the graph lock must be held here", file: file, line: line)
    }

    /// Holds `diagnostic` back until the current critical section ends. Lock held.
    func deferLocked(_ diagnostic: BindingDiagnostic) {
        deferredDiagnostics.append(diagnostic)
    }
}
