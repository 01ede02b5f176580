// TodoMVC in a terminal: `swift run todos [--database PATH]`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BinderyTerminal
import Foundation
import TodoModel
import TodoTerminal

/// Writes `text` to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

let usage = """
    usage: todos [--database PATH]
      --database PATH   the SQLite file to keep the todos in (default: $XDG_DATA_HOME/bindery-todos/todos.sqlite,
                        or ~/.local/share/bindery-todos/todos.sqlite)

    """

/// The database file: `--database PATH`, or the user's data directory.
func databasePath(arguments: [String]) -> String {
    var arguments = arguments.dropFirst()
    var path: String?
    while let argument = arguments.popFirst() {
        switch argument {
        case "--database":
            guard let value = arguments.popFirst() else {
                printError("todos: --database needs a path\n" + usage)
                exit(2)
            }
            path = value
        case "--help", "-h":
            print(usage, terminator: "")
            exit(0)
        default:
            printError("todos: unknown argument \(argument)\n" + usage)
            exit(2)
        }
    }
    if let path { return path }
    let environment = ProcessInfo.processInfo.environment
    let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    let folder = data + "/bindery-todos"
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        printError("todos: cannot create \(folder): \(error.localizedDescription)\nhint: pass --database PATH to keep the todos elsewhere.\n")
        exit(1)
    }
    return folder + "/todos.sqlite"
}

let path = databasePath(arguments: CommandLine.arguments)
let device: TerminalDevice
do {
    device = try TerminalDevice()
} catch {
    printError("""
        todos: \(error): it draws a full-screen app and reads keys one by one.
        hint: run it from an interactive terminal, e.g. `swift run todos` in a terminal window
              (not through a pipe, a redirect or a CI log).

        """)
    exit(2)
}

let app: TodoApp
let movedAside: TodoStoreError?
do {
    let opened = try SQLiteTodoStore.openRecovering(path: path)
    movedAside = opened.movedAside
    if let movedAside { printError("todos: \(movedAside); starting with no todos.\n") }
    app = try TodoApp(store: opened.store)
} catch {
    printError("todos: \(error)\nhint: pass --database PATH to keep the todos in a folder you can write.\n")
    exit(1)
}

let screen = TodoScreen(app: app)
if case .unreadable(_, _, let aside?) = movedAside {
    screen.notice.text = "Not a todo database, moved aside: \(aside)"
}
let terminal = screen.makeTerminal()

do {
    let stop = try terminal.run(on: device)
    print("\(app.itemsLeft). Your todos are in \(path).")
    stop.exitBySignal()
} catch {
    printError("todos: \(error)\n")
    exit(1)
}
