#if GTK
import Bindery
import CGtk

/// A Bindery-side wrapper of one GTK 4 widget: what every BinderyGTK type has in common.
///
/// The widget belongs to GTK, as every GTK 4 widget does: until you place it in a parent
/// (`gtk_box_append(box, entry.widget)`), the wrapper holds its floating reference; from then on
/// the parent owns it. When GTK destroys the widget (its window is destroyed, or it is removed
/// from its parent while nobody else holds a reference; GTK may finish that on a later round
/// of its main loop), the wrapper leaves every chain as the widget's `destroy` signal runs,
/// ``widget`` becomes nil and the wrapper stops touching it: its properties keep their last
/// values and writes to them go nowhere. To move a widget to another parent, hold a reference
/// (`g_object_ref`) while it has none, as GTK asks. When the wrapper deinitialises first, it
/// disconnects its signal handlers and, if the widget was never placed, releases it.
///
/// Wrappers are isolated to the main actor, as GTK is to the thread that runs its main loop:
/// create and use them on the main thread, and run GTK's main context there.
///
/// Every wrapper is a `BindingTarget`: `label.bindKey(\.text, toKeyPath: \.name, of: user)`
/// keeps it in step with a model.
///
/// **GTK's main loop and the main actor.** The first wrapper made installs the
/// ``MainQueueSource``: while GTK's main loop runs on the main thread, it also runs what other
/// threads queue for the main actor (a chain's `.mainActor` deliveries, `Task { @MainActor in
/// … }`, a sequence sender feeding a widget, a wrapper's deinit when it was released elsewhere),
/// between GTK's events. Without it, on Linux, that work would never run.
///
/// ```swift
/// let entry = Entry()
/// gtk_box_append(box, entry.widget)
/// Bind.inout(lottery, \.winCode).inout(entry, \.text, on: .editingChanged)
/// ```
@MainActor public protocol WrappedWidget: BindingTarget {
    /// The GTK widget, to place in a container or to style; nil once GTK has destroyed it.
    var widget: UnsafeMutablePointer<GtkWidget>? { get }
}

extension WrappedWidget {
    /// Whether the widget is shown (`gtk_widget_get_visible`); a set shows or hides it (and
    /// what it contains): a receiver for a model's flag. False once the widget is destroyed,
    /// where a set goes nowhere.
    ///
    /// ```swift
    /// let clearButton = Button("Clear completed")
    /// Bind.in(lottery, \.isWin).out(clearButton, \.isVisible)
    /// ```
    public var isVisible: Bool {
        get { widget.map { gtk_widget_get_visible($0) != 0 } ?? false }
        set {
            guard let widget else { return }
            gtk_widget_set_visible(widget, newValue ? 1 : 0)
        }
    }

    /// Whether a person can use the widget (`gtk_widget_get_sensitive`): a disabled widget is
    /// drawn greyed out by GTK's theme and takes no clicks, keys or focus, so a disabled
    /// button sends no press. False once the widget is destroyed, where a set goes nowhere.
    ///
    /// ```swift
    /// let submitButton = Button("Sign up")
    /// Bind.in(lottery, \.isWin).out(submitButton, \.isEnabled)
    /// ```
    public var isEnabled: Bool {
        get { widget.map { gtk_widget_get_sensitive($0) != 0 } ?? false }
        set {
            guard let widget else { return }
            gtk_widget_set_sensitive(widget, newValue ? 1 : 0)
        }
    }
}
#endif
