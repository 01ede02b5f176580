/// One of the terminal's sixteen colours, or the terminal's own default.
public enum TerminalColor: Int, Sendable, CaseIterable {
    /// The terminal's default: for a background, whatever is already drawn there shows through.
    case `default` = -1
    /// The eight standard colours (SGR 30 to 37; 40 to 47 for a background).
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    /// Their bright variants (SGR 90 to 97; 100 to 107 for a background).
    case brightBlack = 8, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The SGR parameter that selects this colour for text.
    var foregroundCode: Int {
        switch rawValue {
        case -1: 39
        case 0..<8: 30 + rawValue
        default: 90 + rawValue - 8
        }
    }

    /// The SGR parameter that selects this colour for the background.
    var backgroundCode: Int { foregroundCode + 10 }
}

/// How a cell is drawn: colours and attributes.
public struct Style: Equatable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The background colour; `.default` lets the background already drawn show through.
    public var background: TerminalColor
    /// Bold text.
    public var isBold: Bool
    /// Foreground and background swapped.
    public var isReversed: Bool
    /// Underlined text.
    public var isUnderlined: Bool
    /// Faint text: a disabled control, a completed todo.
    public var isDim: Bool
    /// Text struck through.
    public var isStruckThrough: Bool

    /// A style.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        isBold: Bool = false, isReversed: Bool = false, isUnderlined: Bool = false,
        isDim: Bool = false, isStruckThrough: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isReversed = isReversed
        self.isUnderlined = isUnderlined
        self.isDim = isDim
        self.isStruckThrough = isStruckThrough
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// The escape sequence that selects this style from any other.
    var escapeSequence: String {
        var codes = ["0"]
        if isBold { codes.append("1") }
        if isDim { codes.append("2") }
        if isUnderlined { codes.append("4") }
        if isReversed { codes.append("7") }
        if isStruckThrough { codes.append("9") }
        if foreground != .default { codes.append(String(foreground.foregroundCode)) }
        if background != .default { codes.append(String(background.backgroundCode)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
