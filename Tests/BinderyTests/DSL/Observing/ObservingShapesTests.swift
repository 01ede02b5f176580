import Bindery
import Dispatch
import Observation
import Testing

/// The observed model the issue's shapes are written against.
@Dynamic final class ShapesUser {
    var name = "ann"
    var age = 30
}

/// A label that is a binding target, as the kits' labels are; `@Dynamic` so that a test can
/// wait for its text.
@MainActor @Dynamic final class ShapesTitle: BindingTarget {
    var text = ""
}

/// The screen the issue's lines are written in: `self` is the target.
@MainActor final class ShapesScreen: BindingTarget {
    let user = ShapesUser()
    let label = ShapesTitle()
    var log: [String] = []

    func nameChanged() { log.append("nameChanged") }
    func nameDidChange(_ change: Change<String>) { log.append("nameDidChange \(change.old ?? "-") \(change.new)") }
    func reload() { log.append("reload") }
    func expensiveLayout() { log.append("expensiveLayout") }

    /// The issue's "what a user writes" lines for target-actions, key bindings and coalescing,
    /// as written.
    func writeTheIssuesLines() {
        user.addTarget(self, action: Screen.nameChanged, forKeyPathChange: \.name)          // (Screen) -> () -> Void
        user.addTarget(self, action: Screen.nameDidChange, forKeyPathChange: \.name)        // (Screen) -> (Change<String>) -> Void
        user.addTarget(self, action: Screen.reload, forKeyPathChanges: [\.name, \.age], callImmediately: true)
        user.removeTarget(self, forKeyPathChange: \.name)                                    // every action of self on that key path
        label.bindKey(\.text, toKeyPath: \.name, of: user) { $0.uppercased() }              // one-way, set now, through a function
        label.unbindKey(\.text, fromKeyPath: \.name, of: user)

        Coalesce.run {                      // also Coalesce.begin() / Coalesce.commit(); nestable; per thread
            user.name = "A"; user.name = "B"; user.age = 3
        }                                   // opted-in callbacks fire once here: the first old value, the latest new value
        user.addTarget(self.coalesced, action: Screen.expensiveLayout, forKeyPathChange: \.name)   // opting in
    }

    typealias Screen = ShapesScreen
}

/// An app's Swift Observation model, as SwiftUI code writes one.
@Observable final class ShapesSettings {
    var theme = "light"
}

extension ShapesScreen {
    /// The issue's Observation and async-sequence lines, as written; `temperatures` ends after
    /// one reading.
    func writeTheIssuesInteropLines(settings: ShapesSettings, temperatures: AsyncStream<String>) async {
        withObservationTracking { _ = user.name } onChange: { print("name will change") }   // a @Dynamic class is also Observable
        Bind.in(observable: settings, \.theme).out(label, \.text)   // a Swift Observation @Observable class as a sender
        for await name in Bind.in(user, \.name).values { log.append("values \(name)"); break }   // any chain as an AsyncSequence
        Bind.in(sequence: temperatures).out(label, \.text)         // an AsyncSequence as a sender
    }
}

/// The issue's lines compile as written in Swift 6 mode, and do what their comments say.
@Suite struct ObservingShapesTests {
    @Test("The issue's target-action, key-binding and coalescing lines, line for line")
    @MainActor
    func issueLines() {
        let screen = ShapesScreen()
        screen.writeTheIssuesLines()
        // callImmediately: reload once now. removeTarget took every action of the screen on
        // \.name away (reload's registration there too), so in the transaction only the age's
        // change called reload. The key binding set "ANN" and stopped.
        #expect(screen.log == ["reload", "reload"])
        #expect(screen.label.text == "ANN")
        Coalesce.run {
            screen.user.name = "C"
            screen.user.name = "D"
        }
        #expect(screen.log.filter { $0 == "expensiveLayout" }.count == 1)
    }

    @Test("The issue's Dynamic lines and the graph, line for line")
    func dynamicLines() {
        let other = Dynamic(7)
        let count = Dynamic(0)              // SwiftBond's Dynamic, without "retain your bond"
        count.observe { print($0) }         // fires now, then on every change
        count.observeNew { print($0) }      // later changes only
        count.bind(to: other, fire: false)  // also two-way, and to a key path of an object
        #expect(other.value == 7)           // not fired
        count.value = 2
        #expect(other.value == 2)
        count.unbindAll()
        count.value = 3
        #expect(other.value == 2)
        let graph = Bind.graph()
        print(graph)                        // Graphviz DOT of every live chain
        #expect(graph.hasPrefix("digraph"))
    }

    @Test("The issue's Observation and async-sequence lines, line for line", .timeLimit(.minutes(1)))
    @MainActor
    func interopLines() async {
        let screen = ShapesScreen()
        let settings = ShapesSettings()
        let (temperatures, feed) = AsyncStream.makeStream(of: String.self)
        await screen.writeTheIssuesInteropLines(settings: settings, temperatures: temperatures)
        #expect(screen.log == ["values ann"])
        // The sequence's chain joined the observable's at the label: the label shows the
        // latest reading once it comes (on the main actor, where the label lives).
        feed.yield("21°")
        for await text in Bind.in(screen.label, \.text).values where text == "21°" { break }
        // The chain may have the reading before the label does: the label's write waits on the
        // main queue, and this runs after it.
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
        #expect(screen.label.text == "21°")
        feed.finish()
    }
}
