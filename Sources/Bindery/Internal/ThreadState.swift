internal import BinderyRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What Bindery keeps per thread: an identity for chain ownership, and the causal depth of
/// the dispatch the thread is running (the bound on runaway cycles, see the Guarantees article).
struct ThreadState {
    /// How deep the change being dispatched on this thread sits in a chain of causes: 0 for a
    /// change made by user code outside any dispatch.
    var depth: Int = 0
    /// How many dispatches this thread is nested in.
    var nesting: Int = 0
    /// The endpoint this thread is writing for its chain right now, as the chain's owner or as
    /// a main-actor write queued by one: a change it hears meanwhile is that write's echo, and
    /// is ignored (see <doc:Guarantees#Loops>). Bindery's one echo guard: scoped to the write
    /// (saved and put back around it, so that writes nest), never per object or sticky. The
    /// endpoint is named by one word, as a registrar's table names a listener: its host's
    /// address, with the record it is in the host in the bits above every address (0 while
    /// every endpoint is a host of its own); 0 when the thread writes none.
    var writing: UInt = 0
    /// Whether Bindery itself is reading properties through their getters (a key path across
    /// several objects): a `@Dynamic` object read then gets no `ObservationRegistrar` (see
    /// `_ChangeRegistrar.access(_:keyPath:)`).
    var readsUntracked = false
    /// Whether `dispatchEnd` has work to do when the outermost dispatch ends (derived values to
    /// evaluate): the one thing a dispatch's end tests for it.
    var hasPendingDerived = false
    /// How many slots with several listeners this thread is notifying one listener at a time:
    /// derived values wait until every listener has heard (see `DerivedSchedule`).
    var notifyingSeveral = 0
    /// An empty buffer with room, swapped with the registry's graveyard when this thread's
    /// critical section buried something, so that burying allocates nothing in steady state
    /// (see `Registry.locked`). Behind a pointer so that copying the state (as a dispatch
    /// does to restore its depth) retains nothing.
    let spareGraveyard: UnsafeMutablePointer<[AnyObject]> = {
        let spare = UnsafeMutablePointer<[AnyObject]>.allocate(capacity: 1)
        spare.initialize(to: [])
        return spare
    }()
    /// This thread's coalescing transaction, made by the first `Coalesce.begin()` or held-back
    /// call on the thread (see `CoalesceTransaction`, a layer above, which keeps it here). The
    /// state holds references (this, `memo` and `dispatchEnd`): save the fields a dispatch
    /// changes, never a copy of the whole state, which would retain and release them on every
    /// update.
    var coalescing: AnyObject?
    /// Bind-time answers this thread has had (see `ThreadMemo`).
    let memo = ThreadMemo()
    /// What this thread does when its outermost dispatch ends: the derived values it scheduled
    /// (see `DerivedSchedule`, a layer above, which puts itself here when it first schedules
    /// one and sets `hasPendingDerived`).
    var dispatchEnd: (any DispatchEndWork)?
    /// Whether this is the process's first thread, the one that runs `main` (see
    /// `MainQueue.isCurrent`). Asked once per thread.
    let isFirstThread = bindery_is_first_thread()

    /// The depth of a change this thread makes now: one more than the change it is
    /// dispatching, or 0 outside any dispatch.
    var causalDepth: Int { nesting > 0 ? depth + 1 : 0 }

    /// The calling thread's state. The pointer's address doubles as the thread's ownership tag
    /// (never zero, low bit clear).
    ///
    /// Kept in a C thread-local variable, read with one load on every update; also set under a
    /// pthread key, whose destructor frees the state when the thread exits.
    @inline(__always)
    static var current: UnsafeMutablePointer<ThreadState> {
        if let raw = bindery_thread_state() {
            return raw.assumingMemoryBound(to: ThreadState.self)
        }
        return makeCurrent()
    }

    /// Makes the calling thread's state, the first time the thread uses Bindery.
    @inline(never)
    private static func makeCurrent() -> UnsafeMutablePointer<ThreadState> {
        // A cache line (two, against adjacent-line prefetch) of its own: the state is written on
        // every update, and threads updating unrelated chains must not share a line.
        let state = UnsafeMutableRawPointer.allocate(byteCount: lineSize, alignment: lineSize)
            .bindMemory(to: ThreadState.self, capacity: 1)
        state.initialize(to: ThreadState())
        pthread_setspecific(key, state)
        bindery_set_thread_state(state)
        return state
    }

