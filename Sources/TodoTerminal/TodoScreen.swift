import Bindery
import BinderyTerminal
import TodoModel

/// TodoMVC's screen in a terminal: its widgets, their places, the chains that tie them to the
/// app, and the keys. Nothing here copies a value of the model into a widget: every caption,
/// count, visibility and row follows the app through the chains made in ``bind()``; the keys and
/// clicks call the app's actions.
///
/// The keys: the input has the focus at start, Enter adds; Tab and Shift-Tab move through the
/// input, "Mark all as complete", the list, the filters and "Clear completed"; in the list ↑↓
/// select, Space toggles the selected todo, Enter edits it (so does a double click), Delete
/// destroys it (so does a click on its ✕); while editing Enter saves, Escape discards, and Tab
/// or a click elsewhere saves; `1` `2` `3` choose All, Active, Completed outside the text
/// fields; `q` (outside a text field) and Ctrl-C quit.
///
/// ```swift
/// let screen = TodoScreen(app: try TodoApp(store: InMemoryTodoStore()))
/// let terminal = screen.makeTerminal()
/// let frame = terminal.render(size: Size(columns: 80, rows: 24))   // or terminal.run(on: device)
/// ```
@MainActor public final class TodoScreen {
    /// The app shown.
    public let app: TodoApp

    let header = Label("todos", style: Style(foreground: .brightMagenta, isBold: true))
    let newField = TextField(placeholder: "What needs to be done?")
    let markAll = CheckBox("Mark all as complete")
    let todoList = List(placeholder: "") { TodoCell() }
    let editField = TextField()
    let counter = Counter()
    lazy var tabs = TodoFilter.allCases.map { filter in FilterTab(filter) { [app] in app.filter = $0 } }
    let clearButton = Button("Clear completed")
    /// A line for a notice (a database moved aside), under the footer.
    public let notice = Label(style: Style(foreground: .brightRed, isBold: true))
    let storeError = Label(style: Style(foreground: .brightRed, isBold: true))
    let help = Label(
        "Tab move  Enter add/edit  Esc cancel  Space toggle  Del destroy  1 2 3 filter  q quit",
        style: Style(foreground: .brightBlack))
    /// The todo the edit field was placed and focused for.
    private var editorShownFor: Todo?

    /// A screen for `app`, with its widgets made and bound.
    ///
    /// - Parameter app: The app; the screen holds it, and its chains end with the screen's widgets.
    public init(app: TodoApp) {
        self.app = app
        editField.isVisible = false
        bind()
    }

    /// A terminal screen of these widgets, the input focused, with the screen's keys, its
    /// layout and its editing wired in: run it with ``BinderyTerminal/TerminalScreen/run(on:blinkInterval:)``,
    /// or drive it in a test with `handle(_:)` and `render(size:)`.
    ///
    /// - Returns: The terminal screen; `q`, Ctrl-C and Ctrl-D quit. It holds this screen (its
    ///   layout, keys and editing are the screen's), and the screen holds the app.
    public func makeTerminal() -> TerminalScreen {
        let terminal = TerminalScreen(widgets: widgets, focus: focusable, focused: newField) { [self] size in
            layout(for: size)
        }
        terminal.quitKeys = [.control("c"), .control("d"), .character("q")]
        terminal.keyHandler = { [self, unowned terminal] key in handleKey(key, focused: terminal.focus.focused) }
        terminal.onTick = { [self, unowned terminal] in followEditing(focus: terminal.focus) }
        return terminal
    }

    /// The widgets, bottom to top.
    var widgets: [any Widget] {
        [header, newField, markAll, todoList] + tabs + [counter, clearButton, notice, storeError, help, editField]
    }
    /// The widgets that take the focus (Tab visits them in drawn order).
    var focusable: [any FocusableWidget] { [newField, markAll, todoList, editField] + tabs + [clearButton] }

    /// Ties every widget to the app.
    private func bind() {
        Bind.inout(app, \.newTitle).inout(newField, \.text, on: .editingChanged)
        Bind.inout(app, \.editTitle).inout(editField, \.text, on: .editingChanged)
        Bind.inout(app, \.allCompleted).inout(markAll, \.isOn, on: .valueChanged)
        Bind.in(app.visible, \.elements).out(todoList)                 // row by row
        Bind.in(app, \.showsMain).out(markAll, \.isVisible).out(todoList, \.isVisible)
        Bind.in(app, \.editing).out(editField, \.isVisible, convert: { $0 != nil })
        Bind.in(app, \.activeCount).out(counter, \.count)
        var footer = Bind.in(app, \.showsFooter).out(counter, \.isVisible)
        for tab in tabs {
            footer = footer.out(tab, \.isVisible)
            Bind.in(app, \.filter).out(tab, \.isSelected, convert: { [filter = tab.filter] in $0 == filter })
        }
        Bind.in(app, \.showsClearCompleted).out(clearButton, \.isVisible)
        Bind.in(app, \.clearCompletedTitle).out(clearButton, \.title)
        Bind.in(app, \.storeError).out(storeError, \.text)
        clearButton.observe { [app] in app.clearCompleted() }

        todoList.rowKeyHandler = { [unowned self] key, row in handleListKey(key, row: row) }
        todoList.rowClickHandler = { [unowned self] row, position, presses in handleListClick(row: row, at: position, presses: presses) }
    }

