#if GTK
import CGtk
import Foundation
import Testing

/// GTK, started once for the tests that make widgets in this process.
@MainActor enum Display {
    /// Whether GTK could open a display: under Xvfb, or in a desktop session.
    static let isOpen: Bool = gtk_init_check() != 0

    /// What a test says when there is none.
    static let missing: Comment = "GTK cannot open a display: run BinderyGTK's tests under Xvfb (xvfb-run -a swift test --traits GTK --filter BinderyGTKTests)"

    /// Runs GTK's main context until nothing is pending (at most 200 rounds): what a person's
    /// next event would wait for.
    static func settle() {
        var rounds = 0
        while g_main_context_pending(nil) != 0, rounds < 200 {
            g_main_context_iteration(nil, 0)
            rounds += 1
        }
    }
}
#endif
