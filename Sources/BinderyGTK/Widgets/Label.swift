#if GTK
import Bindery
import CGtk

/// A line of text (`GtkLabel`): a receiver for any chain of text.
///
/// Not a control: a person does not edit it, so it only receives
/// (`Bind.in(lottery, \.sn).out(snLabel, \.text)`). Bindery holds it weakly and writes it on
/// the thread that made the change, or on the main actor with `delivery: .mainActor`; GTK
/// wants the main thread, so bind labels to models that change there, or ask for
/// `.mainActor`. A label that GTK destroys leaves its chains (see ``WrappedWidget``).
///
/// ```swift
/// let rateLabel = Label()
/// Bind.inout(lottery, \.winRate).out(rateLabel, \.text)   // Double -> String, automatic
/// ```
@MainActor public final class Label: WrappedWidget, @MainActor DesignatedProperty {
    /// The CSS class that ``isBlinking`` turns on and off: style it in your CSS
    /// (`label.bindery-blink { background: yellow; }`).
    public static let blinkClass = "bindery-blink"
    /// How long each phase of a blink lasts, in milliseconds.
    public static let blinkPhase: UInt32 = 350

    private let handle: WidgetHandle
    /// The text as of the last `notify::label` signal: what ``text`` answers once the widget is
    /// destroyed.
    private var lastText: String
    /// The timer of the blinking, while it blinks.
    private var blinkSource: guint = 0

    /// A new `GtkLabel` showing `text`.
    ///
    /// - Parameters:
    ///   - text: What it shows first.
    ///   - cssClasses: CSS classes to add to the widget, to style it.
    ///
    /// ```swift
    /// let title = Label("Bindery lottery", cssClasses: ["title-1"])
    /// ```
    public init(_ text: String = "", cssClasses: [String] = []) {
        let widget = gtk_label_new(text)!
        handle = WidgetHandle(widget)
        lastText = text
        for name in cssClasses { gtk_widget_add_css_class(widget, name) }
        handle.connectNotify("label") { [weak self] in self?.labelChanged() }
        handle.onDestroy = { [weak self] in self?.destroyed() }
    }

    /// The `GtkLabel`; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The text. Reading asks the widget (`gtk_label_get_text`); a set shows the new text.
    public var text: String {
        get {
            guard let label = handle.opaqueWidget else { return lastText }
            return String(cString: gtk_label_get_text(label))
        }
        set {
            guard let label = handle.opaqueWidget else { return }
            gtk_label_set_text(label, newValue)
        }
    }

    /// Whether the label blinks: while true, the CSS class ``blinkClass`` goes on and off every
    /// ``blinkPhase`` milliseconds (a GLib timeout on the main context); false removes the
    /// class and the timeout.
    ///
    /// ```swift
    /// Bind.in(lottery, \.isWin).out("flash", delivery: .mainActor) { won in reel.isBlinking = won }
    /// ```
    public var isBlinking: Bool {
        get { blinkSource != 0 }
        set {
            guard newValue != isBlinking, let widget = handle.widget else { return }
            if newValue {
                gtk_widget_add_css_class(widget, Self.blinkClass)
                blinkSource = Timeout.repeating(every: Self.blinkPhase) { [weak self] in self?.blink() }
            } else {
                stopBlinking()
                gtk_widget_remove_css_class(widget, Self.blinkClass)
            }
        }
    }

    private func blink() {
        guard let widget = handle.widget else { return }
        if gtk_widget_has_css_class(widget, Self.blinkClass) != 0 {
            gtk_widget_remove_css_class(widget, Self.blinkClass)
        } else {
            gtk_widget_add_css_class(widget, Self.blinkClass)
        }
    }

    private func stopBlinking() {
        guard blinkSource != 0 else { return }
        g_source_remove(blinkSource)
        blinkSource = 0
    }

    private func labelChanged() {
        guard let label = handle.opaqueWidget else { return }
        lastText = String(cString: gtk_label_get_text(label))
    }

    private func destroyed() {
        stopBlinking()
        Bind.unbind(self)
    }

    isolated deinit {
        stopBlinking()
    }
}

extension Label {
    /// The property the operators' shorthands bind: `field ~> label` shows the field's text.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Label, String> { \.text }
}

#endif
