#if GTK
import Bindery
import CGtk

/// A check box with an optional caption (`GtkCheckButton`): a `Control` whose
/// designated property is ``isOn`` and whose toggles fire `.valueChanged`.
///
/// Every change of the check button's state that the wrapper did not make itself fires
/// `.valueChanged`, on the main thread, from GtkCheckButton's `toggled` signal: a person
/// clicking it or pressing Space while it has the focus (`gtk_widget_activate`), and code that
/// flips it through the GTK API (`gtk_check_button_set_active`), as a person would. A set of
/// ``isOn`` (by a program or by Bindery) fires nothing, so a chain's write never comes back to
/// it as a toggle. The wrapper does not put check buttons in radio groups
/// (`gtk_check_button_set_group`); use ``ToggleButton``'s `group:` for buttons of which one is
/// chosen.
///
/// Bindery holds the wrapper weakly: keep it (a screen's or a cell's `let`) for as long as its
/// chains should live; GLib's signal handlers hold it weakly too. The widget's ownership and
/// what happens when GTK destroys it are described in ``WrappedWidget``: a destroyed check
/// button leaves its chains as the `destroy` signal runs, and ``isOn`` keeps its last state.
/// Create it and use it on the main thread, where GTK's main loop runs.
///
/// ```swift
/// let markAll = CheckButton("Mark all as complete")
/// Bind.inout(app, \.allCompleted).inout(markAll, \.isOn, on: .valueChanged)
/// ```
@MainActor public final class CheckButton: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The state as of the last `toggled` signal: what ``isOn`` answers once the widget is
    /// destroyed.
    private var lastIsOn: Bool

    /// The event center through which the check button reports toggles to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``isOn``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<CheckButton, Bool> { \.isOn }
    /// The designated events: `.valueChanged`.
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A new `GtkCheckButton`, captioned `title` at its right.
    ///
    /// - Parameters:
    ///   - title: The caption; an underscore marks the mnemonic (`"_Done"`: Alt+D). Empty: a
    ///     bare check box.
    ///   - isOn: Whether it starts checked.
    ///
    /// ```swift
    /// let done = CheckButton()                          // a row's bare check box
    /// let markAll = CheckButton("_Mark all as complete", isOn: true)
    /// ```
    public init(_ title: String = "", isOn: Bool = false) {
        let widget = title.isEmpty ? gtk_check_button_new()! : gtk_check_button_new_with_mnemonic(title)!
        handle = WidgetHandle(widget)
        lastIsOn = isOn
        gtk_check_button_set_active(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkCheckButton.self), isOn ? 1 : 0)
        handle.connect("toggled") { [weak self] in self?.toggled() }
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkCheckButton`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// Whether it is checked. Reading asks the widget (`gtk_check_button_get_active`); a set
    /// checks or unchecks it and fires no event. A read inside a derived value's evaluation
    /// makes it follow the toggles (see `Bindery/Control/reportRead()`).
    ///
    /// ```swift
    /// markAll.isOn = true   // no .valueChanged: the model is not told
    /// ```
    public var isOn: Bool {
        get {
            reportRead()
            guard let check = handle.widget(as: GtkCheckButton.self) else { return lastIsOn }
            return gtk_check_button_get_active(check) != 0
        }
        set {
            guard let check = handle.widget(as: GtkCheckButton.self) else { return }
            handle.programmatic { gtk_check_button_set_active(check, newValue ? 1 : 0) }
        }
    }

    private func toggled() {
        if let check = handle.widget(as: GtkCheckButton.self) { lastIsOn = gtk_check_button_get_active(check) != 0 }
        guard !handle.isWriting else { return }
        sendActions(for: .valueChanged)
    }

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
