#if GTK
#if canImport(Glibc)
import Glibc
#endif
import Bindery
import BinderyGTK
import CGtk
import Foundation
import TodoModel

/// Plays the real window as a person would, through GTK's own API (never through the wrappers'
/// setters): typing and Enter in the entries, clicks on the check buttons, the filters, × and
/// "Clear completed", double clicks on the titles, Escape, the focus moving away; it runs the
/// main context between steps and checks each point of TodoMVC's "Functionality" section
/// against what the widgets show (read from GTK), the model, and the database (read by a store
/// of its own). The first failed check ends the process with status 1 and says which it was.
///
/// ``Mode/play`` starts on an empty database and leaves in it ``finalTodos`` with the filter
/// ``finalFilter`` (and an edit in progress when the window closes, which must not be saved);
/// ``Mode/reopen``, run on the same database afterwards, checks that they come back.
@MainActor struct SelfTest {
    /// What to check.
    enum Mode: String {
        /// Every point of the spec, from an empty database.
        case play
        /// What a database that `play` left brings back: the todos, their states and order,
        /// the filter, and no edit.
        case reopen
        /// The window of a database that was not a todo database: moved aside, said in the
        /// window, a new one started.
        case recovered
    }

    let mode: Mode
    let screen: TodoWindow
    let app: TodoApp
    /// The database file.
    let path: String
    let screenshotPath: String?
    private var started = g_get_monotonic_time()

    /// The todos `play` leaves, in order.
    static let finalTodos = [
        TodoRecord(id: 7, title: "Buy milk", completed: true),
        TodoRecord(id: 8, title: "Walk the cat", completed: false),
        TodoRecord(id: 9, title: "Pay the rent", completed: false),
        TodoRecord(id: 10, title: "Call Zoë ☎", completed: false),
    ]
    /// The filter `play` leaves.
    static let finalFilter = TodoFilter.active

    init(mode: Mode, screen: TodoWindow, app: TodoApp, path: String, screenshotPath: String?) {
        self.mode = mode
        self.screen = screen
        self.app = app
        self.path = path
        self.screenshotPath = screenshotPath
    }

    mutating func run() {
        started = g_get_monotonic_time()
        wait("the window is mapped and laid out") {
            gtk_widget_get_mapped(screen.window) != 0 && gtk_widget_get_width(screen.window) > 0
        }
        switch mode {
        case .play: play()
        case .reopen: reopen()
        case .recovered: recovered()
        }
        let seconds = Double(g_get_monotonic_time() - started) / 1e6
        print("(the checks took \((seconds * 10).rounded() / 10) s)")
    }

    // MARK: - Play