    /// Runs `read`, Bindery's own read of a property through its getter, so that it gives no
    /// `@Dynamic` object an `ObservationRegistrar`: Observation can only track what code
    /// outside Bindery reads.
    @inline(__always)
    static func readingUntracked<Result>(_ read: () -> Result) -> Result {
        let thread = current
        let saved = thread.pointee.readsUntracked
        thread.pointee.readsUntracked = true
        defer { thread.pointee.readsUntracked = saved }
        return read()
    }

    /// Runs main-actor work queued by a dispatch as that dispatch's next cause: changes it
    /// makes sit one level deeper than the change that queued it, so a cycle through main-actor
    /// work is bounded like any other (see <doc:Guarantees#Loops>), and a write to `writing`'s object does not
    /// echo.
    ///
    /// - Parameters:
    ///   - depth: The causal depth of the change that queued the work.
    ///   - writing: The name of the endpoint being written (see `writing`), or 0.
    ///   - work: The write or the block.
    static func runDeferred<Result>(depth: Int, writing: UInt, _ work: () -> Result) -> Result {
        let thread = current
        let result = dispatching(on: thread, at: depth) { self.writing(writing, on: thread, work) }
        endOfDispatch(thread)
        return result
    }

    /// What a thread does when a dispatch ends: if it was the outermost, and the change has
    /// reached every listener of its slot, evaluates the derived values it scheduled (see
    /// `DerivedSchedule`). One test otherwise.
    @inline(__always)
    static func endOfDispatch(_ thread: UnsafeMutablePointer<ThreadState>) {
        if _slowPath(thread.pointee.hasPendingDerived), thread.pointee.nesting == 0, thread.pointee.notifyingSeveral == 0 {
            thread.pointee.dispatchEnd.unsafelyUnwrapped.drain(thread)
        }
    }

    /// Runs `work`, which writes the endpoint named `endpoint` (see `writing`) for its chain,
    /// with `thread` marked as writing it, then puts the mark back.
    @inline(__always)
    static func writing<Result>(_ endpoint: UInt, on thread: UnsafeMutablePointer<ThreadState>, _ work: () -> Result) -> Result {
        let saved = thread.pointee.writing
        thread.pointee.writing = endpoint
        defer { thread.pointee.writing = saved }
        return work()
    }

    /// Runs `work` as a dispatch on `thread` whose change sits `depth` causes deep, then puts
    /// the thread's depth back: the one place a dispatch saves and restores it. Only the two
    /// fields are saved, never the whole state: copying the state would retain and release the
    /// references it holds, on every update (the benchmark row one-hop.dynamic).
    @inline(__always)
    static func dispatching<Result>(on thread: UnsafeMutablePointer<ThreadState>, at depth: Int, _ work: () -> Result) -> Result {
        let savedDepth = thread.pointee.depth, savedNesting = thread.pointee.nesting
        thread.pointee.depth = depth
        // Bounded by the stack (each level is a dispatch's frames): cannot overflow.
        thread.pointee.nesting &+= 1
        defer {
            thread.pointee.depth = savedDepth
            thread.pointee.nesting = savedNesting
        }
        return work()
    }

    /// The memory a thread's state takes: a multiple of the cache line that the state fits in.
    private static let lineSize = max(128, MemoryLayout<ThreadState>.stride)

    /// The ownership tag of the calling thread.
    static var tag: UInt { UInt(bitPattern: current) }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            let state = raw.assumingMemoryBound(to: ThreadState.self)
            #else
            guard let raw else { return }
            let state = raw.assumingMemoryBound(to: ThreadState.self)
            #endif
            // The destructor runs on the exiting thread: a later destructor (another key's)
            // that uses Bindery makes a new state, freed in a later round of destructors.
            bindery_set_thread_state(nil)
            state.pointee.spareGraveyard.deinitialize(count: 1)
            state.pointee.spareGraveyard.deallocate()
            state.pointee.memo.destroy()
            state.deinitialize(count: 1)
            UnsafeMutableRawPointer(state).deallocate()
        }
        precondition(status == 0, "Bindery: pthread_key_create failed (\(status))")
        return key
    }()
}

/// Work a layer above the engine does on a thread when its outermost dispatch ends (the derived
/// values' schedule): kept in `ThreadState.dispatchEnd`, so that the thread's state names
/// nothing above it.
protocol DispatchEndWork: AnyObject {
    /// Does the work; `thread` is the calling thread's state, its outermost dispatch just ended.
    func drain(_ thread: UnsafeMutablePointer<ThreadState>)
}
