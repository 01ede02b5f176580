// Layer 5 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Convert: the conversion table, transformers,
// async transformer runs. Names only `Internal`.

/// The work of one async transformer on one binding: a task per value sent, the newest one
/// alone allowed to deliver.
///
/// A value starts a task and cancels the one still running for an older value. A result is
/// delivered only if its value is still the latest when it is about to be written; the check
/// and the write run together on one serial executor (the main actor for main-actor delivery,
/// else an actor of this run's own), so an older result can never land after a newer one.
/// When the binding ends, the chain lets go of the run, and its deinit cancels the task.
final class AsyncTransformRun<Transform: AsyncTransformer>: AnyAsyncTransformRun, @unchecked Sendable {
    // @unchecked: `latest` and `task` are read and written only with `lock` held; every other
    // field is immutable and Sendable.
    private let lock = Lock()
    @exclusivity(unchecked) private var latest: UInt64 = 0
    @exclusivity(unchecked) private var task: Task<Void, Never>?
    private let transformer: Transform
    private let onMainActor: Bool
    private let serial = SerialDelivery()
    /// How diagnostics name the binding.
    private let label: String

    init(_ transformer: Transform, onMainActor: Bool, label: String) {
        self.transformer = transformer
        self.onMainActor = onMainActor
        self.label = label
    }

    deinit {
        task?.cancel()
    }

    /// Transforms `input` in a task of its own, and hands the result to `deliver` if `input`
    /// is still the latest value by then.
    func start(_ input: Transform.Input, deliver: @escaping @Sendable (Transform.Output) -> Void) {
        let (generation, previous) = lock.withLock { () -> (UInt64, Task<Void, Never>?) in
            latest &+= 1
            return (latest, task)
        }
        previous?.cancel()
        let started = Task { [weak self, transformer] in
            let output: Transform.Output
            do {
                output = try await transformer.transform(input)
            } catch is CancellationError {
                return
            } catch {
                self?.report(error)
                return
            }
            guard let self, !Task.isCancelled else { return }
            if onMainActor {
                await MainActor.run { if self.isLatest(generation) { deliver(output) } }
            } else {
                await serial.run { if self.isLatest(generation) { deliver(output) } }
            }
        }
        let stale = lock.withLock { () -> Bool in
            guard latest == generation else { return true }
            task = started
            return false
        }
        // A newer value arrived while this task was being made: its start could not cancel it.
        if stale { started.cancel() }
    }

    private func isLatest(_ generation: UInt64) -> Bool {
        lock.withLock { latest == generation }
    }

    private func report(_ error: any Error) {
        Report.transformFailed(Transform.self, label, error)
    }
}

/// Runs deliveries one at a time, off the main actor.
private actor SerialDelivery {
    func run(_ work: @Sendable () -> Void) {
        work()
    }
}

/// An async transformer's run, whatever its transformer: the owner of the block that feeds it,
/// by which its binding finds that block to replace it (see `OperatorLink.removeAsyncTransform`).
protocol AnyAsyncTransformRun: AnyObject {}