    /// The keys of the screen, before the focused widget's: Enter in the new todo field adds,
    /// Enter and Escape in the edit field save and discard, `1` `2` `3` choose a filter outside
    /// the text fields.
    func handleKey(_ key: Key, focused: (any FocusableWidget)?) -> Bool {
        if focused === newField, key == .enter {
            app.addNewTodo()
            return true
        }
        if focused === editField {
            switch key {
            case .enter: app.commitEdit()
            case .escape: app.cancelEdit()
            default: return false
            }
            return true
        }
        if !(focused is TextField), case .character(let character) = key,
           let digit = character.wholeNumberValue, (1...3).contains(digit) {
            app.filter = TodoFilter.allCases[digit - 1]
            return true
        }
        return false
    }

    /// The list's keys for its selected row: Space toggles it, Enter edits it, Delete destroys
    /// it. With nothing selected, ↑ ↓ Space and Enter select the top row in view.
    private func handleListKey(_ key: Key, row: Int?) -> Bool {
        guard let row else {
            guard [.up, .down, .enter, .character(" ")].contains(key), todoList.rowCount > 0 else { return false }
            todoList.selectedRow = todoList.offset
            return true
        }
        guard row < app.visible.count else { return false }
        let todo = app.visible[row]
        switch key {
        case .character(" "): app.toggle(todo)
        case .enter: app.beginEditing(todo)
        case .delete, .backspace: app.remove(todo)
        default: return false
        }
        return true
    }

    /// A press on a row: on its check box toggles it, on its ✕ destroys it, a double click
    /// edits it.
    private func handleListClick(row: Int, at position: Point, presses: Int) -> Bool {
        guard row < app.visible.count, let cell = todoList.cells.first(where: { $0.viewModel === app.visible[row] }) else { return false }
        let todo = app.visible[row]
        if cell.isCheck(position.column) {
            app.toggle(todo)
        } else if cell.isDestroy(position.column) {
            app.remove(todo)
        } else if presses == 2 {
            app.beginEditing(todo)
        } else {
            return false
        }
        return true
    }

    /// After every key: puts the edit field over the row being edited and gives it the focus
    /// when an edit begins; saves the edit when the focus left the field (the spec's blur); gives
    /// the focus back to the list when the edit ended.
    func followEditing(focus: FocusRing) {
        guard let editing = app.editing else {
            editorShownFor = nil
            if focus.focused === editField { focus.focus(todoList) }
            return
        }
        guard let row = app.visible.firstIndex(where: { $0 === editing }) else {
            app.commitEdit()   // the todo left the list shown
            return
        }
        if editorShownFor !== editing {
            editorShownFor = editing
            todoList.selectedRow = row
            placeEditor(at: row)
            focus.focus(editField)
        } else if focus.focused !== editField {
            app.commitEdit()
            editorShownFor = nil
        } else {
            placeEditor(at: row)
        }
    }

    private func placeEditor(at row: Int) {
        let list = todoList.frame
        editField.frame = Rect(
            column: list.origin.column + TodoCell.titleColumn, row: list.origin.row + row - todoList.offset,
            columns: max(1, list.size.columns - TodoCell.titleColumn - 3))
    }

    /// Places the widgets for a screen of `size`: a column at most 76 wide, the list taking the
    /// rows the others leave.
    func layout(for size: Size) {
        let width = max(20, min(size.columns - 4, 76)), left = 2
        func place(_ widget: any Widget, _ column: Int, _ row: Int, _ columns: Int, rows: Int = 1) {
            widget.frame = Rect(column: left + column, row: row, columns: columns, rows: rows)
        }
        place(header, 0, 0, width)
        place(newField, 0, 1, width)
        place(markAll, 0, 2, width)
        let footerRow = max(4, size.rows - 4)
        place(todoList, 0, 3, width, rows: max(1, footerRow - 3))
        place(counter, 0, footerRow, 16)
        var column = 18
        for tab in tabs {
            place(tab, column, footerRow, tab.width)
            column += tab.width + 1
        }
        place(clearButton, column + 2, footerRow, max(0, width - column - 2))
        place(notice, 0, footerRow + 1, size.columns - left)
        place(storeError, 0, footerRow + 2, size.columns - left)
        place(help, 0, size.rows - 1, size.columns - left)
        if let editing = app.editing, let row = app.visible.firstIndex(where: { $0 === editing }) { placeEditor(at: row) }
    }
}
