import Synchronization

/// How an update reads a registrar's table of listeners with no lock, and how the graph lock's
/// holder changes the table without ever waiting for such a reader.
///
/// A reader counts itself in (``beginRead()``) before it loads a listener from the table and
/// out (``endRead()``) once it no longer needs the listener unretained. What the holder takes
/// out of the table (an endpoint, an outgrown buffer) is released at once if no reader is
/// counted; otherwise it is *retired* onto a lock-free stack, a bit in the count says so, and
/// whoever next sees no reader releases the stack: the holder, or the last reader to count
/// itself out (the only extra work on the update path is one comparison of the count it left).
///
/// Why that is safe: a retired thing was unpublished before it was pushed, so a reader that
/// counts itself in after the push cannot find it. A reader that found it is counted from before
/// it looked until it is done. A drainer clears the bit only when no reader is counted, takes
/// the stack, and checks the count once more before releasing; if a reader came in meanwhile,
/// it pushes the stack back and sets the bit again, and the last reader out (or the drainer
/// itself, if that reader has already left) drains it.
extension _ChangeRegistrar {
    /// What `readers` counts a reader as: its bit 0 is `retiredBit`.
    private static var reader: UInt { 2 }

    /// The bit of `readers` that says `retired` may hold something.
    private static var retiredBit: UInt { 1 }

    /// Runs the listeners of `slot`, which was just set, synchronously on this thread.
    ///
    /// The registrar's one way into the engine for a change: the slot's one listener is read
    /// from the published table with no lock and told (`RegistrarListener.heard`), inside the
    /// read, which the listener ends before it acts; the registrar does nothing with what the
    /// engine decides. A slot with several listeners, or none the table names (a listener that
    /// just left), goes to the engine, which reads them under its lock
    /// (`RegistrarEngine.notifyLocked`).
    @usableFromInline
    func notify(_ slot: Int) {
        let thread = ThreadState.current
        beginRead()
        guard let listener = soleListener(slot: slot) else {
            endRead()
            notifyEngine(slot, thread)
            return
        }
        listener.heard(slot, of: self, thread)
    }

    /// Has the engine tell every listener of `slot` (see `notify(_:)`). Out of line, so that
    /// the sole listener's way through `notify(_:)` keeps its few registers.
    @inline(never)
    private func notifyEngine(_ slot: Int, _ thread: UnsafeMutablePointer<ThreadState>) {
        Self.engine?.notifyLocked(self, slot: slot, thread)
    }

    /// The sole listener of `slot`, if it has exactly one: read with the lock held, or without
    /// it between ``beginRead()`` and ``endRead()``.
    @inline(__always)
    func soleListener(slot: Int) -> Listener? {
        let tableWord = table.load(ordering: .sequentiallyConsistent)
        if tableWord & 1 != 0 {
            return Self.inlineSlot(tableWord) == slot ? Self.inlineListener(tableWord) : nil
        }
        guard let table = Words(bitPattern: tableWord),
              UInt(bitPattern: slot) < table[0].load(ordering: .relaxed)
        else { return nil }
        let word = table[1 + slot].load(ordering: .sequentiallyConsistent)
        guard word & 1 == 0, word != 0 else { return nil }
        return Self.listener(word)
    }

    /// Begins reading the published sole listeners without the lock: until ``endRead()``, no
    /// endpoint read from them is let go of. Never wait for anything, nor take the graph lock,
    /// between the two.
    @inline(__always)
    func beginRead() {
        readers.wrappingAdd(Self.reader, ordering: .sequentiallyConsistent)
    }

    /// Ends a read begun by ``beginRead()``: what was read may be released from here on, unless
    /// the reader holds a reference of its own. The last reader out releases what the table let
    /// go of meanwhile. The lock is not held.
    @inline(__always)
    func endRead() {
        if readers.wrappingSubtract(Self.reader, ordering: .sequentiallyConsistent).oldValue == Self.reader | Self.retiredBit {
            releaseRetired()
        }
    }

    /// Releases what the last reader out finds retired, out of the update path's way. No lock
    /// is held (a release may run deinits).
    @inline(never)
    private func releaseRetired() {
        _ = drainRetired()
    }

    /// Whether no reader is counted now. A thing unpublished before this answers true cannot
    /// be held by any reader: one that found it would still be counted.
    private var hasNoReaders: Bool {
        readers.load(ordering: .sequentiallyConsistent) & ~Self.retiredBit == 0
    }

