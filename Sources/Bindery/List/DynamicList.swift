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
/// changes in the order they were made. That lock is never held while your code runs (a batch
/// body, a predicate, an element's `==` or deinit, the diagnostics handler), and receivers hear
/// of a change after it is released. Reading it element by element (``count``, the subscript)
/// while other threads mutate it is as racy as for any shared collection: read ``elements``, a
/// snapshot, instead.
///
/// **Derived values.** Every read is tracked: ``elements``, the subscript and iteration as a
/// read of the elements; ``count`` and `isEmpty` as a read of the count, which is heard only
/// when the count changes.
///
/// **Why not `RangeReplaceableCollection`.** That protocol's default methods may replace the
/// collection wholesale (`self = …`), which for a class would swap the object your bindings
/// hold. The list has the same mutating methods, each reporting its own steps.
///
/// **Retention.** A chain holds the list weakly, like any sender. Receivers bound to it keep
/// a version number, not the list; a chain's other receivers of the whole array hold the array
/// they were last sent, so the next mutation copies it (once).
public final class DynamicList<Element>: DynamicObject, RandomAccessCollection {
    // `storage`, `version`, `log`, `notifiedCount` and `batches` are behind `lock`, which is
    // held only by the list's own code: never while user code (an element's `==` or deinit, a
    // batch body, a predicate, the diagnostics handler) runs.

