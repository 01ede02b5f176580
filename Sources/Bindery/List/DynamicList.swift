import Synchronization

/// An observable array whose mutations report themselves as steps: list receivers bound to it
/// get each change in O(changes), with no diff.
///
/// ```swift
/// let todos = DynamicList<Todo>()
/// Bind.in(todos, \.elements).out(todoView)        // or (todos, \.elements) ~> todoView
/// todos.append(Todo(id: 7, title: "milk"))        // todoView gets one step: insert at the end
/// todos.move(from: 0, to: 0)
/// todos.batch { $0.remove(at: 0); $0.append(Todo(id: 8, title: "eggs")) }   // one change, two steps
/// ```
///
/// ``elements`` is its one property: bind it wherever an observable array property goes (a
/// chain's sender, an operator's left side, a derived value's read), and set it to replace
/// the whole list, which is compared with the list it replaces by identity (`id`, then object
/// identity, then the value of a `Hashable` element; any other element type is a reset).
///
/// **Threads.** Any thread may mutate it. Mutations are serialised by the list's own lock, so
/// each one applies to the list as the one before left it, and every receiver gets the
/// changes in the order they were made; no Bindery engine lock is held, and receivers hear of
/// a change after the list's lock is released. Reading it element by element (``count``, the
/// subscript) while other threads mutate it is as racy as for any shared collection: read
/// ``elements``, a snapshot, instead.
///
/// **Why not `RangeReplaceableCollection`.** That protocol's default methods may replace the
/// collection wholesale (`self = …`), which for a class would swap the object your bindings
/// hold. The list has the same mutating methods, each reporting its own steps.
///
/// **Retention.** A chain holds the list weakly, like any sender. Receivers bound to it keep
/// a version number, not the list; a chain's other receivers of the whole array hold the array
/// they were last sent, so the next mutation copies it (once).
public final class DynamicList<Element>: DynamicObject, RandomAccessCollection {
    // `storage`, `version` and `log` are behind `lock`, which a batch holds for its body; the
    // batch's thread (`batchThread`) uses them directly while it runs, and no other thread can.

    /// The list's registrar. Not API.
    public let _$registrar = _ChangeRegistrar()
    private let lock = Lock()
    @exclusivity(unchecked) private var storage: [Element]
    @exclusivity(unchecked) private var version: UInt64 = 0
    @exclusivity(unchecked) private var log = ListLog<Element>()
    /// The thread that runs a batch (its `ThreadState`'s address), or 0.
    private let batchThread = Atomic<UInt>(0)
    @exclusivity(unchecked) private var batchSteps: [ListChange<Element>.Step] = []
    /// How a whole new list is compared with the one it replaces; nil: a reset.
    private let diff: (([Element], [Element]) -> [ListChange<Element>.Step])?

    /// An empty list.
    ///
    /// ```swift
    /// let todos = DynamicList<Todo>()
    /// todos.append(milk)
    /// ```
    public convenience init() {
        self.init([])
    }

    /// A list of `elements`.
    ///
    /// - Parameter elements: The first elements.
    ///
    /// ```swift
    /// let names = DynamicList(["ann", "bob"])
    /// names.append("cy")
    /// ```
    public init(_ elements: some Sequence<Element>) {
        storage = Array(elements)
        diff = ListIdentity.diff(for: Element.self)
    }

    /// The elements, as a snapshot: binding `\.elements` makes the list a chain's sender.
    ///
    /// Setting it replaces the whole list; receivers get the steps from the old list to the
    /// new one, found by identity (or a reset for elements that cannot be told apart). A read
    /// inside a derived value's evaluation is tracked.
    ///
    /// ```swift
    /// todos.elements = todos.elements.sorted { $0.title < $1.title }   // moves
    /// ```
    public var elements: [Element] {
        get {
            _$registrar.access(self, keyPath: \.elements, slot: 0, after: 0)
            return snapshot
        }
        set { replace(with: newValue) }
    }

    /// The elements, read as Bindery reads them: not tracked, not reported to Observation.
    var snapshot: [Element] { read { $0 } }

    // MARK: Collection

    /// The number of elements.
    public var count: Int { read { $0.count } }

    /// 0.
    public var startIndex: Int { 0 }

    /// ``count``.
    public var endIndex: Int { count }

    /// The element at `position`, which must be a valid index (as for an array); setting it
    /// reports an update, and an index out of range is reported and ignored.
    ///
    /// - Parameter position: The index.
    ///
    /// ```swift
    /// todos[0].done = true          // one step: update at 0
    /// ```
    public subscript(position: Int) -> Element {
        get { read { $0[position] } }
        set { update(newValue, at: position) }
    }

    // MARK: Mutation

