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
final class ReadTracker {
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
    @exclusivity(unchecked) private(set) var keys: [Key] = []
    /// The reads of the evaluation that the value does not listen to, in full.
    @exclusivity(unchecked) private(set) var fresh: [Read] = []
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
    var isEmpty: Bool { keys.isEmpty }

    /// Whether the evaluation read exactly what the value listens to, in the same order: its
    /// subscriptions stay as they are.
    var readsWhatIsHeard: Bool {
        fresh.isEmpty && keys.count == listening.count && (isInStep || keys == listening)
    }

    /// Records a read, unless it was recorded already: O(1), and a read that repeats the last
    /// evaluation's at the same position costs one comparison. The read's object, key path and
    /// hearing are asked for only when the value does not listen to it yet.
    func record(
        _ registrar: _ChangeRegistrar, slot: Int, object: @autoclosure () -> AnyObject, keyPath: @autoclosure () -> AnyKeyPath,
        hearing: @autoclosure () -> Hearing
    ) {
        let key = Key(registrar: ObjectIdentifier(registrar), slot: slot)
        let position = keys.count
        if isInStep {
            // Nearly every read is the one the last evaluation made at the same position.
            if position < listening.count, listening[position] == key {
                keys.append(key)
                return
            }
            isInStep = false
            seen.reserveCapacity(position + 1)
            for earlier in keys { seen.insert(earlier) }
        }
        guard seen.insert(key).inserted else { return }
        keys.append(key)
        if listeningSet == nil { listeningSet = Set(listening) }
        if listeningSet.unsafelyUnwrapped.contains(key) { return }
        fresh.append(Read(registrar: registrar, slot: slot, object: object(), keyPath: keyPath(), hearing: hearing()))
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
        keys.removeAll(keepingCapacity: true)
        if !isInStep {
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

extension _ChangeRegistrar {
    /// Records a read of slot `slot` for the evaluation running on this thread. Out of line:
    /// a getter's way past it keeps nothing for it.
    @usableFromInline @inline(never)
    func recordRead(of subject: AnyObject, _ keyPath: AnyKeyPath, slot: Int) {
        ReadTracker.current?.record(self, slot: slot, object: subject, keyPath: keyPath, hearing: Hearing.slot(self, slot))
    }
}
