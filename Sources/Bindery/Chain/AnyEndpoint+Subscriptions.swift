extension AnyEndpoint {
    struct Subscription {
        unowned(unsafe) let registrar: _ChangeRegistrar
        let slot: Int
    }

    /// The slots an endpoint listens to, in the order it began listening, as read with the
    /// lock held. The first is kept in the endpoint (`firstRegistrar`, `firstSlot`): a
    /// property's endpoint listens to one slot, and that costs no allocation; the others (a
    /// route's, a control's several events) are in its `extras`.
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
}
