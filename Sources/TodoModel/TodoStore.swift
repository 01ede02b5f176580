/// What a store keeps of a todo: the spec's keys `id`, `title` and `completed`.
public struct TodoRecord: Sendable, Hashable, Identifiable, Codable {
    /// The todo's identity.
    public var id: Int64
    /// What is to be done.
    public var title: String
    /// Whether it is done.
    public var completed: Bool

    /// A record.
    ///
    /// - Parameters:
    ///   - id: The todo's identity.
    ///   - title: What is to be done.
    ///   - completed: Whether it is done.
    public init(id: Int64, title: String, completed: Bool = false) {
        self.id = id
        self.title = title
        self.completed = completed
    }
}

/// What a store holds: the todos in their order, and the filter.
public struct TodoSnapshot: Sendable, Equatable {
    /// The todos, first to last.
    public var todos: [TodoRecord]
    /// The filter last chosen.
    public var filter: TodoFilter

    /// A snapshot.
    ///
    /// - Parameters:
    ///   - todos: The todos, first to last.
    ///   - filter: The filter.
    public init(todos: [TodoRecord] = [], filter: TodoFilter = .all) {
        self.todos = todos
        self.filter = filter
    }
}

/// One write to a store. Positions are given by neighbours (`after:` the todo before, nil for
/// the first place), so that a store keeps the order without renumbering the others.
public enum TodoStoreChange: Sendable, Equatable {
    /// A new todo, placed after the todo `after` (first if nil).
    case insert(TodoRecord, after: Int64?)
    /// A todo's title or state changed.
    case update(TodoRecord)
    /// A todo moved: it is now after the todo `after` (first if nil).
    case move(id: Int64, after: Int64?)
    /// A todo was destroyed.
    case delete(id: Int64)
    /// Every todo is replaced by these, in this order.
    case replaceAll([TodoRecord])
    /// The filter changed.
    case filter(TodoFilter)
}

/// Where ``TodoApp`` keeps its todos and its filter between runs.
///
/// The app reads the store once, when it starts (``load()``), then writes each change as it
/// is made (``write(_:)``), before the action that made it returns. A store is used from the
/// app's actor (the main actor) only.
///
/// ```swift
/// let app = try TodoApp(store: InMemoryTodoStore())
/// ```
public protocol TodoStore: AnyObject {
    /// What was saved: the todos in their order, and the filter (`.all` if none was saved).
    ///
    /// - Throws: What the storage throws: the app does not start.
    func load() throws -> TodoSnapshot

    /// Writes `changes`, in order, as one transaction: all of them or none. When it returns,
    /// they are durable: a process killed right after finds them on reopening.
    ///
    /// - Parameter changes: The writes, in the order they were made.
    /// - Throws: What the storage throws; nothing was written.
    func write(_ changes: [TodoStoreChange]) throws
}

/// A store that keeps everything in memory: for tests, previews and a run that needs no file.
///
/// ```swift
/// let store = InMemoryTodoStore()
/// let app = try TodoApp(store: store)
/// app.newTitle = "Buy milk"
/// app.addNewTodo()
/// print(try store.load().todos.map(\.title))   // ["Buy milk"]
/// ```
public final class InMemoryTodoStore: TodoStore {
    private var snapshot: TodoSnapshot
    /// How many transactions were written.
    public private(set) var writeCount = 0

    /// A store holding `snapshot` (nothing by default).
    ///
    /// - Parameter snapshot: What ``load()`` gives first.
    public init(_ snapshot: TodoSnapshot = TodoSnapshot()) {
        self.snapshot = snapshot
    }

    public func load() throws -> TodoSnapshot { snapshot }

    public func write(_ changes: [TodoStoreChange]) throws {
        var next = snapshot
        for change in changes { try Self.apply(change, to: &next) }
        snapshot = next
        writeCount += 1
    }

    /// Applies one write to a snapshot.
    static func apply(_ change: TodoStoreChange, to snapshot: inout TodoSnapshot) throws {
        func index(of id: Int64) throws -> Int {
            guard let index = snapshot.todos.firstIndex(where: { $0.id == id }) else { throw TodoStoreError.noSuchTodo(id) }
            return index
        }
        func place(after: Int64?) throws -> Int {
            try after.map { try index(of: $0) + 1 } ?? 0
        }
        switch change {
        case .insert(let record, let after):
            guard !snapshot.todos.contains(where: { $0.id == record.id }) else { throw TodoStoreError.duplicateTodo(record.id) }
            snapshot.todos.insert(record, at: try place(after: after))
        case .update(let record):
            snapshot.todos[try index(of: record.id)] = record
        case .move(let id, let after):
            let record = snapshot.todos.remove(at: try index(of: id))
            snapshot.todos.insert(record, at: try place(after: after))
        case .delete(let id):
            snapshot.todos.remove(at: try index(of: id))
        case .replaceAll(let records):
            snapshot.todos = records
        case .filter(let filter):
            snapshot.filter = filter
        }
    }
}

/// Why a store refused to open or to write.
public enum TodoStoreError: Error, Equatable, CustomStringConvertible {
    /// A write named a todo the store does not have.
    case noSuchTodo(Int64)
    /// A write inserted a todo the store has already.
    case duplicateTodo(Int64)
    /// The file is not a todo database, or is damaged; `movedTo` is where it was put aside.
    case unreadable(path: String, reason: String, movedTo: String?)
    /// The database cannot be created or written where it was asked for.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .noSuchTodo(let id): "no todo has the id \(id)"
        case .duplicateTodo(let id): "a todo with the id \(id) is stored already"
        case .unreadable(let path, let reason, let movedTo):
            "\(path) is not a readable todo database (\(reason))"
                + (movedTo.map { "; it was moved aside to \($0)" } ?? "")
        case .unwritable(let path, let reason): "cannot write the todo database at \(path) (\(reason))"
        }
    }
}
