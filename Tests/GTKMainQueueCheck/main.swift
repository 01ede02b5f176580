// Plays one case of main-actor work queued from another thread while GTK's main loop runs on
// the main thread, and says whether it ran: `bindery-gtk-main-queue-check CASE
// [--without-source]`. A program of its own because the main queue runs from GLib only on a
// process's first thread, which a test runner hands to Dispatch. BinderyGTKTests runs it,
// under Xvfb. Exit status: 0 the work ran, on the main thread; 1 it did not (what
// `--without-source` shows: the bug the source fixes); 2 GTK cannot start; 64 bad arguments.
#if canImport(Glibc)
import Glibc
#endif

#if GTK
import Bindery
import BinderyGTK
import CGtk
import Dispatch

let usage = "usage: bindery-gtk-main-queue-check \(MainQueueCase.allCases.map(\.rawValue).joined(separator: "|")) [--without-source]"
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let check = MainQueueCase(rawValue: name),
      arguments.dropFirst().allSatisfy({ $0 == "--without-source" }) else {
    printError(usage + "\n")
    exit(64)
}
let installsSource = !arguments.contains("--without-source")
guard gtk_init_check() != 0 else {
    printError("bindery-gtk-main-queue-check: GTK cannot open a display\nhint: run it under Xvfb: xvfb-run -a bindery-gtk-main-queue-check \(name)\n")
    exit(2)
}
if check == .plain, installsSource { MainQueueSource.install() }
let outcome = check.run()
switch outcome {
case .ran:
    print("ok: \(name): the work queued for the main actor ran under GTK's main loop, on the main thread")
    exit(0)
case .didNotRun(let what):
    print("FAIL: \(name): \(what) did not run: GTK's main loop found nothing to do (main-queue source installed: \(MainQueueSource.isInstalled))")
    exit(1)
case .wrong(let what):
    print("FAIL: \(name): \(what)")
    exit(1)
}
#else
printError("bindery-gtk-main-queue-check: built without GTK: build it with `swift build --traits GTK`\n")
exit(2)
#endif

/// Writes `text` to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
