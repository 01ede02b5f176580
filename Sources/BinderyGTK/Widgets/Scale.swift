#if GTK
import Bindery
import CGtk

/// A horizontal slider (`GtkScale`): a `Control` whose designated property is
/// ``value`` and whose moves fire `.valueChanged`.
///
/// Every change of the value that the wrapper did not make itself fires `.valueChanged`, on
/// the main thread, from GtkRange's `value-changed` signal: a person dragging or using the
/// keys, and code that moves the widget through the GTK API (`gtk_range_set_value`). A set of
/// ``value`` (by a program or by Bindery) fires nothing. The value a person picks is rounded
/// to `digits` decimals, so a step of a tenth shows as `0.1`, not `0.10000000000000001`.
///
/// Bindery holds the wrapper weakly; a scale that GTK destroys leaves its chains (see
/// ``WrappedWidget``).
///
/// ```swift
/// let rateScale = Scale(minimum: 0, maximum: 1, step: 0.05, digits: 2)
/// Bind.inout(lottery, \.winRate).inout(rateScale, \.value, on: .valueChanged)
/// ```
@MainActor public final class Scale: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle
    /// The value as of the last `value-changed` signal: what ``value`` answers once the widget
    /// is destroyed (GtkRange lets its adjustment go before it says `destroy`).
    private var lastValue: Double

    /// The event center through which the scale reports moves to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``value``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Scale, Double> { \.value }
    /// The designated events: `.valueChanged`.
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A new horizontal `GtkScale` from `minimum` to `maximum`, at `value`.
    ///
    /// - Parameters:
    ///   - value: Where it starts.
    ///   - minimum: The left end.
    ///   - maximum: The right end.
    ///   - step: How far an arrow key moves it.
    ///   - digits: The decimals a person's pick is rounded to.
    ///   - showsValue: Whether GTK draws the value next to the slider.
    ///
    /// ```swift
    /// let volume = Scale(value: 0.8, minimum: 0, maximum: 1, step: 0.1, digits: 1)
    /// ```
    public init(value: Double = 0, minimum: Double = 0, maximum: Double = 1, step: Double = 0.1, digits: Int = 1, showsValue: Bool = false) {
        let widget = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, Swift.max(minimum, maximum), step)!
        handle = WidgetHandle(widget)
        lastValue = value
        let scale = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkScale.self)
        gtk_scale_set_digits(scale, Int32(clamping: digits))
        gtk_scale_set_draw_value(scale, showsValue ? 1 : 0)
        handle.connect("value-changed") { [weak self] in self?.valueChanged() }
        handle.programmatic { gtk_range_set_value(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkRange.self), value) }
        lastValue = gtk_range_get_value(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkRange.self))
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkScale`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The value. Reading asks the widget (`gtk_range_get_value`); a set moves the slider
    /// (GTK clamps it to the ends) and fires no event.
    public var value: Double {
        get {
            guard let range = handle.widget(as: GtkRange.self) else { return lastValue }
            return gtk_range_get_value(range)
        }
        set {
            guard let range = handle.widget(as: GtkRange.self) else { return }
            handle.programmatic { gtk_range_set_value(range, newValue) }
        }
    }

    private func valueChanged() {
        if let range = handle.widget(as: GtkRange.self) { lastValue = gtk_range_get_value(range) }
        guard !handle.isWriting else { return }
        sendActions(for: .valueChanged)
    }

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
