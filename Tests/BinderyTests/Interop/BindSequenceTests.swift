import Foundation
import Testing
@testable import Bindery

/// `Bind.in(sequence:)`: any `AsyncSequence` as a chain's sender, iterated by a task that the
/// chain cancels when it ends.
@Suite(.failOnUnexpectedDiagnostics, .timeLimit(.minutes(1))) struct BindSequenceTests {
    @Test("Elements arrive in order, each a change of the chain")
    func elementsArriveInOrder() async {
        let (readings, feed) = AsyncStream.makeStream(of: Int.self)
        let seen = Recorder<Int>()
        let last = Gate()
        let label = Label()
        let chain = Bind.in(sequence: readings, initial: 0)
            .out(label, \.number)
            .out("log", initial: false) { (value: Int) in
                seen.append(value)
                if value == 5 { last.open() }
            }
        #expect(label.number == 0)
        for value in 1...5 { feed.yield(value) }
        await last.wait()
        #expect(seen.values == [1, 2, 3, 4, 5])
        #expect(label.number == 5)
        chain.unbind()
    }

    @Test("Without an initial value the chain is optional, nil until the first element")
    func optionalChainStartsNil() async {
        let (readings, feed) = AsyncStream.makeStream(of: Double.self)
        let label = Label()
        let first = Gate()
        let chain = Bind.in(sequence: readings)
            .out(label, \.text)
            .out("first", initial: false) { (_: Double?) in first.open() }
        #expect(label.text == nil)
        feed.yield(21.5)
        await first.wait()
        #expect(label.text == "21.5")
        chain.unbind()
    }

    @Test("The chain ends when the sequence finishes; receivers keep the last value")
    func chainEndsWithTheSequence() async {
        let (readings, feed) = AsyncStream.makeStream(of: Int.self)
        let label = Label()
        let chain = Bind.in(sequence: readings, initial: 0).out(label, \.number)
        // The loop over the chain's values ends when the chain does.
        let ended = Task { for await _ in chain.values {} }
        feed.yield(7)
        feed.finish()
        await ended.value
        #expect(!chain.isBound)
        #expect(label.number == 7)
    }

    @Test("Unbinding the chain cancels the task, which lets go of the sequence")
    func unbindCancelsTheTask() async {
        let released = Gate()
        let (readings, feed, cancelled) = readingsThatReportCancellation()
        let label = Label()
        // Made in the call, so that nothing here holds the sequence.
        let chain = Bind.in(sequence: Witnessed(readings, witness: ReleaseWitness(released)), initial: 0).out(label, \.number)
        chain.unbind()
        await cancelled.wait()
        await released.wait()
        withExtendedLifetime(feed) {}
    }

    @Test("A receiver that deinitialises ends the chain at once, which cancels the task (rule 1)")
    func receiverGoingCancelsTheTask() async {
        let (readings, feed, cancelled) = readingsThatReportCancellation()
        do {
            let receiver = Lottery()
            Bind.in(sequence: readings, initial: 0).out(receiver, \.sn)
        }
        await cancelled.wait()
        withExtendedLifetime(feed) {}
    }

    @Test("A plain receiver that went is pruned at the next element, which cancels the task (rule 1)")
    func plainReceiverGoingCancelsTheTaskAtTheNextElement() async {
        let (readings, feed, cancelled) = readingsThatReportCancellation()
        weak var gone: Label?
        let chain: Chain<Int>
        do {
            let label = Label()
            gone = label
            chain = Bind.in(sequence: readings, initial: 0).out(label, \.number)
        }
        #expect(gone == nil)
        #expect(!cancelled.opened)
        feed.yield(1)
        await cancelled.wait()
        #expect(!chain.isBound)
    }

    @Test("A sequence's chain joined into another (rule 7): the merged chain carries the task, which ends when that chain ends")
    func joinedChainCarriesTheTask() async {
        let (readings, feed, cancelled) = readingsThatReportCancellation()
        let label = Label()
        let lottery = Lottery()
        let sequenceChain = Bind.in(sequence: readings, initial: 0).out(label, \.number)
        // The label is in the sequence's chain: this declaration joins it into the lottery's.
        let joined = Bind.in(lottery, \.sn).out(label, \.number)
        #expect(!cancelled.opened)
        let arrived = Gate()
        joined.out("arrived", initial: false) { (value: Int) in if value == 9 { arrived.open() } }
        feed.yield(9)
        await arrived.wait()
        #expect(label.number == 9)
        // Ending the joining declaration leaves the sequence's own: the task goes on.
        joined.unbind()
        #expect(!cancelled.opened)
        #expect(sequenceChain.isBound)
        // Ending the sequence's declaration ends the chain, and with it the task.
        sequenceChain.unbind()
        await cancelled.wait()
    }

    @Test("Rule 10: a receiver declared from main-actor code gets the elements on the main actor")
    @MainActor
    func mainActorReceiver() async {
        let (readings, feed) = AsyncStream.makeStream(of: Int.self)
        let label = MainLabel()
        let last = Gate()
        let chain = Bind.in(sequence: readings, initial: 0)
            .out(label, \.text)
            .out("last", initial: false) { @MainActor (value: Int) in
                if value == 3 { last.open() }
            }
        for value in 1...3 { feed.yield(value) }
        await last.wait()
        #expect(label.text == "3")
        #expect(label.allOnMain)
        chain.unbind()
    }

    @Test("A throwing sequence: its error goes to onError, once, and the chain ends")
    func throwingSequenceReportsItsError() async {
        let (readings, feed) = AsyncThrowingStream.makeStream(of: Int.self)
        let errors = Recorder<String>()
        let failed = Gate()
        let label = Label()
        let chain = Bind.in(sequence: readings, initial: 0, onError: { error in
            errors.append("\(error)")
            failed.open()
        }).out(label, \.number)
        let ended = Task { for await _ in chain.values {} }
        feed.yield(4)
        feed.finish(throwing: SensorFailure())
        await failed.wait()
        await ended.value
        #expect(errors.values == ["SensorFailure()"])
        #expect(label.number == 4)
        #expect(!chain.isBound)
    }

    @Test("A throwing sequence stopped by the chain's end: its cancellation error is not reported")
    func cancellationIsNotAnError() async {
        let waiting = Gate(), released = Gate()
        let label = Label()
        // Made in the call, so that nothing here holds the sequence.
        let chain = Bind.in(sequence: Witnessed(ThrowsWhenCancelled(waiting: waiting), witness: ReleaseWitness(released)), onError: { error in
            Issue.record("unexpected error \(error)")
        }).out(label, \.number)
        await waiting.wait()
        chain.unbind()
        await released.wait()
    }
}

