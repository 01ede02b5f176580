/// A list computed from another by `filter`, `sorted(by:)` or `map`, kept up to date element by
/// element: each change of the list it reads, and each set of a property its closure read of
/// an element, reaches it as the steps of its own result, in O(log n) each.
///
/// ```swift
/// let todos = DynamicList<Todo>()
/// let open: DerivedList<Todo> = todos.filter { !$0.done }      // follows each todo's `done`
/// let byTitle = open.sorted { $0.title < $1.title }             // a todo whose title changes moves
/// let rows = byTitle.map { TodoRow(todo: $0) }                  // made once per todo, kept while it stays
/// Bind.in(rows, \.elements).out(listWidget)                     // row by row, like any list
/// let left = Derived { open.count }                             // heard when the count changes
/// print(left.value)
/// ```
///
/// It is a `RandomAccessCollection` and a list sender as ``DynamicList`` is: bind
/// ``elements``, read it (or ``count``, `isEmpty`, the subscript, iteration) inside a derived
/// value, and apply more operators to it. Where the context asks for an `Array`
/// (`let a: [Todo] = todos.filter { … }`), Swift's own methods apply instead: a one-off result.
///
/// **What is tracked.** The closure's reads of observable properties (of `@Dynamic` objects,
/// ``Dynamic`` boxes, derived values) are tracked per element: a set re-runs the closure on that
/// element only, and sends at most one step: an insertion or a removal through `filter`, a move
/// through `sorted(by:)`, an update through `map`. `sorted(by:)` listens to what its comparison
/// reads of an element compared with itself; equal elements keep their source order, as
/// `Array.sorted(by:)`'s. A change of the source costs O(k log n) for its k steps; nothing
/// re-runs over the whole list but a reset.
///
/// **Threads.** The nonisolated forms take a `@Sendable` closure, run on the thread that made
/// the change, never on two threads at once, with no Bindery lock held; the `@MainActor` forms
/// run theirs on the main actor only. Receivers get the changes in order; main-actor receivers
/// on the main actor.
///
/// **Lifetime.** It holds a ``DynamicList`` it reads weakly, and another derived list strongly,
/// so that a chain of operators lives as long as its last one. Nothing else retains it but its
/// user, a chain it sends into (while that chain lives) and, between a change of what it reads
/// and the evaluation that follows, the thread that made the change; when it goes, it stops
/// listening.
/// `map`'s results are kept while their elements stay, and released when they leave.
public final class DerivedList<Element>: DynamicObject, RandomAccessCollection {
    // `storage`, `version`, `log` and `notifiedCount` are behind `lock`, never held while user
    // code runs; `operation` is used by the evaluation, which is exclusive (see `DerivedNode`),
    // and by the initialiser and deinit.

    /// The list's registrar. Not API. A chain the list sends into keeps it alive.
    public let _$registrar: _ChangeRegistrar
    /// What schedules the list's evaluations and orders it after the list it reads (see
    /// `DerivedNode`).
    let node: OwnedDerivedNode<DerivedList>
    private let lock = Lock()
    @exclusivity(unchecked) private var storage: [Element] = []
    @exclusivity(unchecked) private var version: UInt64 = 0
    @exclusivity(unchecked) private var log = ListLog<Element>()
    @exclusivity(unchecked) private var notifiedCount = 0
    @exclusivity(unchecked) private var operation: AnyListOperation<Element>
    /// The derived list this one reads, kept alive by it.
    private let upstream: AnyObject?

    init(label: String, operation: AnyListOperation<Element>, source: some ListOperand, isMainActor: Bool) {
        let registrar = _ChangeRegistrar(keepingSendersObject: true)
        self.operation = operation
        // The list above is kept through its owner: its node alone would let the list go.
        upstream = source.operandOwner
        _$registrar = registrar
        node = OwnedDerivedNode(label: label, tracker: ReadTracker(), isMainActor: isMainActor, registrar: registrar)
        node.attach(to: self)
        if let above = source.operandNode { node.setHeight(above.height + 1) }
        let first = operation.attach(to: node)
        storage = first
        notifiedCount = first.count
    }

    deinit {
        operation.stop()
    }

    /// The elements, as a snapshot: binding `\.elements` makes the list a chain's sender. A
    /// read inside a derived value's evaluation is tracked.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }, \.elements).out(todoView)
    /// ```
    public var elements: [Element] {
        _$registrar.access(self, keyPath: Self.elementsPath, slot: 0, after: 0)
        return snapshot
    }

