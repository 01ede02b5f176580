/// A chain's values as an `AsyncSequence`: the chain's current value first, then each change
/// it accepts. Made by ``Chain/values``.
///
/// ```swift
/// for await name in Bind.in(user, \.name).values {
///     print("name:", name)
/// }
/// ```
///
/// **Buffering.** Only the latest value is kept for a consumer that has not asked for it yet:
/// a slow consumer skips the values that came in between and gets the newest one. The last
/// value the chain accepted is the last one the consumer gets (unless it stops first).
///
/// **Threads.** Values are handed over on the thread that changed the chain, with no Bindery
/// lock held, and the loop's body runs where the loop does: on the main actor in main-actor
/// code, on the global executor in a nonisolated task.
///
/// **Retention.** Each iteration (each `for await` loop) adds a named block to the chain: a
/// receiver, so it keeps the chain bound while the loop runs, like any other receiver. The
/// block holds the iteration's buffer, never the chain's objects.
///
/// **End.** The iteration ends (the loop gets `nil`) when the chain ends (it is unbound, or its
/// senders are gone), after the value not yet taken; or at once when the consuming task is
/// cancelled. An iteration of a chain that has already ended ends at once. When the loop ends,
/// however it ends (`break` and errors included), its block leaves the chain, which ends then
/// if the block was its last receiver.
///
/// The sequence is `Sendable`; its iterator is not, and serves one loop.
public struct ChainValues<Value: Sendable>: AsyncSequence, Sendable {
    /// A value of the chain.
    public typealias Element = Value
    /// Never: a chain carries values, not failures.
    public typealias Failure = Never

    let chain: Chain<Value>

    /// Starts an iteration: adds its block to the chain, which hands it the chain's current
    /// value at once.
    ///
    /// - Returns: The iterator, for one loop.
    ///
    /// ```swift
    /// var names = Bind.in(user, \.name).values.makeAsyncIterator()
    /// if let current = await names.next() { print("now:", current) }
    /// ```
    public func makeAsyncIterator() -> Iterator {
        let feed = ValuesFeed<Value>()
        chain.feeding(feed)
        return Iterator(subscription: ValuesSubscription(feed: feed))
    }

    /// Iterates a chain's values; see ``ChainValues``.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: ValuesSubscription<Value>

        /// The chain's next value, in the caller's isolation: the latest value not yet taken,
        /// or the next one the chain accepts.
        ///
        /// - Parameter actor: The caller's isolation; leave it out.
        /// - Returns: The value, or nil once the chain has ended or the task is cancelled.
        ///
        /// ```swift
        /// var names = Bind.in(user, \.name).values.makeAsyncIterator()
        /// while let name = await names.next() { print(name) }
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Value? {
            let feed = subscription.feed
            guard !Task.isCancelled else {
                feed.stop()
                return nil
            }
            switch feed.take() {
            case .value(let value): return value
            case .end:
                feed.unregister()
                return nil
            case .wait: break
            }
            let value = await withTaskCancellationHandler {
                await withUnsafeContinuation { feed.wait($0) }
            } onCancel: {
                feed.stop()
            }
            if value == nil { feed.unregister() }
            return value
        }

        /// The chain's next value; see ``next(isolation:)``.
        ///
        /// - Returns: The value, or nil once the chain has ended or the task is cancelled.
        ///
        /// ```swift
        /// var names = Bind.in(user, \.name).values.makeAsyncIterator()
        /// if let current = await names.next() { print("now:", current) }
        /// ```
        public mutating func next() async -> Value? {
            await next(isolation: nil)
        }
    }
}

extension Chain where Value: Sendable {
    /// The chain's values as an `AsyncSequence`: its current value first, then each change it
    /// accepts, until the chain ends or the consuming task is cancelled.
    ///
    /// Only the latest value is kept for a slow consumer: it skips the values that came in
    /// between (see ``ChainValues``). Each loop adds a named block to the chain, which keeps the
    /// chain bound while the loop runs and leaves it when the loop ends; the block holds no
    /// object of the chain. A chain that has ended gives a sequence that ends at once.
    ///
    /// ```swift
    /// for await name in Bind.in(user, \.name).values {
    ///     print("name:", name)
    /// }
    /// ```
    public var values: ChainValues<Value> {
        ChainValues(chain: self)
    }

    /// Adds the named block that feeds `feed` with the chain's values, and sends it the
    /// current value; ends `feed` at once if the chain has ended (or the block could not be
    /// added). The block runs on the changing thread.
    func feeding(_ feed: ValuesFeed<Value>) {
        // Ends the feed when the block leaves the chain, however it leaves.
        let end = EndAction { feed.end() }
        // A declaration of its own: the loop's end removes its block and nothing else.
        let (loop, initial) = declaring(Declaration.make()).addingBlock(
            "values", isAnonymous: true, initial: true, delivery: .immediate, liveness: end, reportsEnded: false
        ) { (value: Value) in feed.receive(value) }
        // Not added (the chain has ended): `end` goes now, which ends the feed. Added, the
        // block has its initial run to make.
        guard let initial else { return }
        feed.registered(loop.part)
        initial.run()
    }
}
