import Bindery
import Testing
@testable import TodoModel

/// A store that fails its writes while `isFailing`.
final class FlakyStore: TodoStore {
    let inner = InMemoryTodoStore()
    var isFailing = false
    struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
    func load() throws -> TodoSnapshot { try inner.load() }
    func write(_ changes: [TodoStoreChange]) throws {
        if isFailing { throw Failure() }
        try inner.write(changes)
    }
}

/// The spec's "Functionality" section, rule by rule, on the view model.
@MainActor @Suite struct TodoAppTests {
    /// An app over a fresh in-memory store, with `titles` added in order.
    func app(_ titles: String..., store: InMemoryTodoStore = InMemoryTodoStore()) throws -> TodoApp {
        let app = try TodoApp(store: store)
        for title in titles {
            app.newTitle = title
            app.addNewTodo()
        }
        return app
    }

    /// What the store holds, as titles with a ✓ for the completed ones.
    func stored(_ store: InMemoryTodoStore) throws -> [String] {
        try store.load().todos.map { $0.title + ($0.completed ? " ✓" : "") }
    }

    @Test("No todos: the main section and the footer are hidden, and shown once there is one")
    func noTodos() throws {
        let app = try app()
        #expect(!app.showsMain && !app.showsFooter)
        app.newTitle = "milk"
        app.addNewTodo()
        #expect(app.showsMain && app.showsFooter)
        app.remove(app.todos[0])
        #expect(!app.showsMain && !app.showsFooter)
    }

    @Test("New todo: Enter appends the trimmed title and clears the input; an empty or blank one adds nothing")
    func newTodo() throws {
        let app = try app("milk")
        app.newTitle = "  eggs \n"
        app.addNewTodo()
        #expect(app.todos.map(\.title) == ["milk", "eggs"])
        #expect(app.newTitle == "")
        for blank in ["", "   ", "\t\n"] {
            app.newTitle = blank
            app.addNewTodo()
        }
        #expect(app.todos.count == 2)
        #expect(app.newTitle == "\t\n")   // nothing was added, so the input is left as typed
        #expect(Set(app.todos.map(\.id)).count == 2)
    }

    @Test("Mark all as complete sets every todo to its state, and follows the todos: checked when all are, unchecked after Clear completed")
    func markAll() throws {
        let store = InMemoryTodoStore()
        let app = try app("a", "b", "c", store: store)
        #expect(!app.allCompleted)
        let writes = store.writeCount
        app.allCompleted = true
        #expect(app.todos.allSatisfy { $0.completed })
        #expect(store.writeCount == writes + 1)   // one transaction for all three
        #expect(try stored(store) == ["a ✓", "b ✓", "c ✓"])
        app.toggle(app.todos[1])
        #expect(!app.allCompleted)
        app.toggle(app.todos[1])
        #expect(app.allCompleted)
        app.allCompleted = false
        #expect(app.todos.allSatisfy { !$0.completed })
        app.allCompleted = true
        app.clearCompleted()
        #expect(app.todos.isEmpty && !app.allCompleted)
        app.allCompleted = true   // with no todos: stays unchecked
        #expect(!app.allCompleted)
    }

    @Test("Item: the checkbox toggles completed; destroy removes the todo")
    func item() throws {
        let store = InMemoryTodoStore()
        let app = try app("a", "b", store: store)
        app.toggle(app.todos[0])
        #expect(app.todos[0].completed)
        #expect(try stored(store) == ["a ✓", "b"])
        app.toggle(app.todos[0])
        #expect(!app.todos[0].completed)
        app.remove(app.todos[0])
        #expect(app.todos.map(\.title) == ["b"])
        #expect(try stored(store) == ["b"])
        app.remove(Todo(id: 99, title: "not in the app"))
        #expect(app.todos.count == 1)
    }

    @Test("Editing: the edit starts with the title; Enter or blur saves it trimmed; empty destroys; Escape discards; nothing of it is stored")
    func editing() throws {
        let store = InMemoryTodoStore()
        let app = try app("milk", "eggs", store: store)
        let milk = app.todos[0]
        app.beginEditing(milk)
        #expect(app.editing === milk && app.editTitle == "milk")
        app.editTitle = "  oat milk  "
        #expect(try stored(store) == ["milk", "eggs"])   // not saved while typing
        app.commitEdit()
        #expect(milk.title == "oat milk" && app.editing == nil)
        #expect(try stored(store) == ["oat milk", "eggs"])

        app.beginEditing(milk)
        app.editTitle = "changed"
        app.cancelEdit()
        #expect(milk.title == "oat milk" && app.editing == nil)

        app.beginEditing(app.todos[1])
        app.editTitle = "   "
        app.commitEdit()
        #expect(app.todos.map(\.title) == ["oat milk"])
        #expect(try stored(store) == ["oat milk"])
        app.commitEdit()   // nothing edited: nothing happens
        #expect(app.todos.count == 1)
    }

