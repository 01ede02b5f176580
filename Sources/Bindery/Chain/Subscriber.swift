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

    /// The slots record `record` listens to. Lock held.
    ///
    /// A subscriber's records listen each on its own, as its registrars' tables name them
    /// (`Listener.record`): an endpoint object has one, a chain has its head's and, step by
    /// step, its second member's; a read listener has one.
    func subscriptions(record: Int) -> Subscriptions { fatalError("abstract") }

    /// Starts listening to `slot` of `registrar` as record `record`. Lock held.
    func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int, record: Int) {
        registrar.addListener(Listener(.passUnretained(self), record: record), slot: slot)
        appendSubscription(Subscription(registrar: registrar, slot: slot), record: record)
    }

    /// Stops listening to every slot as record `record`. Lock held.
    func unsubscribeAllLocked(record: Int) {
        let listener = Listener(.passUnretained(self), record: record)
        for subscription in subscriptions(record: record) { subscription.registrar.removeListener(listener, slot: subscription.slot) }
        removeAllSubscriptions(record: record)
    }

    /// Forgets every slot record `record` listens to, without telling the registrars (which
    /// have let go of this subscriber, or will be told by the caller). Lock held.
    func removeAllSubscriptions(record: Int) { fatalError("abstract") }

    /// Records one more slot record `record` listens to, without telling its registrar. Lock
    /// held.
    func appendSubscription(_ subscription: Subscription, record: Int) { fatalError("abstract") }

    /// Forgets the slots `record` listens to for which `shouldRemove` is true, without telling
    /// their registrars (a registrar that is going, which has let go of its listeners). Lock
    /// held.
    final func removeSubscriptions(record: Int, where shouldRemove: (Subscription) -> Bool) {
        let kept = subscriptions(record: record).filter { !shouldRemove($0) }
        removeAllSubscriptions(record: record)
        for subscription in kept { appendSubscription(subscription, record: record) }
    }

    /// Whether record `record`'s route, when its links were last read, reached its last
    /// property (see `DynamicRoute`); false for anything else. Lock held.
    func reachesLeaf(record: Int) -> Bool { fatalError("abstract") }

    /// Records whether record `record`'s route reached its last property. Lock held.
    func setReachesLeaf(_ reaches: Bool, record: Int) { fatalError("abstract") }

    /// The object record `record` listens for, retained, if it is still there and the record
    /// has not left: what a route reads its links from.
    func target(record: Int) -> AnyObject? { fatalError("abstract") }

    /// This subscriber's record `record`, or the one that now stands for it (an endpoint
    /// declared again), as a registrar's table names it; nil if it stopped. Lock held.
    func activeLocked(record: Int) -> Listener? { fatalError("abstract") }

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

// What an endpoint's kind subscribes and asks: one of a subscriber's records, named as a
// registrar's table names it (an endpoint's record, or a read listener's only one).
extension Listener {
    /// The subscriber, unretained (the caller keeps it).
    var subscriber: Unmanaged<Subscriber> { unsafeBitCast(object, to: Unmanaged<Subscriber>.self) }

    /// The slots it listens to. Lock held.
    var subscriptions: Subscriber.Subscriptions { subscriber._withUnsafeGuaranteedRef { $0.subscriptions(record: record) } }

    /// Whether its route reached its last property when its links were last read. Lock held.
    var reachesLeaf: Bool {
        get { subscriber._withUnsafeGuaranteedRef { $0.reachesLeaf(record: record) } }
        nonmutating set { subscriber._withUnsafeGuaranteedRef { $0.setReachesLeaf(newValue, record: record) } }
    }

    /// The object it listens for, retained, if it is still there and the record has not left.
    var target: AnyObject? { subscriber._withUnsafeGuaranteedRef { $0.target(record: record) } }

    /// Starts listening to `slot` of `registrar`. Lock held.
    func subscribeLocked(_ registrar: _ChangeRegistrar, slot: Int) {
        subscriber._withUnsafeGuaranteedRef { $0.subscribeLocked(registrar, slot: slot, record: record) }
    }

    /// Stops listening to every slot. Lock held.
    func unsubscribeAllLocked() {
        subscriber._withUnsafeGuaranteedRef { $0.unsubscribeAllLocked(record: record) }
    }
}
