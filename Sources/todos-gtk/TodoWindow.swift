#if GTK
import Bindery
import BinderyGTK
import CGtk
import TodoModel

/// TodoMVC's window: its widgets, their places, and the chains that tie them to the app.
///
/// Nothing here copies a value of the model into a widget: the new todo's entry, "mark all as
/// complete", the rows (a list receiver of the app's `visible` todos, updated row by row, its
/// rows ``TodoRow``s reused as it scrolls), the counter, the filters, what is shown and hidden,
/// and the store's error follow the app through the chains made in ``bind()``, the same as the
/// terminal screen's (`TodoScreen`); Enter, the filters' clicks and "Clear completed" call the
/// app's actions.
@MainActor final class TodoWindow {
    let app: TodoApp

    let header = Label("todos", cssClasses: ["todo-header"])
    let newEntry = Entry(placeholder: "What needs to be done?")
    /// Says that a database file was moved aside (shown by ``show(notice:)``, not a model value).
    let notice = Label(cssClasses: ["todo-warning"])
    let storeError = Label(cssClasses: ["todo-warning"])
    /// "Mark all as complete" and the list: hidden while there are no todos.
    let mainSection = ColorBox(orientation: .vertical, spacing: 6)
    let markAll = CheckButton("_Mark all as complete")
    let todoList: ListBox<TodoRow>
    /// The counter, the filters and "Clear completed": hidden while there are no todos.
    let footer = ColorBox(orientation: .horizontal, spacing: 12)
    /// The counter, "**2** items left": the number, bold, and the words.
    let countNumber = Label(cssClasses: ["todo-count-number"])
    let countWords = Label()
    /// All, Active, Completed: a group of toggle buttons, the chosen one pressed in.
    let filterButtons: [ToggleButton]
    /// Holds "Clear completed": hidden while no todo is completed.
    let clearBox = ColorBox(orientation: .horizontal)
    let clearButton = Button("Clear completed")

    /// The window, and the column its widgets stand in.
    let window: UnsafeMutablePointer<GtkWidget>
    let column: UnsafeMutablePointer<GtkWidget>

    /// How many todos the list shows at once (it scrolls for more).
    static let visibleRows = 8

    /// The window's look: the title, the counter's number, a completed todo.
    static let css = """
        .todo-header { font-size: 40px; font-weight: 200; color: #b83f45; }
        .todo-count-number { font-weight: bold; }
        .todo-row { padding: 2px 0; }
        .todo-row .todo-title { font-size: 1.15em; }
        .todo-row.\(TodoRow.completedClass) .todo-title { opacity: 0.45; }
        .todo-destroy { color: #af5b5e; font-weight: bold; min-width: 24px; padding: 0 6px; }
        .todo-warning { color: #c01c28; font-weight: bold; }
        """

