#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A full-screen terminal program: widgets drawn in order, a focus ring that routes keys, and
/// a run loop that redraws only what changed.
///
/// The loop waits for keys (or the next blink tick), gives each key to ``keyHandler`` (the
/// program's own keys), then to the focused widget, then to the focus ring, then to
/// ``quitKeys``. A mouse report goes to the widget under the
/// pointer instead (see ``handle(_:)-(MouseEvent)``). After every batch of keys read at once, tick and resize it draws
/// the widgets into a fresh canvas and writes the cells that differ from the last frame. A
/// resize lays the widgets out again through ``layout`` and redraws the whole screen.
@MainActor public final class TerminalScreen {
    /// How the loop ended.
    public enum Stop: Equatable, Sendable {
        /// A quit key.
        case quit
        /// SIGINT, SIGTERM or SIGHUP. The terminal is already restored; call
        /// ``TerminalScreen/Stop/exitBySignal()`` to end the process as the signal would have.
        case signal(Int32)
    }

    /// The widgets, drawn in this order (later ones on top).
    public var widgets: [any Widget]
    /// The focusable widgets; Tab moves through them in drawn order.
    public let focus: FocusRing
    /// Keys that end the loop when no widget used them. Esc, Ctrl-C and Ctrl-D by default.
    public var quitKeys: [Key] = [.escape, .control("c"), .control("d")]
    /// The program's own keys: given every key before the focused widget (mouse reports
    /// excepted); answers whether it used the key. A key it used goes no further.
    ///
    /// ```swift
    /// screen.keyHandler = { key in
    ///     guard !(screen.focus.focused is TextField), key == .character("1") else { return false }
    ///     app.filter = .all
    ///     return true
    /// }
    /// ```
    public var keyHandler: (Key) -> Bool = { _ in false }
    /// Lays the widgets out for a screen of the given size; called before the first frame and
    /// after each resize.
    public var layout: (Size) -> Void
    /// Called a few times a second and after every key (before the next key is handled, and
    /// before drawing).
    public var onTick: () -> Void = {}
    /// The frame last written, to compare the next one with.
    private var shown: Canvas?
    private var isBlinkPhase = false
    /// The widget that took the last left press: it gets that press's drags and release.
    private var mouseTarget: (any FocusableWidget)?

    /// A screen with these widgets.
    ///
    /// - Parameters:
    ///   - widgets: Every widget, in drawing order (later ones on top).
    ///   - focus: The ones that can take the focus (Tab visits them in drawn order).
    ///   - focused: The one that has the focus first; the first of `focus` if nil.
    ///   - layout: Places the widgets for a screen size.
    public init(widgets: [any Widget], focus: [any FocusableWidget], focused: (any FocusableWidget)? = nil, layout: @escaping (Size) -> Void = { _ in }) {
        self.widgets = widgets
        self.focus = FocusRing(focus, focused: focused)
        self.layout = layout
    }

    /// Draws a frame of `size`: every visible widget in order, then the focus marker.
    public func render(size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        let focused = focus.focused
        for widget in widgets where widget.isVisible {
            let context = DrawContext(isFocused: widget === focused, isBlinkPhase: isBlinkPhase)
            widget.draw(in: &canvas, context: context)
        }
        focus.draw(in: &canvas)
        return canvas
    }

    /// Gives `key` to ``keyHandler``, then the focused widget, then the focus ring; answers
    /// whether it quits. A mouse report goes to ``handle(_:)-(MouseEvent)``.
    public func handle(_ key: Key) -> Bool {
        if case .mouse(let event) = key {
            handle(event)
            return false
        }
        if keyHandler(key) { return false }
        if let focused = focus.focused, focused.handle(key) { return false }
        if focus.handle(key) { return false }
        return quitKeys.contains(key)
    }

    /// Acts on a mouse report as a person means it: a left press focuses the widget under the
    /// pointer (if it can take the focus) and gives it the press; the drags and the release
    /// that follow go to that same widget, wherever the pointer goes, so that a slider follows
    /// a drag and a button is pressed only by a release on it. A wheel notch goes to the
    /// focusable widget under the pointer without moving the focus (a ``List`` scrolls). Other
    /// buttons, and presses on nothing focusable, do nothing.
    ///
    /// - Parameter event: The report.
    public func handle(_ event: MouseEvent) {
        if event.button == .wheelUp || event.button == .wheelDown {
            if let hit = widget(at: event.position) as? any FocusableWidget { _ = hit.handle(event) }
            return
        }
        guard event.button == .left else { return }
        switch event.action {
        case .press:
            mouseTarget = nil
            guard let hit = widget(at: event.position) as? any FocusableWidget,
                  focus.members.contains(where: { $0 === hit }) else { return }
            focus.focus(hit)
            mouseTarget = hit
            _ = hit.handle(event)
        case .drag:
            _ = mouseTarget?.handle(event)
        case .release:
            let target = mouseTarget
            mouseTarget = nil
            _ = target?.handle(event)
        }
    }

    /// The widget drawn at `point`: the topmost visible one whose frame holds it.
    ///
    /// - Parameter point: A cell.
    /// - Returns: The widget, or nil where none is drawn.
    public func widget(at point: Point) -> (any Widget)? {
        widgets.last { $0.isVisible && $0.frame.contains(point) }
    }

    /// Runs the loop on `device` until a quit key or a signal; the terminal is restored on
    /// every way out, a thrown error included.
    ///
    /// - Parameters:
    ///   - device: The terminal.
    ///   - blinkInterval: Milliseconds between blink phases.
    /// - Returns: Why it stopped.
    /// - Throws: ``TerminalError`` if the terminal cannot be set up, read or written.
    public func run(on device: TerminalDevice, blinkInterval: Int32 = 300) throws(TerminalError) -> Stop {
        defer { device.restore() }   // also when entering raw mode fails half-way
        try device.enterRawMode()
        focus.focused?.focusChanged(to: true)
        var decoder = KeyDecoder()
        var size = device.size
        layout(size)
        try draw(on: device, size: size)
        while true {
            let signals = device.takeSignals()
            if let stop = signals.first(where: { $0 != SIGWINCH }) { return .signal(stop) }
            if signals.contains(SIGWINCH) {
                size = device.size
                layout(size)
                shown = nil
            }
            let bytes = try device.read(timeout: blinkInterval)
            if bytes.isEmpty, signals.isEmpty { isBlinkPhase.toggle() }
            let keys = decoder.keys(from: bytes)
            for key in keys {
                if handle(key) { return .quit }
                onTick()   // after every key, as documented: before the next one is handled
            }
            if keys.isEmpty { onTick() }
            try draw(on: device, size: size)
        }
    }

    private func draw(on device: TerminalDevice, size: Size) throws(TerminalError) {
        let frame = render(size: size)
        var output = frame.changes(from: shown)
        if let cursor = focus.focused?.cursor, frame.contains(column: cursor.column, row: cursor.row) {
            output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        } else {
            output += "\u{1B}[?25l"
        }
        try device.write(output)
        shown = frame
    }
}

extension TerminalScreen.Stop {
    /// Ends the process as the signal that stopped the screen would have (the shell sees
    /// "terminated by SIGINT", status 130), now that the terminal is restored. Does nothing
    /// for ``quit``.
    public func exitBySignal() {
        guard case .signal(let number) = self else { return }
        resetAndRaise(number)
    }
}

/// Puts back the default action for `number` and raises it (outside the enum, whose `signal`
/// case hides the C function's name).
private func resetAndRaise(_ number: Int32) {
    signal(number, SIG_DFL)
    raise(number)
}
