#if GTK
import Bindery
import BinderyGTK
import CGtk
import TodoModel

/// A row of the todo list: `☐ Buy milk ×`, the title struck through and dimmed once the todo
/// is completed (the row wears the CSS class ``completedClass``), and, while the app edits its
/// todo, an entry with the title in their place (the row wears ``editingClass``).
///
/// The list box reuses it for another todo as it scrolls, by assigning ``viewModel``; the check
/// button (two-way), the label and the look follow the todo through the bindings declared once
/// in ``bindings``, never by a copy (the terminal's `TodoCell`, in GTK widgets). The edit entry
/// is bound to the app's `editTitle` and shown while the app's `editing` is this row's todo.
/// Its gestures call the app's actions: a double click on the title edits, × destroys, and in
/// the edit entry Enter and leaving it save, Escape discards.
@MainActor final class TodoRow: ListBoxCell {
    /// The CSS class of a row whose todo is completed.
    static let completedClass = "completed"
    /// The CSS class of a row whose todo is being edited.
    static let editingClass = "editing"

    let app: TodoApp
    let root = ColorBox(orientation: .horizontal)
    /// The check button, the title and ×: shown while the row's todo is not being edited.
    let viewBox = ColorBox(orientation: .horizontal, spacing: 10)
    let check = CheckButton()
    let titleLabel = Label(cssClasses: ["todo-title"])
    let destroyButton = Button("×")
    /// The edit entry: shown while the row's todo is being edited.
    let editBox = ColorBox(orientation: .horizontal)
    let editEntry = Entry()

    static let bindings: Bindings<TodoRow, Todo> = [
        .init(\.completed, <>, \.check),               // a toggle sets the todo; the todo checks the box
        .init(\.title, ~>, \.titleLabel.text),
        .init(\.completed, ~>, \.isCompleted),
    ]

    var viewModel: Todo? { didSet { rebind() } }

    let boundBindings = BoundBindings()

    /// The row's box, which the list box places in one of its rows.
    var widget: UnsafeMutablePointer<GtkWidget>? { root.widget }

    /// Whether the todo shown is completed, as bound: the row wears ``completedClass`` (the
    /// window's style sheet dims its title), and the title is struck through.
    var isCompleted = false {
        didSet {
            guard let widget = root.widget, let label = titleLabel.widget else { return }
            if isCompleted {
                gtk_widget_add_css_class(widget, Self.completedClass)
            } else {
                gtk_widget_remove_css_class(widget, Self.completedClass)
            }
            // The strikethrough is the label's own Pango attribute, not a CSS text-decoration:
            // GTK 4.8 can keep a label's CSS text decoration after its row's class changed (a
            // row reused while its place was hidden kept its strikethrough).
            let attributes = pango_attr_list_new()
            if isCompleted { pango_attr_list_insert(attributes, pango_attr_strikethrough_new(1)) }
            gtk_label_set_attributes(OpaquePointer(label), attributes)
            pango_attr_list_unref(attributes)
        }
    }

    /// The todo the app edits (any row's), as bound.
    var editedTodo: Todo? { didSet { followEditing() } }

    /// Whether the app edits this row's todo.
    var isEditing: Bool { viewModel != nil && editedTodo === viewModel }

    /// Whether the edit entry is shown.
    private(set) var showsEditor = false

