import Synchronization

/// What every derived value is, whatever its value's type: a closure evaluated with its reads
/// tracked, listening to what its last evaluation read, and evaluated again, by the thread that
/// changed one of them, once that thread's dispatch has run its course (see `DerivedSchedule`).
///
/// Internal, and held by the public types rather than being their superclass: a ``Derived``
/// value and a ``DerivedList`` each hold an `OwnedDerivedNode` (below), made with them and
/// evaluating them through `DerivedNodeOwner`; a computed property (`ComputedProperty`,
/// internal) is a node itself. So no public class of Bindery can be subclassed, and none
/// names this one.
///
/// Each read is a subscription: a `ReadListener` in the read property's registrar, which
/// schedules this node when the property is set (not a chain: no block, no plan, no value). A
/// subscription ends when its object goes, or when an evaluation no longer reads it. A
/// listener targets the node's owner, held by its memory only, and names the node without
/// counting it (`DerivedReadListener`); nothing but the owner retains the node, and nothing but
/// its user retains the owner, except a schedule, from a set to the evaluation it causes. Reads
/// are compared with the subscriptions after each evaluation, in O(reads), and the listeners
/// change only when the reads did: an evaluation that reads what the last one read allocates
/// nothing for them.
///
/// A value sends by telling slot 0 of its own registrar (`ownRegistrar`) once it has stored
/// what it computed: a ``Derived`` through Observation's `withMutation` when Observation
/// observes it (Observation must hear the set before the store), else with the store and
/// `notifyListeners` alone (the `Observable` conformance it would look up costs more than the
/// store); a computed property, which Observation observes through its object's own property,
/// through `didSet(0)`, with the value it made lent to its endpoints (`delivered(as:)`). A
/// `DerivedList` sends through its list feed, as any list does.
///
/// Evaluations are exclusive: a thread that finds one running on another thread asks it to
/// evaluate once more when it is done, and goes on. So the value ends computed from the last
/// writes, whichever thread made them.
class DerivedNode: @unchecked Sendable {
    // @unchecked: `inputs` and `reportedSelfRead` are behind `lock`; `evaluation` and
    // `heightStorage` are atomic; `tracker` and `subscriptions` are used by the thread that runs
    // an evaluation, and evaluations are exclusive (`evaluation`), or by the deinit.

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
    /// The listeners of what the last evaluation read, in the order it read them: an
    /// evaluation that reads the same things in the same order (nearly every one) is compared
    /// with them without hashing.
    @exclusivity(unchecked) private var subscriptions: [(key: ReadTracker.Key, listener: ReadListener)] = []
    /// The derived values the last evaluation read, for finding a cycle.
    @exclusivity(unchecked) private var inputs: [WeakNode] = []
    @exclusivity(unchecked) private var reportedSelfRead = false

    /// One more than the highest derived value the last evaluation read: a value is evaluated
    /// after the derived values it reads (see `DerivedSchedule`).
    var height: Int { heightStorage.load(ordering: .relaxed) }