    /// Lets go of `retiring`, which the table no longer names, once no update reads the table:
    /// now (after the lock is released) if none does, else when the last one is done. Never
    /// waits. Lock held.
    func retireLocked(_ retiring: RetiredListener) {
        pushRetired(retiring)
        readers.bitwiseOr(Self.retiredBit, ordering: .sequentiallyConsistent)
        if let released = drainRetired() { GraphLock.shared.buryLocked(released) }
    }

    /// Lets go of the table's reference to `endpoint`, which it no longer names (see
    /// `retireLocked(_:)`). Lock held.
    func retireLocked(_ endpoint: Unmanaged<RegistrarListener>) {
        // Nearly always no update is reading: then it goes with the lock, as anything else a
        // critical section lets go of, and nothing is allocated.
        if hasNoReaders {
            GraphLock.shared.buryLocked(endpoint.takeRetainedValue())
        } else {
            retireLocked(RetiredListener(endpoint.takeRetainedValue()))
        }
    }

    /// Takes the retired stack if no reader is counted, and returns it; otherwise leaves it for
    /// the last reader out.
    private func drainRetired() -> RetiredListener? {
        while true {
            // Only with no reader counted; and only one drainer clears the bit.
            guard readers.compareExchange(expected: Self.retiredBit, desired: 0, ordering: .sequentiallyConsistent).exchanged,
                  let top = UnsafeRawPointer(bitPattern: retired.exchange(0, ordering: .sequentiallyConsistent))
            else { return nil }
            let taken = Unmanaged<RetiredListener>.fromOpaque(top).takeRetainedValue()
            if hasNoReaders { return taken }
            // A reader came in meanwhile: it may hold something taken. Back on the stack, for
            // the last reader out; unless it has left already.
            pushRetired(taken)
            readers.bitwiseOr(Self.retiredBit, ordering: .sequentiallyConsistent)
            if readers.load(ordering: .sequentiallyConsistent) != Self.retiredBit { return nil }
        }
    }

    /// Pushes `node` and the nodes after it onto the retired stack.
    private func pushRetired(_ node: RetiredListener) {
        // The caller owns `node` and its followers: walking them is safe. The stack's top is
        // never dereferenced here (a reader may drain and release it meanwhile): its word is
        // only handed to the last node, with the stack's reference to it.
        var last = node
        while let next = last.nextNode { last = next }
        let word = UInt(bitPattern: Unmanaged.passRetained(node).toOpaque())
        var top = retired.load(ordering: .relaxed)
        while true {
            last.next = top
            let (exchanged, current) = retired.compareExchange(expected: top, desired: word, ordering: .sequentiallyConsistent)
            if exchanged { return }
            top = current
        }
    }
}

/// Something a registrar's table let go of while updates may still read it: an endpoint that
/// stopped listening (its last reference may be this), or an outgrown buffer (freed by the
/// deinit). Each node holds the next one, so releasing the top releases the stack.
final class RetiredListener {
    let object: AnyObject?
    private let buffer: UnsafeMutablePointer<Atomic<UInt>>?
    /// The node retired before this one (its address, retained by this node), or 0. Only its
    /// pusher or drainer, which owns the node, touches it.
    var next: UInt = 0

    /// The node after this one, for its owner to walk.
    var nextNode: RetiredListener? {
        UnsafeRawPointer(bitPattern: next).map { Unmanaged<RetiredListener>.fromOpaque($0).takeUnretainedValue() }
    }

    init(_ object: AnyObject) {
        self.object = object
        buffer = nil
    }

    /// A table buffer, its slot count in word 0.
    init(buffer: UnsafeMutablePointer<Atomic<UInt>>) {
        object = nil
        self.buffer = buffer
    }

    deinit {
        // Iteratively, so that a long stack does not recurse.
        var following = next
        while let pointer = UnsafeRawPointer(bitPattern: following) {
            let node = Unmanaged<RetiredListener>.fromOpaque(pointer)
            following = node._withUnsafeGuaranteedRef { node in
                let after = node.next
                node.next = 0
                return after
            }
            node.release()
        }
        if let buffer {
            buffer.deinitialize(count: 1 + Int(buffer[0].load(ordering: .relaxed)))
            buffer.deallocate()
        }
    }
}
