import Synchronization

/// One element of a list operator's source: its place in the operator's order (a
/// `ListOrderNode`), and the listeners of what the operator's closure read of it last.
class ListRecord: ListOrderNode {
    /// The operator's node, held weakly: its listeners must not keep it.
    final weak var node: DerivedNode?
    /// Where the record goes when one of its reads is set; the operator's, alive while the
    /// operator is (its listener takes the operator first, see `ElementReadListener`).
    final unowned(unsafe) let dirty: ListDirtyRecords
    /// Whether the record waits in `dirty`. Behind `dirty`'s lock.
    final var isDirty = false
    /// Whether the record left the source: a change heard since is dropped. Used by the
    /// operator's evaluation only.
    final var isRemoved = false
    /// The listeners of the closure's last reads of this element, in read order. Used by the
    /// operator's evaluation only.
    final var listeners: [(key: ReadTracker.Key, listener: ReadListener)] = []

    init(node: DerivedNode, dirty: ListDirtyRecords) {
        self.node = node
        self.dirty = dirty
    }
}

/// The records whose reads were set since the operator last evaluated: filled by their
/// listeners on the setting threads, emptied by the evaluation.
final class ListDirtyRecords: @unchecked Sendable {
    // @unchecked: `records` and each record's `isDirty` are behind `lock`.
    private let lock = Lock()
    @exclusivity(unchecked) private var records: [ListRecord] = []

    /// Adds `record`, unless it waits already.
    func add(_ record: ListRecord) {
        lock.withLock {
            guard !record.isDirty else { return }
            record.isDirty = true
            records.append(record)
        }
    }

    /// Whether no record waits.
    var isEmpty: Bool { lock.withLock { records.isEmpty } }

    /// Takes every waiting record, in the order their reads were set.
    func take() -> [ListRecord] {
        lock.withLock {
            guard !records.isEmpty else { return [] }
            for record in records { record.isDirty = false }
            defer { records = [] }
            return records
        }
    }
}

/// The listener of one read a list operator's closure made of one element: a set marks the
/// element's record dirty and schedules the operator, which evaluates that element only.
final class ElementReadListener: ReadListener {
    override func heard(by target: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {
        let record = unsafeDowncast(target, to: ListRecord.self)
        // A record that left its source meanwhile is dropped by the evaluation, whose thread
        // alone reads `isRemoved`. The operator is held while `dirty` is used: the node may
        // outlive it for a moment (a schedule holds it), `dirty` may not.
        guard let node = record.node, let operatorList = node.retainedOwner() else { return }
        record.dirty.add(record)
        node.inputChanged(thread, keeping: operatorList)
    }
}

/// What a ``DerivedList`` computes, whatever its source's element type: its first elements, then
/// the steps of each change.
class AnyListOperation<Output> {
    /// Starts listening to the source for `node`, the ``DerivedList``, and makes the first
    /// elements; the operator's closure runs on each.
    func attach(to node: DerivedNode) -> [Output] { [] }

    /// The steps from the elements last made to the ones now, from the source's changes and
    /// the elements whose reads were set; empty when nothing changed.
    func refresh() -> [ListChange<Output>.Step] { [] }

    /// The whole output, as it stands after the last `refresh()`.
    func elements() -> [Output] { [] }

