// TodoMVC in a GTK 4 window: `swift run --traits GTK todos-gtk [--database PATH]`.
// `todos-gtk --self-test [--screenshot PATH] --database PATH` plays it headless (under Xvfb)
// and checks it; `--self-test-reopen` then checks what the same database brings back, and
// `--self-test-recovered` what a window says when its database was moved aside.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if GTK
import CGtk
import Foundation
import TodoModel

let usage = """
    usage: todos-gtk [--database PATH]
           todos-gtk --self-test [--screenshot PATH] --database PATH
           todos-gtk --self-test-reopen --database PATH
           todos-gtk --self-test-recovered --database PATH
      --database PATH        the SQLite file to keep the todos in (default: $XDG_DATA_HOME/bindery-todos/todos.sqlite,
                             or ~/.local/share/bindery-todos/todos.sqlite)
      --self-test            plays the window as a person would and checks it (on an empty database)
      --self-test-reopen     checks what the database of a finished --self-test brings back
      --self-test-recovered  checks the window of a database that was moved aside
      --screenshot PATH      with --self-test: saves the window, with a few todos, to a PNG

    """

/// What the command line asks for.
struct Options {
    var database: String?
    var mode: SelfTest.Mode?
    var screenshot: String?

    /// The options in `arguments` (without the program's name); exits on a bad one.
    init(_ arguments: [String]) {
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--database", "--screenshot":
                guard let value = arguments.popFirst() else {
                    printError("todos-gtk: \(argument) needs a path\n" + usage)
                    exit(2)
                }
                if argument == "--database" { database = value } else { screenshot = value }
            case "--self-test": mode = .play
            case "--self-test-reopen": mode = .reopen
            case "--self-test-recovered": mode = .recovered
            case "--help", "-h":
                print(usage, terminator: "")
                exit(0)
            default:
                printError("todos-gtk: unknown argument \(argument)\n" + usage)
                exit(2)
            }
        }
        if mode != nil, database == nil {
            printError("todos-gtk: a self-test needs --database PATH (it writes to it)\n" + usage)
            exit(2)
        }
        if screenshot != nil, mode != .play {
            printError("todos-gtk: --screenshot goes with --self-test\n" + usage)
            exit(2)
        }
    }

    /// The database file: `--database PATH`, or the user's data directory (made if missing;
    /// exits if it cannot be).
    func databasePath() -> String {
        if let database { return database }
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let folder = data + "/bindery-todos"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            printError("todos-gtk: cannot create \(folder): \(error.localizedDescription)\nhint: pass --database PATH to keep the todos elsewhere.\n")
            exit(1)
        }
        return folder + "/todos.sqlite"
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let path = options.databasePath()

guard gtk_init_check() != 0 else {
    printError("""
        todos-gtk: GTK cannot open a display.
        hint: run it in a desktop session, or headless under Xvfb: xvfb-run -a todos-gtk --self-test --database /tmp/todos.sqlite

        """)
    exit(2)
}

let app: TodoApp
let movedAside: TodoStoreError?
do {
    let opened = try SQLiteTodoStore.openRecovering(path: path)
    movedAside = opened.movedAside
    if let movedAside { printError("todos-gtk: \(movedAside); starting with no todos.\n") }
    app = try TodoApp(store: opened.store)
} catch {
    printError("todos-gtk: \(error)\nhint: pass --database PATH to keep the todos in a folder you can write.\n")
    exit(1)
}

let screen = TodoWindow(app: app)
screen.addStyleSheet()
screen.bind()
if let movedAside { screen.show(notice: "\(movedAside); starting with no todos.") }
screen.present()

if let mode = options.mode {
    var test = SelfTest(mode: mode, screen: screen, app: app, path: path, screenshotPath: options.screenshot)
    test.run()
    print("todos-gtk self-test (\(mode.rawValue)): every check passed")
    exit(0)
}
while screen.isOpen {
    g_main_context_iteration(nil, 1)
}
print("\(app.itemsLeft). Your todos are in \(path).")
#else
printError("""
    todos-gtk: built without GTK: run `swift run --traits GTK todos-gtk`
    hint: the GTK trait needs GTK 4's development files (Debian: apt-get install libgtk-4-dev)

    """)
exit(2)
#endif

/// Writes `text` to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