    /// The elements, read as Bindery reads them: not tracked, not reported to Observation.
    var snapshot: [Element] { lock.withLock { storage } }

    /// The number of elements; a read inside a derived value's evaluation is heard only when
    /// the count changes.
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

    /// The element at `position`, which must be a valid index (as for an array). A read inside a
    /// derived value's evaluation is tracked as a read of ``elements``.
    ///
    /// - Parameter position: The index.
    public subscript(position: Int) -> Element {
        _$registrar.access(self, keyPath: Self.elementsPath, slot: 0, after: 0)
        return lock.withLock { storage[position] }
    }

    func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>, by _: DerivedNode) {
        let steps = operation.refresh()
        guard !steps.isEmpty else { return }
        let observed = _$registrar.willSet(self, keyPath: Self.elementsPath)
        // Many steps are not applied one by one to the array (each insertion or removal shifts
        // its tail): the whole result is read from the operation instead, in O(n).
        var rebuilt = steps.count > Self.stepsApplied ? operation.elements() : nil
        // What the steps let go of is released after the lock: a deinit is its element's code.
        var released: [Element] = []
        lock.lock()
        if rebuilt != nil {
            swap(&storage, &rebuilt!)      // the old array goes after the lock
        } else {
            for step in steps {
                switch step {
                case .remove(let index) where storage.indices.contains(index): released.append(storage[index])
                case .update(_, let index) where storage.indices.contains(index): released.append(storage[index])
                case .reset: released.append(contentsOf: storage)
                default: break
                }
                _ = ListChange<Element>.apply(step, to: &storage)
            }
        }
        version &+= 1
        let dropped = log.record(steps, as: version)
        let counted = storage.count != notifiedCount
        notifiedCount = storage.count
        lock.unlock()
        withExtendedLifetime((released, rebuilt, dropped)) {}
        _$registrar.didSet(self, keyPath: Self.elementsPath, slot: 0, after: 0, observed: observed)
        guard counted else { return }
        let countObserved = _$registrar.willSet(self, keyPath: Self.countPath)
        _$registrar.didSet(self, keyPath: Self.countPath, slot: 1, after: 0, observed: countObserved)
    }

    /// Up to this many steps, a change is applied to the array step by step; past it, the
    /// array is made again from the operation's result.
    private static var stepsApplied: Int { 16 }

    /// `\.elements` and `\.count`, made once (see `KeyPathCache`).
    private static var elementsPath: KeyPath<DerivedList, [Element]> { KeyPathCache.keyPath(0, of: DerivedList.self) { \.elements } }
    private static var countPath: KeyPath<DerivedList, Int> { KeyPathCache.keyPath(1, of: DerivedList.self) { \.count } }

    /// `\.elements`, in slot 0, and `\.count`, in slot 1. Not API.
    public static var _$dynamicProperties: [_DynamicProperty] {
        [
            _DynamicProperty(
                name: "elements", keyPath: \DerivedList<Element>.elements, slot: 0,
                accessor: _PropertyAccessor(\DerivedList<Element>.elements, get: { $0.snapshot }, placeholder: [])),
            _DynamicProperty(
                name: "count", keyPath: \DerivedList<Element>.count, slot: 1,
                accessor: _PropertyAccessor(\DerivedList<Element>.count, get: { list in list.lock.withLock { list.storage.count } })),
        ]
    }
}

extension DerivedList: DerivedNodeOwner {}

extension DerivedList: ListSource, ListOperand {
    func changes(since known: UInt64?) -> (elements: [Element], version: UInt64, steps: [ListChange<Element>.Step]?) {
        lock.withLock {
            (storage, version, known.flatMap { log.steps(after: $0, through: version) })
        }
    }

    var elementsKeyPath: AnyKeyPath { \DerivedList<Element>.elements }

    var operandNode: DerivedNode? { node }

    var operandOwner: AnyObject? { self }
}

extension DynamicList: ListOperand {
    var elementsKeyPath: AnyKeyPath { \DynamicList<Element>.elements }

    var operandNode: DerivedNode? { nil }

    var operandOwner: AnyObject? { nil }
}

// The storage, the version and the log are behind `lock`; the operation is the exclusive
// evaluation's (see `DerivedNode`); its closures are `@Sendable`, or isolated to the main actor
// and called only there. Elements cross threads, so they are `Sendable`.
extension DerivedList: @unchecked Sendable where Element: Sendable {}
