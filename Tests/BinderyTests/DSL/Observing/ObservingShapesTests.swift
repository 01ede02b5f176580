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
}
