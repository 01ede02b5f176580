/// What a shape change leaves to do once the graph lock is released. Nearly always one
/// initial value sent into a receiver that just joined an idle chain, which is carried without
/// allocating anything.
enum AfterLock {
    /// Write the chain's value into the endpoint named: this thread took the endpoint's chain
    /// in the critical section (see `ChainCore.sendInitialLocked`). Named, not retained: until
    /// this thread gives the chain back, the chain keeps the endpoint's host (retiring it if it
    /// leaves, see `retireLocked`), and the host keeps the chain.
    case initialValue(EndpointName, UnsafeMutablePointer<ThreadState>)
    /// Anything else: queued initial values, a merge's initial values and queued changes.
    case work(() -> Void)

    /// Does it, on the thread that made it, with the lock released.
    func run() {
        switch self {
        case .initialValue(let endpoint, let thread):
            endpoint.host._withUnsafeGuaranteedRef { $0.sendInitialOwned(thread, record: endpoint.record) }
        case .work(let work): work()
        }
    }

    /// `first`, then `second`.
    static func sequence(_ first: AfterLock?, _ second: AfterLock?) -> AfterLock? {
        guard let first else { return second }
        guard let second else { return first }
        return .work { first.run(); second.run() }
    }
}
