#if GTK
import Bindery
import CGtk

/// A one-line text entry (`GtkEntry`): a `Control` whose designated property is
/// ``text`` and whose edits fire `.editingChanged`.
///
/// Every change of the entry's text that the wrapper did not make itself fires
/// `.editingChanged`, on the main thread, from GTK's `changed` signal: a person typing or
/// pasting, and code that edits the widget through the GTK API (`gtk_editable_insert_text`,
/// `gtk_editable_set_text`, …) as a person would. A set of ``text`` (by a program or by
/// Bindery) fires nothing, so a chain's write never comes back to it as an edit.
///
/// **Enter, focus and keys.** Enter in the entry (its text's `activate` signal, which GtkEntry
/// passes on as its own `activate`) fires `.primaryActionTriggered`; the focus moving into the
/// entry fires `.editingDidBegin`, and moving out of it (to another widget, or to none)
/// `.editingDidEnd`, from a focus controller's `enter` and `leave` signals. A program's
/// `gtk_widget_grab_focus` moves the focus as a person's click does, so it fires them too.
/// GTK keeps the focus on an entry that is hidden until its next frame, where it moves it to
/// another widget: `.editingDidEnd` comes then, unless the program moved the focus first.
/// Each key pressed while the entry has the focus goes first to ``keyHandler``, if there is
/// one (Escape to leave an edit, say). All on the main thread.
///
/// Bindery holds the wrapper weakly: keep it (a screen's `let`) for as long as its chains
/// should live. The widget's ownership and what happens when GTK destroys it are described in
/// ``WrappedWidget``; a destroyed entry leaves its chains.
///
/// ```swift
/// let winCodeEntry = Entry()
/// Bind.inout(lottery, \.winCode)
///     .inout(winCodeEntry, \.text, on: .editingChanged)
///     .filter { Lottery.isAcceptable($0) }   // a refused edit is put back, the entry keeps its text
/// Bind.in(winCodeEntry, \.text, on: .primaryActionTriggered)
///     .out("spin", initial: false, delivery: .mainActor) { lottery.spin() }   // Enter spins
/// ```
@MainActor public final class Entry: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The text as of the last `changed` signal: what ``text`` answers once the widget is
    /// destroyed (GtkEntry lets its text go before it says `destroy`).
    private var lastText: String

    /// Whether the text is masked (`gtk_entry_set_visibility`): each character shows as a
    /// bullet, as a password entry's. The text itself is unchanged.
    ///
    /// ```swift
    /// let passwordEntry = Entry(placeholder: "password")
    /// passwordEntry.isSecure = true
    /// ```
    public var isSecure: Bool {
        get { handle.widget.map { gtk_entry_get_visibility(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkEntry.self)) == 0 } ?? false }
        set {
            guard let widget = handle.widget else { return }
            gtk_entry_set_visibility(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self), newValue ? 0 : 1)
        }
    }

    /// The event center through which the entry reports edits to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``text``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Entry, String> { \.text }
    /// The designated events: `.editingChanged`.
    public static var designatedEvents: ControlEvents { .editingChanged }

    /// A new `GtkEntry`, holding `text`.
    ///
    /// - Parameters:
    ///   - text: The text it starts with.
    ///   - placeholder: Shown, dimmed, while the entry is empty.
    ///   - maximumLength: The most characters GTK lets a person type (0: no limit). A chain's
    ///     filter is the way to refuse other edits.
    ///
    /// ```swift
    /// let nameEntry = Entry(placeholder: "type your name")
    /// ```
    public init(_ text: String = "", placeholder: String = "", maximumLength: Int = 0) {
        let widget = gtk_entry_new()!
        handle = WidgetHandle(widget)
        gtk_editable_set_text(OpaquePointer(widget), text)
        lastText = text
        gtk_entry_set_placeholder_text(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self), placeholder)
        gtk_entry_set_max_length(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self), Int32(clamping: maximumLength))
        handle.connect("changed") { [weak self] in self?.changed() }
        handle.connect("activate") { [weak self] in self?.sendActions(for: .primaryActionTriggered) }
        // The focus is on the entry's text, a child: `enter` and `leave` say when it comes into
        // the entry and when it leaves it, not when it moves inside it.
        let focus = gtk_event_controller_focus_new()!
        handle.track(Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.sendActions(for: .editingDidBegin) }, on: UnsafeMutableRawPointer(focus))
        handle.track(Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.sendActions(for: .editingDidEnd) }, on: UnsafeMutableRawPointer(focus))
        gtk_widget_add_controller(widget, focus)
        // In the capture phase: before the entry's text handles the key its own way.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        handle.track(
            EventSignal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, modifiers in self?.keyPressed(keyval, modifiers) ?? false },
            on: UnsafeMutableRawPointer(keys))
        gtk_widget_add_controller(widget, keys)
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// Called with each key pressed while the entry has the focus (its GDK key value, such as
    /// `GDK_KEY_Escape`, and the modifiers held), before the entry handles it; answers whether
    /// it used the key: true stops it there, false lets the entry (and then the window) have
    /// it. Nil (the default) leaves every key to the entry.
    ///
    /// The entry holds the closure strongly until it is replaced or the entry deinitialises:
    /// capture the entry, and what holds it, weakly. It runs on the main thread, while GTK
    /// handles the key; after GTK destroyed the widget it is never called.
    ///
    /// ```swift
    /// editEntry.keyHandler = { [weak app] keyval, _ in
    ///     guard Int32(bitPattern: keyval) == GDK_KEY_Escape else { return false }
    ///     app?.cancelEdit()
    ///     return true
    /// }
    /// ```
    public var keyHandler: (@MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool)?

    /// The `GtkEntry`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The text. Reading asks the widget; a set replaces the widget's text (the cursor goes to
    /// the end) and fires no event. A set to the text the entry already holds changes nothing,
    /// so the cursor stays where the person left it. A read inside a derived value's
    /// evaluation makes it follow the entry's edits (see `Bindery/Control/reportRead()`).
    public var text: String {
        get {
            reportRead()
            guard let editable = handle.opaqueWidget else { return lastText }
            return String(cString: gtk_editable_get_text(editable))
        }
        set {
            guard let editable = handle.opaqueWidget else { return }
            guard newValue != text else { return }
            handle.programmatic {
                gtk_editable_set_text(editable, newValue)
                gtk_editable_set_position(editable, -1)
            }
        }
    }

    private func changed() {
        if let editable = handle.opaqueWidget { lastText = String(cString: gtk_editable_get_text(editable)) }
        guard !handle.isWriting else { return }
        sendActions(for: .editingChanged)
    }

    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        keyHandler?(keyval, modifiers) ?? false
    }

    private func destroyed() {
        keyHandler = nil
        Bind.unbind(self)
    }
}
#endif