    /// The list's registrar. Not API.
    public let _$registrar = _ChangeRegistrar()
    private let lock = Lock()
    @exclusivity(unchecked) private var storage: [Element]
    @exclusivity(unchecked) private var version: UInt64 = 0
    @exclusivity(unchecked) private var log = ListLog<Element>()
    /// The count that readers of ``count`` last heard of.
    @exclusivity(unchecked) private var notifiedCount: Int
    /// The threads running a batch (their `ThreadState`'s address), each with whether its
    /// batch changed the list yet, and whether it changed the count.
    @exclusivity(unchecked) private var batches: [UInt: (changed: Bool, counted: Bool)] = [:]
    /// How many threads run a batch: a mutation looks for its thread's only when some do.
    private let batchCount = Atomic<Int>(0)
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
        notifiedCount = storage.count
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
            _$registrar.access(self, keyPath: Self.elementsPath, slot: 0, after: 0)
            return snapshot
        }
        set { replace(with: newValue) }
    }

    /// The elements, read as Bindery reads them: not tracked, not reported to Observation.
    var snapshot: [Element] { lock.withLock { storage } }

    // MARK: Collection

    /// The number of elements. A read inside a derived value's evaluation is tracked, and heard
    /// only when the count changes (not when an element is updated or moved).
    public var count: Int {
        _$registrar.access(self, keyPath: Self.countPath, slot: 1, after: 0)
        return lock.withLock { storage.count }
    }

    /// Whether the list is empty; tracked as ``count`` is.
    public var isEmpty: Bool { count == 0 }

    /// 0.
    public var startIndex: Int { 0 }

    /// ``count``.
    public var endIndex: Int { count }

    /// The element at `position`, which must be a valid index (as for an array); setting it
    /// reports an update, and an index out of range is reported and ignored. A read inside a
    /// derived value's evaluation is tracked as a read of ``elements``.
    ///
    /// - Parameter position: The index.
    ///
    /// ```swift
    /// todos[0].done = true          // one step: update at 0
    /// ```
    public subscript(position: Int) -> Element {
        get {
            _$registrar.access(self, keyPath: Self.elementsPath, slot: 0, after: 0)
            return lock.withLock { storage[position] }
        }
        set { update(newValue, at: position) }
    }

    // MARK: Mutation

    /// Runs `body` as one change: every mutation it makes, through its argument or through the
    /// list itself on this thread, is one step of a single change that receivers get when
    /// `body` returns.
    ///
    /// The body runs with no Bindery lock held: it may read the list, bind, or wait for other
    /// threads. Each of its mutations is applied at once, as the list stands then; another
    /// thread's mutation made while the body runs is applied between two of its steps, and is
    /// delivered as made: receivers then get the batch's steps in more than one change, always
    /// in the order the list changed. A batch inside a batch joins it. If `body` throws, the
    /// steps made so far stay, and are sent.
    ///
    /// - Parameter body: The mutations, given the list.
    /// - Throws: What `body` throws.
    ///
    /// ```swift
    /// todos.batch { $0.remove(at: 0); $0.insert(milk, at: 5) }     // one change of two steps
    /// ```
    public func batch(_ body: (DynamicList<Element>) throws -> Void) rethrows {
        let thread = Self.currentThread
        if isBatching(thread) {
            try body(self)
            return
        }
        let observed = _$registrar.willSet(self, keyPath: Self.elementsPath)
        lock.withLock { batches[thread] = (false, false) }
        batchCount.add(1, ordering: .relaxed)
        defer {
            let made = lock.withLock { batches.removeValue(forKey: thread) }
            batchCount.subtract(1, ordering: .relaxed)
            if let made, made.changed { changed(observed, count: made.counted) }
        }
        try body(self)
    }

    /// Whether `thread` runs a batch of this list.
    private func isBatching(_ thread: UInt) -> Bool {
        batchCount.load(ordering: .relaxed) != 0 && lock.withLock { batches[thread] != nil }
    }

    /// An index a mutation was given that does not fit the list, reported once the list's lock
    /// is released.
    struct IndexProblem {
        let index: Int
        let count: Int
        let operation: String
    }

    /// Applies `edit` as one change (or as part of this thread's batch): `edit` mutates the
    /// storage and appends its steps; it runs no user code, and returns the index it could not
    /// use, if any, which is reported with the lock released. With `ifVersion`, applied only if
    /// the list is still at that version; returns whether it was applied.
    @discardableResult
    func mutate(
        ifVersion expected: UInt64? = nil,
        _ edit: (inout [Element], inout [ListChange<Element>.Step]) -> IndexProblem?
    ) -> Bool {
        let thread = Self.currentThread
        let batching = isBatching(thread)
        let observed = batching ? 0 : _$registrar.willSet(self, keyPath: Self.elementsPath)
        var steps: [ListChange<Element>.Step] = []
        var problem: IndexProblem?
        var counted = false
        var released: [ListChange<Element>.Step] = []
        defer { withExtendedLifetime(released) {} }
        lock.lock()
        if let expected, expected != version {
            lock.unlock()
            return false
        }
        problem = edit(&storage, &steps)
        if !steps.isEmpty {
            version &+= 1
            released = log.record(steps, as: version)
            counted = storage.count != notifiedCount
            notifiedCount = storage.count
            if batching, let made = batches[thread] { batches[thread] = (true, made.counted || counted) }
        }
        lock.unlock()
        if let problem { Report.listIndex(problem.index, count: problem.count, problem.operation) }
        if !steps.isEmpty, !batching { changed(observed, count: counted) }
        return true
    }

    /// Replaces the whole list: the steps are found outside the lock (identities and `==` are
    /// the elements' code), against the list as it was then, and found again if another thread
    /// changed it meanwhile.
    private func replace(with new: [Element]) {
        while true {
            let (old, seen) = lock.withLock { (storage, version) }
            let steps = steps(from: old, to: new)
            let applied = mutate(ifVersion: seen) { storage, made in
                storage = new
                made = steps
                return nil
            }
            // The old elements go here, with the lock released: their deinit is their code.
            withExtendedLifetime(old) {}
            if applied { return }
        }
    }

    private func steps(from old: [Element], to new: [Element]) -> [ListChange<Element>.Step] {
        guard let diff else { return old.isEmpty && new.isEmpty ? [] : [.reset(new)] }
        return diff(old, new)
    }

    /// Tells Observation and the chains that the list changed, and its count if `count`.
    private func changed(_ observed: UInt64, count: Bool) {
        _$registrar.didSet(self, keyPath: Self.elementsPath, slot: 0, after: 0, observed: observed)
        guard count else { return }
        let counted = _$registrar.willSet(self, keyPath: Self.countPath)
        _$registrar.didSet(self, keyPath: Self.countPath, slot: 1, after: 0, observed: counted)
    }

    /// The list and its version, read together.
    func versioned() -> (elements: [Element], version: UInt64) {
        lock.withLock { (storage, version) }
    }

    private static var currentThread: UInt { UInt(bitPattern: ThreadState.current) }

    // MARK: Plumbing

    /// `\.elements` and `\.count`, made once (see `KeyPathCache`).
    private static var elementsPath: KeyPath<DynamicList, [Element]> { KeyPathCache.keyPath(0, of: DynamicList.self) { \.elements } }
    private static var countPath: KeyPath<DynamicList, Int> { KeyPathCache.keyPath(1, of: DynamicList.self) { \.count } }

    /// `\.elements`, in slot 0, and `\.count`, in slot 1. Not API.
    public static var _$dynamicProperties: [_DynamicProperty] {
        [
            _DynamicProperty(
                name: "elements", keyPath: \DynamicList<Element>.elements, slot: 0,
                accessor: _PropertyAccessor(
                    \DynamicList<Element>.elements, get: { $0.snapshot }, set: { $0.elements = $1 }, placeholder: [])),
            _DynamicProperty(
                name: "count", keyPath: \DynamicList<Element>.count, slot: 1,
                accessor: _PropertyAccessor(\DynamicList<Element>.count, get: { list in list.lock.withLock { list.storage.count } })),
        ]
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