    /// Stops listening to everything (the operator is going).
    func stop() {}
}

/// A list operator over a source of `Source` elements: the bookkeeping every operator shares.
/// It listens to its source's elements and takes its changes as steps since the version it
/// has (see `ListSource`); it runs its closure on each element with the reads tracked, and
/// listens to them per element; a set of one of them makes that element's record dirty, and
/// the next evaluation runs the closure on that element only.
///
/// Subclasses implement the steps: `rebuild` (the whole source), `insert`, `remove`, `move`,
/// `update` (a source step at source indices) and `reevaluate` (a dirty record). They append
/// their output steps to `output`. Used by one evaluation at a time (see `DerivedNode`), with no
/// lock held while the closure runs.
class ListOperation<Source, Output>: AnyListOperation<Output> {
    /// The source, held weakly: an operator does not keep what it reads.
    private weak var sourceObject: AnyObject?
    private let changes: (UInt64?) -> (elements: [Source], version: UInt64, steps: [ListChange<Source>.Step]?)?
    private var sourceVersion: UInt64?
    /// The listener of the source's elements.
    private var sourceListener: ReadListener?
    /// The records whose reads were set.
    final let dirty = ListDirtyRecords()
    /// The records in source order.
    final var sourceOrder = ListOrderTree()
    /// Records the closure's reads of one element at a time, and listens to each new one at
    /// once, for `trackedRecord` (see `ReadTracker.makeListener`).
    private let tracker = ReadTracker()
    /// The record whose element the closure runs on.
    private var trackedRecord: ListRecord?
    /// Listeners made or dropped by this evaluation, subscribed and cancelled together.
    private var added: [ReadListener] = []
    private var dropped: [ReadListener] = []
    /// The steps of the evaluation running.
    final var output: [ListChange<Output>.Step] = []
    /// The operator's node (the `DerivedList`'s), weakly: records schedule it.
    final weak var node: DerivedNode?

    init(source: some ListOperand<Source>) {
        sourceObject = source
        changes = { [weak source] known in source?.changes(since: known) }
        super.init()
        tracker.makeListener = { [unowned self] read in ElementReadListener(read, for: trackedRecord.unsafelyUnwrapped) }
    }

    /// Listens to the source for `node`, then reads it.
    override final func attach(to node: DerivedNode) -> [Output] {
        self.node = node
        // Listening first: a change made while the source is read is heard after.
        if let source = sourceObject as? any ListOperand<Source> {
            let registrar = source._$registrar
            let listener = node.listener(
                of: ReadTracker.Read(registrar: registrar, slot: 0, object: source, keyPath: source.elementsKeyPath, hearing: .slot(registrar, 0)))
            sourceListener = listener
            GraphLock.shared.locked { listener.subscribeLocked() }
        }
        return start()
    }

    private final func start() -> [Output] {
        guard let (elements, version, _) = changes(nil) else { return [] }
        sourceVersion = version
        output = []
        rebuild(elements)
        didRefresh()
        output = []
        flushListeners()
        return current()
    }

    override final func refresh() -> [ListChange<Output>.Step] {
        output = []
        let changed = dirty.take().filter { !$0.isRemoved }
        let pulled = changes(sourceVersion)
        let hasSourceSteps = pulled.map { $0.version != sourceVersion } ?? false
        willRefresh(changed, hasSourceSteps: hasSourceSteps)
        if let (elements, version, steps) = pulled, hasSourceSteps {
            sourceVersion = version
            if let steps {
                for step in steps { apply(step) }
            } else {
                rebuild(elements)
                output = [.reset(current())]
            }
        }
        for record in changed where !record.isRemoved {
            reevaluate(record)
        }
        didRefresh()
        flushListeners()
        defer { output = [] }
        return output
    }

    override final func elements() -> [Output] { current() }

    override final func stop() {
        var listeners = sourceListener.map { [$0] } ?? []
        sourceListener = nil
        for case let record as ListRecord in sourceOrder.nodes() {
            record.isRemoved = true
            listeners += record.listeners.map(\.listener)
            record.listeners = []
        }
        listeners += added
        added = []
        sourceOrder.removeAll()
        removeAllRecords()
        GraphLock.shared.locked {
            for listener in listeners { listener.cancelLocked() }
            GraphLock.shared.buryLocked(contentsOf: listeners)
        }
    }

    private final func apply(_ step: ListChange<Source>.Step) {
        var target = self
        if !step.apply(to: &target) { resync() }
    }

    /// A step that does not fit (never for a source that keeps its contract): start again.
    private final func resync() {
        guard let (elements, version, _) = changes(nil) else { return }
        sourceVersion = version
        rebuild(elements)
        output.append(.reset(current()))
    }

