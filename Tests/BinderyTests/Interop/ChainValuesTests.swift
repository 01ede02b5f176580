import Testing
@testable import Bindery

/// A chain's `values`: an `AsyncSequence` of its current value, then each accepted change.
@Suite(.failOnUnexpectedDiagnostics) struct ChainValuesTests {
    @Test("The current value comes first, then each accepted change")
    func currentValueThenChanges() async {
        let user = User(name: "Ada")
        var names = Bind.in(user, \.name).values.makeAsyncIterator()
        #expect(await names.next() == "Ada")
        for name in ["Bo", "Cy", "Di"] {
            user.name = name
            #expect(await names.next() == name)
        }
    }

    @Test("A slow consumer gets only the latest value: the ones in between are skipped")
    func slowConsumerGetsTheLatest() async {
        let box = Dynamic(0)
        let chain = Bind.in(box, \.value)
        var values = chain.values.makeAsyncIterator()
        for value in 1...3 { box.value = value }
        #expect(await values.next() == 3)
        chain.unbind()
        #expect(await values.next() == nil)
    }

    @Test("Rejected values never reach the sequence")
    func filteredValuesAreSkipped() async {
        let box = Dynamic(0)
        let chain = Bind.in(box, \.value).filter { $0 % 2 == 0 }
        var values = chain.values.makeAsyncIterator()
        #expect(await values.next() == 0)
        box.value = 1
        box.value = 2
        box.value = 3
        #expect(await values.next() == 2)
    }

    @Test("Unbinding the chain ends the loop, after the value not yet taken", .timeLimit(.minutes(1)))
    func unbindEndsTheLoop() async {
        let user = User(name: "Ada")
        let chain = Bind.in(user, \.name)
        let names = chain.values.makeAsyncIterator()
        let consumer = drain(names)
        chain.unbind()
        #expect(await consumer.value == ["Ada"])
    }

    @Test("The chain's sender going ends the loop (rule 1)", .timeLimit(.minutes(1)))
    func senderGoingEndsTheLoop() async {
        weak var gone: User?
        var names: ChainValues<String>.Iterator
        do {
            let user = User(name: "Ada")
            gone = user
            names = Bind.in(user, \.name).values.makeAsyncIterator()
        }
        #expect(gone == nil)
        #expect(await names.next() == "Ada")
        #expect(await names.next() == nil)
    }

    @Test("A chain that has ended gives a sequence that ends at once, with no diagnostic")
    func endedChainEndsAtOnce() async {
        let user = User(name: "Ada")
        let label = Label()
        let chain = Bind.in(user, \.name).out(label, \.text)
        chain.unbind()
        var names = chain.values.makeAsyncIterator()
        #expect(await names.next() == nil)
    }

    @Test("Cancelling the consuming task ends the loop and leaves nothing in the chain", .timeLimit(.minutes(1)))
    func cancellationEndsTheLoop() async {
        let user = User(name: "Ada")
        let chain = Bind.in(user, \.name)
        let names = chain.values.makeAsyncIterator()
        #expect(chain.isBound)
        let consumer = drain(names)
        consumer.cancel()
        let seen = await consumer.value
        #expect(seen.count <= 1)
        // The loop's block was the chain's only receiver: the chain has ended.
        #expect(!chain.isBound)
        #expect(!Bind.isBound(user))
        #expect(blockNames(of: chain).isEmpty)
    }

    @Test("A loop left with break takes its block out; the chain's other receivers go on")
    func breakLeavesTheChainAsItWas() async {
        let user = User(name: "Ada")
        let label = Label()
        let chain = Bind.in(user, \.name).out(label, \.text)
        weak var feed: ValuesFeed<String>?
        do {
            var names = chain.values.makeAsyncIterator()
            feed = names.subscription.feed
            #expect(blockNames(of: chain).count == 1)
            #expect(await names.next() == "Ada")
        }
        #expect(feed == nil)
        #expect(blockNames(of: chain).isEmpty)
        #expect(chain.isBound)
        user.name = "Bo"
        #expect(label.text == "Bo")
    }

    @Test("An iteration holds no object of the chain, and a finished one nothing at all")
    func iterationRetainsNothing() async {
        weak var gone: User?
        weak var feed: ValuesFeed<String>?
        do {
            let user = User(name: "Ada")
            gone = user
            var names = Bind.in(user, \.name).values.makeAsyncIterator()
            feed = names.subscription.feed
            #expect(await names.next() == "Ada")
        }
        #expect(gone == nil)
        #expect(feed == nil)
    }

    @Test("for await, from main-actor code, as written in the issue")
    @MainActor
    func forAwaitOnTheMainActor() async {
        let user = User(name: "Ada")
        var seen: [String] = []
        for await name in Bind.in(user, \.name).values {
            seen.append(name)
            if name == "Ada" { user.name = "Bo" } else { break }
        }
        #expect(seen == ["Ada", "Bo"])
        #expect(!Bind.isBound(user))
    }

    @Test("for await, from a nonisolated task")
    func forAwaitInANonisolatedTask() async {
        let user = User(name: "Ada")
        let seen = await Task.detached {
            var seen: [String] = []
            for await name in Bind.in(user, \.name).values {
                seen.append(name)
                if name == "Ada" { user.name = "Bo" } else { break }
            }
            return seen
        }.value
        #expect(seen == ["Ada", "Bo"])
        #expect(!Bind.isBound(user))
    }

    @Test("Threads: writers on several threads; the loop ends at the last value written", .timeLimit(.minutes(1)))
    func concurrentWriters() async {
        let box = Dynamic(0)
        let chain = Bind.in(box, \.value)
        let values = chain.values.makeAsyncIterator()
        let consumer = drain(values)
        let lanes = 4, writes = 2_000
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    for write in 1...writes { box.value = lane * writes + write }
                }
            }
        }
        let final = box.value
        chain.unbind()
        let seen = await consumer.value
        #expect(seen.last == final)
        #expect(seen.allSatisfy { (0...lanes * writes).contains($0) })
        #expect(seen.count <= lanes * writes + 1, "at most the first value and one per write")
    }

    /// Iterates `iterator` in a task to its end; the task returns what it saw.
    private func drain<Value>(_ iterator: sending ChainValues<Value>.Iterator) -> Task<[Value], Never> {
        Task {
            var iterator = iterator
            var seen: [Value] = []
            while let value = await iterator.next() { seen.append(value) }
            return seen
        }
    }

    /// The names of the blocks of `chain`'s chain.
    private func blockNames<Value>(of chain: Chain<Value>) -> [String] {
        GraphLock.shared.locked { chain.core.resolvedLocked().blockNames }
    }
}
