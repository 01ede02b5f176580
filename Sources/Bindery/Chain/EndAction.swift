import Synchronization

/// Bindery's one "this ended" signal, for what a chain holds and lets go of: a named block
/// (`NamedBlock.liveness`), or work the chain itself holds (`AnyChainCore.addEndActionLocked`).
///
/// Two things happen when it ends, at two moments:
/// - The chain marks it ended (`end()`) the moment it takes the block out (removed, replaced,
///   or its chain ended), with the graph lock held: a run of the block already queued on the
///   main actor, or a target-action's call, checks `isLive` and is dropped.
/// - Its action, if it has one, runs in its deinit, once the last holder lets go: the chain
///   never lets go of anything with the graph lock held (what a critical section drops is
///   buried until the lock is released, see `Registry.buryLocked`), so the action may take the
///   lock, bind, unbind, or cancel a task whose cancellation handlers are user code. It runs
///   once, whichever way it is let go of.
final class EndAction: Sendable {
    private let ended = Atomic<Bool>(false)
    private let action: (@Sendable () -> Void)?

    /// - Parameter action: Runs when the last holder lets go; nil for a signal that is only
    ///   asked whether it ended.
    init(_ action: (@Sendable () -> Void)? = nil) {
        self.action = action
    }

    /// Whether it has not been marked ended.
    var isLive: Bool { !ended.load(ordering: .acquiring) }

    /// Marks it ended. Runs nothing: the lock may be held.
    func end() { ended.store(true, ordering: .releasing) }

    deinit {
        action?()
    }
}
