/// The derived values a thread must evaluate once the change it is dispatching has run its
/// course: the consistency of derived values (one evaluation per set, never with half-updated
/// inputs).
///
/// A set reaches a derived value through the chain of one of its subscriptions, whose block
/// schedules the value here instead of evaluating it. The thread evaluates what is scheduled
/// when its outermost dispatch ends, once every listener of the slot set has heard
/// (`ThreadState.endOfDispatch`), so every chain the set reaches, and every property they
/// write, has its new value first. Then
/// the values are evaluated lowest first (a value's height is one more than the highest
/// derived value it read), so that a value whose inputs are themselves derived comes after
/// them: in a diamond (`d` reads `b` and `c`, both computed from `a`), one set of `a` evaluates
/// `b` and `c`, then `d`, once. A value scheduled twice before it is evaluated is evaluated
/// once.
///
/// Each entry keeps the causal depth of the change that scheduled it and runs at it, so that a
/// cycle through derived values and user code (a receiver of `d` that sets what `d` reads) is
/// bounded as a cycle across chains is (see <doc:Guarantees#Loops>).
///
/// A main-actor derived value scheduled on another thread is scheduled again on the main
/// actor, behind the main-actor work already queued, and evaluated there.
///
/// One per thread (`ThreadState.dispatchEnd`), used by its thread only.
final class DerivedSchedule: DispatchEndWork {
    /// `thread`'s schedule, made the first time the thread schedules a value.
    @inline(__always)
    static func of(_ thread: UnsafeMutablePointer<ThreadState>) -> DerivedSchedule {
        if let schedule = thread.pointee.dispatchEnd { return unsafeDowncast(schedule, to: DerivedSchedule.self) }
        let made = DerivedSchedule()
        thread.pointee.dispatchEnd = made
        return made
    }

    private struct Entry {
        /// The node, alive while `keeper` is: not counted.
        let reference: Unmanaged<DerivedNode>
        var node: DerivedNode { reference.takeUnretainedValue() }
        /// The node's owner, held until the evaluation has run.
        let keeper: AnyObject
        /// The causal depth of the change that scheduled it.
        let depth: Int
        /// The endpoint the thread was writing for its chain when the change was made: a
        /// derived value's send caused by that write is its echo (see `ThreadState.writing`).
        let writing: UInt
    }

    @exclusivity(unchecked) private var pending: [Entry] = []
    @exclusivity(unchecked) private var isDraining = false

    /// Schedules `node` for evaluation on this thread, once the outermost dispatch ends; at
    /// once if the thread dispatches nothing.
    func schedule(_ node: DerivedNode, keeping owner: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {
        let reference = Unmanaged.passUnretained(node)
        if !pending.contains(where: { $0.reference.toOpaque() == reference.toOpaque() }) {
            pending.append(Entry(reference: reference, keeper: owner, depth: thread.pointee.causalDepth, writing: thread.pointee.writing))
        }
        thread.pointee.hasPendingDerived = true
        ThreadState.endOfDispatch(thread)
    }

    /// Evaluates what is scheduled, lowest first, until nothing is; what an evaluation's send
    /// schedules is evaluated in the same drain. Does nothing inside a drain of this thread
    /// (an evaluation's send ends dispatches of its own).
    func drain(_ thread: UnsafeMutablePointer<ThreadState>) {
        guard !isDraining else { return }
        isDraining = true
        defer {
            isDraining = false
            thread.pointee.hasPendingDerived = false
        }
        while let entry = takeLowest() {
            guard entry.depth <= ChainCore<Void>.maximumDepth else {
                Report.derivedCycle(entry.node.label, depth: ChainCore<Void>.maximumDepth)
                continue
            }
            if entry.node.isMainActor, !MainQueue.isCurrent {
                // A main-actor value is evaluated on the main actor, in the order its changes came.
                let node = entry.node, keeper = entry.keeper, depth = entry.depth
                MainQueue.enqueue {
                    ThreadState.runDeferred(depth: depth, writing: 0) {
                        let main = ThreadState.current
                        DerivedSchedule.of(main).schedule(node, keeping: keeper, main)
                    }
                }
                continue
            }
            ThreadState.dispatching(on: thread, at: entry.depth) {
                ThreadState.writing(entry.writing, on: thread) {
                    entry.reference._withUnsafeGuaranteedRef { $0.evaluate(thread) }
                }
            }
        }
    }

    /// Takes out the scheduled value of the lowest height (the first scheduled among equals).
    private func takeLowest() -> Entry? {
        guard var lowest = pending.indices.first else { return nil }
        var height = pending[lowest].node.height
        for index in pending.indices.dropFirst() where pending[index].node.height < height {
            lowest = index
            height = pending[index].node.height
        }
        return pending.remove(at: lowest)
    }
}
