#if GTK
import Bindery
import CGtk

/// A number entry with − and + buttons (`GtkSpinButton`): a `Control` whose
/// designated property is ``value`` and whose changes fire `.valueChanged`.
///
/// Every change of the value that the wrapper did not make itself fires `.valueChanged`, on
/// the main thread, from GtkSpinButton's `value-changed` signal: a person pressing − or +,
/// using the arrow keys or typing a number (GTK takes a typed number on Enter or when the
/// focus leaves), and code that sets the widget through the GTK API
/// (`gtk_spin_button_set_value`). A set of ``value`` (by a program or by Bindery) fires
/// nothing.
///
/// Bindery holds the wrapper weakly; a spin button that GTK destroys leaves its chains (see
/// ``WrappedWidget``).
///
/// ```swift
/// let rateSpin = SpinButton(minimum: 0, maximum: 1, step: 0.05, digits: 2)
/// Bind.inout(lottery, \.winRate).inout(rateSpin, \.value, on: .valueChanged)
/// ```
@MainActor public final class SpinButton: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The value as of the last `value-changed` signal: what ``value`` answers once the widget
    /// is destroyed (GtkSpinButton lets its adjustment go before it says `destroy`).
    private var lastValue: Double

    /// The event center through which the spin button reports changes to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``value``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<SpinButton, Double> { \.value }
    /// The designated events: `.valueChanged`.
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A new `GtkSpinButton` from `minimum` to `maximum`, at `value`.
    ///
    /// - Parameters:
    ///   - value: Where it starts.
    ///   - minimum: The lowest value.
    ///   - maximum: The highest value.
    ///   - step: How far − and + move it.
    ///   - digits: The decimals it shows (and rounds to).
    ///
    /// ```swift
    /// let copies = SpinButton(value: 1, minimum: 1, maximum: 99, step: 1, digits: 0)
    /// ```
    public init(value: Double = 0, minimum: Double = 0, maximum: Double = 100, step: Double = 1, digits: Int = 0) {
        let widget = gtk_spin_button_new_with_range(minimum, Swift.max(minimum, maximum), step)!
        handle = WidgetHandle(widget)
        lastValue = value
        gtk_spin_button_set_digits(OpaquePointer(widget), UInt32(clamping: digits))
        handle.connect("value-changed") { [weak self] in self?.valueChanged() }
        handle.programmatic { gtk_spin_button_set_value(OpaquePointer(widget), value) }
        lastValue = gtk_spin_button_get_value(OpaquePointer(widget))
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkSpinButton`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The value. Reading asks the widget (`gtk_spin_button_get_value`); a set changes it (GTK
    /// clamps it to the range) and fires no event.
    public var value: Double {
        get {
            guard let spin = handle.opaqueWidget else { return lastValue }
            return gtk_spin_button_get_value(spin)
        }
        set {
            guard let spin = handle.opaqueWidget else { return }
            handle.programmatic { gtk_spin_button_set_value(spin, newValue) }
        }
    }

    private func valueChanged() {
        if let spin = handle.opaqueWidget { lastValue = gtk_spin_button_get_value(spin) }
        guard !handle.isWriting else { return }
        sendActions(for: .valueChanged)
    }

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
