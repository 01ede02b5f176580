internal import BinderyRuntime

/// What records the observable reads made on a thread while a derived value evaluates: the
/// derived values' layer (above this one) makes one per evaluation, `ReadTracker`, and puts it
/// in the thread-local variable the getters test (`bindery_read_tracker`), so that a getter
/// reports its read here without naming anything above it.
///
/// Abstract: `ReadTracker` overrides both methods. Used by one thread at a time.
class ReadRecorder {
    /// Records a read of `slot` of `registrar`, made through `object`'s getter for `keyPath`
    /// (asked for only when the read is new).
    func recordRead(of registrar: _ChangeRegistrar, slot: Int, object: AnyObject, keyPath: () -> AnyKeyPath) {
        fatalError("abstract")
    }

    /// Records a read of a control's designated property, heard through `events` (raw
    /// `ControlEvents`) of `center` (the control's `ControlEventCenter`), whose registrar is
    /// `registrar`.
    func recordRead(
        of registrar: _ChangeRegistrar, events: UInt32, center: AnyObject, object: AnyObject, keyPath: () -> AnyKeyPath
    ) {
        fatalError("abstract")
    }

    /// The recorder of the calling thread's reads, if an evaluation runs, unretained.
    @inline(__always)
    static var onThisThread: Unmanaged<ReadRecorder>? {
        bindery_read_tracker().map { Unmanaged<ReadRecorder>.fromOpaque($0) }
    }
}

extension _ChangeRegistrar {
    /// Records a read of slot `slot` for the evaluation running on this thread. Out of line:
    /// a getter's way past it keeps nothing for it.
    @usableFromInline @inline(never)
    func recordRead(of subject: AnyObject, _ keyPath: @autoclosure () -> AnyKeyPath, slot: Int) {
        ReadRecorder.onThisThread?._withUnsafeGuaranteedRef { $0.recordRead(of: self, slot: slot, object: subject, keyPath: keyPath) }
    }
}
