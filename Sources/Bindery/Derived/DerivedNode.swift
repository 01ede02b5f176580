import Synchronization

/// Not API: what every ``Derived`` value is (public because `Derived` is its subclass); named
/// `DerivedNode` inside Bindery.
///
/// What every derived value is, whatever its value's type: a closure evaluated with its reads
/// tracked, listening to what its last evaluation read, and evaluated again, by the thread that
/// changed one of them, once that thread's dispatch has run its course (see `DerivedSchedule`).
///
/// Each read is a subscription: a chain of the read property's endpoint, a listener's (it
/// never joins the property's chains, see `ListenerKind`), and a block that schedules this
/// value. So a subscription ends as any binding does: when its object goes, or when an
/// evaluation no longer reads it. The blocks hold the value weakly; nothing but its user
/// retains it. Reads are compared with the subscriptions after each evaluation, and the chains
/// change only when the reads did: an evaluation that reads what the last one read allocates
/// nothing for them.
///
/// Evaluations are exclusive: a thread that finds one running on another thread asks it to
/// evaluate once more when it is done, and goes on. So the value ends computed from the last
/// writes, whichever thread made them.
public class _DerivedNode: @unchecked Sendable {
    // @unchecked: `subscriptions`, `inputs` and `reportedSelfRead` are behind `lock`;
    // `evaluation` and `heightStorage` are atomic; `tracker` is used by the thread that runs an
    // evaluation, and evaluations are exclusive (`evaluation`).

    /// How diagnostics and the binding graph name the value.
    let label: String
    /// Whether the closure is isolated to the main actor: then it is evaluated only there.
    let isMainActor: Bool
    /// 0: idle; bit 0: an evaluation runs; bit 1: run it once more when it ends.
    private let evaluation = Atomic<UInt8>(0)
    private let heightStorage = Atomic<Int>(1)
    /// Records the reads of the running evaluation.
    let tracker: ReadTracker
    private let lock = Lock()
    /// The chains that hear what the last evaluation read, in the order it read them: an
    /// evaluation that reads the same things in the same order (nearly every one) is compared
    /// with them without hashing.
    @exclusivity(unchecked) private var subscriptions: [(key: ReadTracker.Key, chain: Chain<Void>)] = []
    /// The derived values the last evaluation read, for finding a cycle.
    @exclusivity(unchecked) private var inputs: [WeakNode] = []
    @exclusivity(unchecked) private var reportedSelfRead = false

    /// One more than the highest derived value the last evaluation read: a value is evaluated
    /// after the derived values it reads (see `DerivedSchedule`).
    var height: Int { heightStorage.load(ordering: .relaxed) }

    /// The registrar whose slot 0 sends this value: a read of it is a read of itself.
    var ownRegistrar: _ChangeRegistrar { fatalError("abstract") }

    /// - Parameters:
    ///   - label: How diagnostics name the value.
    ///   - tracker: The tracker that recorded the first evaluation's reads, made by the
    ///     subclass before its value could be stored; call `subscribe()` once initialised.
    init(label: String, tracker: ReadTracker, isMainActor: Bool = false) {
        self.label = label
        self.tracker = tracker
        self.isMainActor = isMainActor
    }

    deinit {
        for subscription in subscriptions { subscription.chain.unbind() }
    }

    /// Evaluates the value and sends it if it changed. Subclasses implement `evaluateOnce`.
    final func evaluate(_ thread: UnsafeMutablePointer<ThreadState>) {
        guard begin() else { return }
        repeat {
            evaluateOnce(thread)
        } while !end()
    }

