/// The shared part of one ``ChainValues`` iteration: the named block that the iteration added
/// to its chain puts values in, the consumer takes them out.
///
/// The block holds the feed strongly, and an ``EndAction`` that ends the feed when the block
/// leaves the chain (the chain ended, or the block was removed). The iterator holds it through
/// a ``ValuesSubscription``, whose deinit takes the block out of the chain.
final class ValuesFeed<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `state` and `registration` are guarded by `lock`.
    private let lock = Lock()
    private var state = ValuesFeedState<Value>()
    /// The chain and the name of the block that feeds this, while it is there.
    private var registration: DeclaredPart?

    /// Records the block that feeds this; it is taken out by ``unregister()``.
    func registered(_ block: DeclaredPart) {
        lock.withLock { registration = block }
    }

    /// A value from the chain, on the thread that changed it.
    func receive(_ value: Value) {
        let consumer = lock.withLock { state.receive(value) }
        consumer?.resume(returning: value)
    }

    /// The next value if there is one now; `.end` once the iteration is over.
    func take() -> ValuesFeedState<Value>.Answer {
        lock.withLock { state.take() }
    }

    /// Resumes `consumer` with the next value, now or when it comes; with nil at the end.
    func wait(_ consumer: UnsafeContinuation<Value?, Never>) {
        let (answer, replaced) = lock.withLock { state.wait(consumer) }
        replaced?.resume(returning: nil)
        switch answer {
        case .value(let value): consumer.resume(returning: value)
        case .end: consumer.resume(returning: nil)
        case .wait: break
        }
    }

    /// The chain let go of the block: the consumer gets the value it has not taken, then nil.
    func end() {
        let consumer = lock.withLock { state.end() }
        consumer?.resume(returning: nil)
    }

    /// The consumer stopped: the block leaves the chain, then the consumer gets nil (so that
    /// a loop that has ended has left nothing in the chain).
    func stop() {
        let consumer = lock.withLock { state.stop() }
        unregister()
        consumer?.resume(returning: nil)
    }

    /// Takes the block out of its chain, if it is still there; the chain ends if the block was
    /// its last receiver. Takes the graph lock: never called with it held.
    func unregister() {
        let taken = lock.withLock { () -> DeclaredPart? in
            defer { registration = nil }
            return registration
        }
        taken?.end()
    }
}

/// The iterator's hold on its feed: when the iterator goes (the loop ended, or was left with
/// `break` or an error), the feed's block leaves the chain.
final class ValuesSubscription<Value: Sendable>: Sendable {
    let feed: ValuesFeed<Value>

    init(feed: ValuesFeed<Value>) {
        self.feed = feed
    }

    deinit {
        feed.unregister()
    }
}
