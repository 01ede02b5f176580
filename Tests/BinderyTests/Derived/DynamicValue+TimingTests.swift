import Clocks
import Testing
@testable import Bindery

/// `debounced` and `throttled`, driven by a manual clock.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicValueTimingTests {
    /// Each test waits for the clock's tasks many times over, and each wait queues behind every
    /// other suite's work on the cooperative pool (two threads here; ten times slower under the
    /// thread sanitizer). The limit only stops a test that hangs: one minute was hit while the
    /// model checks held the pool, with nothing wrong.
    static let limit = TimeLimitTrait.Duration.minutes(10)

    /// Lets the clock's tasks run until `condition` holds; the test's time limit bounds the
    /// wait. A task the clock resumed runs on the cooperative pool, which other suites may keep
    /// busy, so no fixed number of yields is enough; and a task that starts its wait only now,
    /// at a deadline the clock has reached, is resumed by advancing the clock by nothing. Ends
    /// when the time limit cancels the test, which then fails on its expectations.
    private func settle(_ clock: TestClock<Duration>, until condition: () -> Bool) async {
        while !condition(), !Task.isCancelled {
            await clock.advance(by: .zero)
            await Task.yield()
        }
    }

    @Test("debounced takes the last change once the wait passes with no other", .timeLimit(Self.limit))
    func debounce() async {
        let clock = TestClock()
        let text = Dynamic("")
        let query = text.debounced(for: .milliseconds(300), clock: clock)
        let seen = Recorder<String>()
        query.observeNew(isolation: nil) { seen.append($0) }
        text.value = "s"
        await clock.advance(by: .milliseconds(200))
        text.value = "sw"
        await clock.advance(by: .milliseconds(200))
        text.value = "swi"
        await clock.advance(by: .milliseconds(299))
        #expect(seen.values.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await settle(clock) { seen.count == 1 }
        #expect(seen.values == ["swi"])
        #expect(query.value == "swi")
    }

    @Test("throttled takes the first change at once and the window's last when it closes", .timeLimit(Self.limit))
    func throttleLatest() async {
        let clock = TestClock()
        let position = Dynamic(0)
        let ticks = position.throttled(for: .milliseconds(100), clock: clock)
        let seen = Recorder<Int>()
        ticks.observeNew(isolation: nil) { seen.append($0) }
        position.value = 1                                // taken now
        position.value = 2
        position.value = 3                                // held for the window's end
        #expect(seen.values == [1])
        await clock.advance(by: .milliseconds(100))
        await settle(clock) { seen.count == 2 }
        #expect(seen.values == [1, 3])
        await clock.advance(by: .milliseconds(100))       // a window with nothing held
        position.value = 4                                // taken now, or held if that window's task has not run yet
        await clock.advance(by: .milliseconds(100))
        await settle(clock) { seen.count == 3 }
        #expect(seen.values == [1, 3, 4])
    }

    @Test("throttled(latest: false) drops the changes inside a window", .timeLimit(Self.limit))
    func throttleFirst() async {
        let clock = TestClock()
        let position = Dynamic(0)
        let ticks = position.throttled(for: .milliseconds(100), clock: clock, latest: false)
        let seen = Recorder<Int>()
        ticks.observeNew(isolation: nil) { seen.append($0) }
        position.value = 1
        position.value = 2                                // dropped
        await clock.advance(by: .milliseconds(100))
        // Set until taken: a set before the window's task has run is inside the window, and dropped.
        await settle(clock) {
            position.value = 3
            return seen.count == 2
        }
        #expect(seen.values == [1, 3])
    }

    @Test("Rule 1: a debounced value holds its source weakly, and its wait ends with it", .timeLimit(Self.limit))
    func lifetime() async {
        let clock = TestClock()
        weak var weakSource: Dynamic<Int>?
        weak var weakResult: Derived<Int>?
        do {
            let source = Dynamic(0)
            weakSource = source
            let result = source.debounced(for: .seconds(1), clock: clock)
            weakResult = result
            source.value = 1
        }
        #expect(weakSource == nil)
        await clock.run()
        #expect(weakResult == nil)
    }
}

@Dynamic private final class SearchForm {
    var query = ""
    var position = 0
}

/// `debounced` and `throttled` on a `@Dynamic` property, with no `Derived { }` first.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicObjectTimingTests {
    private func settle(_ clock: TestClock<Duration>, until condition: () -> Bool) async {
        while !condition(), !Task.isCancelled {
            await clock.advance(by: .zero)
            await Task.yield()
        }
    }

    @Test("A property's debounce takes its last change once the wait passes; its throttle the first at once", .timeLimit(DynamicValueTimingTests.limit))
    func propertyTiming() async {
        let clock = TestClock()
        let form = SearchForm()
        let query = form.debounced(\.query, for: .milliseconds(300), clock: clock)
        let position = form.throttled(\.position, for: .milliseconds(100), clock: clock)
        let queries = Recorder<String>(), positions = Recorder<Int>()
        query.observeNew(isolation: nil) { queries.append($0) }
        position.observeNew(isolation: nil) { positions.append($0) }
        form.query = "s"
        form.position = 1
        form.position = 2
        #expect(positions.values == [1])                  // the first at once, the second held
        await clock.advance(by: .milliseconds(200))
        await settle(clock) { positions.count == 2 }
        #expect(positions.values == [1, 2])               // taken when the window closed
        form.query = "sw"
        await clock.advance(by: .milliseconds(299))
        #expect(queries.values.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await settle(clock) { queries.count == 1 }
        #expect(queries.values == ["sw"] && query.value == "sw")
    }

    @Test("Rule 1: a property's debounced value holds the object weakly, and its wait ends with it", .timeLimit(DynamicValueTimingTests.limit))
    func lifetime() async {
        let clock = TestClock()
        weak var weakForm: SearchForm?
        weak var weakResult: Derived<String>?
        do {
            let form = SearchForm()
            weakForm = form
            let result = form.debounced(\.query, for: .seconds(1), clock: clock)
            weakResult = result
            form.query = "x"
        }
        #expect(weakForm == nil)
        await clock.run()
        #expect(weakResult == nil)
    }
}
