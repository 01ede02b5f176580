internal import BinderyRuntime

/// The observable reads one evaluation of a derived value makes: each `@Dynamic` property,
/// `Dynamic` box and derived value read through its getter while the evaluation runs on this
/// thread, by its registrar and slot, once each.
///
/// A getter finds the tracker through a thread-local variable of its own
/// (`bindery_read_tracker_slot`), so that a read outside any evaluation pays one load and a
/// test (see `_ChangeRegistrar.access(_:keyPath:slot:after:)`). A read of anything else (a plain
/// class's property) is not seen, and so never heard.
///
/// Used by one evaluation at a time, on its thread: a derived value's evaluations are exclusive
/// (see `DerivedNode`). It records each read's identity (`Key`: registrar and slot, no
/// reference counted), and the whole read only when the value does not listen to it yet
/// (`fresh`): an evaluation that reads what the last one read retains and copies nothing. What
/// it records is kept until the evaluation's subscriptions are updated (`finish(listening:)`),
/// its buffers kept for the next evaluation.
final class ReadTracker: ReadRecorder {
    /// One observable read.
    struct Read {
        /// The registrar that reports the read property's changes.
        let registrar: _ChangeRegistrar
        /// Its slot there; for a control's designated property, the designated events'.
        let slot: Int
        /// The object read, for the subscription's endpoint (its lifetime and its label).
        let object: AnyObject
        /// The property read, as its class names it.
        let keyPath: AnyKeyPath
        /// How the property is heard: one slot of the registrar, or a control's events.
        let hearing: Hearing

        var key: Key { Key(registrar: ObjectIdentifier(registrar), slot: slot) }
    }

    /// A read's identity: its registrar and slot.
    struct Key: Hashable {
        let registrar: ObjectIdentifier
        let slot: Int
    }

    /// The identities of the evaluation's reads, in the order first made.
    var keys: [Key] { isInStep ? Array(listening.prefix(inStep)) : strayed }
    /// The reads so far, once the evaluation strayed from `listening` (`isInStep` false).
    @exclusivity(unchecked) private var strayed: [Key] = []
    /// While `isInStep`, how many reads were made: the first `inStep` of `listening`.
    @exclusivity(unchecked) private var inStep = 0
    /// The reads of the evaluation that the value does not listen to, in full.
    /// Each with its listener, already listening, when the tracker has `makeListener`.
    @exclusivity(unchecked) private(set) var fresh: [(read: Read, listener: ReadListener?)] = []
    /// Makes the listener of a read the value does not listen to yet, which the tracker starts
    /// listening at once, inside the getter and before it loads the value: a set made after
    /// the load is heard, one made before it is read. Nil until the value exists (its first
    /// evaluation's reads are listened to after it).
    var makeListener: ((Read) -> ReadListener)?
    /// The identities the value listens to, in the order the last evaluation read them.
    @exclusivity(unchecked) private var listening: [Key] = []
    /// `listening` as a set, made the first time an evaluation strays from it (nil until then).
    @exclusivity(unchecked) private var listeningSet: Set<Key>?
    /// `keys` as a set, kept once the evaluation strayed from `listening` (`isInStep` false).
    @exclusivity(unchecked) private var seen: Set<Key> = []
    /// Whether every read so far was the one the last evaluation made at the same position:
    /// then none of them can repeat an earlier one (`listening` holds each identity once), and
    /// a read is recorded with one comparison, no hashing.
    @exclusivity(unchecked) private var isInStep = true
    /// The derived values read, for the height of the one evaluated and for finding cycles.
    @exclusivity(unchecked) private(set) var derived: [DerivedNode] = []
    /// `derived` as identities, once it is long enough for a linear search to cost more.
    @exclusivity(unchecked) private var derivedSet: Set<ObjectIdentifier> = []

    /// Whether the evaluation read nothing observable.
    var isEmpty: Bool { isInStep ? inStep == 0 : strayed.isEmpty }

    /// Whether the evaluation read exactly what the value listens to, in the same order: its
    /// subscriptions stay as they are.
    var readsWhatIsHeard: Bool {
        fresh.isEmpty && (isInStep ? inStep == listening.count : strayed == listening)
    }

