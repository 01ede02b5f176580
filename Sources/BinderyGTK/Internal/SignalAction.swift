#if GTK
import CGtk

/// What a GLib callback (a signal handler, a timeout) does: a closure run on the main actor.
///
/// GLib holds one strong reference to it as the callback's user data and releases it through
/// the callback's destroy-notify, when the handler is disconnected, the source removed or the
/// instance disposed. The closure captures its wrapper weakly, so GLib never keeps a wrapper
/// alive.
@MainActor final class SignalAction {
    private let body: @MainActor () -> Void

    init(_ body: @escaping @MainActor () -> Void) {
        self.body = body
    }

    /// Passes a new action to GLib as user data, with one strong reference that
    /// ``release(_:)`` gives back.
    static func retained(_ body: @escaping @MainActor () -> Void) -> gpointer {
        Unmanaged.passRetained(SignalAction(body)).toOpaque()
    }

    /// Runs the action behind `data`. GTK emits signals and dispatches sources of the main
    /// context on the thread that runs its main loop, which for a GTK application is the main
    /// thread; a callback on any other thread is a misuse of GTK, and the check traps.
    nonisolated static func run(_ data: gpointer?) {
        guard let data else { return }
        let action = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { action.body() }
    }

    /// Gives back the reference that ``retained(_:)`` passed to GLib.
    nonisolated static func release(_ data: gpointer?) {
        guard let data else { return }
        Unmanaged<SignalAction>.fromOpaque(data).release()
    }
}

/// Connects GLib signals to main-actor closures.
@MainActor enum Signal {
    /// A handler for a signal whose C handler takes the instance and the user data
    /// (`changed`, `value-changed`, `clicked`, `destroy`).
    private static let instanceHandler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        SignalAction.run(data)
    }

    /// A handler for `notify::…`, whose C handler also takes the `GParamSpec`.
    private static let notifyHandler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
        SignalAction.run(data)
    }

    /// Releases a handler's action when GLib drops the handler.
    private static let releaseAction: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        SignalAction.release(data)
    }

    /// Connects `body` to `signal` of `instance`, a signal whose handler takes no arguments
    /// but the instance. Returns the handler's ID for `g_signal_handler_disconnect`.
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor () -> Void) -> gulong {
        g_signal_connect_data(
            instance, signal, unsafeBitCast(instanceHandler, to: GCallback.self),
            SignalAction.retained(body), releaseAction, GConnectFlags(0))
    }

    /// Connects `body` to the `notify::property` signal of `instance`.
    static func connectNotify(_ instance: gpointer, property: String, _ body: @escaping @MainActor () -> Void) -> gulong {
        g_signal_connect_data(
            instance, "notify::\(property)", unsafeBitCast(notifyHandler, to: GCallback.self),
            SignalAction.retained(body), releaseAction, GConnectFlags(0))
    }
}

/// Repeats a main-actor closure on the main context's timer.
@MainActor enum Timeout {
    private static let tick: @convention(c) (gpointer?) -> gboolean = { data in
        SignalAction.run(data)
        return 1  // G_SOURCE_CONTINUE: the owner removes the source
    }

    private static let releaseAction: @convention(c) (gpointer?) -> Void = { data in
        SignalAction.release(data)
    }

    /// Runs `body` every `milliseconds` until the returned source is removed with
    /// `g_source_remove`.
    static func repeating(every milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> guint {
        g_timeout_add_full(0, milliseconds, tick, SignalAction.retained(body), releaseAction)
    }
}
#endif
