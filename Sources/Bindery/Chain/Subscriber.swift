/// What listens to registrar slots for the engine: a chain's endpoint (`AnyEndpoint`), or a
/// subscription that hears one property for something that is no chain (a derived value's
/// read, `ReadListener` in `../Derived/`). The registrar tells either of a change through
/// `heard`; the registry asks either to decide under the lock and act after it
/// (`Registry.notifyLocked`); a kind starts either listening (`EndpointKind.subscribeLocked`)
/// and may look at each change under the lock (`EndpointKind.heardLocked`). Only an endpoint
/// belongs to a chain, to a registrar's members or to a declaration.
///
/// Abstract: each subclass keeps its own fields (an endpoint packs its subscriptions with its
/// lifetime, a read keeps them plainly) and implements every member but `subscribeLocked`,
/// `unsubscribeAllLocked` and `removeSubscriptions(where:)` (an endpoint has its own of the first two, so
/// that a bind calls them directly), and `heard` (`RegistrarListener`'s). Guarded by the graph lock but for `heard`,
/// `decideWithoutLock`, `act`, `isDetached` and `target`, which an update uses with no lock.
@usableFromInline
class Subscriber: RegistrarListener {
    struct Subscription {
        unowned(unsafe) let registrar: _ChangeRegistrar
        let slot: Int
    }

    /// The slots a subscriber listens to, in the order it began listening, as read with the
    /// lock held. The first is kept in the subscriber itself: a property's endpoint or read
    /// listens to one slot, and that costs no allocation; the others (a route's, a control's
    /// several events) in an array.
    struct Subscriptions: Sequence {
        let first: Subscription?
        let more: [Subscription]

        var last: Subscription? { more.last ?? first }

        func makeIterator() -> Iterator {
            Iterator(first: first, more: more)
        }

        struct Iterator: IteratorProtocol {
            fileprivate var first: Subscription?
            fileprivate let more: [Subscription]
            fileprivate var position = 0

            mutating func next() -> Subscription? {
                if let subscription = first {
                    first = nil
                    return subscription
                }
                guard position < more.count else { return nil }
                defer { position += 1 }
                return more[position]
            }
        }
    }

    // MARK: Listening (graph lock held)

    /// The slots this subscriber listens to. Lock held.
    var subscriptions: Subscriptions { fatalError("abstract") }

    /// Starts listening to `slot` of `registrar`. Lock held.
    func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int) {
        registrar.addListener(Listener(self), slot: slot)
        appendSubscription(Subscription(registrar: registrar, slot: slot))
    }

    /// Stops listening to every slot. Lock held.
    func unsubscribeAllLocked() {
        for subscription in subscriptions { subscription.registrar.removeListener(Listener(self), slot: subscription.slot) }
        removeAllSubscriptions()
    }

    /// Forgets every slot listened to, without telling the registrars (which have let go of
    /// this subscriber, or will be told by the caller). Lock held.
    func removeAllSubscriptions() { fatalError("abstract") }

    /// Records one more slot listened to, without telling its registrar. Lock held.
    func appendSubscription(_ subscription: Subscription) { fatalError("abstract") }

    /// Forgets the slots `record` listens to for which `shouldRemove` is true, without telling
    /// their registrars (a registrar that is going, which has let go of its listeners). Lock
    /// held.
    ///
    /// Every subscriber listens as record 0 today (see `Listener`): the locked functions take the
    /// record a registrar's table names, so that a chain's second record can listen as 1.
    final func removeSubscriptions(record: Int, where shouldRemove: (Subscription) -> Bool) {
        let kept = subscriptions.filter { !shouldRemove($0) }
        removeAllSubscriptions()
        for subscription in kept { appendSubscription(subscription) }
    }

    /// Whether a route's links, when last read, reached its last property (see
    /// `DynamicRoute`); false for anything else. Lock held.
    var reachesLeaf: Bool {
        get { fatalError("abstract") }
        set { fatalError("abstract") }
    }

    /// The object listened for, retained, if it is still there and the subscriber has not
    /// left: what a route reads its links from.
    var target: AnyObject? { fatalError("abstract") }

    /// Whether the subscriber stopped for good (an endpoint left its chain, a read was
    /// cancelled). Read with no lock.
    var isDetached: Bool { fatalError("abstract") }

    /// This subscriber, or the one that now stands for it (an endpoint declared again); nil if
    /// it stopped. Lock held.
    func activeLocked() -> Subscriber? { fatalError("abstract") }

    /// Leaves the chain it is a member of, if any: its object is gone for good (see
    /// `Registry.detachListeners(of:)`). Lock held.
    func leaveChainLocked(record: Int) {}

    // MARK: Notification

    /// Decides what a change notification means. Lock held.
    ///
    /// - Parameters:
    ///   - record: Which of the subscriber's records heard it, as the registrar's table names
    ///     it (`Listener.record`).
    ///   - registrar: The registrar that notified, or nil when it is not known (control
    ///     events).
    ///   - slot: The slot it notified.
    func decideLocked(_ thread: UnsafeMutablePointer<ThreadState>, record: Int, from registrar: _ChangeRegistrar? = nil, slot: Int = 0) -> Decision { .ignore }

    /// Decides what a change notification means without the lock, for the sole listener of a
    /// registrar's slot; nil when the locked way must decide. See `ChainCore.takeWithoutLock`.
    func decideWithoutLock(_ thread: UnsafeMutablePointer<ThreadState>) -> Decision? { nil }

    /// Carries out a decision for `record` (see `decideLocked`). Lock not held: reads the value
    /// (user code) and dispatches.
    func act(_ decision: Decision, record: Int, _ thread: UnsafeMutablePointer<ThreadState>) {}
}
