import Bindery

/// One todo: a title and whether it is done.
///
/// `@Dynamic`, so a screen binds its row to it (`Bind.inout(todo, \.completed)…`) and the
/// app's derived state (``TodoApp/visible``, ``TodoApp/activeCount``) follows each set of
/// ``title`` or ``completed``. Isolated to the main actor, as the app and its screens are.
///
/// ```swift
/// let todo = Todo(id: 1, title: "Buy milk")
/// todo.completed = true
/// ```
@MainActor @Dynamic public final class Todo: Identifiable {
    /// The todo's identity, given by ``TodoApp`` and kept by its store.
    public let id: Int64
    /// What is to be done.
    public var title: String
    /// Whether it is done.
    public var completed: Bool

    /// A todo.
    ///
    /// - Parameters:
    ///   - id: Its identity: unique among the app's todos.
    ///   - title: What is to be done.
    ///   - completed: Whether it is done already.
    public init(id: Int64, title: String, completed: Bool = false) {
        self.id = id
        self.title = title
        self.completed = completed
    }

    /// What a store keeps of it.
    var record: TodoRecord { TodoRecord(id: id, title: title, completed: completed) }
}

/// Which todos the list shows: the spec's routes `#/`, `#/active` and `#/completed`.
///
/// ```swift
/// app.filter = .active
/// ```
public enum TodoFilter: String, CaseIterable, Sendable {
    /// Every todo (`#/`).
    case all
    /// The todos not done (`#/active`).
    case active
    /// The todos done (`#/completed`).
    case completed

    /// Whether a todo that is `completed` or not is shown.
    ///
    /// - Parameter completed: The todo's state.
    /// - Returns: Whether the filter shows it.
    public func shows(completed: Bool) -> Bool {
        switch self {
        case .all: true
        case .active: !completed
        case .completed: completed
        }
    }

    /// The name a person reads: "All", "Active", "Completed".
    public var title: String {
        switch self {
        case .all: "All"
        case .active: "Active"
        case .completed: "Completed"
        }
    }

    /// The route of the web app's spec: "#/", "#/active", "#/completed".
    public var route: String { self == .all ? "#/" : "#/\(rawValue)" }

    /// The filter a route names (`#/active`, `#!/active`, `/active`, `active`), or nil.
    ///
    /// - Parameter route: A route as the spec writes it.
    public init?(route: String) {
        var name = Substring(route)
        for prefix in ["#!/", "#/", "/", "#"] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        if name.isEmpty { self = .all; return }
        guard let filter = TodoFilter(rawValue: String(name)) else { return nil }
        self = filter
    }
}