    private func play() {
        step("the window opens on an empty database: no todos, so the main section and the footer are hidden; the new todo's entry has the focus")
        check(app.todos.isEmpty, "the database is empty (it has \(app.todos.count) todos)")
        expectHidden(noTodos: true)
        expectFocus(in: screen.newEntry, "the new todo's entry")
        check(placeholder(of: screen.newEntry) == "What needs to be done?", "the new todo's entry says \"What needs to be done?\"")
        expect(screen.storeError, shows: "")
        check(gtk_widget_get_visible(widget(screen.storeError)) == 0 && gtk_widget_get_visible(widget(screen.notice)) == 0,
              "no warning is shown")
        let unbound: [any WrappedWidget] = [screen.header, screen.notice]
        for wrapper in screen.wrappers where !unbound.contains(where: { $0 === wrapper }) {
            check(Bind.isBound(wrapper), "\(Swift.type(of: wrapper)) is in a chain")
        }

        step("new todo: Enter in the top entry appends the trimmed title and empties the entry; the main section and the footer show")
        enter("  Buy milk  ", into: screen.newEntry)
        expectModel(app.newTitle == "  Buy milk  ", "newTitle follows the typing (it is \"\(app.newTitle)\")")
        check(app.todos.isEmpty, "typing adds nothing before Enter")
        pressEnter(in: screen.newEntry)
        expectTitles(["Buy milk"])
        expect(screen.newEntry, holds: "")
        expectModel(app.newTitle == "", "newTitle is emptied (it is \"\(app.newTitle)\")")
        expectHidden(noTodos: false)
        expectRows()
        expectCounter(1)
        check(!isOn(screen.markAll), "mark all is unchecked with an active todo")
        check(!isShown(screen.clearButton), "Clear completed is hidden: nothing is completed")
        expectStored()

        step("new todo: an empty or blank title is ignored")
        pressEnter(in: screen.newEntry)
        enter("   ", into: screen.newEntry)
        pressEnter(in: screen.newEntry)
        expectTitles(["Buy milk"])
        replaceText(of: screen.newEntry, with: "")

        step("new todo: each Enter appends at the end, in order")
        for title in ["Walk the dog", " Pay the bills", "Call Zoë ☎ "] {
            enter(title, into: screen.newEntry)
            pressEnter(in: screen.newEntry)
            expect(screen.newEntry, holds: "")
        }
        expectTitles(["Buy milk", "Walk the dog", "Pay the bills", "Call Zoë ☎"])
        expectRows()
        expectCounter(4)
        expectStored()

        step("item: its check button marks it completed; the row looks completed (CSS class `completed`: struck through, dimmed); the counter and Clear completed follow")
        toggle(0)
        expectModel(app.todos[0].completed, "Buy milk is completed")
        check(hasClass(row(0), TodoRow.completedClass), "the completed row wears the class `\(TodoRow.completedClass)`")
        check(!hasClass(row(1), TodoRow.completedClass), "an active row does not wear the class `\(TodoRow.completedClass)`")
        expectRows()
        expectCounter(3)
        check(isShown(screen.clearButton), "Clear completed shows once a todo is completed")
        check(!isOn(screen.markAll), "mark all stays unchecked while some todos are active")
        expectStored()
        toggle(0)
        expectModel(!app.todos[0].completed, "Buy milk is active again")
        check(!hasClass(row(0), TodoRow.completedClass), "the row looks active again")
        expectCounter(4)
        check(!isShown(screen.clearButton), "Clear completed hides again")
        expectStored()

        step("mark all as complete: completes every todo, then makes every todo active again")
        activate(screen.markAll)
        expectModel(app.todos.allSatisfy(\.completed), "every todo is completed")
        expectRows()
        check((0..<4).allSatisfy { hasClass(row($0), TodoRow.completedClass) }, "every row looks completed")
        expectCounter(0)
        check(isOn(screen.markAll), "mark all is checked")
        expectStored()
        activate(screen.markAll)
        expectModel(app.todos.allSatisfy { !$0.completed }, "every todo is active")
        expectRows()
        expectCounter(4)
        check(!isOn(screen.markAll), "mark all is unchecked")
        expectStored()

        step("mark all follows the items: checked when the last one is completed, unchecked when one is active again")
        for index in 0..<4 {
            check(!isOn(screen.markAll), "mark all is unchecked with \(4 - index) active todos")
            toggle(index)
        }
        check(isOn(screen.markAll), "mark all is checked once every todo is completed one by one")
        expectModel(app.allCompleted, "allCompleted is true")
        toggle(2)
        check(!isOn(screen.markAll), "mark all is unchecked once a todo is active again")
        activate(screen.markAll)
        activate(screen.markAll)
        expectModel(app.todos.allSatisfy { !$0.completed }, "every todo is active again")
        expectRows()

        step("editing: a single click on a title does not edit; a double click shows an entry with the title, focused, in place of the check button, the title and ×")
        click(row(1).titleLabel, presses: 1)
        expectModel(app.editing == nil, "a single click edits nothing")
        beginEditing(1, title: "Walk the dog")
        replaceText(of: editEntry(1), with: "  Walk the cat  ")
        expectModel(app.editTitle == "  Walk the cat  ", "editTitle follows the typing (it is \"\(app.editTitle)\")")
        expectModel(app.todos[1].title == "Walk the dog", "the title is not changed while typing")
        expectStored()

        step("editing: Enter saves the trimmed title and leaves the edit; the focus goes back to the new todo's entry")
        pressEnter(in: editEntry(1))
        expectEditing(nil)
        expectFocus(in: screen.newEntry, "the new todo's entry")
        expectTitles(["Buy milk", "Walk the cat", "Pay the bills", "Call Zoë ☎"])
        expectRows()
        expectStored()

        step("editing: the focus leaving the entry (blur) saves the trimmed title")
        beginEditing(2, title: "Pay the bills")
        replaceText(of: editEntry(2), with: "Pay the rent ")
        grabFocus(screen.newEntry)
        expectEditing(nil)
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎"])
        expectRows()
        expectStored()

        step("editing: Escape leaves the edit and discards it")
        beginEditing(3, title: "Call Zoë ☎")
        replaceText(of: editEntry(3), with: "Nobody")
        check(press(GDK_KEY_Escape, in: editEntry(3)), "Escape is used by the edit entry")
        expectEditing(nil)
        expectFocus(in: screen.newEntry, "the new todo's entry")
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎"])
        expectRows()
        expectStored()

        step("editing: a double click on another title saves the edit under way and edits that one")
        beginEditing(3, title: "Call Zoë ☎")
        enter("!", into: editEntry(3))
        beginEditing(0, title: "Buy milk")
        expectModel(app.todos[3].title == "Call Zoë ☎!", "the first edit was saved (the title is \"\(app.todos[3].title)\")")
        check(!screen.todoList.cells[3].showsEditor, "the first row left its edit")
        replaceText(of: editEntry(0), with: "Buy oat milk")
        check(press(GDK_KEY_Escape, in: editEntry(0)), "Escape is used by the edit entry")
        expectEditing(nil)
        beginEditing(3, title: "Call Zoë ☎!")
        replaceText(of: editEntry(3), with: "Call Zoë ☎")
        pressEnter(in: editEntry(3))
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎"])
        expectRows()
        expectStored()

        step("editing: an empty title destroys the todo")
        enter("Water the plants", into: screen.newEntry)
        pressEnter(in: screen.newEntry)
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎", "Water the plants"])
        beginEditing(4, title: "Water the plants")
        replaceText(of: editEntry(4), with: "   ")
        pressEnter(in: editEntry(4))
        expectEditing(nil)
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎"])
        expectRows()
        expectCounter(4)
        expectStored()

        step("item: × destroys the todo")
        enter("Feed the fish", into: screen.newEntry)
        pressEnter(in: screen.newEntry)
        expectCounter(5)
        click(row(4).destroyButton)
        expectTitles(["Buy milk", "Walk the cat", "Pay the rent", "Call Zoë ☎"])
        expectRows()
        expectCounter(4)
        expectStored()

        step("Clear completed: removes the completed todos and hides again; mark all stays unchecked")
        toggle(0)
        toggle(2)
        check(isShown(screen.clearButton), "Clear completed shows")
        click(screen.clearButton)
        expectTitles(["Walk the cat", "Call Zoë ☎"])
        expectRows()
        expectCounter(2)
        check(!isShown(screen.clearButton), "Clear completed hides once nothing is completed")
        check(!isOn(screen.markAll), "mark all is unchecked after Clear completed")
        expectStored()

        step("Clear completed after mark all: no todos are left, mark all is unchecked, the main section and the footer hide")
        activate(screen.markAll)
        check(isOn(screen.markAll), "mark all is checked")
        click(screen.clearButton)
        expectTitles([])
        check(!isOn(screen.markAll), "mark all is unchecked after Clear completed")
        expectModel(!app.allCompleted, "allCompleted is false with no todos")
        expectHidden(noTodos: true)
        expectStored()

        step("a few todos again, one completed")
        for title in Self.finalTodos.map(\.title) {
            enter(title, into: screen.newEntry)
            pressEnter(in: screen.newEntry)
        }
        toggle(0)
        check(records() == Self.finalTodos, "the todos are \(records()), expected \(Self.finalTodos)")
        expectRows()
        expectCounter(3)
        expectFilter(.all)
        check(isShown(screen.clearButton), "Clear completed shows")
        grabFocus(screen.newEntry)
        if let screenshotPath { saveScreenshot(to: screenshotPath) }

        step("routing: Active shows the active todos, filtered on the model; the chosen filter is pressed in; it is saved")
        click(screen.filterButtons[1])
        expectFilter(.active)
        expectRows()
        check(rowTitles() == ["Walk the cat", "Pay the rent", "Call Zoë ☎"], "Active shows the three active todos (it shows \(rowTitles()))")
        expectCounter(3)
        expectStored()

        step("routing: a todo completed while Active is chosen leaves the list")
        toggle(0)
        expectModel(app.todos[1].completed, "Walk the cat is completed")
        check(rowTitles() == ["Pay the rent", "Call Zoë ☎"], "Walk the cat left the list (it shows \(rowTitles()))")
        expectRows()
        expectCounter(2)
        expectStored()

        step("routing: Completed shows the completed todos; a click on the chosen filter keeps it")
        click(screen.filterButtons[2])
        expectFilter(.completed)
        check(rowTitles() == ["Buy milk", "Walk the cat"], "Completed shows the two completed todos (it shows \(rowTitles()))")
        expectRows()
        click(screen.filterButtons[2])
        expectFilter(.completed)
        toggle(1)
        check(rowTitles() == ["Buy milk"], "Walk the cat, active again, left the Completed list (it shows \(rowTitles()))")
        expectRows()
        expectStored()

        step("routing: All shows every todo; then Active is chosen, and stays chosen in the database")
        click(screen.filterButtons[0])
        expectFilter(.all)
        check(rowTitles() == Self.finalTodos.map(\.title), "All shows every todo (it shows \(rowTitles()))")
        expectRows()
        click(screen.filterButtons[1])
        expectFilter(Self.finalFilter)
        check(records() == Self.finalTodos, "the todos are \(records()), expected \(Self.finalTodos)")
        expectStored()
        let stored = storedSnapshot()
        check(stored.todos == Self.finalTodos && stored.filter == Self.finalFilter,
              "the database holds the todos in order and the filter (it holds \(stored))")

        step("persistence: an edit under way is not saved when the window closes")
        beginEditing(1, title: "Pay the rent")
        enter(" later", into: editEntry(1))
        expectModel(app.editTitle == "Pay the rent later", "the edit is under way")
        gtk_window_close(gtkWindow)
        settle()
        check(!screen.isOpen, "the window closed")
        expectModel(app.editing == nil, "the edit ended with the window")
        check(records() == Self.finalTodos, "the todos are as they were (they are \(records()))")
        let afterClose = storedSnapshot()
        check(afterClose.todos == Self.finalTodos && afterClose.filter == Self.finalFilter,
              "the database holds the todos as they were (it holds \(afterClose))")
    }

