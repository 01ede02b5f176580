#if GTK
import Bindery
import CGtk

/// A button that stays pressed in or out (`GtkToggleButton`), captioned: a
/// `Control` whose designated property is ``isOn`` and whose toggles fire
/// `.valueChanged`.
///
/// Every change of the button's state that the wrapper did not make itself fires
/// `.valueChanged`, on the main thread, from GtkToggleButton's `toggled` signal: a person
/// clicking it or pressing Enter or Space while it has the focus (its `clicked` signal), and
/// code that flips it through the GTK API (`gtk_toggle_button_set_active`), as a person would.
/// A set of ``isOn`` (by a program or by Bindery) fires nothing.
///
/// **Groups.** Buttons made with `group:` form one GTK group, of which at most one is pressed
/// in: pressing one in lets the pressed one out, and a click on the pressed one does nothing
/// (GTK's rule), so a person always has one chosen, as with a row of tabs. A person's click
/// then fires `.valueChanged` on both buttons that changed (the one let out first, with
/// false); a set of ``isOn`` that lets another button of the group out fires nothing on any
/// of them.
///
/// Bindery holds the wrapper weakly: keep it (a screen's `let`) for as long as its chains
/// should live; GLib's signal handlers and the other buttons of its group hold it weakly too.
/// The widget's ownership and what happens when GTK destroys it are described in
/// ``WrappedWidget``: a destroyed toggle button leaves its chains as the `destroy` signal
/// runs, leaves its group, and ``isOn`` keeps its last state. Create it and use it on the main
/// thread, where GTK's main loop runs.
///
/// ```swift
/// let all = ToggleButton("All"), active = ToggleButton("Active", group: all)
/// Bind.in(app, \.filter).out(active, \.isOn, convert: { $0 == .active })
/// Bind.in(active, \.isOn, on: .valueChanged).out("choose", initial: false, delivery: .mainActor) { (isOn: Bool) in
///     if isOn { app.filter = .active }
/// }
/// ```
@MainActor public final class ToggleButton: WrappedWidget, @MainActor Control {
    /// The wrappers of one GTK group of toggle buttons, held weakly, so that a set of one
    /// marks every one as written by its wrapper (GTK lets the others out inside that set).
    @MainActor private final class Group {
        private var members: [Weak] = []

        /// A weak reference to a member.
        private struct Weak {
            weak var button: ToggleButton?
        }

        /// The members still alive, in the order they joined.
        var buttons: [ToggleButton] { members.compactMap(\.button) }

        func add(_ button: ToggleButton) {
            members.append(Weak(button: button))
        }

        func remove(_ button: ToggleButton) {
            members.removeAll { $0.button == nil || $0.button === button }
        }
    }

    private let handle: WidgetHandle
    /// The state as of the last `toggled` signal: what ``isOn`` answers once the widget is
    /// destroyed.
    private var lastIsOn: Bool
    /// The group the button is in (one of its own when made without `group:`).
    private let group: Group

    /// The event center through which the toggle button reports toggles to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``isOn``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<ToggleButton, Bool> { \.isOn }
    /// The designated events: `.valueChanged`.
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A new `GtkToggleButton` captioned `title`, alone or in the group of `group`.
    ///
    /// - Parameters:
    ///   - title: The caption; an underscore marks the mnemonic (`"_Active"`: Alt+A).
    ///   - isOn: Whether it starts pressed in. Joining a group lets no other button out: start
    ///     at most one button of a group pressed in, or set one's ``isOn`` after.
    ///   - group: A button whose group this one joins (`gtk_toggle_button_set_group`); nil: a
    ///     button on its own. If `group`'s widget is destroyed already, the button stays alone.
    ///
    /// ```swift
    /// let all = ToggleButton("_All", isOn: true)
    /// let active = ToggleButton("A_ctive", group: all)
    /// let completed = ToggleButton("C_ompleted", group: all)
    /// ```
    public init(_ title: String, isOn: Bool = false, group: ToggleButton? = nil) {
        let widget = gtk_toggle_button_new_with_mnemonic(title)!
        handle = WidgetHandle(widget)
        lastIsOn = isOn
        let toggle = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkToggleButton.self)
        gtk_toggle_button_set_active(toggle, isOn ? 1 : 0)
        if let group, let other = group.handle.widget(as: GtkToggleButton.self) {
            gtk_toggle_button_set_group(toggle, other)
            self.group = group.group
        } else {
            self.group = Group()
        }
        self.group.add(self)
        handle.connect("toggled") { [weak self] in self?.toggled() }
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkToggleButton`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// Whether it is pressed in. Reading asks the widget (`gtk_toggle_button_get_active`); a
    /// set presses it in or lets it out and fires no event, on it or on the button of its group
    /// that GTK lets out. A read inside a derived value's evaluation makes it follow the
    /// toggles (see `Bindery/Control/reportRead()`).
    ///
    /// ```swift
    /// active.isOn = true   // `all` is let out; neither fires .valueChanged
    /// ```
    public var isOn: Bool {
        get {
            reportRead()
            guard let toggle = handle.widget(as: GtkToggleButton.self) else { return lastIsOn }
            return gtk_toggle_button_get_active(toggle) != 0
        }
        set {
            guard let toggle = handle.widget(as: GtkToggleButton.self) else { return }
            Self.writing(group.buttons[...]) { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
        }
    }

    /// Runs `write` with each of `buttons` marked as written by its wrapper, so that none of
    /// the `toggled` signals it causes fires an event.
    private static func writing(_ buttons: ArraySlice<ToggleButton>, _ write: () -> Void) {
        guard let first = buttons.first else { return write() }
        first.handle.programmatic { writing(buttons.dropFirst(), write) }
    }

    private func toggled() {
        if let toggle = handle.widget(as: GtkToggleButton.self) { lastIsOn = gtk_toggle_button_get_active(toggle) != 0 }
        guard !handle.isWriting else { return }
        sendActions(for: .valueChanged)
    }

    private func destroyed() {
        group.remove(self)
        Bind.unbind(self)
    }
}
#endif
