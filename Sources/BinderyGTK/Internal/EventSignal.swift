#if GTK
import CGtk

/// What a GLib callback that takes arguments and answers does: a closure run on the main
/// actor, held as ``SignalAction`` is (one strong reference, GLib's, released by the handler's
/// destroy-notify), for the event controllers' signals that say whether they used the event.
@MainActor final class AnswerAction<Arguments: Sendable> {
    let body: @MainActor (Arguments) -> Bool

    init(_ body: @escaping @MainActor (Arguments) -> Bool) {
        self.body = body
    }

    /// Runs the action behind `data` with `arguments`; answers whether the event was used
    /// (false when there is no action). GTK emits these signals on its main loop's thread.
    nonisolated static func run(_ data: gpointer?, _ arguments: Arguments) -> gboolean {
        guard let data else { return 0 }
        let action = Unmanaged<AnswerAction>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { action.body(arguments) } ? 1 : 0
    }
}

/// Connects the signals of GTK's event controllers to main-actor closures.
@MainActor enum EventSignal {
    /// A handler for `GtkEventControllerScroll::scroll` (dx, dy).
    private static let scrollHandler: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
        AnswerAction<(Double, Double)>.run(data, (dx, dy))
    }

    /// A handler for `GtkEventControllerKey::key-pressed` (keyval, keycode, modifiers).
    private static let keyHandler: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, state, data in
        AnswerAction<(UInt32, GdkModifierType)>.run(data, (keyval, state))
    }

    private static let releaseScroll: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<AnswerAction<(Double, Double)>>.fromOpaque(data).release()
    }

    private static let releaseKey: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<AnswerAction<(UInt32, GdkModifierType)>>.fromOpaque(data).release()
    }

    /// Connects `body` to the `scroll` signal of a scroll controller; it answers whether it
    /// used the scroll. Returns the handler's ID.
    static func connectScroll(_ controller: gpointer, _ body: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Bool) -> gulong {
        let action = Unmanaged.passRetained(AnswerAction<(Double, Double)>(body)).toOpaque()
        return g_signal_connect_data(controller, "scroll", unsafeBitCast(scrollHandler, to: GCallback.self), action, releaseScroll, GConnectFlags(0))
    }

    /// Connects `body` to the `key-pressed` signal of a key controller; it answers whether it
    /// used the key (false lets GTK go on: an arrow moves the focus). Returns the handler's ID.
    static func connectKeyPressed(_ controller: gpointer, _ body: @escaping @MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool) -> gulong {
        let action = Unmanaged.passRetained(AnswerAction<(UInt32, GdkModifierType)>(body)).toOpaque()
        return g_signal_connect_data(controller, "key-pressed", unsafeBitCast(keyHandler, to: GCallback.self), action, releaseKey, GConnectFlags(0))
    }
}
#endif
