import BinderyTerminal
import Testing
import TodoModel
import TodoTerminal

/// The terminal screen, driven by keys and clicks without a terminal: what it draws follows the app.
@MainActor @Suite struct TodoScreenTests {
    let size = Size(columns: 80, rows: 20)

    /// The rows of the frame that show `text`.
    func rows(showing text: String, in frame: Canvas) -> [Int] {
        (0..<size.rows).filter { frame.text(ofRow: $0).contains(text) }
    }

    func type(_ text: String, into terminal: TerminalScreen) {
        for character in text { press(.character(character), on: terminal) }
    }

    /// A key, then the tick the screen's loop runs after every key.
    func press(_ key: Key, on terminal: TerminalScreen) {
        #expect(!terminal.handle(key))
        terminal.onTick()
    }

    @Test("Typing and Enter add; Tab to the list, ↓ selects, Space toggles, Enter edits, Escape discards, Enter saves; 2 chooses Active")
    func keys() throws {
        let app = try TodoApp(store: InMemoryTodoStore())
        let terminal = TodoScreen(app: app).makeTerminal()
        terminal.layout(size)
        var frame = terminal.render(size: size)
        #expect(rows(showing: "Mark all as complete", in: frame).isEmpty && rows(showing: "left", in: frame).isEmpty)
        type("milk", into: terminal)
        press(.enter, on: terminal)
        type("eggs", into: terminal)
        press(.enter, on: terminal)
        #expect(app.todos.map(\.title) == ["milk", "eggs"] && app.newTitle.isEmpty)
        press(.tab, on: terminal)
        press(.tab, on: terminal)
        press(.down, on: terminal)
        press(.character(" "), on: terminal)
        #expect(app.todos[0].completed)
        frame = terminal.render(size: size)
        #expect(!rows(showing: "1 item left", in: frame).isEmpty)
        press(.down, on: terminal)
        press(.enter, on: terminal)
        #expect(app.editing === app.todos[1])
        type("!", into: terminal)
        press(.escape, on: terminal)
        #expect(app.editing == nil && app.todos[1].title == "eggs")
        press(.enter, on: terminal)
        type("!", into: terminal)
        press(.enter, on: terminal)
        #expect(app.todos[1].title == "eggs!")
        press(.character("2"), on: terminal)
        #expect(app.filter == .active && app.visible.map(\.title) == ["eggs!"])
        frame = terminal.render(size: size)
        #expect(rows(showing: "milk", in: frame).isEmpty && !rows(showing: "[Active]", in: frame).isEmpty)
        #expect(terminal.handle(.character("q")))               // outside a text field, q quits
    }

    @Test("A click on a row's ☐ toggles it, on its ✕ destroys it, and a double click edits it")
    func clicks() throws {
        let app = try TodoApp(store: InMemoryTodoStore())
        for title in ["milk", "eggs"] {
            app.newTitle = title
            app.addNewTodo()
        }
        let terminal = TodoScreen(app: app).makeTerminal()
        terminal.layout(size)
        let frame = terminal.render(size: size)
        let row = try #require(rows(showing: "eggs", in: frame).first)
        let line = Array(frame.text(ofRow: row))
        func click(_ column: Int) {
            terminal.handle(MouseEvent(.press, .left, at: Point(column: column, row: row)))
            terminal.handle(MouseEvent(.release, .left, at: Point(column: column, row: row)))
            terminal.onTick()
        }
        click(try #require(line.firstIndex(of: "☐")))
        #expect(app.todos[1].completed)
        let title = try #require(line.firstIndex(of: "e"))
        click(title)
        click(title)
        #expect(app.editing === app.todos[1])
        app.cancelEdit()
        click(try #require(line.lastIndex(of: "✕")))
        #expect(app.todos.map(\.title) == ["milk"])
    }
}