    /// Runs `body` (the closure on `record`'s element) with its reads tracked, and makes
    /// `record` listen to exactly what it read.
    final func tracking<Result>(_ record: ListRecord, _ body: () -> Result) -> Result {
        tracker.expect(record.listeners.lazy.map(\.key))
        trackedRecord = record
        let result = tracker.recording(body)
        trackedRecord = nil
        if tracker.readsWhatIsHeard {
            tracker.finish()
            return result
        }
        var kept: [ReadTracker.Key: ReadListener] = [:]
        for subscription in record.listeners { kept[subscription.key] = subscription.listener }
        for (read, listening) in tracker.fresh {
            if let listening {
                kept[read.key] = listening
            } else {
                let listener = ElementReadListener(read, for: record)
                kept[read.key] = listener
                added.append(listener)
            }
        }
        var heard: [(key: ReadTracker.Key, listener: ReadListener)] = []
        for key in tracker.keys {
            if let listener = kept.removeValue(forKey: key) { heard.append((key, listener)) }
        }
        dropped.append(contentsOf: kept.values)
        record.listeners = heard
        tracker.finish()
        return result
    }

    /// Subscribes the listeners this evaluation made and cancels those it dropped, under one
    /// graph lock.
    private final func flushListeners() {
        guard !added.isEmpty || !dropped.isEmpty else { return }
        let added = self.added, dropped = self.dropped
        self.added = []
        self.dropped = []
        GraphLock.shared.locked {
            for listener in dropped { listener.cancelLocked() }
            for listener in added { listener.subscribeLocked() }
            GraphLock.shared.buryLocked(contentsOf: dropped)
        }
    }

    // MARK: What each operator does

    /// Starts again from `elements`: every record is made anew.
    func rebuild(_ elements: [Source]) {}
    /// The whole output, as it stands.
    func current() -> [Output] { [] }
    /// A source element inserted at `index` of the source.
    func insert(_ element: Source, at index: Int) {}
    /// `record` is leaving the source (still in `sourceOrder`).
    func remove(_ record: ListRecord) {}
    /// `record` moves to `index` of the source.
    func move(_ record: ListRecord, to index: Int) {}
    /// `record`'s element is now `element`.
    func update(_ record: ListRecord, to element: Source) {}
    /// `record`'s reads were set: run the closure on it again.
    func reevaluate(_ record: ListRecord) {}
    /// Before the source's steps: the records whose reads were set, which `reevaluate` gets
    /// after the steps, and whether there are steps.
    func willRefresh(_ changed: [ListRecord], hasSourceSteps: Bool) {}
    /// After the steps and the records whose reads were set.
    func didRefresh() {}
    /// Lets go of the operator's own order (besides `sourceOrder`).
    func removeAllRecords() {}

    /// Drops every record of the last build: their listeners are cancelled.
    final func dropAllRecords() {
        for case let record as ListRecord in sourceOrder.nodes() {
            record.isRemoved = true
            for subscription in record.listeners { dropped.append(subscription.listener) }
            record.listeners = []
        }
        sourceOrder.removeAll()
        removeAllRecords()
    }
}

/// What a list operator reads: a ``DynamicList`` or a ``DerivedList``.
protocol ListOperand<Element>: ListSource, DynamicObject {
    /// `\.elements`, the property the operator listens to.
    var elementsKeyPath: AnyKeyPath { get }
    /// The node of the derived list the operand is, if any: an operator evaluates after it.
    var operandNode: DerivedNode? { get }
    /// The derived list the operand is, if any: an operator keeps it alive.
    var operandOwner: AnyObject? { get }
}

extension ListOperation: ListStepTarget {
    // The source's steps, on the records kept in the source's order (the indices are checked
    // by `ListChange.Step.apply(to:)`).

    var stepCount: Int { sourceOrder.count }

    func stepInsert(_ element: Source, at index: Int) {
        insert(element, at: index)
    }

    func stepRemove(at index: Int) {
        let record = unsafeDowncast(sourceOrder.node(at: index), to: ListRecord.self)
        remove(record)
        record.isRemoved = true
        sourceOrder.remove(record)
        for subscription in record.listeners { dropped.append(subscription.listener) }
        record.listeners = []
    }

    func stepMove(from: Int, to: Int) {
        move(unsafeDowncast(sourceOrder.node(at: from), to: ListRecord.self), to: to)
    }

    func stepUpdate(_ element: Source, at index: Int) {
        update(unsafeDowncast(sourceOrder.node(at: index), to: ListRecord.self), to: element)
    }

    func stepReset(to elements: [Source]) {
        rebuild(elements)
        output.append(.reset(current()))
    }
}
