/// A coloured rectangle with an optional border and title, drawn under the widgets placed on
/// it (their `.default` background lets its colour show through).
@MainActor public final class Panel: Widget {
    /// The fill colour: a receiver (`.out(panel, \.background, convert: …)`).
    public var background: TerminalColor
    /// The border's colour; nil draws no border.
    public var border: TerminalColor?
    /// A title in the top border.
    public var title: String?
    public var frame: Rect
    public var isVisible = true

    /// A panel at `frame`.
    public init(frame: Rect = .zero, background: TerminalColor = .default, border: TerminalColor? = nil, title: String? = nil) {
        self.frame = frame
        self.background = background
        self.border = border
        self.title = title
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        let fill = Style(background: background)
        canvas.fill(frame, style: fill)
        guard let border, frame.size.columns >= 2, frame.size.rows >= 2 else { return }
        let line = Style(foreground: border, background: background)
        let left = frame.origin.column, right = left + frame.size.columns - 1
        let top = frame.origin.row, bottom = top + frame.size.rows - 1
        let horizontal = String(repeating: "─", count: frame.size.columns - 2)
        canvas.draw("┌" + horizontal + "┐", at: Point(column: left, row: top), style: line)
        canvas.draw("└" + horizontal + "┘", at: Point(column: left, row: bottom), style: line)
        for row in top + 1..<bottom {
            canvas.draw("│", at: Point(column: left, row: row), style: line)
            canvas.draw("│", at: Point(column: right, row: row), style: line)
        }
        if let title {
            canvas.draw(" \(title) ", at: Point(column: left + 2, row: top), style: Style(foreground: border, background: background, isBold: true), width: frame.size.columns - 4)
        }
    }
}
