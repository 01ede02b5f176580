import Foundation
import GRDB
import Testing
@testable import TodoModel

/// A fresh folder for a test's files, removed when the test ends.
final class ScratchFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }
    func file(_ name: String) -> String { path + "/" + name }
}

/// `SQLiteTodoStore`: the todos and the filter in a database file, bad files, places that cannot be written.
@MainActor @Suite struct SQLiteTodoStoreTests {
    @Test("An app's changes reach the file before each action returns; a new store on the file reads them back")
    func roundTrip() throws {
        let folder = try ScratchFolder()
        let path = folder.file("todos.sqlite")
        do {
            let app = try TodoApp(store: SQLiteTodoStore(path: path))
            for title in ["a", "b", "c", "d"] {
                app.newTitle = title
                app.addNewTodo()
            }
            app.toggle(app.todos[1])
            app.filter = .completed
            // Read by another connection while the app still runs: written, not only cached.
            let other = try SQLiteTodoStore(path: path).load()
            #expect(other.todos.map(\.title) == ["a", "b", "c", "d"] && other.todos[1].completed && other.filter == .completed)
            app.todos.insert(Todo(id: 50, title: "between"), at: 2)
            app.todos.move(from: 0, to: 4)
            app.todos.move(from: 3, to: 0)
            app.beginEditing(app.todos[1])
            app.editTitle = "B"
            app.commitEdit()
            app.clearCompleted()
        }
        let saved = try SQLiteTodoStore(path: path).load()
        let app = try TodoApp(store: SQLiteTodoStore(path: path))
        #expect(saved.todos.map(\.title) == app.todos.map(\.title))
        #expect(app.todos.map(\.title) == ["d", "between", "c", "a"])
        #expect(app.filter == .completed)
    }

    @Test("Many insertions at one place keep their order (the positions are spread out again when they run out of room)")
    func insertionsAtOnePlace() throws {
        let folder = try ScratchFolder()
        let store = try SQLiteTodoStore(path: folder.file("todos.sqlite"))
        try store.write([.insert(TodoRecord(id: 1, title: "first"), after: nil), .insert(TodoRecord(id: 2, title: "last"), after: 1)])
        var expected = ["first", "last"]
        for id in Int64(3)...200 {
            try store.write([.insert(TodoRecord(id: id, title: "\(id)"), after: 1)])
            expected.insert("\(id)", at: 1)
        }
        try store.write([.move(id: 2, after: nil), .insert(TodoRecord(id: 0, title: "zero"), after: nil)])
        expected.removeLast()
        expected.insert(contentsOf: ["zero", "last"], at: 0)
        #expect(try store.load().todos.map(\.title) == expected)
        #expect(throws: TodoStoreError.noSuchTodo(999)) { try store.write([.update(TodoRecord(id: 999, title: "?"))]) }
    }

    @Test("A write that fails writes nothing of its transaction")
    func atomicWrite() throws {
        let folder = try ScratchFolder()
        let store = try SQLiteTodoStore(path: folder.file("todos.sqlite"))
        try store.write([.insert(TodoRecord(id: 1, title: "a"), after: nil)])
        #expect(throws: (any Error).self) {
            try store.write([.insert(TodoRecord(id: 2, title: "b"), after: 1), .insert(TodoRecord(id: 1, title: "again"), after: nil)])
        }
        #expect(try store.load().todos.map(\.title) == ["a"])
    }

    @Test("A file that is not a database is named in the error, moved aside untouched, and a new database starts empty", arguments: ["not a database at all\n", String(repeating: "SQLite format 3\u{0}", count: 400)])
    func notADatabase(content: String) throws {
        let folder = try ScratchFolder()
        let path = folder.file("todos.sqlite")
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try SQLiteTodoStore(path: path)
        } throws: { error in
            guard case TodoStoreError.unreadable(path, _, nil) = error else { return false }
            return "\(error)".contains(path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)   // not touched by the failed open
        let aside: String
        do {
            let (store, movedAside) = try SQLiteTodoStore.openRecovering(path: path)
            guard case .unreadable(path, _, let movedTo?) = movedAside else {
                Issue.record("expected the file moved aside, got \(String(describing: movedAside))")
                return
            }
            aside = movedTo
            #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
            #expect("\(movedAside!)".contains(path) && "\(movedAside!)".contains(aside))
            #expect(try store.load() == TodoSnapshot())
        }
        // A second bad file never overwrites the first one set aside.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try "again".write(toFile: path, atomically: true, encoding: .utf8)
        let (_, second) = try SQLiteTodoStore.openRecovering(path: path)
        guard case .unreadable(_, _, let secondAside?) = second else {
            Issue.record("expected the second file moved aside")
            return
        }
        #expect(secondAside != aside)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
        #expect(try String(contentsOfFile: secondAside, encoding: .utf8) == "again")
    }

    @Test("A damaged database (its pages overwritten) is found at opening and moved aside")
    func damagedDatabase() throws {
        let folder = try ScratchFolder()
        let path = folder.file("todos.sqlite")
        do {
            let store = try SQLiteTodoStore(path: path)
            try store.write((1...500).map { .insert(TodoRecord(id: $0, title: String(repeating: "x", count: 200)), after: $0 > 1 ? $0 - 1 : nil) })
        }
        // Checkpoint the log into the file, then overwrite pages past the header.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 4096 * 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 6))
        try handle.close()
        let (store, movedAside) = try SQLiteTodoStore.openRecovering(path: path)
        #expect(movedAside != nil)
        #expect(try store.load().todos.isEmpty)
    }

    @Test("A place that cannot be written (under a file, in /proc): a clear error naming the file, no trap")
    func unwritablePlace() throws {
        let folder = try ScratchFolder()
        try "a file".write(toFile: folder.file("plain"), atomically: true, encoding: .utf8)
        // Root writes into any folder, whatever its mode: these refuse everyone.
        for path in [folder.file("plain/todos.sqlite"), "/proc/todos.sqlite"] {
            #expect {
                try SQLiteTodoStore.openRecovering(path: path)
            } throws: { error in
                guard case TodoStoreError.unwritable(path, _) = error else { return false }
                return "\(error)".contains(path)
            }
        }
    }

    @Test("A folder that does not exist: a clear error naming the file, no trap")
    func missingFolder() throws {
        let folder = try ScratchFolder()
        let path = folder.file("no/such/folder/todos.sqlite")
        #expect {
            try SQLiteTodoStore.openRecovering(path: path)
        } throws: { error in
            guard case TodoStoreError.unwritable(path, _) = error else { return false }
            return true
        }
    }
}
