import Bindery

/// TodoMVC's view model: every rule of the spec's "Functionality" section, shared by the
/// terminal and the GTK screens, and kept in a ``TodoStore`` as it changes.
///
/// Nothing here is copied by hand: ``visible`` is the todos filtered on the model by
/// ``filter``, ``activeCount`` the count of a filter that follows each todo's `completed`, and
/// the other counts and flags are computed properties over them, which Bindery sends again
/// when what they read changes. A screen binds its widgets to these properties and calls the
/// actions; it never sets a widget from the model itself.
///
/// **Persistence.** Each change (a todo added, edited, toggled or destroyed, the filter) is
/// written to the store before the action that made it returns; "mark all as complete" and
/// "Clear completed" write once for all the todos they change. A set of a todo's `title` or
/// `completed` made by other code (a row's checkbox bound two-way) is written too. Editing is
/// never written. A write that fails shows in ``storeError`` and is made again with the next.
///
/// **Threads.** The app, its todos and its store are used on the main actor.
///
/// ```swift
/// let app = try TodoApp(store: InMemoryTodoStore())
/// app.newTitle = "  Buy milk "
/// app.addNewTodo()                   // "Buy milk"; newTitle is "" again
/// app.toggle(app.todos[0])
/// print(app.itemsLeft)               // "0 items left"
/// app.filter = .active               // visible is empty
/// ```
@MainActor @Dynamic public final class TodoApp {
    /// The text of the input at the top, where a new todo is typed.
    public var newTitle = ""
    /// Every todo, in order.
    public let todos: DynamicList<Todo>
    /// The todo being edited, if any (never written to the store).
    public private(set) var editing: Todo?
    /// The text of the todo being edited, as it is typed.
    public var editTitle = ""
    /// Why the last write to the store failed, as a person reads it; nil once one succeeds.
    public private(set) var storeError: String?

    /// The todos ``filter`` shows, in order, kept element by element: a todo toggled while
    /// `.active` is chosen leaves it as one step.
    public let visible: DerivedList<Todo>
    /// The todos not done: its count is ``activeCount``.
    private let active: DerivedList<Todo>
    /// The filter, in a box that ``visible``'s closure reads.
    private let route: Dynamic<TodoFilter>
    /// Writes the changes to the store.
    private let writer: StoreWriter
    /// The identity the next new todo gets.
    @DynamicIgnored private var nextID: Int64

    /// Loads the todos and the filter from `store`, and writes each later change to it.
    ///
    /// The app holds the store strongly.
    ///
    /// - Parameter store: Where the todos are kept.
    /// - Throws: What `store.load()` throws.
    public init(store: any TodoStore) throws {
        let snapshot = try store.load()
        let todos = DynamicList(snapshot.todos.map { Todo(id: $0.id, title: $0.title, completed: $0.completed) })
        let route = Dynamic(snapshot.filter)
        self.todos = todos
        self.route = route
        visible = todos.filter { @MainActor todo in route.value.shows(completed: todo.completed) }
        active = todos.filter { @MainActor todo in !todo.completed }
        writer = StoreWriter(store: store, snapshot: snapshot)
        nextID = (snapshot.todos.map(\.id).max() ?? 0) + 1
        // Each todo's record, followed element by element: the store hears each change.
        let records = todos.map { @MainActor todo in todo.record }
        Bind.in(records, \.elements).out(writer)
        writer.onWrite = { [weak self] error in
            self?.storeError = error.map { "Your todos could not be saved: \($0)" }
        }
    }

    /// Which todos ``visible`` shows; written to the store. The spec's routes: see
    /// ``TodoFilter/init(route:)``.
    public var filter: TodoFilter {
        get { route.value }
        set {
            route.value = newValue
            writer.save(newValue)
        }
    }

    /// How many todos are not done.
    public var activeCount: Int { active.count }
    /// How many todos are done.
    public var completedCount: Int { todos.count - active.count }
    /// The counter: "0 items left", "1 item left", "2 items left".
    public var itemsLeft: String { "\(activeCount) \(Self.items(activeCount)) left" }
    /// "item" or "items", for a count.
    ///
    /// - Parameter count: How many.
    public nonisolated static func items(_ count: Int) -> String { count == 1 ? "item" : "items" }
    /// The caption of the button that clears the completed todos: "Clear completed (2)".
    public var clearCompletedTitle: String { "Clear completed (\(completedCount))" }

    /// "Mark all as complete": true when there are todos and every one is done. Setting it
    /// sets every todo to that state, written to the store once.
    public var allCompleted: Bool {
        get { !todos.isEmpty && active.isEmpty }
        set {
            writer.holding {
                for todo in todos where todo.completed != newValue { todo.completed = newValue }
            }
        }
    }

    /// Whether the list and its "mark all" are shown: false when there are no todos.
    public var showsMain: Bool { !todos.isEmpty }
    /// Whether the footer (the counter, the filters) is shown: false when there are no todos.
    public var showsFooter: Bool { !todos.isEmpty }
    /// Whether "Clear completed" is shown: false when no todo is done.
    public var showsClearCompleted: Bool { completedCount > 0 }

    /// Adds ``newTitle``, trimmed, as a new todo at the end, and empties ``newTitle``; does
    /// nothing when the trimmed title is empty.
    public func addNewTodo() {
        let title = Self.trimmed(newTitle)
        guard !title.isEmpty else { return }
        todos.append(Todo(id: nextID, title: title))
        nextID += 1
        newTitle = ""
    }

    /// Destroys every todo that is done, written to the store once.
    public func clearCompleted() {
        writer.holding {
            todos.removeAll { $0.completed }
        }
        if let editing, editing.completed { self.editing = nil }
    }

    /// Destroys `todo`.
    ///
    /// - Parameter todo: One of ``todos``; anything else is ignored.
    public func remove(_ todo: Todo) {
        if editing === todo { editing = nil }
        guard let index = todos.firstIndex(where: { $0 === todo }) else { return }
        todos.remove(at: index)
    }

    /// Marks `todo` done, or not done if it was.
    ///
    /// - Parameter todo: A todo.
    public func toggle(_ todo: Todo) {
        todo.completed.toggle()
    }

    /// Starts editing `todo`: ``editing`` is it, and ``editTitle`` its title. A todo being
    /// edited is saved first.
    ///
    /// - Parameter todo: One of ``todos``.
    public func beginEditing(_ todo: Todo) {
        if editing != nil, editing !== todo { commitEdit() }
        editTitle = todo.title
        editing = todo
    }

    /// Saves the edit (the spec's Enter and blur): ``editTitle``, trimmed, becomes the todo's
    /// title; an empty one destroys the todo instead. Does nothing when nothing is edited.
    public func commitEdit() {
        guard let todo = editing else { return }
        let title = Self.trimmed(editTitle)
        editing = nil
        if title.isEmpty {
            remove(todo)
        } else if todo.title != title {
            todo.title = title
        }
    }

    /// Leaves the edit and discards it (the spec's Escape): the todo keeps its title.
    public func cancelEdit() {
        editing = nil
    }

    /// `text` without whitespace (new lines included) at either end.
    nonisolated static func trimmed(_ text: String) -> String {
        let characters = text.drop(while: \.isWhitespace)
        return String(characters.reversed().drop(while: \.isWhitespace).reversed())
    }
}