    /// Sets the height: a list operator's is one more than the derived list it reads.
    final func setHeight(_ height: Int) {
        heightStorage.store(height, ordering: .relaxed)
    }

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
        // From the second evaluation on, a new read is listened to as it is made.
        tracker.makeListener = { [unowned self] read in listener(of: read) }
    }

    deinit {
        guard !subscriptions.isEmpty else { return }
        let listeners = subscriptions.map(\.listener)
        GraphLock.shared.locked {
            for listener in listeners { listener.cancelLocked() }
            GraphLock.shared.buryLocked(contentsOf: listeners)
        }
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

    /// The object whose state an evaluation reads and writes: a computed property is its own;
    /// an `OwnedDerivedNode`'s is the public value that holds it. An evaluation runs with it
    /// held (`inputChanged(_:keeping:)`); read it only while it is alive.
    var owner: AnyObject { self }

    /// The owner, retained; nil once it has begun to go. For code that touches the owner's
    /// state from a listener that does not hold it (a list operator's element listener).
    func retainedOwner() -> AnyObject? { self }

    /// A listener of `read` for this node, not listening yet: its target is the owner (see
    /// `DerivedReadListener`).
    final func listener(of read: ReadTracker.Read) -> ReadListener {
        DerivedReadListener(read, node: self, owner: owner)
    }

    /// Schedules an evaluation on the calling thread (a subscription's listener heard a set),
    /// holding `owner` (this node's, retained by the caller) until it has run.
    final func inputChanged(_ thread: UnsafeMutablePointer<ThreadState>, keeping owner: AnyObject) {
        DerivedSchedule.of(thread).schedule(self, keeping: owner, thread)
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
    /// other derived values. Returns the identities heard from now on, in read order. O(reads),
    /// and the graph lock taken once.
    private func resubscribe(
        _ keys: [ReadTracker.Key], _ fresh: [(read: ReadTracker.Read, listener: ReadListener?)], _ derived: [DerivedNode]
    ) -> [ReadTracker.Key] {
        var refused: Set<ObjectIdentifier> = [ObjectIdentifier(ownRegistrar)]
        var cycles: [[String]] = []
        for node in derived where node !== self {
            if let path = node.path(to: self) {
                refused.insert(ObjectIdentifier(node.ownRegistrar))
                cycles.append(path)
            }
        }
        if derived.contains(where: { $0 === self }) { cycles.append([]) }
        let report = lock.withLock { () -> Bool in
            inputs = derived.filter { $0 !== self && !refused.contains(ObjectIdentifier($0.ownRegistrar)) }.map(WeakNode.init)
            let report = !cycles.isEmpty && !reportedSelfRead
            if report { reportedSelfRead = true }
            return report
        }
        if report {
            for path in cycles { Report.derivedReadsItself(label, through: path) }
        }
        var kept: [ReadTracker.Key: ReadListener] = [:]
        kept.reserveCapacity(subscriptions.count + fresh.count)
        for subscription in subscriptions { kept[subscription.key] = subscription.listener }
        var added: [ReadListener] = []
        var dropped: [ReadListener] = []
        for (read, listening) in fresh {
            // A read of itself, listened to while it was made, is dropped now.
            if refused.contains(read.key.registrar) || kept[read.key] != nil {
                if let listening { dropped.append(listening) }
                continue
            }
            if let listening {
                kept[read.key] = listening
            } else {
                let listener = listener(of: read)
                kept[read.key] = listener
                added.append(listener)
            }
        }
        // In the order of the reads, so that the next evaluation compares in order.
        var heard: [(key: ReadTracker.Key, listener: ReadListener)] = []
        heard.reserveCapacity(keys.count)
        for key in keys where !refused.contains(key.registrar) {
            if let listener = kept.removeValue(forKey: key) { heard.append((key, listener)) }
        }
        dropped += kept.values
        subscriptions = heard
        if !added.isEmpty || !dropped.isEmpty {
            GraphLock.shared.locked {
                for listener in dropped { listener.cancelLocked() }
                for listener in added { listener.subscribeLocked() }
                GraphLock.shared.buryLocked(contentsOf: dropped)
            }
        }
        return heard.map(\.key)
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

/// What a public derived type (``Derived``, ``DerivedList``) does for the node it holds.
protocol DerivedNodeOwner: AnyObject {
    /// One evaluation (see `DerivedNode.evaluateOnce(_:)`) by `node`, the owner's, called with
    /// the owner alive.
    func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>, by node: DerivedNode)
}

/// The node of a public derived value, which makes it in its initialiser and holds it.
///
/// What schedules an evaluation holds the owner, not the node (`DerivedSchedule`), so an
/// evaluation always finds its owner alive. The node holds its owner by its memory only (see
/// `UnownedObject`), so that `retainedOwner()` can be asked when something held the node
/// alone (a weak reference loaded) and the owner has begun to go.
final class OwnedDerivedNode<Owner: DerivedNodeOwner>: DerivedNode, @unchecked Sendable {
    // @unchecked: `held` is set once, by the owner's initialiser, before the node is shared
    // (its listeners subscribe after that, under the graph lock); `registrar` is immutable; the
    // rest is the node's (see `DerivedNode`).
    private let registrar: _ChangeRegistrar
    @exclusivity(unchecked) private var held: Unmanaged<AnyObject>?

    /// - Parameter registrar: The owner's registrar, whose slot 0 sends the value.
    init(label: String, tracker: ReadTracker, isMainActor: Bool, registrar: _ChangeRegistrar) {
        self.registrar = registrar
        super.init(label: label, tracker: tracker, isMainActor: isMainActor)
    }

    deinit {
        if let held { UnownedObject.releaseMemory(of: held) }
    }

    /// Names the owner: once, from its initialiser, before its first `subscribeToReads()`.
    func attach(to owner: Owner) {
        let kept = Unmanaged<AnyObject>.passUnretained(owner)
        UnownedObject.keepMemory(of: kept)
        held = kept
    }

    override var ownRegistrar: _ChangeRegistrar { registrar }

    override var owner: AnyObject { held.unsafelyUnwrapped.takeUnretainedValue() }

    override func retainedOwner() -> AnyObject? {
        held.flatMap(UnownedObject.retainIfAlive)
    }

    // The schedule holds the owner while this runs.
    override func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>) {
        Unmanaged<Owner>.fromOpaque(held.unsafelyUnwrapped.toOpaque())._withUnsafeGuaranteedRef { $0.evaluateOnce(thread, by: self) }
    }
}
