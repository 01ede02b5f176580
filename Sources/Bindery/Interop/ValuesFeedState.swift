/// What a chain's ``ChainValues`` iteration holds between the chain and its consumer: the
/// latest value not yet taken, the consumer waiting for one, and whether the iteration is over.
/// A value type that decides; ``ValuesFeed`` keeps it behind a lock and acts (resumes the
/// consumer) after releasing it.
struct ValuesFeedState<Value> {
    /// What the consumer gets when it asks.
    enum Answer {
        /// The latest value, now.
        case value(Value)
        /// Nothing more: the iteration is over.
        case end
        /// Nothing yet: the consumer waits.
        case wait
    }

    /// The latest value the chain sent that the consumer has not taken: only the latest, so a
    /// slow consumer skips the values that came in between.
    private var latest: Value?
    /// The consumer waiting for the next value, if it is waiting.
    private var consumer: UnsafeContinuation<Value?, Never>?
    /// Set when the chain let go of the iteration (it ended, or its block was removed): the
    /// consumer still gets the value it has not taken, then the end.
    private var isEnded = false
    /// Set when the consumer stopped (its task was cancelled, or it left the loop): nothing is
    /// kept and nothing more is given.
    private var isStopped = false

    /// The chain sent `value`. Returns the consumer to resume with it, if one is waiting;
    /// otherwise keeps it in place of any value not taken yet.
    mutating func receive(_ value: Value) -> UnsafeContinuation<Value?, Never>? {
        guard !isEnded, !isStopped else { return nil }
        if let waiting = consumer {
            consumer = nil
            return waiting
        }
        latest = value
        return nil
    }

    /// The consumer asks for the next value without waiting.
    mutating func take() -> Answer {
        if let value = latest {
            latest = nil
            return .value(value)
        }
        return isEnded || isStopped ? .end : .wait
    }

    /// The consumer asks for the next value and waits if there is none: returns what to resume
    /// it with now, or `.wait` when it was kept to resume later. A consumer that was already
    /// waiting (two tasks sharing one iterator) is returned in `replaced`, to end.
    mutating func wait(_ waiting: UnsafeContinuation<Value?, Never>) -> (answer: Answer, replaced: UnsafeContinuation<Value?, Never>?) {
        let answer = take()
        guard case .wait = answer else { return (answer, nil) }
        let replaced = consumer
        consumer = waiting
        return (.wait, replaced)
    }

    /// The chain let go of the iteration. Returns the waiting consumer, to resume with nil (a
    /// waiting consumer has taken every value already).
    mutating func end() -> UnsafeContinuation<Value?, Never>? {
        isEnded = true
        defer { consumer = nil }
        return consumer
    }

    /// The consumer stopped. Returns the waiting consumer, to resume with nil.
    mutating func stop() -> UnsafeContinuation<Value?, Never>? {
        isStopped = true
        latest = nil
        defer { consumer = nil }
        return consumer
    }
}
