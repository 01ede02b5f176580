import Foundation
import GRDB

/// A ``TodoStore`` in an SQLite database file, through GRDB.
///
/// The todos are rows of a `todo` table (`id`, `title`, `completed`, and a `position` that
/// keeps their order), the filter a row of a `setting` table. Each ``write(_:)`` is one
/// transaction, committed before it returns: a process killed right after finds it on
/// reopening. The database is in WAL mode with `synchronous = NORMAL`, so a commit costs a
/// write to the log and no flush to the disk.
///
/// A file that is not a todo database, or a damaged one, throws ``TodoStoreError/unreadable(path:reason:movedTo:)``
/// from ``init(path:)``; ``openRecovering(path:)`` moves such a file aside (it never deletes or
/// overwrites one) and starts a new database in its place. A place that cannot be written
/// throws ``TodoStoreError/unwritable(path:reason:)``.
///
/// Sendable: its only state is GRDB's `DatabaseQueue`, which serialises every access.
///
/// ```swift
/// let store = try SQLiteTodoStore(path: "/tmp/todos.sqlite")
/// let app = try TodoApp(store: store)
/// ```
public final class SQLiteTodoStore: TodoStore, Sendable {
    /// The database file.
    public let path: String
    private let database: DatabaseQueue

    /// Opens the database at `path`, creating it (and its tables) if there is no file.
    ///
    /// - Parameter path: The database file.
    /// - Throws: ``TodoStoreError/unreadable(path:reason:movedTo:)`` (with no `movedTo`) for a
    ///   file that is not a todo database or is damaged; ``TodoStoreError/unwritable(path:reason:)``
    ///   where the file cannot be created or written.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.label = "todos"
        configuration.prepareDatabase { db in
            // A commit is durable against a killed process once it is in the log.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try database.read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                if check != ["ok"] { throw TodoStoreError.unreadable(path: path, reason: "damaged: \(check.prefix(3).joined(separator: "; "))", movedTo: nil) }
            }
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: path)
        }
    }

    /// Opens the database at `path`; a file there that is not a todo database, or a damaged
    /// one, is first moved aside (to `path.unreadable`, or `path.unreadable-2` and so on: never
    /// over another file) with its `-wal` and `-shm` files, and a new database is started.
    ///
    /// - Parameter path: The database file.
    /// - Returns: The store, and what was moved aside, if anything, to tell the person: an
    ///   ``TodoStoreError/unreadable(path:reason:movedTo:)`` naming both files.
    /// - Throws: ``TodoStoreError/unwritable(path:reason:)``, and
    ///   ``TodoStoreError/unreadable(path:reason:movedTo:)`` when the file cannot be moved.
    public static func openRecovering(path: String) throws -> (store: SQLiteTodoStore, movedAside: TodoStoreError?) {
        do {
            return (try SQLiteTodoStore(path: path), nil)
        } catch TodoStoreError.unreadable(_, let reason, _) {
            let aside = try moveAside(path)
            let error = TodoStoreError.unreadable(path: path, reason: reason, movedTo: aside)
            return (try SQLiteTodoStore(path: path), error)
        }
    }

    /// Moves `path` and its `-wal` and `-shm` files to the first free name of
    /// `path.unreadable`, `path.unreadable-2`, …; answers the name.
    private static func moveAside(_ path: String) throws -> String {
        let files = FileManager.default
        var attempt = 1
        while true {
            let target = path + ".unreadable" + (attempt == 1 ? "" : "-\(attempt)")
            let taken = [target, target + "-wal", target + "-shm"].contains { files.fileExists(atPath: $0) }
            if !taken {
                do {
                    try files.moveItem(atPath: path, toPath: target)
                    for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                        try files.moveItem(atPath: path + suffix, toPath: target + suffix)
                    }
                    return target
                } catch {
                    throw TodoStoreError.unreadable(path: path, reason: "it could not be moved aside: \(error.localizedDescription)", movedTo: nil)
                }
            }
            attempt += 1
        }
    }

    /// The error a database error means for a person.
    private static func storeError(_ error: DatabaseError, path: String) -> TodoStoreError {
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .unreadable(path: path, reason: reason, movedTo: nil)
        case .SQLITE_ERROR where error.message?.contains("no such") == true || error.message?.contains("already exists") == true:
            // A database of something else: tables of other shapes.
            return .unreadable(path: path, reason: "not a todo database: \(reason)", movedTo: nil)
        default:
            return .unwritable(path: path, reason: reason)
        }
    }

    /// The tables, made once.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("todos v1") { db in
            try db.execute(sql: """
                CREATE TABLE todo (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    completed BOOLEAN NOT NULL DEFAULT 0,
                    position DOUBLE NOT NULL
                );
                CREATE INDEX todo_position ON todo(position);
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        return migrator
    }

    public func load() throws -> TodoSnapshot {
        try database.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT id, title, completed FROM todo ORDER BY position")
            var todos: [TodoRecord] = []
            while let row = try rows.next() {
                todos.append(TodoRecord(id: row[0], title: row[1], completed: row[2]))
            }
            let filter = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'filter'")
                .flatMap(TodoFilter.init(rawValue:)) ?? .all
            return TodoSnapshot(todos: todos, filter: filter)
        }
    }

    public func write(_ changes: [TodoStoreChange]) throws {
        guard !changes.isEmpty else { return }
        do {
            try database.write { db in
                for change in changes { try Self.write(change, in: db) }
            }
        } catch let error as DatabaseError {
            throw Self.storeError(error, path: path)
        }
    }

    private static func write(_ change: TodoStoreChange, in db: Database) throws {
        switch change {
        case .insert(let record, let after):
            let position = try position(after: after, in: db)
            try db.cachedStatement(sql: "INSERT INTO todo (id, title, completed, position) VALUES (?, ?, ?, ?)")
                .execute(arguments: [record.id, record.title, record.completed, position])
        case .update(let record):
            try db.cachedStatement(sql: "UPDATE todo SET title = ?, completed = ? WHERE id = ?")
                .execute(arguments: [record.title, record.completed, record.id])
            if db.changesCount == 0 { throw TodoStoreError.noSuchTodo(record.id) }
        case .move(let id, let after):
            let position = try position(after: after, excluding: id, in: db)
            try db.execute(sql: "UPDATE todo SET position = ? WHERE id = ?", arguments: [position, id])
        case .delete(let id):
            try db.cachedStatement(sql: "DELETE FROM todo WHERE id = ?").execute(arguments: [id])
        case .replaceAll(let records):
            try db.execute(sql: "DELETE FROM todo")
            let insert = try db.cachedStatement(sql: "INSERT INTO todo (id, title, completed, position) VALUES (?, ?, ?, ?)")
            for (index, record) in records.enumerated() {
                try insert.execute(arguments: [record.id, record.title, record.completed, Double(index)])
            }
        case .filter(let filter):
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('filter', ?)", arguments: [filter.rawValue])
        }
    }

    /// A position after the todo `after` (before the first if nil) and before the one that
    /// follows it; the positions are spread out again when two have no room between them.
    /// `excluding` is a todo that moves: its old place is no neighbour.
    private static func position(after: Int64?, excluding moving: Int64? = nil, in db: Database) throws -> Double {
        for attempt in 0..<2 {
            let (low, high): (Double?, Double?)
            if let after {
                guard let found = try Double.fetchOne(db, sql: "SELECT position FROM todo WHERE id = ?", arguments: [after]) else {
                    throw TodoStoreError.noSuchTodo(after)
                }
                low = found
                high = try Double.fetchOne(db, sql: "SELECT MIN(position) FROM todo WHERE position > ? AND id IS NOT ?", arguments: [found, moving])
            } else {
                low = nil
                high = try Double.fetchOne(db, sql: "SELECT MIN(position) FROM todo WHERE id IS NOT ?", arguments: [moving])
            }
            switch (low, high) {
            case (nil, nil): return 0
            case (let low?, nil): return low + 1
            case (nil, let high?): return high - 1
            case (let low?, let high?):
                let middle = low + (high - low) / 2
                if middle > low, middle < high { return middle }
                if attempt == 0 { try respace(db) }
            }
        }
        throw TodoStoreError.unwritable(path: db.configuration.label ?? "todos", reason: "no room between two positions")
    }

    /// Numbers the positions 0, 1, 2… in their order.
    private static func respace(_ db: Database) throws {
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM todo ORDER BY position")
        let update = try db.cachedStatement(sql: "UPDATE todo SET position = ? WHERE id = ?")
        for (index, id) in ids.enumerated() { try update.execute(arguments: [Double(index), id]) }
    }
}
