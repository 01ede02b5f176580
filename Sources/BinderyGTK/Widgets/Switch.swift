#if GTK
import Bindery
import CGtk

/// An on/off switch (`GtkSwitch`): a `Control` whose designated property is
/// ``isOn`` and whose toggles fire `.valueChanged`.
///
/// Every change of the switch that the wrapper did not make itself fires `.valueChanged`, on
/// the main thread, from GtkSwitch's `notify::active` signal: a person clicking or activating
/// it, and code that flips it through the GTK API (`gtk_switch_set_active`). A set of ``isOn``
/// (by a program or by Bindery) fires nothing.
///
/// Bindery holds the wrapper weakly; a switch that GTK destroys leaves its chains (see
/// ``WrappedWidget``).
///
/// ```swift
/// let flashSwitch = Switch()
/// Bind.inout(lottery, \.flashesOnWin).inout(flashSwitch, \.isOn, on: .valueChanged)
/// ```
@MainActor public final class Switch: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The state as of the last `notify::active` signal: what ``isOn`` answers once the widget
    /// is destroyed.
    private var lastIsOn: Bool

    /// The event center through which the switch reports toggles to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``isOn``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Switch, Bool> { \.isOn }
    /// The designated events: `.valueChanged`.
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A new `GtkSwitch`.
    ///
    /// - Parameter isOn: Whether it starts on.
    ///
    /// ```swift
    /// let darkMode = Switch(isOn: true)
    /// ```
    public init(isOn: Bool = false) {
        let widget = gtk_switch_new()!
        handle = WidgetHandle(widget)
        lastIsOn = isOn
        gtk_switch_set_active(OpaquePointer(widget), isOn ? 1 : 0)
        handle.connectNotify("active") { [weak self] in self?.toggled() }
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkSwitch`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// Whether it is on. Reading asks the widget (`gtk_switch_get_active`); a set flips it and
    /// fires no event.
    public var isOn: Bool {
        get {
            guard let toggle = handle.opaqueWidget else { return lastIsOn }
            return gtk_switch_get_active(toggle) != 0
        }
        set {
            guard let toggle = handle.opaqueWidget else { return }
            handle.programmatic { gtk_switch_set_active(toggle, newValue ? 1 : 0) }
        }
    }

    private func toggled() {
        if let toggle = handle.opaqueWidget { lastIsOn = gtk_switch_get_active(toggle) != 0 }
        guard !handle.isWriting else { return }
        sendActions(for: .valueChanged)
    }

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
