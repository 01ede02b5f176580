#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Why a terminal program cannot run.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    /// Standard input or output is not a terminal (a pipe, a file, CI without a TTY).
    case notATerminal
    /// The terminal's settings could not be read or changed.
    case settings(errno: Int32)
    /// Reading or writing the terminal failed (it went away).
    case io(errno: Int32)

    /// What went wrong, as a person reads it (with the system's message for the `errno`).
    public var description: String {
        switch self {
        case .notATerminal:
            "standard input and output must be a terminal"
        case .settings(let errno):
            "the terminal's settings could not be changed (\(String(cString: strerror(errno))))"
        case .io(let errno):
            "the terminal could not be read or written (\(String(cString: strerror(errno))))"
        }
    }
}

/// Signals that arrived and are not handled yet; set by the signal handler (async-signal-safe:
/// one atomic store), read by the run loop.
let pendingSignals = Atomic<UInt32>(0)

/// The process's terminal, in raw mode while a screen runs: keys arrive one by one, unechoed,
/// Ctrl-C arrives as a key; the screen is the alternate one and the cursor is hidden; the
/// terminal reports mouse presses, drags and releases in the SGR encoding (modes 1000, 1002
/// and 1006; most terminals still select text with Shift held).
///
/// ``restore()`` puts back every setting this changed, and runs however the screen stops: on
/// a normal quit, on Ctrl-C, on SIGINT, SIGTERM or SIGHUP (turned into a normal stop by the
/// run loop), and when the program throws. Only one device is in raw mode at a time.
@MainActor public final class TerminalDevice {
    private var saved = termios()
    private var isRaw = false
    private var savedActions: [Int32: sigaction] = [:]

    /// The terminal on standard input and output.
    ///
    /// - Throws: ``TerminalError/notATerminal`` when either is not a terminal.
    public init() throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    }

    /// The terminal's size now (80×24 if it does not say).
    public var size: Size {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Enters raw mode and the alternate screen, hides the cursor, turns on mouse reporting,
    /// and catches the signals that would otherwise leave the terminal raw.
    ///
    /// - Throws: ``TerminalError/settings(errno:)`` if the settings cannot be changed.
    public func enterRawMode() throws(TerminalError) {
        guard !isRaw else { return }
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw .settings(errno: errno) }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw .settings(errno: errno) }
        isRaw = true
        installSignalHandlers()
        try write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" + Self.mouseReportingOn)
    }

    /// Turns on reporting of presses and releases (1000), of drags (1002), in the SGR
    /// encoding (1006).
    static let mouseReportingOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// Turns the same modes off again, in reverse order.
    static let mouseReportingOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// Turns mouse reporting off, leaves the alternate screen, shows the cursor and puts back
    /// the terminal's settings and the signal handlers as they were. Safe to call more than
    /// once.
    public func restore() {
        guard isRaw else { return }
        isRaw = false
        try? write(Self.mouseReportingOff + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        for (signal, action) in savedActions {
            var action = action
            sigaction(signal, &action, nil)
        }
        savedActions = [:]
    }

    /// Writes `text` to the terminal, all of it.
    ///
    /// - Throws: ``TerminalError/io(errno:)`` if the terminal went away.
    public func write(_ text: String) throws(TerminalError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .io(errno: errno)
            }
            offset += written
        }
    }

    /// The bytes typed, waiting at most `timeout` milliseconds; empty when none came or a
    /// signal interrupted the wait.
    ///
    /// - Throws: ``TerminalError/io(errno:)`` if the terminal went away.
    public func read(timeout: Int32) throws(TerminalError) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout)
        if ready < 0 {
            if errno == EINTR { return [] }
            throw .io(errno: errno)
        }
        guard ready > 0 else { return [] }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, descriptor.revents & Int16(POLLIN) == 0 {
            throw .io(errno: EIO)
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { systemRead($0.baseAddress!, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            throw .io(errno: errno)
        }
        if count == 0 { throw .io(errno: EIO) }   // end of input: the terminal closed
        return Array(buffer.prefix(count))
    }

    /// The signals that arrived since the last call.
    func takeSignals() -> Set<Int32> {
        let bits = pendingSignals.exchange(0, ordering: .acquiringAndReleasing)
        return Set([SIGINT, SIGTERM, SIGHUP, SIGWINCH].filter { bits & (1 << UInt32($0)) != 0 })
    }

    private func installSignalHandlers() {
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                pendingSignals.bitwiseOr(1 << UInt32(signal), ordering: .releasing)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0   // no SA_RESTART: the run loop's wait ends at once
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { savedActions[signal] = old }
        }
    }
}

/// `write(2)` to standard output (the device's own `write` hides the function's name there).
private func systemWrite(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}

/// `read(2)` from standard input.
private func systemRead(_ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(STDIN_FILENO, bytes, count)
}
