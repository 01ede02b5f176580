/// A mouse report from the terminal: a button pressed, the pointer dragged with a button held,
/// or a button released, at a cell.
///
/// The terminal sends these while mouse reporting is on (``TerminalDevice`` turns it on in
/// ``TerminalDevice/enterRawMode()``); ``KeyDecoder`` decodes them from the SGR encoding
/// (`ESC [ < b ; x ; y M` for a press or a drag, `m` for a release) into ``Key/mouse(_:)``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.keys(from: Array("\u{1B}[<0;15;13M".utf8))
/// // [.mouse(MouseEvent(.press, .left, at: Point(column: 14, row: 12)))]
/// ```
public struct MouseEvent: Equatable, Sendable {
    /// What happened.
    public enum Action: Equatable, Sendable {
        /// A button went down (or a wheel turned one notch).
        case press
        /// The pointer moved while a button was held.
        case drag
        /// A button came up.
        case release
    }

    /// Which button.
    public enum Button: Equatable, Sendable {
        /// The left, middle and right buttons.
        case left, middle, right
        /// The wheel, one notch away from the person (up) or towards them (down).
        case wheelUp, wheelDown
    }

    /// What happened.
    public var action: Action
    /// Which button.
    public var button: Button
    /// The cell under the pointer, from 0 (the terminal counts from 1).
    public var position: Point

    /// A report of `action` with `button` at `position`.
    ///
    /// - Parameters:
    ///   - action: A press, a drag or a release.
    ///   - button: The button.
    ///   - position: The cell, from 0.
    public init(_ action: Action, _ button: Button, at position: Point) {
        self.action = action
        self.button = button
        self.position = position
    }

    /// The event an SGR report stands for, or nil for one that means nothing here (a motion
    /// with no button held, extra buttons, sideways wheels, a cell before the first).
    ///
    /// - Parameters:
    ///   - code: The report's first number: the button in its low two bits, 4, 8 and 16 for
    ///     Shift, Alt and Ctrl (ignored), 32 for a motion, 64 for the wheel.
    ///   - column: The column, from 1.
    ///   - row: The row, from 1.
    ///   - isRelease: Whether the report ended in `m`.
    init?(sgrCode code: Int, column: Int, row: Int, isRelease: Bool) {
        guard column >= 1, row >= 1, (0..<128).contains(code) else { return nil }
        let isMotion = code & 32 != 0, isWheel = code & 64 != 0
        guard !(isMotion && isWheel) else { return nil }
        switch (isWheel, code & 3) {
        case (false, 0): button = .left
        case (false, 1): button = .middle
        case (false, 2): button = .right
        case (true, 0): button = .wheelUp
        case (true, 1): button = .wheelDown
        default: return nil   // a motion with no button held, or a sideways wheel
        }
        if isRelease {
            guard !isWheel else { return nil }
            action = .release
        } else {
            action = isMotion ? .drag : .press
        }
        position = Point(column: column - 1, row: row - 1)
    }
}
