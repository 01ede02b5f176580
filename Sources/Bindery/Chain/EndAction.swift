/// Work to do once a chain lets go of something: held by the chain (see
/// `AnyChainCore.addEndActionLocked`) it runs when the chain ends; captured by a named block it
/// runs when the block leaves its chain (removed, replaced, or its chain ended).
///
/// It runs in its deinit, so it runs once, whichever way it is let go of. The chain never lets
/// go of anything with the graph lock held (what a critical section drops is buried until the
/// lock is released, see `Registry.buryLocked`), so the action may take the lock, bind, unbind
/// or cancel a task whose cancellation handlers are user code.
final class EndAction: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    deinit {
        action()
    }
}
