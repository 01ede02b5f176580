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
/// (see `DerivedNode`). What it records is kept only until the evaluation's subscriptions are
/// updated, then let go of, its buffer kept for the next evaluation.
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

    /// The reads of the evaluation, in the order first made.
    @exclusivity(unchecked) private(set) var reads: [Read] = []
    /// The derived values read, for the height of the one evaluated and for finding cycles.
    @exclusivity(unchecked) private(set) var derived: [DerivedNode] = []

    /// Records a read, unless it was recorded already.
    func record(_ registrar: _ChangeRegistrar, slot: Int, object: AnyObject, keyPath: AnyKeyPath, hearing: @autoclosure () -> Hearing) {
        for read in reads where read.registrar === registrar && read.slot == slot { return }
        reads.append(Read(registrar: registrar, slot: slot, object: object, keyPath: keyPath, hearing: hearing()))
    }

    /// Records that a derived value was read (its slot is recorded by its getter).
    func record(derived node: DerivedNode) {
        for known in derived where known === node { return }
        derived.append(node)
    }

    /// Lets go of what was recorded, keeping the buffers.
    func reset() {
        reads.removeAll(keepingCapacity: true)
        derived.removeAll(keepingCapacity: true)
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
        ReadTracker.current?.record(self, slot: slot, object: subject, keyPath: keyPath, hearing: .slot(self, slot))
    }
}
