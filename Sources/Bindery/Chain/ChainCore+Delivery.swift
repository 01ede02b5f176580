// Delivery: how an owner runs a change's filters and writes it into receivers and blocks. No
// lock is taken here, and nothing here reaches back into the graph: where a receiver needs
// the engine (it left the chain during the dispatch, or must be written on the main actor),
// delivery stops there and says why, and the engine (`ChainCore+Ownership.swift`) resumes it.
extension ChainCore {
    /// Why a receiver needs the engine (see `write(_:into:foundDead:)`).
    enum NeedsEngine {
        /// It left the chain since the plan was made: the endpoint that stands for it now, if
        /// any, is the engine's to find.
        case left
        /// It must be written on the main actor, and this is not it.
        case mainActor
    }

    /// Runs the origin's change test on `value` (an array element's, which records it).
    @inline(never)
    static func noteChange(_ value: Value, _ origin: EndpointName) -> Bool {
        accessors(of: origin)._withUnsafeGuaranteedRef { $0.noteChange?(value) ?? true }
    }

    /// Whether every filter passes `value` (see <doc:Guarantees#Filters>).
    @inline(never)
    func passes(_ value: Value, _ filters: [(Value) -> Bool]) -> Bool {
        filters.allSatisfy { $0(value) }
    }

    /// Writes `receivers` in join order from `start`, skipping the origin (see
    /// <doc:Guarantees#No-echo>), until one needs the engine: returns its index and why, or nil
    /// when every receiver is done. A receiver whose object has gone is left for the engine to
    /// prune, and `foundDead` says so. The receivers are kept alive by the plan or item they
    /// come from.
    @inline(__always)
    func write(
        _ value: Value, into receivers: [EndpointName], from start: Int, skipping origin: EndpointName,
        foundDead: inout Bool, _ thread: UnsafeMutablePointer<ThreadState>
    ) -> (index: Int, need: NeedsEngine)? {
        // The plan's array is not changed while it is delivered (a new shape makes a new plan):
        // read without a bounds check.
        receivers.withUnsafeBufferPointer { receivers in
            var index = start
            while index < receivers.count {
                let receiver = receivers[index]
                if receiver != origin, let need = write(value, into: receiver, foundDead: &foundDead, thread) { return (index, need) }
                index += 1
            }
            return nil
        }
    }

    /// Writes one receiver, unless it needs the engine (then says why). A receiver whose object
    /// has gone is not written, and `foundDead` says so. Reads the receiver's record alone.
    @inline(__always)
    func write(
        _ value: Value, into receiver: EndpointName, foundDead: inout Bool, _ thread: UnsafeMutablePointer<ThreadState>
    ) -> NeedsEngine? {
        let record = receiver.recordPointer
        if record.pointee.isDetached { return .left }
        // Not `target`, which would read `isDetached` again.
        guard let target = record.pointee.objectIfAlive else {
            foundDead = true
            return nil
        }
        if record.pointee.delivery == .mainActor, !MainQueue.isCurrent { return .mainActor }
        write(value, to: receiver, target, thread)
        return nil
    }

    /// Writes one endpoint's object on this thread, with its echo ignored (see
    /// <doc:Guarantees#Loops>, `ThreadState.writing`).
    @inline(__always)
    func write(_ value: Value, to receiver: EndpointName, _ target: AnyObject, _ thread: UnsafeMutablePointer<ThreadState>) {
        let record = receiver.recordPointer
        let sequence = writeSequence.load(ordering: .relaxed)
        record.pointee.writtenSequence.store(sequence, ordering: .relaxed)
        let written: Bool
        if record.pointee.role.contains(.sends) {
            written = ThreadState.writing(receiver.word, on: thread) { write(value, into: target, through: record) }
        } else {
            // An endpoint that only receives listens to nothing: no echo can reach it.
            written = write(value, into: target, through: record)
        }
        writeSequence.store(sequence &+ 1, ordering: .relaxed)
        if !written { Self.reportUnwritable(receiver) }
    }

    /// Writes `value` into `target` through the accessors of `record`, lent, not retained (see
    /// `Endpoint.read(_:)`); false when the endpoint has no write or it failed.
    @inline(__always)
    private func write(_ value: Value, into target: AnyObject, through record: UnsafePointer<EndpointRecord>) -> Bool {
        Self.accessors(of: record.pointee)._withUnsafeGuaranteedRef { $0.write?(target, value) ?? false }
    }

    @inline(never)
    static func reportUnwritable(_ receiver: EndpointName) {
        Report.unwritable(receiver.label)
    }

    /// Runs named blocks after the receivers (see <doc:Guarantees#Order>); a main-actor block off the main actor
    /// runs there later, as the change's next cause.
    @inline(never)
    func run(_ blocks: [NamedBlock<Value>], _ value: Value) {
        for block in blocks { run(block, value) }
    }

    /// Runs one named block, on the main actor if it asks for it (see `run(_:_:)`).
    func run(_ block: NamedBlock<Value>, _ value: Value) {
        if block.delivery == .mainActor, !MainQueue.isCurrent {
            let depth = ThreadState.current.pointee.depth
            let body = block.body, liveness = block.liveness
            MainQueue.enqueue {
                guard liveness?.isLive ?? true else { return }
                ThreadState.runDeferred(depth: depth, writing: 0) { body(value) }
            }
        } else {
            block.body(value)
        }
    }
}
