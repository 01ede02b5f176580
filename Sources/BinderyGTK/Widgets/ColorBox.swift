#if GTK
import Bindery
import CGtk

/// A box (`GtkBox`) whose background colour is a property: a receiver for a chain that picks
/// a colour (`.out(panel, \.background, convert: { palette[$0 % palette.count] })`).
///
/// Not a control: only a program changes the colour. The colour is drawn through a CSS style
/// sheet of the box's own (a class unique to it, at the application's priority), so it works
/// with any GTK 4 theme. Bindery holds the wrapper weakly and writes it on the thread that
/// made the change, or on the main actor with `delivery: .mainActor`. A box that GTK destroys
/// leaves its chains and drops its style sheet (see ``WrappedWidget``); so does a wrapper that
/// deinitialises.
///
/// ```swift
/// let reels = ColorBox(orientation: .horizontal, spacing: 12)
/// Bind.in(lottery, \.sn).out(reels, \.background, convert: { palette[$0 % palette.count] })
/// ```
@MainActor public final class ColorBox: WrappedWidget {
    /// The way a box lines up its children.
    public enum Orientation: Sendable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    /// Numbers the boxes, to give each its own CSS class.
    private static var boxesMade = 0

    private let handle: WidgetHandle
    /// The box's CSS class, which its style sheet selects.
    private let cssClass: String
    /// The style sheet that paints the background, and the display it is added to; nil once
    /// the widget is destroyed.
    private var style: (provider: OpaquePointer, display: OpaquePointer)?

    /// A new `GtkBox` with no background colour of its own (the theme's shows).
    ///
    /// - Parameters:
    ///   - orientation: How it lines up its children.
    ///   - spacing: The room between children, in pixels.
    ///   - background: The colour it starts with; nil leaves the theme's.
    ///
    /// ```swift
    /// let panel = ColorBox(orientation: .vertical, spacing: 8, background: RGBColor(hex: 0x3465A4))
    /// ```
    public init(orientation: Orientation = .vertical, spacing: Int = 0, background: RGBColor? = nil) {
        let widget = gtk_box_new(orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, Int32(clamping: spacing))!
        handle = WidgetHandle(widget)
        Self.boxesMade += 1
        cssClass = "bindery-color-box-\(Self.boxesMade)"
        gtk_widget_add_css_class(widget, cssClass)
        if let display = gtk_widget_get_display(widget), let provider = gtk_css_provider_new() {
            gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            style = (OpaquePointer(provider), display)
        }
        self.background = background
        paint()
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkBox`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The background colour; nil shows the theme's. A set repaints the box.
    public var background: RGBColor? {
        didSet { paint() }
    }

    /// Adds `child`'s widget at the end of the box (`gtk_box_append`); the box owns it from
    /// then on. Does nothing if either widget is gone.
    ///
    /// - Parameter child: The wrapper whose widget to add.
    public func append(_ child: some WrappedWidget) {
        append(child.widget)
    }

    /// Adds `child` at the end of the box (`gtk_box_append`); the box owns it from then on.
    /// Does nothing if the box is gone or `child` is nil.
    ///
    /// - Parameter child: The widget to add.
    public func append(_ child: UnsafeMutablePointer<GtkWidget>?) {
        guard let box = handle.widget(as: GtkBox.self), let child else { return }
        gtk_box_append(box, child)
    }

    private func paint() {
        guard let style else { return }
        let rule = background.map { ".\(cssClass) { background-color: \($0.css); }" } ?? ""
        cgtk_css_provider_load(UnsafeMutableRawPointer(style.provider).assumingMemoryBound(to: GtkCssProvider.self), rule)
    }

    private func removeStyle() {
        guard let style else { return }
        gtk_style_context_remove_provider_for_display(style.display, style.provider)
        g_object_unref(UnsafeMutableRawPointer(style.provider))
        self.style = nil
    }

    private func destroyed() {
        removeStyle()
        Bind.unbind(self)
    }

    isolated deinit {
        removeStyle()
    }
}
#endif