    /// Runs `body` as one change: every mutation it makes, through its argument or through the
    /// list itself on this thread, is one step of a single change that receivers get when
    /// `body` returns.
    ///
    /// The body runs with the list's own lock held (no Bindery engine lock): another thread's
    /// mutation waits until it returns. It must not wait for another thread that uses this
    /// list. A batch inside a batch joins it. If `body` throws, the steps made so far stay,
    /// and are sent.
    ///
    /// - Parameter body: The mutations, given the list.
    /// - Throws: What `body` throws.
    ///
    /// ```swift
    /// todos.batch { $0.remove(at: 0); $0.insert(milk, at: 5) }     // one change of two steps
    /// ```
    public func batch(_ body: (DynamicList<Element>) throws -> Void) rethrows {
        let thread = Self.currentThread
        if batchThread.load(ordering: .relaxed) == thread {
            try body(self)
            return
        }
        let observed = _$registrar.willSet(self, keyPath: \.elements)
        lock.lock()
        batchThread.store(thread, ordering: .relaxed)
        defer {
            batchThread.store(0, ordering: .relaxed)
            let steps = batchSteps
            batchSteps = []
            if !steps.isEmpty { commitLocked(steps) }
            lock.unlock()
            if !steps.isEmpty { changed(observed) }
        }
        try body(self)
    }

    /// Applies `edit` as one change (or as part of this thread's batch): `edit` mutates the
    /// storage and appends its steps; it runs no user code.
    func mutate(_ edit: (inout [Element], inout [ListChange<Element>.Step]) -> Void) {
        if batchThread.load(ordering: .relaxed) == Self.currentThread {
            edit(&storage, &batchSteps)
            return
        }
        let observed = _$registrar.willSet(self, keyPath: \.elements)
        lock.lock()
        var steps: [ListChange<Element>.Step] = []
        edit(&storage, &steps)
        if !steps.isEmpty { commitLocked(steps) }
        lock.unlock()
        if !steps.isEmpty { changed(observed) }
    }

    /// Replaces the whole list: the steps are found outside the lock (identities and `==` are
    /// the elements' code), against the list as it was then, and found again if another thread
    /// changed it meanwhile.
    private func replace(with new: [Element]) {
        if batchThread.load(ordering: .relaxed) == Self.currentThread {
            batchSteps.append(contentsOf: steps(from: storage, to: new))
            storage = new
            return
        }
        while true {
            let (old, seen) = lock.withLock { (storage, version) }
            let steps = steps(from: old, to: new)
            let observed = _$registrar.willSet(self, keyPath: \.elements)
            lock.lock()
            guard version == seen else {
                lock.unlock()
                continue
            }
            storage = new
            if !steps.isEmpty { commitLocked(steps) }
            lock.unlock()
            // The old elements go here, with the lock released: their deinit is their code.
            withExtendedLifetime(old) {}
            if !steps.isEmpty { changed(observed) }
            return
        }
    }

    private func steps(from old: [Element], to new: [Element]) -> [ListChange<Element>.Step] {
        guard let diff else { return old.isEmpty && new.isEmpty ? [] : [.reset(new)] }
        return diff(old, new)
    }

    /// Records a change's steps as the next version. Lock held.
    private func commitLocked(_ steps: [ListChange<Element>.Step]) {
        version &+= 1
        log.record(steps, as: version)
    }

    /// Tells Observation and the chains that the list changed.
    private func changed(_ observed: UInt64) {
        _$registrar.didSet(self, keyPath: \.elements, slot: 0, after: 0, observed: observed)
    }

    /// Reads the storage: directly on the thread running a batch, with the lock otherwise.
    private func read<Result>(_ body: ([Element]) -> Result) -> Result {
        if batchThread.load(ordering: .relaxed) == Self.currentThread { return body(storage) }
        return lock.withLock { body(storage) }
    }

    private static var currentThread: UInt { UInt(bitPattern: ThreadState.current) }

    // MARK: Plumbing

    /// `\.elements`, in slot 0. Not API.
    public static var _$dynamicProperties: [_DynamicProperty] {
        [_DynamicProperty(
            name: "elements", keyPath: \DynamicList<Element>.elements, slot: 0,
            accessor: _PropertyAccessor(\DynamicList<Element>.elements, get: { $0.snapshot }, set: { $0.elements = $1 }))]
    }
}

extension DynamicList: ListSource {
    func changes(since known: UInt64?) -> (elements: [Element], version: UInt64, steps: [ListChange<Element>.Step]?) {
        lock.withLock {
            (storage, version, known.flatMap { log.steps(after: $0, through: version) })
        }
    }
}

// The storage, the version and the log are behind `lock` (see `DynamicList`); elements cross
// threads, so they are `Sendable`.
extension DynamicList: @unchecked Sendable where Element: Sendable {}

/// A sender that knows its changes as steps (a ``DynamicList``): a list receiver's feed asks it
/// for the steps since the version the receiver has, instead of comparing lists.
protocol ListSource<Element>: AnyObject {
    associatedtype Element
    /// The list now, its version, and the steps to it from version `known`; nil steps when
    /// they are not known (the log no longer reaches back, or `known` is nil).
    func changes(since known: UInt64?) -> (elements: [Element], version: UInt64, steps: [ListChange<Element>.Step]?)
}