    // MARK: - Reopen

    private func reopen() {
        step("reopening: the todos come back in order with their states, and the filter; nothing is being edited")
        check(records() == Self.finalTodos, "the todos are \(records()), expected \(Self.finalTodos)")
        expectFilter(Self.finalFilter)
        expectModel(app.editing == nil, "nothing is being edited")
        check(screen.todoList.cells.allSatisfy { !$0.showsEditor }, "no row shows its edit entry")
        check(rowTitles() == ["Walk the cat", "Pay the rent", "Call Zoë ☎"], "Active shows the three active todos (it shows \(rowTitles()))")
        expectRows()
        expectCounter(3)
        expectHidden(noTodos: false)
        check(isShown(screen.clearButton), "Clear completed shows: Buy milk is completed")
        check(!isOn(screen.markAll), "mark all is unchecked")
        expectFocus(in: screen.newEntry, "the new todo's entry")
        expect(screen.notice, shows: "")
        expect(screen.storeError, shows: "")

        step("reopening: the app goes on from there")
        click(screen.filterButtons[0])
        check(rowTitles() == Self.finalTodos.map(\.title), "All shows every todo (it shows \(rowTitles()))")
        enter("Plan the holidays", into: screen.newEntry)
        pressEnter(in: screen.newEntry)
        check(app.todos.last?.id == 11, "a new todo takes the next identity (it took \(app.todos.last.map { "\($0.id)" } ?? "none"))")
        expectRows()
        expectStored()
    }