    /// Builds the window (not shown yet) for `app`.
    init(app: TodoApp) {
        self.app = app
        todoList = ListBox(visibleRows: Self.visibleRows, placeholder: "") { [app] in TodoRow(app: app) }
        let all = ToggleButton(TodoFilter.all.title)
        filterButtons = [all] + TodoFilter.allCases.dropFirst().map { ToggleButton($0.title, group: all) }
        window = gtk_window_new()
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)
        layout()
    }

    /// Every wrapper on the window, for checks.
    var wrappers: [any WrappedWidget] {
        [header, newEntry, notice, storeError, mainSection, markAll, todoList, footer, countNumber, countWords]
            + filterButtons + [clearBox, clearButton]
    }

    /// Places the widgets in the column and the column in the window.
    private func layout() {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "todos")
        gtk_window_set_default_size(gtkWindow, 560, -1)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(column, 20)
        }
        let columnBox = UnsafeMutableRawPointer(column).assumingMemoryBound(to: GtkBox.self)
        func add(_ wrapper: some WrappedWidget, align: GtkAlign = GTK_ALIGN_FILL) {
            guard let widget = wrapper.widget else { return }
            gtk_widget_set_halign(widget, align)
            gtk_box_append(columnBox, widget)
        }
        add(header, align: GTK_ALIGN_CENTER)
        add(newEntry)
        add(notice, align: GTK_ALIGN_START)
        add(storeError, align: GTK_ALIGN_START)
        for label in [notice, storeError] {
            if let widget = label.widget { gtk_label_set_wrap(OpaquePointer(widget), 1) }
        }
        notice.isVisible = false
        mainSection.append(markAll)
        mainSection.append(todoList)
        add(mainSection)

        let counter = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let counterBox = UnsafeMutableRawPointer(counter).assumingMemoryBound(to: GtkBox.self)
        for label in [countNumber, countWords] {
            if let widget = label.widget { gtk_box_append(counterBox, widget) }
        }
        footer.append(counter)
        // The filters stand in the middle of the room the counter and "Clear completed" leave,
        // joined as one control ("linked").
        let filters = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(filters, "linked")
        gtk_widget_set_hexpand(filters, 1)
        gtk_widget_set_halign(filters, GTK_ALIGN_CENTER)
        for button in filterButtons {
            if let widget = button.widget { gtk_box_append(UnsafeMutableRawPointer(filters).assumingMemoryBound(to: GtkBox.self), widget) }
        }
        footer.append(filters)
        clearBox.append(clearButton)
        footer.append(clearBox)
        if let clear = clearButton.widget { gtk_widget_add_css_class(clear, "flat") }
        // Its room stays when it is hidden, so that the filters do not move.
        if let box = clearBox.widget { gtk_widget_set_size_request(box, 140, -1); gtk_widget_set_halign(box, GTK_ALIGN_END) }
        add(footer)
        gtk_window_set_child(gtkWindow, column)
        // Closing the window ends an edit under way without saving it. GLib holds the app until
        // it drops the handler, with the window.
        g_signal_connect_data(
            UnsafeMutableRawPointer(window), "close-request", unsafeBitCast(Self.closeRequest, to: GCallback.self),
            Unmanaged.passRetained(app).toOpaque(), Self.releaseApp, GConnectFlags(0))
    }

    /// Ties every widget to the app, as on the terminal screen: the new todo's text (Enter adds
    /// it), "mark all as complete" (two-way), the rows (row by row), the counter, the filters
    /// (pressed in as the app's filter says; a person's choice sets it), what is shown, and the
    /// store's error.
    func bind() {
        Bind.inout(app, \.newTitle).inout(newEntry, \.text, on: .editingChanged)
        Bind.in(newEntry, \.text, on: .primaryActionTriggered)
            .out("add", initial: false, delivery: .mainActor) { [app] in app.addNewTodo() }
        Bind.inout(app, \.allCompleted).inout(markAll, \.isOn, on: .valueChanged)
        Bind.in(app.visible, \.elements).out(todoList)                 // row by row
        Bind.in(app, \.showsMain).out(mainSection, \.isVisible)
        Bind.in(app, \.showsFooter).out(footer, \.isVisible)
        Bind.in(app, \.activeCount)
            .out(countNumber, \.text)                                   // Int -> String, automatic
            .out(countWords, \.text, convert: { " \(TodoApp.items($0)) left" })
        for (filter, button) in zip(TodoFilter.allCases, filterButtons) {
            Bind.in(app, \.filter).out(button, \.isOn, convert: { $0 == filter })
            // In a group, a click lets the chosen button out (false) and presses another in (true).
            Bind.in(button, \.isOn, on: .valueChanged)
                .out("choose \(filter.title)", initial: false, delivery: .mainActor) { [app] (isOn: Bool) in
                    if isOn { app.filter = filter }
                }
        }
        Bind.in(app, \.showsClearCompleted).out(clearBox, \.isVisible)
        Bind.in(app, \.storeError)
            .out(storeError, \.text)                                    // nil -> ""
            .out(storeError, \.isVisible, convert: { $0 != nil })
        Bind.in(app, \.clearCompletedTitle).out(clearButton, \.title)
        clearButton.observe { [app] in app.clearCompleted() }
        // An edit that ends hides its entry, maybe with the focus in it (Enter, Escape): the
        // focus goes back to the new todo's entry (GTK would move it at its next frame, to a
        // widget of its choosing). Runs after the rows, receivers of the same chain, hid it.
        Bind.in(app, \.editing).out("focus after an edit", initial: false, delivery: .mainActor) { [weak self] (editing: Todo?) in
            if editing == nil { self?.takeFocusFromHiddenWidget() }
        }
    }

    /// Gives the focus to the new todo's entry if a hidden widget has it.
    private func takeFocusFromHiddenWidget() {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        guard let focus = gtk_window_get_focus(gtkWindow), gtk_widget_get_mapped(focus) == 0, let entry = newEntry.widget else { return }
        gtk_widget_grab_focus(entry)
    }

    /// Shows `text` under the new todo's entry, for good: what `main` tells the person before
    /// the app starts (a database moved aside).
    func show(notice text: String) {
        notice.text = text
        notice.isVisible = true
    }

    /// Adds the window's style sheet to its display.
    func addStyleSheet() {
        guard let provider = gtk_css_provider_new(), let display = gtk_widget_get_display(window) else { return }
        cgtk_css_provider_load(provider, Self.css)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Ends an edit under way without saving it when the window is asked to close (a person's
    /// close button, `gtk_window_close`): editing is never saved, not even by the entry's losing
    /// the focus as the window goes. The window then closes.
    private static let closeRequest: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        guard let data else { return 0 }
        let app = Unmanaged<TodoApp>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { app.cancelEdit() }
        return 0   // let it close
    }

    private static let releaseApp: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<TodoApp>.fromOpaque(data).release()
    }

    /// Shows the window, the new todo's entry focused (the spec's autofocus).
    func present() {
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        if let entry = newEntry.widget { gtk_widget_grab_focus(entry) }
    }

    /// Whether the window is still open (a toplevel GTK has not destroyed).
    var isOpen: Bool {
        g_list_model_get_n_items(gtk_window_get_toplevels()) > 0
    }
}

#endif
