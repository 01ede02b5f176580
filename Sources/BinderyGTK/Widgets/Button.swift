#if GTK
import Bindery
import CGtk

/// A push button (`GtkButton`): a `Control` whose designated property is ``taps``,
/// the number of presses, and whose presses fire `.touchUpInside`.
///
/// Each `clicked` signal (a person clicking it or pressing Enter or Space while it has the
/// focus, `gtk_widget_activate`, `g_signal_emit_by_name(button, "clicked")`) adds one to
/// ``taps`` and fires `.touchUpInside`, on the main thread. Bind a block to act on a press
/// (`initial: false`, so binding does not press it).
///
/// Bindery holds the wrapper weakly; a button that GTK destroys leaves its chains (see
/// ``WrappedWidget``).
///
/// ```swift
/// let spinButton = Button("Spin")
/// Bind.in(spinButton).out("spin", initial: false, delivery: .mainActor) { lottery.spin() }
/// ```
@MainActor public final class Button: WrappedWidget, @MainActor Control {
    private let handle: WidgetHandle

    /// How many times it was pressed. A set changes the count only; it does not press it.
    public var taps = 0
    /// The event center through which the button reports presses to Bindery.
    public let eventCenter = ControlEventCenter()
    /// The designated property: ``taps``.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Button, Int> { \.taps }
    /// The designated events: `.touchUpInside`.
    public static var designatedEvents: ControlEvents { .touchUpInside }

    /// A new `GtkButton` captioned `title`.
    ///
    /// - Parameter title: The caption; an underscore marks the mnemonic (`"_Spin"`: Alt+S).
    ///
    /// ```swift
    /// let spinButton = Button("_Spin")
    /// ```
    public init(_ title: String) {
        let widget = gtk_button_new_with_mnemonic(title)!
        handle = WidgetHandle(widget)
        handle.connect("clicked") { [weak self] in self?.clicked() }
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The caption (`gtk_button_get_label`); a set changes it: a receiver for a caption that
    /// follows the model ("Clear completed (2)"). Empty once the widget is destroyed.
    ///
    /// ```swift
    /// let clearButton = Button("Clear completed")
    /// Bind.in(lottery, \.sn).out(clearButton, \.title, convert: { "Clear completed (\($0))" })
    /// ```
    public var title: String {
        get { handle.widget.flatMap { gtk_button_get_label(pointer($0)) }.map { String(cString: $0) } ?? "" }
        set {
            guard let widget = handle.widget else { return }
            gtk_button_set_label(pointer(widget), newValue)
        }
    }

    private func pointer(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkButton> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)
    }

    /// The `GtkButton`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    private func clicked() {
        taps += 1
        sendActions(for: .touchUpInside)
    }

    private func destroyed() {
        Bind.unbind(self)
    }
}
#endif