    // MARK: - Recovered

    private func recovered() {
        step("a file that is not a todo database is moved aside; the window says so and starts with no todos")
        let aside = path + ".unreadable"
        let notice = String(cString: gtk_label_get_text(OpaquePointer(widget(screen.notice))))
        check(notice.contains("moved aside to \(aside)") && notice.hasSuffix("starting with no todos."),
              "the window says where the file went (it says \"\(notice)\")")
        check(gtk_widget_get_mapped(widget(screen.notice)) != 0, "the notice is shown")
        check(FileManager.default.fileExists(atPath: aside), "\(aside) exists")
        check(app.todos.isEmpty, "there are no todos")
        expectHidden(noTodos: true)

        step("the new database works")
        enter("Start again", into: screen.newEntry)
        pressEnter(in: screen.newEntry)
        expectTitles(["Start again"])
        expectRows()
        expectStored()
    }

    // MARK: - Driving GTK

    /// The cell in place `place` of the list, shown.
    private func row(_ place: Int) -> TodoRow {
        let rows = shownRows()
        guard place < rows.count else { fail("the list shows no row \(place) (it shows \(rows.count))") }
        return rows[place]
    }

    /// The cells whose places are shown, top to bottom.
    private func shownRows() -> [TodoRow] {
        screen.todoList.cells.filter { cell in
            guard let widget = cell.widget, let listRow = gtk_widget_get_parent(widget) else { return false }
            return gtk_widget_get_visible(listRow) != 0
        }
    }

    /// The titles the shown rows show, read from GTK.
    private func rowTitles() -> [String] {
        shownRows().map { String(cString: gtk_label_get_text(OpaquePointer(widget($0.titleLabel)))) }
    }

    /// The edit entry of the row in place `place`.
    private func editEntry(_ place: Int) -> Entry {
        row(place).editEntry
    }

    /// Double-clicks the title of the row in place `place` and checks that it edits that todo,
    /// titled `title`: the entry holds the title and has the focus, the check button, the title
    /// and × are hidden, and no other row edits.
    private func beginEditing(_ place: Int, title: String) {
        let cell = row(place)
        click(cell.titleLabel, presses: 2)
        guard let todo = cell.viewModel else { fail("row \(place) shows no todo") }
        expectEditing(todo)
        expectModel(todo.title == title, "row \(place) edits \"\(title)\" (it edits \"\(todo.title)\")")
        expect(cell.editEntry, holds: title)
        expectFocus(in: cell.editEntry, "row \(place)'s edit entry")
        check(gtk_widget_get_mapped(widget(cell.editEntry)) != 0, "row \(place)'s edit entry is shown")
        for part in [widget(cell.check), widget(cell.titleLabel), widget(cell.destroyButton)] {
            check(gtk_widget_get_mapped(part) == 0, "row \(place) hides its check button, title and × while editing")
        }
    }

