#if GTK
import CGtk

/// Runs what is queued on the main queue (the main actor's work) from GTK's main loop.
///
/// A GTK program runs GLib's main loop on the main thread (`g_main_context_iteration`,
/// `g_application_run`), and that thread never returns to Dispatch. On Linux the main actor's
/// jobs and `DispatchQueue.main` work then wait forever: a receiver with `delivery: .mainActor`
/// changed from a background thread, `Task { @MainActor in … }`, a sequence sender feeding a
/// widget, a wrapper released off the main thread (whose deinit is isolated to the main actor).
/// The source that ``install()`` adds to GLib's default main context runs that work on the main
/// thread, between GTK's own events, in the order it was queued.
///
/// Every BinderyGTK wrapper installs it when it is made, so a program that uses one need not
/// call anything. A program that binds GTK widgets of its own calls ``install()`` once, on the
/// main thread, before running the main loop:
///
/// ```swift
/// MainQueueSource.install()
/// while windowIsOpen { g_main_context_iteration(nil, 1) }
/// ```
///
/// It works as CoreFoundation's run loop does on Linux: Dispatch wakes the source through the
/// main queue's event file descriptor, and the source runs the queue with the hook Dispatch
/// provides for run loops. That only works on the thread the main queue belongs to, the
/// process's first thread, and only while it has not handed the queue to Dispatch: the source
/// is installed only when ``install()`` runs there, and does nothing in a program whose `main`
/// is `async` (Dispatch serves the main queue there already, on threads of its own). On other
/// platforms it does nothing. The source is never removed.
@MainActor public enum MainQueueSource {
    /// The GLib source's ID; 0 until it is installed.
    private static var sourceID: guint = 0

    /// Whether the source is installed: GLib's main loop runs the main queue's work.
    public static var isInstalled: Bool { sourceID != 0 }

    /// Installs the source in GLib's default main context, once; later calls do nothing.
    ///
    /// Call it on the main thread, from the code that runs GTK's main loop (top-level code or
    /// a synchronous `main`). Called anywhere else (a program whose `main` is `async`, where
    /// Dispatch already runs the main queue), it installs nothing. BinderyGTK's wrappers call
    /// it when they are made.
    ///
    /// ```swift
    /// MainQueueSource.install()
    /// ```
    public static func install() {
        #if os(Linux)
        guard sourceID == 0, cgtk_is_first_thread() != 0 else { return }
        let handle = _dispatch_get_main_queue_handle_4CF()
        guard handle >= 0 else { return }
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, handle, G_IO_IN, drain, nil, nil)
        #endif
    }

    #if os(Linux)
    /// GLib's callback when the main queue's descriptor is readable: work was queued.
    private static let drain: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { handle, _, _ in
        cgtk_clear_main_queue_handle(handle)
        // GLib dispatches the default context's sources on the thread that iterates it; the
        // main queue may only be run on its own thread (elsewhere its work waits).
        if cgtk_is_first_thread() != 0 { _dispatch_main_queue_callback_4CF(nil) }
        return 1  // G_SOURCE_CONTINUE
    }
    #endif
}
#endif