    /// One evaluation: runs the closure under `tracker.recording`, calls
    /// `subscribeToReads()`, and sends the value if it changed. The closure runs with no
    /// Bindery lock held.
    func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>) {}

    /// Takes the evaluation, or asks its runner for one more; true when this thread runs it.
    private func begin() -> Bool {
        var state = evaluation.load(ordering: .acquiring)
        while true {
            let desired: UInt8 = state == 0 ? 1 : state | 2
            let (exchanged, original) = evaluation.compareExchange(expected: state, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return state == 0 }
            state = original
        }
    }

    /// Ends an evaluation: true when none was asked for meanwhile.
    private func end() -> Bool {
        if evaluation.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing).exchanged { return true }
        evaluation.store(1, ordering: .releasing)
        return false
    }

    /// Schedules an evaluation on the calling thread (a subscription's block).
    final func inputChanged() {
        let thread = ThreadState.current
        thread.pointee.derived.schedule(self, thread)
    }

    // MARK: Subscriptions

    /// Makes the subscriptions match what `tracker` recorded, then lets go of the record. No
    /// lock is held by the caller; chains are bound and unbound outside this value's lock.
    final func subscribeToReads() {
        var height = 0
        for node in tracker.derived where node.height > height { height = node.height }
        heightStorage.store(height + 1, ordering: .relaxed)
        // What the last evaluation read, read again (nearly every time): nothing to change.
        if tracker.readsWhatIsHeard {
            tracker.finish()
            return
        }
        let keys = tracker.keys, fresh = tracker.fresh, derived = tracker.derived
        tracker.finish(listening: resubscribe(keys, fresh, derived))
    }

    /// The reads changed: drops what is no longer read, subscribes to what is new (`fresh`:
    /// every read not heard yet), and refuses a read of this value itself, directly or through
    /// other derived values. Returns the identities heard from now on, in read order.
    private func resubscribe(_ keys: [ReadTracker.Key], _ fresh: [ReadTracker.Read], _ derived: [DerivedNode]) -> [ReadTracker.Key] {
        var refused: Set<ObjectIdentifier> = [ObjectIdentifier(ownRegistrar)]
        var cycles: [[String]] = []
        for node in derived where node !== self {
            if let path = node.path(to: self) {
                refused.insert(ObjectIdentifier(node.ownRegistrar))
                cycles.append(path)
            }
        }
        if derived.contains(where: { $0 === self }) { cycles.append([]) }
        let wanted = keys.filter { !refused.contains($0.registrar) }
        let (dropped, added, report) = lock.withLock { () -> ([Chain<Void>], [ReadTracker.Read], Bool) in
            let wantedSet = Set(wanted)
            let dropped = subscriptions.filter { !wantedSet.contains($0.key) }.map(\.chain)
            subscriptions.removeAll { !wantedSet.contains($0.key) }
            let added = fresh.filter { wantedSet.contains($0.key) }
            inputs = derived.filter { $0 !== self && !refused.contains(ObjectIdentifier($0.ownRegistrar)) }.map(WeakNode.init)
            let report = !cycles.isEmpty && !reportedSelfRead
            if report { reportedSelfRead = true }
            return (dropped, added, report)
        }
        if report {
            for path in cycles { Report.derivedReadsItself(label, through: path) }
        }
        for chain in dropped { chain.unbind() }
        let made = added.map { (key: $0.key, chain: subscription(to: $0)) }
        return lock.withLock {
            // In the order of the reads, so that the next evaluation compares in order.
            let all = subscriptions + made
            subscriptions = wanted.compactMap { key in all.first { $0.key == key } }
            return subscriptions.map(\.key)
        }
    }

    /// A chain that hears `read` and schedules this value.
    private func subscription(to read: ReadTracker.Read) -> Chain<Void> {
        var spec = EndpointSpec<Void>(
            object: read.object, keyPath: read.keyPath, role: .sends, accessors: Accessors(read: { _ in () }, write: nil))
        spec.hearing = .kind(ListenerKind(hearing: read.hearing))
        return Chain(head: spec).adding(block: "derived: \(label)", isAnonymous: true, initial: false, delivery: .immediate) {
            [weak self] (_: Void) in self?.inputChanged()
        }
    }

    /// The labels of the derived values from this one to `target`, through what each read
    /// last, if `target` is among them.
    private func path(to target: DerivedNode, visited: inout Set<ObjectIdentifier>) -> [String]? {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return nil }
        if self === target { return [] }
        let next = lock.withLock { inputs.compactMap(\.node) }
        for node in next {
            if let rest = node.path(to: target, visited: &visited) { return [label] + rest }
        }
        return nil
    }

    private func path(to target: DerivedNode) -> [String]? {
        var visited: Set<ObjectIdentifier> = []
        return path(to: target, visited: &visited)
    }
}

/// A derived value held weakly: one that reads another does not keep it.
struct WeakNode {
    weak var node: DerivedNode?
    init(_ node: DerivedNode) { self.node = node }
}

/// What every derived value is (see `_DerivedNode`).
typealias DerivedNode = _DerivedNode
