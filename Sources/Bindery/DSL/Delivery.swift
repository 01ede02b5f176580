/// Where a receiver is written.
///
/// ```swift
/// Bind.in(downloader, \.progress).out(progressLabel, \.text, delivery: .mainActor)
/// ```
public enum Delivery: Sendable, Equatable {
    /// On the thread that made the change, before the change's setter returns (the default).
    case immediate
    /// On the main actor: at once when the change is made on the main thread, otherwise
    /// enqueued on the main queue in the order the changes were made, so the receiver ends at
    /// the last value. A queued write is skipped if the receiver was unbound meanwhile, or if a
    /// newer change of the chain overtook it.
    case mainActor
}

/// Asks for a named block to run on the main actor; the block is then typed `@MainActor`.
///
/// ```swift
/// Bind.in(downloader, \.progress).out("bar", delivery: .mainActor) { progressBar.value = $0 }
/// ```
///
/// The block runs at once when the change is made on the main thread, and is queued on the
/// main actor, in the order the changes were made, when it is made on any other thread.
public enum MainActorDelivery: Sendable, Equatable {
    /// On the main actor.
    case mainActor
}
