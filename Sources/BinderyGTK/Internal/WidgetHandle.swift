#if GTK
import CGtk

/// A wrapper's hold on its GTK widget: the pointer while the widget lives, the signal handlers
/// the wrapper connected to it, and what the wrapper does when GTK destroys it.
///
/// GTK 4 widgets belong to their parent. The handle takes no reference of its own: until the
/// widget is placed in a parent it is the widget's creator and owns its floating reference;
/// from then on the parent owns it. When GTK disposes the widget (its window is destroyed, or
/// it is removed from its parent while nobody else holds it), the `destroy` signal runs
/// ``onDestroy`` and the handle forgets the pointer, so the wrapper never touches a dead
/// widget. When the handle deinitialises first, it disconnects its handlers and, if the widget
/// was never placed, releases the floating reference, which destroys it.
@MainActor final class WidgetHandle {
    /// The widget; nil once GTK destroyed it.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    /// What the wrapper does just before the widget is gone (read its last state, leave its
    /// chains); runs once, on the main thread, while the widget can still be read.
    var onDestroy: (@MainActor () -> Void)?
    /// The handlers this handle connected, to disconnect when it goes first.
    private var handlerIDs: [gulong] = []
    /// The handlers connected to objects the widget owns (its adjustment, its event
    /// controllers), to disconnect when the handle goes first.
    private var partHandlers: [(part: gpointer, id: gulong)] = []
    /// How many of the wrapper's own writes to the widget are under way.
    private var programmaticWrites = 0

    /// Holds `widget`, which the wrapper has just created (so it is floating and unparented).
    /// Also installs the ``MainQueueSource``, so that main-actor work queued from other threads
    /// runs under GTK's main loop.
    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        MainQueueSource.install()
        self.widget = widget
        handlerIDs.append(Signal.connect(widget, "destroy") { [weak self] in self?.widgetDestroyed() })
    }

    /// The widget as a pointer to the GTK type a call takes (`GtkRange`, `GtkEditable`, …);
    /// nil once it is destroyed.
    func widget<Instance>(as type: Instance.Type) -> UnsafeMutablePointer<Instance>? {
        widget.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Instance.self) }
    }

    /// The widget as an opaque pointer, for the GTK types Swift imports as `OpaquePointer`
    /// (`GtkEditable`, `GtkLabel`, `GtkSwitch`, …); nil once it is destroyed.
    var opaqueWidget: OpaquePointer? {
        widget.map { OpaquePointer($0) }
    }

    /// Connects `body` to the widget's `signal`, for as long as the widget and the handle live.
    func connect(_ signal: String, _ body: @escaping @MainActor () -> Void) {
        guard let widget else { return }
        handlerIDs.append(Signal.connect(widget, signal, body))
    }

    /// Connects `body` to the widget's `notify::property` signal.
    func connectNotify(_ property: String, _ body: @escaping @MainActor () -> Void) {
        guard let widget else { return }
        handlerIDs.append(Signal.connectNotify(widget, property: property, body))
    }

    /// Keeps the handler `id` that the wrapper connected to `part`, an object the widget owns
    /// and keeps for its whole life (a scroll bar's adjustment, an event controller), to
    /// disconnect it if the handle goes before the widget.
    func track(_ id: gulong, on part: gpointer) {
        guard widget != nil else { return }
        partHandlers.append((part, id))
    }

    /// Runs `write` (the wrapper's own set of the widget) marked as programmatic, so that
    /// ``isWriting`` is true in the signal handlers it triggers.
    func programmatic(_ write: () -> Void) {
        programmaticWrites += 1
        defer { programmaticWrites -= 1 }
        write()
    }

    /// Whether the signal being handled comes from the wrapper's own write, not from the user
    /// or from other code.
    var isWriting: Bool { programmaticWrites > 0 }

    private func widgetDestroyed() {
        guard widget != nil else { return }
        onDestroy?()
        onDestroy = nil
        // GObject drops every handler of a disposed instance (and releases their actions).
        handlerIDs.removeAll()
        partHandlers.removeAll()
        widget = nil
    }

    isolated deinit {
        guard let widget else { return }
        for id in handlerIDs { g_signal_handler_disconnect(widget, id) }
        for (part, id) in partHandlers { g_signal_handler_disconnect(part, id) }
        if g_object_is_floating(widget) != 0 {
            g_object_unref(g_object_ref_sink(widget))
        }
    }
}
#endif