    /// Records a read, unless it was recorded already: O(1), and a read that repeats the last
    /// evaluation's at the same position costs one comparison. The read's object, key path and
    /// hearing are asked for only when the value does not listen to it yet.
    func record(
        _ registrar: _ChangeRegistrar, slot: Int, object: @autoclosure () -> AnyObject, keyPath: @autoclosure () -> AnyKeyPath,
        hearing: @autoclosure () -> Hearing
    ) {
        let key = Key(registrar: ObjectIdentifier(registrar), slot: slot)
        if isInStep {
            // Nearly every read is the one the last evaluation made at the same position.
            if inStep < listening.count, listening[inStep] == key {
                inStep += 1
                return
            }
            isInStep = false
            strayed.append(contentsOf: listening.prefix(inStep))
            seen.reserveCapacity(inStep + 1)
            for earlier in strayed { seen.insert(earlier) }
        }
        guard seen.insert(key).inserted else { return }
        strayed.append(key)
        if listeningSet == nil { listeningSet = Set(listening) }
        if listeningSet.unsafelyUnwrapped.contains(key) { return }
        let read = Read(registrar: registrar, slot: slot, object: object(), keyPath: keyPath(), hearing: hearing())
        guard let makeListener else { return fresh.append((read, nil)) }
        let listener = makeListener(read)
        GraphLock.shared.locked { listener.subscribeLocked() }
        fresh.append((read, listener))
    }

    /// Records a getter's read (see `ReadRecorder`).
    override func recordRead(of registrar: _ChangeRegistrar, slot: Int, object: AnyObject, keyPath: () -> AnyKeyPath) {
        record(registrar, slot: slot, object: object, keyPath: keyPath(), hearing: Hearing.slot(registrar, slot))
    }

    /// Records a control's designated read (see `ReadRecorder`).
    override func recordRead(
        of registrar: _ChangeRegistrar, events: UInt32, center: AnyObject, object: AnyObject, keyPath: () -> AnyKeyPath
    ) {
        record(
            registrar, slot: -Int(events), object: object, keyPath: keyPath(),
            hearing: .kind(unsafeDowncast(center, to: ControlEventCenter.self).kind(hearing: ControlEvents(rawValue: events))))
    }

    /// Records that a derived value was read (its slot is recorded by its getter).
    func record(derived node: DerivedNode) {
        if derived.count < 8 {
            for known in derived where known === node { return }
            derived.append(node)
            if derived.count == 8 { derivedSet = Set(derived.map(ObjectIdentifier.init)) }
            return
        }
        guard derivedSet.insert(ObjectIdentifier(node)).inserted else { return }
        derived.append(node)
    }

    /// Lets go of what was recorded, keeping the buffers; `heard` is what the value listens to
    /// from now on, in read order (nil: what it listened to before).
    func finish(listening heard: [Key]? = nil) {
        if let heard {
            listening = heard
            listeningSet = nil
        }
        inStep = 0
        if !isInStep {
            strayed.removeAll(keepingCapacity: true)
            seen.removeAll(keepingCapacity: true)
            isInStep = true
        }
        if !fresh.isEmpty { fresh.removeAll(keepingCapacity: true) }
        if !derived.isEmpty {
            derived.removeAll(keepingCapacity: true)
            if !derivedSet.isEmpty { derivedSet.removeAll(keepingCapacity: true) }
        }
    }

    /// Takes `heard` as what is listened to now (a list operator's tracker, before it runs its
    /// closure on one element).
    func expect(_ heard: some Sequence<Key>) {
        listening.removeAll(keepingCapacity: true)
        listening.append(contentsOf: heard)
        listeningSet = nil
    }

    /// Runs `body` with this tracker recording the calling thread's reads, then puts back the
    /// tracker that recorded before (an evaluation that runs inside another's is its own).
    /// The reads are Bindery's: they give no object an `ObservationRegistrar` (see
    /// `ThreadState.readingUntracked`).
    func recording<Result>(_ body: () -> Result) -> Result {
        let previous = bindery_read_tracker()
        bindery_set_read_tracker(Unmanaged.passUnretained(self).toOpaque())
        defer { bindery_set_read_tracker(previous) }
        return ThreadState.readingUntracked(body)
    }

    /// The tracker recording the calling thread's reads, if an evaluation runs.
    static var current: ReadTracker? {
        bindery_read_tracker().map { Unmanaged<ReadTracker>.fromOpaque($0).takeUnretainedValue() }
    }
}
