// The slot-machine lottery in a GTK 4 window: `swift run --traits GTK lottery-gtk`.
// `lottery-gtk --self-test [--screenshot PATH]` plays it headless (under Xvfb) and checks it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if GTK
import CGtk
import LotteryModel

let arguments = Array(CommandLine.arguments.dropFirst())
let isSelfTest = arguments.contains("--self-test")
var screenshotPath: String?
if let flag = arguments.firstIndex(of: "--screenshot") {
    guard arguments.indices.contains(flag + 1) else {
        printError("lottery-gtk: --screenshot needs a path\n")
        exit(64)
    }
    screenshotPath = arguments[flag + 1]
}
if let unknown = arguments.first(where: { $0.hasPrefix("-") && !["--self-test", "--screenshot"].contains($0) }) {
    printError("lottery-gtk: unknown option \(unknown)\nusage: lottery-gtk [--self-test [--screenshot PATH]]\n")
    exit(64)
}

guard gtk_init_check() != 0 else {
    printError("""
        lottery-gtk: GTK cannot open a display.
        hint: run it in a desktop session, or headless under Xvfb: xvfb-run -a lottery-gtk --self-test

        """)
    exit(2)
}

let lottery = Lottery()
let screen = LotteryWindow(lottery: lottery)
screen.addStyleSheet()
screen.bind()
screen.present()

if isSelfTest {
    var test = SelfTest(screen: screen, lottery: lottery, screenshotPath: screenshotPath)
    test.run()
    print("lottery-gtk self-test: every check passed")
    exit(0)
}
while screen.isOpen {
    g_main_context_iteration(nil, 1)
}
print("Thanks for playing: \(lottery.sn) draw\(lottery.sn == 1 ? "" : "s").")
#else
printError("""
    lottery-gtk: built without GTK: run `swift run --traits GTK lottery-gtk`
    hint: the GTK trait needs GTK 4's development files (Debian: apt-get install libgtk-4-dev)

    """)
exit(2)
#endif

/// Writes `text` to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
