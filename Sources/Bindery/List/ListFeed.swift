/// What one list receiver bound to a chain was sent, and the changes on their way to it: the
/// receiver's endpoint, which `Chain.out(_:)` adds for a ``ListReceiver``, is written through
/// `receive(_:)` with each value of the chain.
///
/// The chain writes its receivers one change at a time (see <doc:Guarantees#Threads>), so the feed
/// compares each value with the last one sent, on the changing thread, and the steps always
/// start from what the receiver will have. A main-actor receiver's changes wait in `pending`,
/// in order, and are applied on the main actor: at once when the change is made on the main
/// thread (after those still waiting), otherwise by a drain enqueued on the main queue.
final class ListFeed<Element>: @unchecked Sendable {
    // @unchecked: `sent`, `seedsFirst`, `pending`, `isScheduled`, `isDraining`,
    // `reportedDuplicates`, `source` and `sentVersion` are behind `lock`; the other fields never
    // change.

    /// The steps between two lists, and whether an identity appeared twice.
    typealias Diff = ([Element], [Element]) -> (steps: [ListChange<Element>.Step], hasDuplicates: Bool)
    /// Whether two elements of a list have one identity.
    typealias DuplicateTest = ([Element]) -> Bool

    private let lock = Lock()
    @exclusivity(unchecked) private var sent: [Element]?
    @exclusivity(unchecked) private var seedsFirst: Bool
    @exclusivity(unchecked) private var pending: [ListChange<Element>] = []
    @exclusivity(unchecked) private var isScheduled = false
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var reportedDuplicates = false
    /// The sender, when it knows its changes as steps (a ``DynamicList``): then the feed asks it
    /// for the steps since `sentVersion`, and keeps no list.
    @exclusivity(unchecked) private weak var source: (any ListSource<Element>)?
    @exclusivity(unchecked) private var sentVersion: UInt64?
    private let diff: Diff
    private let hasDuplicates: DuplicateTest
    /// Applies a change to the receiver; false once the receiver is gone (its endpoint then
    /// leaves the chain at the next change, as any receiver's).
    private let deliver: (ListChange<Element>) -> Bool
    private let onMainActor: Bool
    /// The receiver, as diagnostics name it.
    let label: String

    /// - Parameters:
    ///   - initial: Whether the receiver gets the chain's list when bound (a reset); if not, it is
    ///     taken to show that list already, and the first change starts from it.
    init(
        label: String, initial: Bool, onMainActor: Bool, diff: @escaping Diff, hasDuplicates: @escaping DuplicateTest,
        deliver: @escaping (ListChange<Element>) -> Bool
    ) {
        self.label = label
        seedsFirst = !initial
        self.onMainActor = onMainActor
        self.diff = diff
        self.hasDuplicates = hasDuplicates
        self.deliver = deliver
    }

    /// Takes the changes from `source` from now on (its first is a reset unless the receiver
    /// was seeded).
    func reads(_ source: any ListSource<Element>) {
        lock.withLock { self.source = source }
    }

    /// Sends the receiver the steps from the last list sent to `elements`: a reset the first
    /// time; nothing when the lists are the same.
    func receive(_ elements: [Element]) {
        if let source = lock.withLock({ source }) { return receive(from: source) }
        let (previous, seeds) = lock.withLock { () -> ([Element]?, Bool) in
            defer { seedsFirst = false }
            return (sent, seedsFirst)
        }
        let change: ListChange<Element>
        if let previous, !seeds {
            let found = diff(previous, elements)
            if found.hasDuplicates { reportDuplicates() }
            lock.withLock { sent = elements }
            if found.steps.isEmpty { return }
            change = ListChange(elements: elements, steps: found.steps)
        } else {
            // The first list: the receiver's whole list, checked once for duplicates.
            if hasDuplicates(elements) { reportDuplicates() }
            lock.withLock { sent = elements }
            if seeds { return }
            change = .reset(to: elements)
        }
        send(change)
    }

    /// Sends the receiver the steps its source made since the version it has, or a reset. The
    /// list sent is the source's now, which may be newer than the chain's value that ran the
    /// block: a later run then finds nothing new.
    private func receive(from source: any ListSource<Element>) {
        let (known, seeds) = lock.withLock { () -> (UInt64?, Bool) in
            defer { seedsFirst = false }
            return (sentVersion, seedsFirst)
        }
        let (elements, version, steps) = source.changes(since: known)
        lock.withLock { sentVersion = version }
        if seeds { return }
        if known == nil, hasDuplicates(elements) { reportDuplicates() }
        if let steps {
            if steps.isEmpty { return }
            send(ListChange(elements: elements, steps: steps))
        } else {
            send(.reset(to: elements))
        }
    }

    /// Applies `change` on this thread, or takes it to the main actor.
    private func send(_ change: ListChange<Element>) {
        guard onMainActor else {
            _ = deliver(change)
            return
        }
        let drainsNow = MainQueue.isCurrent
        let schedules = lock.withLock { () -> Bool in
            pending.append(change)
            guard !drainsNow, !isScheduled else { return false }
            isScheduled = true
            return true
        }
        if drainsNow {
            drain()
        } else if schedules {
            MainQueue.enqueue { self.drain() }
        }
    }

    /// Reports duplicated identities, the first time only.
    private func reportDuplicates() {
        let first = lock.withLock { () -> Bool in
            defer { reportedDuplicates = true }
            return !reportedDuplicates
        }
        if first { Report.duplicatedIdentities(label) }
    }

    /// Applies the waiting changes, in order, on the main actor. A drain that a receiver's own
    /// change starts while it applies one leaves it to the drain running.
    private func drain() {
        let starts = lock.withLock { () -> Bool in
            isScheduled = false
            guard !isDraining else { return false }
            isDraining = true
            return true
        }
        guard starts else { return }
        while let next = lock.withLock({ () -> ListChange<Element>? in
            guard !pending.isEmpty else {
                isDraining = false
                return nil
            }
            return pending.removeFirst()
        }) {
            if !deliver(next) {
                lock.withLock {
                    pending.removeAll()
                    isDraining = false
                }
                return
            }
        }
    }
}
