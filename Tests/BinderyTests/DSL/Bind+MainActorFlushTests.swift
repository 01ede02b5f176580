import Dispatch
import Testing
@testable import Bindery

/// Runs `work` on another thread and waits for it without giving the main actor back: what it
/// queues for the main actor stays queued.
private func runElsewhereAndWait(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    done.wait()
}

// @unchecked: set from one background thread at a time, read on the main actor after it ends.
@Dynamic private final class FlushFeed: @unchecked Sendable {
    var title = ""
    var count = 0
}

@MainActor private final class FlushScreen {
    var title: String? = ""
    var titles: [String] = []
    var label = ""
}

/// `Bind.flushMainActor()`: a test waits for the main-actor updates that other threads queued.
@MainActor @Suite(.failOnUnexpectedDiagnostics) struct BindMainActorFlushTests {
    @Test("After sets on other threads, flushMainActor returns once every main-actor receiver, block and derived value has its last value", .timeLimit(.minutes(1)))
    func waitsForQueuedUpdates() async {
        let feed = FlushFeed(), screen = FlushScreen()
        Bind.in(feed, \.title).out(screen, \.title)
        Bind.in(feed, \.title).out("titles") { @MainActor (title: String) in screen.titles.append(title) }
        let doubled = Derived { @MainActor in feed.count * 2 }                 // evaluated on the main actor
        Bind.in(doubled, \.value).out("label") { @MainActor (value: Int) in screen.label = "\(value)" }
        runElsewhereAndWait {
            for index in 1...200 {
                feed.title = "title \(index)"
                feed.count = index
            }
        }
        #expect(screen.titles == [""])                   // all still queued: the main actor was held
        await Bind.flushMainActor()
        #expect(screen.title == "title 200")
        #expect(screen.titles.count == 201 && screen.titles.last == "title 200")
        #expect(screen.label == "400" && doubled.value == 400)
    }

    @Test("With nothing queued it returns at once, from the main actor and from elsewhere", .timeLimit(.minutes(1)))
    func nothingQueued() async {
        await Bind.flushMainActor()
        await Task.detached { await Bind.flushMainActor() }.value
    }
}
