#if GTK
import Foundation
import Testing

/// GTK's main loop runs what other threads queue for the main actor, once BinderyGTK's
/// `MainQueueSource` is installed. Each case runs in a program of its own
/// (`bindery-gtk-main-queue-check`), whose first thread runs GLib's main loop as a GTK
/// application's does: in this test runner Dispatch serves the main queue itself.
@Suite(.serialized, .timeLimit(.minutes(1))) struct MainQueueSourceTests {
    @Test("Main-actor work queued off the main thread runs under GTK's main loop", arguments: [
        "delivery",  // a label bound with delivery: .mainActor, changed from a background thread
        "task",      // Task { @MainActor in … } started on a background thread
        "sequence",  // Bind.in(sequence:) feeding a label
        "deinit",    // a wrapper released on a background thread: its isolated deinit
        "plain",     // no wrapper: the source installed by hand
    ])
    func mainActorWorkRuns(_ name: String) throws {
        try #require(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "no DISPLAY: run BinderyGTK's tests under Xvfb")
        let run = try MainQueueCheck.run(name)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: \(name)"), "\(run.output)")
    }

    @Test("Without the source, the main-actor work never runs under GTK's main loop: the bug it fixes")
    func nothingRunsWithoutTheSource() throws {
        try #require(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "no DISPLAY: run BinderyGTK's tests under Xvfb")
        let run = try MainQueueCheck.run("plain", "--without-source")
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("did not run"), "\(run.output)")
    }
}
#endif