    init(app: TodoApp) {
        self.app = app
        if let widget = root.widget {
            gtk_widget_add_css_class(widget, "todo-row")
            gtk_widget_set_hexpand(widget, 1)
        }
        viewBox.append(check)
        viewBox.append(titleLabel)
        viewBox.append(destroyButton)
        editBox.append(editEntry)
        root.append(viewBox)
        root.append(editBox)
        for box in [viewBox, editBox] {
            if let widget = box.widget { gtk_widget_set_hexpand(widget, 1) }
        }
        if let label = titleLabel.widget {
            gtk_widget_set_hexpand(label, 1)
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            DoubleClick.connect(label) { [weak self] in self?.edit() }
        }
        if let destroy = destroyButton.widget {
            gtk_widget_add_css_class(destroy, "todo-destroy")
            gtk_widget_add_css_class(destroy, "flat")
            gtk_widget_set_tooltip_text(destroy, "Delete this todo")
        }
        if let entry = editEntry.widget { gtk_widget_set_hexpand(entry, 1) }
        editBox.isVisible = false

        Bind.in(app, \.editing).out(self, \.editedTodo)
        Bind.inout(app, \.editTitle).inout(editEntry, \.text, on: .editingChanged)
        Bind.in(editEntry, \.text, on: .primaryActionTriggered)
            .out("save", initial: false, delivery: .mainActor) { [weak self] in self?.save() }
        Bind.in(editEntry, \.text, on: .editingDidEnd)             // the spec's blur
            .out("save on leaving", initial: false, delivery: .mainActor) { [weak self] in self?.save() }
        editEntry.keyHandler = { [weak self] keyval, _ in
            guard Int32(bitPattern: keyval) == GDK_KEY_Escape else { return false }
            return self?.discard() ?? false
        }
        destroyButton.observe { [weak self] in self?.destroy() }
    }

    func viewModelDidChange() {
        followEditing()
    }

    /// Shows the edit entry, focused, when the app starts editing this row's todo, and the
    /// check button, the title and × again when it stops.
    private func followEditing() {
        let editing = isEditing
        guard editing != showsEditor else { return }
        showsEditor = editing
        viewBox.isVisible = !editing
        editBox.isVisible = editing
        if let widget = root.widget {
            if editing {
                gtk_widget_add_css_class(widget, Self.editingClass)
            } else {
                gtk_widget_remove_css_class(widget, Self.editingClass)
            }
        }
        if editing, let entry = editEntry.widget {
            gtk_entry_grab_focus_without_selecting(UnsafeMutableRawPointer(entry).assumingMemoryBound(to: GtkEntry.self))
        }
    }

    /// A double click on the title: edits the todo.
    private func edit() {
        guard let todo = viewModel else { return }
        app.beginEditing(todo)
    }

    /// × : destroys the todo.
    private func destroy() {
        guard let todo = viewModel else { return }
        app.remove(todo)
    }

    /// Enter in the edit entry, or the focus leaving it: saves the edit, if it is this row's.
    private func save() {
        guard isEditing else { return }
        app.commitEdit()
    }

    /// Escape in the edit entry: discards the edit, if it is this row's; answers whether it did.
    private func discard() -> Bool {
        guard isEditing else { return false }
        app.cancelEdit()
        return true
    }
}

/// A double click on a widget, as GTK reports it: a click gesture's `pressed` signal with two
/// presses.
@MainActor enum DoubleClick {
    /// What a double click does: a closure that GLib holds (one strong reference, the
    /// handler's user data) until it drops the handler, with its widget.
    @MainActor private final class Action {
        let body: @MainActor () -> Void

        init(_ body: @escaping @MainActor () -> Void) {
            self.body = body
        }
    }

    /// The handler of `GtkGestureClick::pressed` (presses, x, y). GTK emits it on the thread
    /// that runs its main loop, the main thread.
    private static let pressed: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, presses, _, _, data in
        guard presses == 2, let data else { return }
        let action = Unmanaged<Action>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { action.body() }
    }

    private static let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).release()
    }

    /// Runs `body` each time `widget` is double-clicked, for as long as the widget lives.
    static func connect(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void) {
        let gesture = gtk_gesture_click_new()!
        g_signal_connect_data(
            UnsafeMutableRawPointer(gesture), "pressed", unsafeBitCast(pressed, to: GCallback.self),
            Unmanaged.passRetained(Action(body)).toOpaque(), release, GConnectFlags(0))
        gtk_widget_add_controller(widget, gesture)
    }
}
#endif
