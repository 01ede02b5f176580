// The slot-machine lottery in a terminal: `swift run lottery`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BinderyTerminal
import LotteryModel

let device: TerminalDevice
do {
    device = try TerminalDevice()
} catch {
    let message = """
        lottery: \(error): it draws a full-screen game and reads keys one by one.
        hint: run it from an interactive terminal, e.g. `swift run lottery` in a terminal window
              (not through a pipe, a redirect or a CI log).

        """
    printError(message)
    exit(2)
}

let lottery = Lottery()
let screen = LotteryScreen(lottery: lottery)
screen.bind()
let terminal = TerminalScreen(widgets: screen.widgets, focus: screen.focusable, focused: screen.spinButton) { size in
    screen.layout(for: size)
}
terminal.quitKeys.append(.character("q"))

do {
    let stop = try terminal.run(on: device)
    print("Thanks for playing: \(lottery.sn) draw\(lottery.sn == 1 ? "" : "s"). The terminal is yours again.")
    stop.exitBySignal()
} catch {
    printError("lottery: \(error)\n")
    exit(1)
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