    /// Checks that the app edits `todo` (nil: nothing) and that only its row shows the edit entry.
    private func expectEditing(_ todo: Todo?) {
        expectModel(app.editing === todo, "the app edits \(todo.map { "\"\($0.title)\"" } ?? "nothing") (it edits \(app.editing.map { "\"\($0.title)\"" } ?? "nothing"))")
        for (place, cell) in shownRows().enumerated() {
            let edits = todo != nil && cell.viewModel === todo
            check(cell.showsEditor == edits, "row \(place) \(edits ? "shows" : "hides") its edit entry")
            check(hasClass(cell, TodoRow.editingClass) == edits, "row \(place) \(edits ? "wears" : "does not wear") the class `\(TodoRow.editingClass)`")
            check((gtk_widget_get_mapped(widget(cell.editEntry)) != 0) == edits, "row \(place)'s edit entry is \(edits ? "shown" : "hidden") in GTK")
            check((gtk_widget_get_mapped(widget(cell.titleLabel)) != 0) == !edits, "row \(place)'s title is \(edits ? "hidden" : "shown") in GTK")
        }
    }

    /// Types `text` into `entry` as a keyboard does: an insertion at the end, then one
    /// main-context round.
    private func enter(_ text: String, into entry: Entry) {
        let editable = opaque(entry)
        var cursor = Int32(g_utf8_strlen(gtk_editable_get_text(editable), -1))
        gtk_editable_insert_text(editable, text, -1, &cursor)
        settle()
    }

    /// Selects everything in `entry` and types `text` over it (a deletion, then an insertion).
    private func replaceText(of entry: Entry, with text: String) {
        gtk_editable_delete_text(opaque(entry), 0, -1)
        settle()
        if !text.isEmpty { enter(text, into: entry) }
    }

    /// Presses Enter in `entry` as its key binding does: emits `activate` on the entry's text.
    private func pressEnter(in entry: Entry) {
        guard let text = gtk_editable_get_delegate(opaque(entry)) else { fail("the entry has no text widget") }
        var instance = GValue()
        g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(text))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
        settle()
    }

    /// Presses `keyval` while `entry` has the focus, as GTK does: emits `key-pressed` on the
    /// entry's key controller that listens before its text does (the capture phase). Answers
    /// whether it was used.
    private func press(_ keyval: Int32, in entry: Entry) -> Bool {
        let controller = controller(of: gtk_event_controller_key_get_type(), on: widget(entry)) {
            gtk_event_controller_get_propagation_phase(OpaquePointer($0)) == GTK_PHASE_CAPTURE
        }
        let used = emit("key-pressed", on: controller) { values in
            g_value_init(&values[0], GType(7 << 2))   // G_TYPE_UINT: the keyval
            g_value_set_uint(&values[0], guint(keyval))
            g_value_init(&values[1], GType(7 << 2))   // the hardware keycode
            g_value_set_uint(&values[1], 0)
            g_value_init(&values[2], gdk_modifier_type_get_type())
            g_value_set_flags(&values[2], 0)
        }
        settle()
        return used
    }

    /// Clicks `label` `presses` times in a row, as the mouse does: emits `pressed` (with the
    /// number of presses so far) and `released` on its click gesture, at its middle.
    private func click(_ label: Label, presses: Int32) {
        let target = widget(label)
        let gesture = controller(of: gtk_gesture_click_get_type(), on: target) { _ in true }
        let x = Double(gtk_widget_get_width(target)) / 2, y = Double(gtk_widget_get_height(target)) / 2
        for press in 1...presses {
            for signal in ["pressed", "released"] {
                _ = emit(signal, on: gesture) { values in
                    g_value_init(&values[0], GType(6 << 2))   // G_TYPE_INT: the number of presses
                    g_value_set_int(&values[0], press)
                    g_value_init(&values[1], GType(15 << 2))  // G_TYPE_DOUBLE: x
                    g_value_set_double(&values[1], x)
                    g_value_init(&values[2], GType(15 << 2))  // y
                    g_value_set_double(&values[2], y)
                }
            }
        }
        settle()
    }

    /// Clicks `button` (a push or toggle button) as the mouse does: emits its `clicked` signal,
    /// at once (where `gtk_widget_activate` waits for the button's press animation).
    private func click(_ button: some WrappedWidget) {
        var instance = GValue()
        g_value_init(&instance, gtk_button_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(widget(button)))
        g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
        g_value_unset(&instance)
        settle()
    }

    /// Activates `check` as a click or Space does (`gtk_widget_activate`): it toggles.
    private func activate(_ button: CheckButton) {
        let before = isOn(button)
        check(gtk_widget_activate(widget(button)) != 0, "a check button can be activated")
        settle()
        check(isOn(button) != before, "the check button toggled")
    }

    /// Activates the check button of the row in place `place` as a click or Space does, and
    /// checks that its todo toggled (the row may show another todo afterwards: one that leaves
    /// the filter leaves the list).
    private func toggle(_ place: Int) {
        let cell = row(place)
        guard let todo = cell.viewModel else { fail("row \(place) shows no todo") }
        let before = todo.completed
        check(gtk_widget_activate(widget(cell.check)) != 0, "row \(place)'s check button can be activated")
        settle()
        expectModel(todo.completed != before, "\"\(todo.title)\" is \(before ? "active" : "completed") after a click on its check button")
    }

    /// Moves the focus to `entry`, as a click in it does.
    private func grabFocus(_ entry: Entry) {
        check(gtk_widget_grab_focus(widget(entry)) != 0, "an entry takes the focus")
        settle()
    }

    /// The event controller of GTK type `type` of `widget` that `isWanted`.
    private func controller(
        of type: GType, on widget: UnsafeMutablePointer<GtkWidget>, where isWanted: (UnsafeMutableRawPointer) -> Bool
    ) -> UnsafeMutableRawPointer {
        guard let controllers = gtk_widget_observe_controllers(widget) else { fail("a widget has no controllers") }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            g_object_unref(item)   // the widget keeps its controllers
            if g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), type) != 0, isWanted(item) { return item }
        }
        fail("a \(String(cString: gtk_widget_get_name(widget))) has no controller of type \(String(cString: g_type_name(type)))")
    }

    /// Emits `signal` on `instance` with three argument slots that `arguments` fills; answers
    /// the handlers' boolean result (false for a signal that returns nothing).
    private func emit(_ signal: String, on instance: UnsafeMutableRawPointer, arguments: (inout [GValue]) -> Void) -> Bool {
        var slots = [GValue](repeating: GValue(), count: 3)
        arguments(&slots)
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        var values = [GValue()]
        g_value_init(&values[0], type)
        g_value_set_object(&values[0], instance)
        values += slots.filter { $0.g_type != 0 }
        let id = g_signal_lookup(signal, type)
        var query = GSignalQuery()
        g_signal_query(id, &query)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        guard query.return_type & ~GType(1) != GType(1 << 2) else {   // G_TYPE_NONE
            g_signal_emitv(&values, id, 0, nil)
            return false
        }
        var result = GValue()
        g_value_init(&result, GType(5 << 2))   // G_TYPE_BOOLEAN
        g_signal_emitv(&values, id, 0, &result)
        let used = g_value_get_boolean(&result) != 0
        g_value_unset(&result)
        return used
    }

    /// Runs the main context until nothing is pending (at most 200 rounds).
    private func settle() {
        var rounds = 0
        while g_main_context_pending(nil) != 0, rounds < 200 {
            g_main_context_iteration(nil, 0)
            rounds += 1
        }
    }

    /// Runs the main context until `condition` holds, failing after `timeout` seconds.
    private func wait(_ what: String, timeout: Double = 5, until condition: () -> Bool) {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            guard g_get_monotonic_time() < deadline else { fail("\(what): not within \(timeout) s") }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(2_000) }
        }
    }

    // MARK: - Checks

    private func step(_ name: String) {
        print("== \(name)")
    }

    private func check(_ condition: Bool, _ what: String) {
        guard condition else { fail(what) }
    }

    private func expectModel(_ condition: Bool, _ what: String) {
        check(condition, "model: \(what)")
    }

    /// Checks the app's todos' titles, in order.
    private func expectTitles(_ titles: [String]) {
        let have = app.todos.map(\.title)
        expectModel(have == titles, "the todos are \(have), expected \(titles)")
    }

    /// Checks that the shown rows are the app's visible todos, in order, each showing its
    /// title (read from GTK), its check button checked as it is completed, and the class
    /// `completed` on a completed one; and that the list box shows as many places.
    private func expectRows() {
        let visible = app.visible.elements
        let rows = shownRows()
        check(rows.count == min(visible.count, TodoWindow.visibleRows), "the list shows \(rows.count) rows for \(visible.count) visible todos")
        for (place, (cell, todo)) in zip(rows, visible).enumerated() {
            check(cell.viewModel === todo, "row \(place) shows \"\(todo.title)\" (it shows \(cell.viewModel.map { "\"\($0.title)\"" } ?? "nothing"))")
            let shown = String(cString: gtk_label_get_text(OpaquePointer(widget(cell.titleLabel))))
            check(shown == todo.title, "row \(place)'s title shows \"\(shown)\", expected \"\(todo.title)\"")
            check(cell.showsEditor || (isShown(cell.check) && isShown(cell.titleLabel) && isShown(cell.destroyButton)),
                  "row \(place) shows its check button, its title and ×")
            check(isOn(cell.check) == todo.completed, "row \(place)'s check button is \(todo.completed ? "checked" : "unchecked")")
            check(hasClass(cell, TodoRow.completedClass) == todo.completed,
                  "row \(place) \(todo.completed ? "wears" : "does not wear") the class `\(TodoRow.completedClass)`")
            // GTK lays out the text again at its frame clock's next tick.
            wait("row \(place)'s title is \(todo.completed ? "" : "not ")struck through (its Pango layout's attributes)") {
                isStruckThrough(cell.titleLabel) == todo.completed
            }
        }
    }

    /// Checks the counter: "**N** item(s) left", the number in a bold label, against the app.
    private func expectCounter(_ count: Int) {
        expectModel(app.activeCount == count, "\(count) todos are active (\(app.activeCount) are)")
        let number = String(cString: gtk_label_get_text(OpaquePointer(widget(screen.countNumber))))
        let words = String(cString: gtk_label_get_text(OpaquePointer(widget(screen.countWords))))
        check(number == "\(count)", "the counter's number shows \"\(number)\", expected \"\(count)\"")
        let expectedWords = count == 1 ? " item left" : " items left"
        check(words == expectedWords, "the counter says \"\(words)\", expected \"\(expectedWords)\"")
        check(number + words == app.itemsLeft, "the counter reads \"\(number + words)\", as the app's \"\(app.itemsLeft)\"")
        // GTK computes the labels' fonts at its frame clock's next tick.
        wait("the counter's number is bold, its words are not (their Pango fonts)") {
            isBold(screen.countNumber) && !isBold(screen.countWords)
        }
    }

    /// Checks what is shown when there are no todos (`noTodos`) or some: the main section (mark
    /// all and the list) and the footer hidden or shown, in GTK and in the model.
    private func expectHidden(noTodos: Bool) {
        expectModel(app.showsMain == !noTodos && app.showsFooter == !noTodos, "showsMain and showsFooter are \(!noTodos)")
        check(isShown(screen.mainSection) == !noTodos, "the main section is \(noTodos ? "hidden" : "shown")")
        check(isShown(screen.footer) == !noTodos, "the footer is \(noTodos ? "hidden" : "shown")")
        check((gtk_widget_get_mapped(widget(screen.markAll)) != 0) == !noTodos, "mark all is \(noTodos ? "hidden" : "shown")")
        check((gtk_widget_get_mapped(widget(screen.countNumber)) != 0) == !noTodos, "the counter is \(noTodos ? "hidden" : "shown")")
        if noTodos {
            check(!isShown(screen.clearButton), "Clear completed is hidden")
        }
    }

    /// Checks the chosen filter: the app's, the pressed-in button (its `:checked` state), the
    /// database's.
    private func expectFilter(_ filter: TodoFilter) {
        expectModel(app.filter == filter, "the filter is \(filter) (it is \(app.filter))")
        for (button, each) in zip(screen.filterButtons, TodoFilter.allCases) {
            let toggle = UnsafeMutableRawPointer(widget(button)).assumingMemoryBound(to: GtkToggleButton.self)
            let pressed = gtk_toggle_button_get_active(toggle) != 0
            let checked = gtk_widget_get_state_flags(widget(button)).rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0
            check(pressed == (each == filter) && checked == pressed, "\(each.title) is \(each == filter ? "pressed in" : "not pressed in")")
        }
        check(storedSnapshot().filter == filter, "the database holds the filter \(filter)")
    }

    /// Checks that the database holds the app's todos, in order, and its filter, as written
    /// before the actions returned.
    private func expectStored() {
        let stored = storedSnapshot()
        check(stored.todos == records(), "the database holds \(stored.todos), expected \(records())")
        check(stored.filter == app.filter, "the database holds the filter \(stored.filter), expected \(app.filter)")
    }

    /// The app's todos as a store keeps them, in order.
    private func records() -> [TodoRecord] {
        app.todos.map { TodoRecord(id: $0.id, title: $0.title, completed: $0.completed) }
    }

    /// What the database holds now, read by a store of its own.
    private func storedSnapshot() -> TodoSnapshot {
        do {
            return try SQLiteTodoStore(path: path).load()
        } catch {
            fail("reading \(path): \(error)")
        }
    }

    /// Checks that the focus is in `entry` (on its text).
    private func expectFocus(in entry: Entry, _ name: String) {
        guard let focus = gtk_window_get_focus(gtkWindow) else { fail("nothing has the focus, expected \(name)") }
        let target = widget(entry)
        check(focus == target || gtk_widget_is_ancestor(focus, target) != 0, "the focus is on a \(String(cString: gtk_widget_get_name(focus))), expected \(name)")
    }

    /// Checks what `label` shows, read from GTK (`gtk_label_get_text`).
    private func expect(_ label: Label, shows text: String) {
        let shown = String(cString: gtk_label_get_text(OpaquePointer(widget(label))))
        check(shown == text, "a label shows \"\(shown)\", expected \"\(text)\"")
    }

    /// Checks what `entry` holds, read from GTK (`gtk_editable_get_text`).
    private func expect(_ entry: Entry, holds text: String) {
        let held = String(cString: gtk_editable_get_text(opaque(entry)))
        check(held == text, "an entry holds \"\(held)\", expected \"\(text)\"")
    }

    private func isOn(_ check: CheckButton) -> Bool {
        gtk_check_button_get_active(UnsafeMutableRawPointer(widget(check)).assumingMemoryBound(to: GtkCheckButton.self)) != 0
    }

    /// Whether `wrapper`'s widget is on the screen: shown, and in a window, inside shown
    /// parents (GTK maps a widget as it is shown in a mapped parent, and unmaps it as it or a
    /// parent is hidden).
    private func isShown(_ wrapper: some WrappedWidget) -> Bool {
        gtk_widget_get_mapped(widget(wrapper)) != 0
    }

    /// Whether the text `label` lays out is struck through: a strikethrough in its Pango
    /// layout's attributes (the label's own, and those GTK computes from CSS).
    private func isStruckThrough(_ label: Label) -> Bool {
        guard let layout = gtk_label_get_layout(OpaquePointer(widget(label))),
              let attributes = pango_layout_get_attributes(layout)
        else { return false }
        let list = pango_attr_list_get_attributes(attributes)
        defer { g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) } }
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                let attribute = data.assumingMemoryBound(to: PangoAttribute.self)
                if attribute.pointee.klass.pointee.type == PANGO_ATTR_STRIKETHROUGH,
                   data.assumingMemoryBound(to: PangoAttrInt.self).pointee.value != 0 {
                    return true
                }
            }
            node = current.pointee.next
        }
        return false
    }

    /// Whether `label` draws in a bold font: the weight of its Pango context's font, where GTK
    /// puts the CSS `font-weight` it computed.
    private func isBold(_ label: Label) -> Bool {
        guard let context = gtk_widget_get_pango_context(widget(label)),
              let font = pango_context_get_font_description(context)
        else { return false }
        return pango_font_description_get_weight(font).rawValue >= PANGO_WEIGHT_BOLD.rawValue
    }

    private func hasClass(_ row: TodoRow, _ name: String) -> Bool {
        guard let widget = row.widget else { fail("a row's widget is gone") }
        return gtk_widget_has_css_class(widget, name) != 0
    }

    private func placeholder(of entry: Entry) -> String {
        let gtkEntry = UnsafeMutableRawPointer(widget(entry)).assumingMemoryBound(to: GtkEntry.self)
        return gtk_entry_get_placeholder_text(gtkEntry).map { String(cString: $0) } ?? ""
    }

    private func fail(_ what: String) -> Never {
        print("FAIL: \(what)")
        exit(1)
    }

    private func widget(_ wrapper: some WrappedWidget) -> UnsafeMutablePointer<GtkWidget> {
        guard let widget = wrapper.widget else { fail("\(Swift.type(of: wrapper))'s widget is gone") }
        return widget
    }

    private func opaque(_ wrapper: some WrappedWidget) -> OpaquePointer {
        OpaquePointer(widget(wrapper))
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(screen.window).assumingMemoryBound(to: GtkWindow.self)
    }

    // MARK: - Screenshot

    /// Saves the window as drawn now to a PNG at `path`: the window's paintable, snapshotted
    /// and rendered by its own renderer.
    private func saveScreenshot(to path: String) {
        // The window as high as what it shows now (it grew for five todos, earlier).
        gtk_window_set_default_size(gtkWindow, 560, 1)
        // Shown and hidden widgets are laid out at the frame clock's next tick: a few frames.
        let drawn = g_get_monotonic_time() + 200_000
        wait("the window is laid out", timeout: 5) {
            g_get_monotonic_time() > drawn && gtk_widget_get_mapped(widget(screen.clearButton)) != 0
        }
        settle()
        let window = screen.window
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard let paintable = gtk_widget_paintable_new(window) else { fail("screenshot: no paintable for the window") }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { fail("screenshot: no snapshot") }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { fail("screenshot: the window drew nothing") }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(OpaquePointer(window)) else { fail("screenshot: the window has no renderer") }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { fail("screenshot: rendering failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        check(gdk_texture_save_to_png(texture, path) != 0, "screenshot: writing \(path)")
        print("(saved the window, \(width)×\(height), to \(path))")
    }
}
#endif