/// A stream of readings and its feed, with a gate that opens when the task iterating the
/// stream is cancelled.
func readingsThatReportCancellation() -> (AsyncStream<Int>, AsyncStream<Int>.Continuation, Gate) {
    let cancelled = Gate()
    let (readings, feed) = AsyncStream.makeStream(of: Int.self)
    feed.onTermination = { termination in
        if case .cancelled = termination { cancelled.open() }
    }
    return (readings, feed, cancelled)
}

/// A sensor's failure.
struct SensorFailure: Error {}

/// `base`, holding `witness` for as long as it or one of its iterators lives.
struct Witnessed<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
    typealias Element = Base.Element
    typealias Failure = Base.Failure

    let base: Base
    let witness: ReleaseWitness

    init(_ base: Base, witness: ReleaseWitness) {
        self.base = base
        self.witness = witness
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let witness: ReleaseWitness

        mutating func next(isolation actor: isolated (any Actor)?) async throws(Base.Failure) -> Base.Element? {
            try await base.next(isolation: actor)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), witness: witness)
    }
}

/// A sequence that yields nothing: its iterator waits (opening `waiting`) until its task is
/// cancelled, then throws `CancellationError`, as many throwing sequences do.
struct ThrowsWhenCancelled: AsyncSequence, Sendable {
    typealias Element = Int
    let waiting: Gate

    struct AsyncIterator: AsyncIteratorProtocol {
        let waiting: Gate

        mutating func next() async throws -> Int? {
            let cancelled = Gate()
            await withTaskCancellationHandler {
                waiting.open()
                await cancelled.wait()
            } onCancel: {
                cancelled.open()
            }
            throw CancellationError()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(waiting: waiting)
    }
}
