// The async-sequence cases: a chain's `values` against an `AsyncStream` fed by a named block on
// the same writes, each iterated by a consumer task while the benchmark's thread writes.

import Bindery
import Dispatch

// MARK: - A consumer task

/// One run's consumer: iterates its values on the global executor (never on the main actor,
/// which the benchmark's thread holds) until it sees the last value written, then signals.
final class AsyncRun: @unchecked Sendable {
    // @unchecked: `sawLast` is written by the consumer before it signals `done` and read by
    // the writer after waiting on it; the semaphores order the two.
    let ready = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    var sawLast = false
    /// How many values the consumer took (the first one included).
    var taken = 0

    /// Iterates `iterator` until `last`, in a detached task; signals `ready` once it has taken
    /// the first value.
    func consume<Iterator: AsyncIteratorProtocol>(_ iterator: sending Iterator, until last: Int)
    where Iterator.Element == Int, Iterator.Failure == Never, Iterator: SendableMetatype {
        Task.detached { [self] in
            var iterator = iterator
            var first = true
            while let value = await iterator.next(isolation: nil) {
                taken += 1
                if first {
                    first = false
                    ready.signal()
                }
                if value == last {
                    sawLast = true
                    break
                }
            }
            if first { ready.signal() }
            done.signal()
        }
    }
}

/// `n` writes of `source.value` while a consumer takes values: the consumer waits for the
/// last one. Both sides hold only the latest value, so the consumer takes as many as it can
/// keep up with; the figure is per write.
@inline(never)
func benchAsyncWriteLoop(_ source: Source, _ first: Int, _ n: Int) {
    for value in first..<(first + n) { source.value = value }
}

/// A batch of `n` writes into a chain whose values a consumer iterates: `start` binds the
/// consumer's side to the source and starts it, the run writes `n` values and waits for the
/// consumer to see the last.
private func asyncThroughput(_ start: @escaping (Source, AsyncRun, _ last: Int) -> Chain<Int>) -> Work {
    var source = Source()
    var run = AsyncRun()
    var chain: Chain<Int>?
    var first = 1, count = 0
    return .batch(BatchBody(
        prepare: { n in
            source = Source()
            run = AsyncRun()
            first = 1
            count = n
            chain = start(source, run, n)
            run.ready.wait()
        },
        run: {
            benchAsyncWriteLoop(source, first, count)
            run.done.wait()
        },
        cleanup: {
            chain?.unbind()
            chain = nil
        },
        verify: { run.sawLast }))
}

/// `Bind.in(source, \.value).values`, iterated.
private func valuesThroughput() -> Work {
    asyncThroughput { source, run, last in
        let chain = Bind.in(source, \.value)
        run.consume(chain.values.makeAsyncIterator(), until: last)
        return chain
    }
}

/// An `AsyncStream` that keeps the newest value (as `values` does), fed by a named block of the
/// same chain, iterated.
private func streamThroughput() -> Work {
    asyncThroughput { source, run, last in
        let (stream, feed) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let chain = Bind.in(source, \.value).out("feed") { (value: Int) in feed.yield(value) }
        run.consume(stream.makeAsyncIterator(), until: last)
        return chain
    }
}

let asyncMeasurements: [Measurement] = [
    Measurement(id: "stream.throughput", what: "AsyncStream (newest 1) fed by .out(\"feed\") { yield($0) }, iterated; per write",
                make: streamThroughput),
    Measurement(id: "values.throughput", what: "Bind.in(s, \\.value).values, iterated; per write", make: valuesThroughput),
]
