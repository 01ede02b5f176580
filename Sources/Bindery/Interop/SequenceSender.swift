/// A sequence as a chain's sender: a ``Dynamic`` box heads the chain, and a task iterates the
/// sequence and sets the box to each element, so that each element propagates as any change of
/// a sender does, on the task's thread.
///
/// Nothing but the task holds the box, and nothing but the runtime holds the task while it
/// runs. The chain holds an ``EndAction`` that cancels the task when the chain ends. When the
/// sequence finishes (or throws), the task takes the box out of the chain before it ends: a
/// chain that loses its only sender ends.
enum SequenceSender {
    /// Starts iterating `elements` into a new chain whose value starts as `initial`; each
    /// element is set through `transform`. `onError` gets the error that ended a throwing
    /// sequence, unless the task was cancelled (then it is not the sequence's error).
    static func start<Elements: AsyncSequence, Value: Sendable>(
        _ elements: sending Elements,
        initial: Value,
        transform: @escaping @Sendable (Elements.Element) -> Value,
        onError: (@Sendable (Elements.Failure) -> Void)?
    ) -> Chain<Value> {
        let box = Dynamic(initial)
        let chain = Bind.in(box, \.value)
        let iterate = iteration(of: elements, into: box, transform: transform, onError: onError)
        let task = Task { await iterate() }
        GraphLock.shared.locked {
            chain.core.resolvedLocked().addEndActionLocked(EndAction { task.cancel() })
        }
        return chain
    }

    /// The task's work: sets `box` to each element of `elements` until the sequence finishes,
    /// throws, or the task is cancelled. Made outside the task's closure, so that the closure
    /// that runs in the task captures no type of the caller's sequence.
    private static func iteration<Elements: AsyncSequence, Value: Sendable>(
        of elements: sending Elements,
        into box: Dynamic<Value>,
        transform: @escaping @Sendable (Elements.Element) -> Value,
        onError: (@Sendable (Elements.Failure) -> Void)?
    ) -> () async -> Void {
        { () async -> Void in
            // However the iteration ends, the sender is gone: the chain ends (unless another
            // sender joined it), whatever still holds the task.
            defer { Bind.unbind(box) }
            var iterator = elements.makeAsyncIterator()
            do throws(Elements.Failure) {
                while let element = try await iterator.next(isolation: nil) {
                    // A sequence that does not stop when cancelled is left here.
                    if Task.isCancelled { return }
                    box.value = transform(element)
                }
            } catch {
                if !Task.isCancelled { onError?(error) }
            }
        }
    }
}
