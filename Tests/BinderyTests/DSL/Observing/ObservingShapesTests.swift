import Testing
import Bindery

/// The observed model the issue's shapes are written against.
@Dynamic final class ShapesUser {
    var name = "ann"
    var age = 30
}

/// A label that is a binding target, as the kits' labels are.
@MainActor final class ShapesTitle: BindingTarget {
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
}
