/// Where a receiver is written.
///
/// By default a receiver follows the code that declares it: declared from main-actor code (a
/// view controller, a `@MainActor` view model, a `@MainActor` test), it is only ever written on
/// the main actor; declared anywhere else, it is written on the thread that made the change.
///
/// ```swift
/// Bind.in(downloader, \.progress).out(progressLabel, \.text, delivery: .mainActor)
/// ```
public enum Delivery: Sendable, Equatable {
    /// On the main actor when the receiver is declared from main-actor code, otherwise on the
    /// thread that made the change (the default).
    case automatic
    /// On the thread that made the change, before the change's setter returns, wherever the
    /// receiver was declared: for objects that are safe to write from any thread.
    case immediate
    /// On the main actor: at once when the change is made on the main thread, otherwise
    /// enqueued on the main queue in the order the changes were made, so the receiver ends at
    /// the last value. A queued write is skipped if the receiver was unbound meanwhile, or if a
    /// newer change of the chain overtook it.
    case mainActor

    /// What `.automatic` means for a receiver declared in `isolation` (the caller's
    /// `#isolation`): the main actor for main-actor code, the changing thread otherwise.
    @inlinable
    func resolved(declaredIn isolation: (any Actor)?) -> Delivery {
        guard self == .automatic, let isolation else { return self == .automatic ? .immediate : self }
        return isolation === MainActor.shared ? .mainActor : .immediate
    }

    /// What `.automatic` means for a receiver declared by an operator, which cannot take the
    /// caller's `#isolation`: the main actor when declared on the main thread (where main-actor
    /// code runs), the changing thread otherwise.
    @usableFromInline
    func resolvedForCurrentThread() -> Delivery {
        guard self == .automatic else { return self }
        return MainQueue.isCurrent ? .mainActor : .immediate
    }
}

/// Asks for a named block to run on the main actor; the block is then typed `@MainActor`.
///
/// The same as writing the block `{ @MainActor value in … }`, or declaring it from main-actor
/// code.
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
