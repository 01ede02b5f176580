/// Where a receiver is written or a named block runs.
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