    @Test("Editing another todo saves the first edit; destroying the edited todo ends the edit")
    func editingEnds() throws {
        let app = try app("a", "b")
        app.beginEditing(app.todos[0])
        app.editTitle = "A"
        app.beginEditing(app.todos[1])
        #expect(app.todos[0].title == "A" && app.editing === app.todos[1] && app.editTitle == "b")
        app.remove(app.todos[1])
        #expect(app.editing == nil)
        app.beginEditing(app.todos[0])
        app.toggle(app.todos[0])
        app.clearCompleted()
        #expect(app.editing == nil && app.todos.isEmpty)
    }

    @Test("Counter: the active todos, pluralised", arguments: [(0, "0 items left"), (1, "1 item left"), (2, "2 items left"), (11, "11 items left")])
    func counter(active: Int, text: String) throws {
        let app = try app("done")
        app.toggle(app.todos[0])
        for index in 0..<active {
            app.newTitle = "todo \(index)"
            app.addNewTodo()
        }
        #expect(app.activeCount == active && app.completedCount == 1)
        #expect(app.itemsLeft == text)
    }

    @Test("Clear completed: hidden with nothing completed; shows the count; removes exactly the completed todos, in one write")
    func clearCompleted() throws {
        let store = InMemoryTodoStore()
        let app = try app("a", "b", "c", "d", store: store)
        #expect(!app.showsClearCompleted)
        app.toggle(app.todos[1])
        app.toggle(app.todos[3])
        #expect(app.showsClearCompleted && app.clearCompletedTitle == "Clear completed (2)")
        let writes = store.writeCount
        app.clearCompleted()
        #expect(app.todos.map(\.title) == ["a", "c"])
        #expect(store.writeCount == writes + 1)
        #expect(try stored(store) == ["a", "c"])
        #expect(!app.showsClearCompleted)
    }

    @Test("Routing: the filter filters on the model; a todo toggled while Active is chosen leaves the list; the filter is stored")
    func routing() throws {
        let store = InMemoryTodoStore()
        let app = try app("a", "b", "c", store: store)
        app.toggle(app.todos[1])
        #expect(app.visible.map(\.title) == ["a", "b", "c"])
        app.filter = .active
        #expect(app.visible.map(\.title) == ["a", "c"])
        app.toggle(app.todos[0])
        #expect(app.visible.map(\.title) == ["c"])
        app.filter = .completed
        #expect(app.visible.map(\.title) == ["a", "b"])
        app.newTitle = "d"
        app.addNewTodo()
        #expect(app.visible.map(\.title) == ["a", "b"])
        #expect(try store.load().filter == .completed)
        #expect(TodoFilter(route: "#/active") == .active && TodoFilter(route: "#!/completed") == .completed && TodoFilter(route: "#/") == .all)
        #expect(TodoFilter(route: "#/nowhere") == nil)
    }

    @Test("Persistence: a new app over the same store has the todos, their order and state, and the filter; editing is not kept")
    func persistence() throws {
        let store = InMemoryTodoStore()
        do {
            let app = try app("a", "b", "c", store: store)
            app.toggle(app.todos[2])
            app.filter = .active
            app.todos.move(from: 2, to: 0)            // any change of the list, not only the app's actions
            app.todos[1].title = "A"                  // a set by other code (a row bound two-way)
            app.beginEditing(app.todos[2])
            app.editTitle = "never saved"
        }
        let again = try TodoApp(store: store)
        #expect(again.todos.map(\.title) == ["c", "A", "b"])
        #expect(again.todos.map(\.completed) == [true, false, false])
        #expect(again.filter == .active && again.editing == nil)
        again.newTitle = "d"
        again.addNewTodo()
        #expect(Set(again.todos.map(\.id)).count == 4)   // a new todo's id is not one of the loaded
    }

    @Test("A write that fails is shown, and made again with the next one: nothing is lost")
    func failedWrite() throws {
        let store = FlakyStore()
        let app = try TodoApp(store: store)
        app.newTitle = "a"
        app.addNewTodo()
        store.isFailing = true
        app.newTitle = "b"
        app.addNewTodo()
        app.filter = .completed
        #expect(app.storeError?.contains("disk full") == true)
        store.isFailing = false
        app.toggle(app.todos[0])
        #expect(app.storeError == nil)
        let saved = try store.load()
        #expect(saved.todos.map(\.title) == ["a", "b"] && saved.todos[0].completed && saved.filter == .completed)
    }

    @Test("The derived state is sent to a bound receiver as it changes")
    func derivedStateIsObservable() throws {
        let app = try app()
        var counts: [String] = []
        var flags: [Bool] = []
        let counter = Bind.in(app, \.itemsLeft).out("counter", delivery: .mainActor) { (text: String) in counts.append(text) }
        let markAll = Bind.in(app, \.allCompleted).out("mark all", delivery: .mainActor) { (on: Bool) in flags.append(on) }
        app.newTitle = "a"
        app.addNewTodo()
        app.toggle(app.todos[0])
        app.clearCompleted()
        #expect(counts == ["0 items left", "1 item left", "0 items left"])
        #expect(flags == [false, true, false])
        counter.unbind()
        markAll.unbind()
    }
}
