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
