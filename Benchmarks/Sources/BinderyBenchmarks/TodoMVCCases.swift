// The TodoMVC cases: each action of the app at 100 and at 10,000 persisted todos, timed from
// the action to the next frame drawn (the terminal screen's `render`), with the SQLite store
// writing as it does in the app. Every third todo is completed. Start-up opens the database,
// loads the todos, builds the app and its screen, and draws the first frame.

import BinderyTerminal
import Foundation
import TodoModel
import TodoTerminal

/// A database file with `count` todos, every third completed, and the filter `.all`.
private func todoDatabase(count: Int) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-bench-todos-\(count).sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try! SQLiteTodoStore(path: path)
    let records = (0..<count).map { TodoRecord(id: Int64($0 + 1), title: "todo number \($0)", completed: $0 % 3 == 0) }
    try! store.write([.replaceAll(records)])
    return path
}

/// The size of the frames drawn.
private let frameSize = Size(columns: 80, rows: 24)

/// Whether a row of `frame` shows `text`.
private func frameShows(_ frame: Canvas, _ text: String) -> Bool {
    (0..<frameSize.rows).contains { frame.text(ofRow: $0).contains(text) }
}

/// A running app over a fresh database of `count` todos: its screen, and a frame drawn.
@MainActor private final class RunningTodos {
    let app: TodoApp
    let screen: TodoScreen
    let terminal: TerminalScreen
    var frame: Canvas

    init(count: Int) {
        app = try! TodoApp(store: SQLiteTodoStore(path: todoDatabase(count: count)))
        screen = TodoScreen(app: app)
        terminal = screen.makeTerminal()
        terminal.layout(frameSize)
        frame = terminal.render(size: frameSize)
    }

    /// Draws the next frame, as the app's loop does after a key.
    func draw() {
        terminal.onTick()
        frame = terminal.render(size: frameSize)
    }

    /// Whether the frame shows `text`.
    func shows(_ text: String) -> Bool {
        frameShows(frame, text)
    }
}

/// Start-up: the database opened, `count` todos loaded, the app and its screen made, the first
/// frame drawn.
private func startUp(count: Int) -> Work {
    let path = todoDatabase(count: count)
    var shown = false
    return .single(SingleBody(
        run: {
            MainActor.assumeIsolated {
                let app = try! TodoApp(store: SQLiteTodoStore(path: path))
                let terminal = TodoScreen(app: app).makeTerminal()
                terminal.layout(frameSize)
                let frame = terminal.render(size: frameSize)
                shown = frameShows(frame, "\(count - (count + 2) / 3) items left")
            }
        },
        verify: { shown }))
}

/// One action on a running app of `count` todos, then the frame: `act` is given the app and
/// the run's number, `prepare` (untimed) readies each run, `check` verifies the last frame.
private func action(
    count: Int, prepare: @escaping @MainActor (TodoApp, Int) -> Void = { _, _ in },
    _ act: @escaping @MainActor (TodoApp, Int) -> Void, check: @escaping @MainActor (RunningTodos) -> Bool
) -> Work {
    let running = MainActor.assumeIsolated { RunningTodos(count: count) }
    var run = 0
    return .single(SingleBody(
        prepare: {
            run += 1
            MainActor.assumeIsolated { prepare(running.app, run) }
        },
        run: {
            MainActor.assumeIsolated {
                act(running.app, run)
                running.draw()
            }
        },
        verify: { MainActor.assumeIsolated { check(running) } }))
}

/// Adds one todo (typed, then Enter).
private func addOne(count: Int) -> Work {
    action(count: count, prepare: { app, run in app.newTitle = "new todo \(run)" }, { app, _ in app.addNewTodo() }) { running in
        running.app.todos.last?.title.hasPrefix("new todo") == true && running.app.newTitle.isEmpty
    }
}

/// Toggles the todo in the middle.
private func toggleOne(count: Int) -> Work {
    action(count: count, { app, _ in app.toggle(app.todos[count / 2]) }) { running in
        running.shows("items left")
    }
}

/// Switches the filter: All, Active, All, Active…
private func switchFilter(count: Int) -> Work {
    action(count: count, { app, run in app.filter = run.isMultiple(of: 2) ? .all : .active }) { running in
        running.app.visible.count == (running.app.filter == .all ? running.app.todos.count : running.app.activeCount)
    }
}

/// Marks all as complete, then not, alternately.
private func markAll(count: Int) -> Work {
    action(count: count, { app, run in app.allCompleted = !run.isMultiple(of: 2) }) { running in
        running.app.todos.allSatisfy { $0.completed } == running.app.allCompleted
    }
}

/// Clears the completed todos: before each run (untimed), a third of the todos are completed
/// again and the list brought back to `count` todos.
private func clearCompleted(count: Int) -> Work {
    action(count: count, prepare: { app, run in
        while app.todos.count < count {
            app.newTitle = "refill \(run)"
            app.addNewTodo()
        }
        for (index, todo) in app.todos.enumerated() where index % 3 == 0 { todo.completed = true }
    }, { app, _ in app.clearCompleted() }) { running in
        running.app.todos.count == count - (count + 2) / 3 && !running.shows("Clear completed")
    }
}

/// Edits the todo in the middle: begins, types a title, saves (Enter).
private func editOne(count: Int) -> Work {
    action(count: count, { app, run in
        app.beginEditing(app.todos[count / 2])
        app.editTitle = "edited \(run)"
        app.commitEdit()
    }) { running in
        running.app.todos[count / 2].title.hasPrefix("edited") && running.app.editing == nil
    }
}

let todoMVCMeasurements: [Measurement] = [100, 10_000].flatMap { count -> [Measurement] in
    let size = count == 100 ? "100" : "10,000"
    return [
        Measurement(id: "todomvc.startup.\(count)", what: "TodoMVC start-up to the first frame, \(size) persisted todos",
                    make: { startUp(count: count) }),
        Measurement(id: "todomvc.add.\(count)", what: "TodoMVC: add a todo, to the frame, \(size) todos",
                    make: { addOne(count: count) }),
        Measurement(id: "todomvc.toggle.\(count)", what: "TodoMVC: toggle a todo, to the frame, \(size) todos",
                    make: { toggleOne(count: count) }),
        Measurement(id: "todomvc.filter.\(count)", what: "TodoMVC: switch the filter All ↔ Active, to the frame, \(size) todos",
                    make: { switchFilter(count: count) }),
        Measurement(id: "todomvc.mark-all.\(count)", what: "TodoMVC: mark all as complete (or not), to the frame, \(size) todos",
                    make: { markAll(count: count) }),
        Measurement(id: "todomvc.clear.\(count)", what: "TodoMVC: clear completed (a third), to the frame, \(size) todos",
                    make: { clearCompleted(count: count) }),
        Measurement(id: "todomvc.edit.\(count)", what: "TodoMVC: edit a todo's title and save, to the frame, \(size) todos",
                    make: { editOne(count: count) }),
    ]
}
