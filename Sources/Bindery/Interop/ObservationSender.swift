import Observation

/// Hears one property of an `@Observable` object through Observation and has the chains bound
/// to it (see `Bind.in(observable:_:)`) read it again after each change.
///
/// Observation tells an observer *before* a value is stored (its `willSet`), once per arming,
/// on the thread that writes, and offers no public signal after the store. So the sender, when
/// told, queues a re-read on the main queue, which runs after the main-actor code that made the
/// change has returned, and so after the store. There it arms Observation again (reading the
/// property inside `withObservationTracking`), then notifies slot 0 of its registrar: the
/// chain's endpoint on the object, which listens there, reads the value and propagates it.
/// Sets made between the first one and the re-read are not reported (the arming was used up):
/// the re-read delivers the latest value, once.
///
/// Lifetime: Observation holds the sender while the tracking is armed, the main queue while a
/// re-read is queued; nothing else does. The object is not retained. When the object goes,
/// Observation lets go of the tracking (or reports it once, and the re-read finds the object
/// gone): the sender goes, and takes its endpoints out of their chains. When the chains let go
/// of the endpoint (unbound, or the receivers gone), the next re-read finds nobody listening and
/// does not arm again.
final class ObservationSender: @unchecked Sendable {
    // @unchecked: `object` and `touch` are immutable (`touch` is called on the main queue, and
    // by the bind, on the main actor), `weakObject` is set once (Swift's weak references are
    // safe to load from any thread), `state` is behind `lock`, and the registrar is
    // thread-safe. Not generic: the closures handed to Observation capture nothing but the
    // sender.

    /// The registrar whose slot 0 the object's endpoint listens to.
    let registrar = _ChangeRegistrar()
    /// The object, held as an endpoint holds it: by its memory (see `UnownedObject`), so that
    /// it gets no side table, or weakly if it is an Objective-C object.
    private let object: Unmanaged<AnyObject>?
    private weak var weakObject: AnyObject?
    /// Reads the property of the object, so that Observation records the read.
    private let touch: (AnyObject) -> Void
    private let lock = Lock()
    private var state = State()

    private struct State {
        /// How many times Observation took the tracking's handler: it does only when the read
        /// touched a property it tracks.
        var armings = 0
        /// How many sets Observation reported as this sender's own writes' (see `writing(_:)`).
        var echoes = 0
    }

    /// - Parameters:
    ///   - object: The `@Observable` object.
    ///   - touch: Reads the property of the object it is given.
    init(_ object: AnyObject, touch: @escaping (AnyObject) -> Void) {
        if UnownedObject.isSupported(for: object) {
            let unowned = Unmanaged.passUnretained(object)
            UnownedObject.keepMemory(of: unowned)
            self.object = unowned
        } else {
            self.object = nil
            weakObject = object
        }
        self.touch = touch
    }

    deinit {
        if let object { UnownedObject.releaseMemory(of: object) }
        // Still listened to: the object has gone, and Observation let go of its tracking with
        // it. Its endpoints leave their chains, on the main queue, not inside Observation's
        // lock, under which the tracking is let go of.
        guard registrar.hasListeners else { return }
        let registrar = self.registrar
        MainQueue.enqueue { Registry.shared.detachListeners(of: registrar) }
    }

    /// Arms Observation's tracking of the property, reading it. Nil when the object has gone;
    /// false when the read touched no property that Observation tracks, so that there is
    /// nothing to hear.
    func arm() -> Bool? {
        guard let target = object.flatMap(UnownedObject.retainIfAlive) ?? weakObject else { return nil }
        let before = lock.withLock { state.armings }
        // Observation evaluates `onChange` only when it installs the tracking.
        withObservationTracking({ touch(target) }, onChange: handler())
        return lock.withLock { state.armings } != before
    }

    /// The handler Observation keeps for one arming.
    private func handler() -> @Sendable () -> Void {
        lock.withLock { state.armings += 1 }
        return { self.heard() }
    }

    /// Observation reports a set, before the value is stored, on the writing thread.
    private func heard() {
        let current = ThreadState.current
        // This sender's own write (see `writing(_:)`), marked as every chain's write is: its
        // echo (see <doc:Guarantees#Loops>), which only used up the arming.
        if current.pointee.writing == name {
            lock.withLock { state.echoes += 1 }
            return
        }
        // A set made by a chain's dispatch is that dispatch's next cause, as a `@Dynamic`
        // set's would be: a cycle through Observation is bounded like any other.
        let cause = current.pointee.nesting > 0 ? current.pointee.depth : nil
        MainQueue.enqueue { self.reread(cause: cause) }
    }

    /// Runs on the main queue: arms the tracking again, then has the chain read the property.
    private func reread(cause: Int?) {
        // Nobody listens any more (the chain ended): not armed again, so Observation and the
        // main queue let go of the sender. Armed before the chain reads, so that a set made
        // while it propagates (by a receiver or a block) is heard, and re-read after this one.
        // The object gone: not armed either, and the deinit takes the endpoints out.
        guard registrar.hasListeners, arm() != nil else { return }
        if let cause {
            ThreadState.runDeferred(depth: cause, writing: 0) { registrar.didSet(0) }
        } else {
            registrar.didSet(0)
        }
    }

    /// The sender's name for the echo guard (`ThreadState.writing`): its address, as an
    /// endpoint of its own is named.
    private var name: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// Runs `write`, the chain's write of the property (a filter putting its source back),
    /// without hearing it as a change: the put-back does not propagate (see
    /// <doc:Guarantees#Filters>).
    ///
    /// The write is marked on the thread as the engine marks each of its writes
    /// (`ThreadState.writing`, Bindery's one echo guard), with this sender as what is written:
    /// only what Observation reports on this thread meanwhile is taken for the write; a set
    /// another thread makes at the same time is a change, and is heard.
    func writing(_ write: () -> Void) {
        let thread = ThreadState.current
        let before = lock.withLock { state.echoes }
        ThreadState.writing(name, on: thread, write)
        // The write used up the arming: armed again, now that the value is stored.
        if lock.withLock({ state.echoes }) != before { _ = arm() }
    }
}
