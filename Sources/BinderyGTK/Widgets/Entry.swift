#if GTK
import Bindery
import CGtk

/// A one-line text entry (`GtkEntry`): a ``Bindery/Control`` whose designated property is
/// ``text`` and whose edits fire `.editingChanged`.
///
/// Every change of the entry's text that the wrapper did not make itself fires
/// `.editingChanged`, on the main thread, from GTK's `changed` signal: a person typing or
/// pasting, and code that edits the widget through the GTK API (`gtk_editable_insert_text`,
/// `gtk_editable_set_text`, …) as a person would. A set of ``text`` (by a program or by
/// Bindery) fires nothing, so a chain's write never comes back to it as an edit.
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
/// ```
@MainActor public final class Entry: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The text as of the last `changed` signal: what ``text`` answers once the widget is
    /// destroyed (GtkEntry lets its text go before it says `destroy`).
    private var lastText: String

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
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

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

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
