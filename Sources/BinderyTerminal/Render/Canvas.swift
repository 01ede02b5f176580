/// A grid of cells that widgets draw into; the screen compares it with what the terminal shows
/// and writes only the cells that differ.
public struct Canvas: Equatable, Sendable {
    /// One cell: the character drawn there and its style. The second cell of a wide character
    /// holds an empty string.
    public struct Cell: Equatable, Sendable {
        /// The character drawn there, as a string (a character and its combining marks); empty
        /// for the second cell of a wide character.
        public var text: String
        /// How it is drawn.
        public var style: Style

        /// A blank cell.
        public static let blank = Cell(text: " ", style: .plain)
    }

    /// The grid's size.
    public let size: Size
    private var cells: [Cell]

    /// A blank canvas.
    public init(size: Size) {
        self.size = Size(columns: max(0, size.columns), rows: max(0, size.rows))
        cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
    }

    /// The cell at `column`, `row`.
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * size.columns + column]
    }

    /// Whether `column`, `row` is on the canvas.
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < size.columns && row < size.rows
    }

    /// Row `row` as plain text, wide characters once (what a person reads there).
    public func text(ofRow row: Int) -> String {
        (0..<size.columns).map { self[$0, row].text }.joined()
    }

    /// Fills `rect` with `style`'s background (blanking it).
    public mutating func fill(_ rect: Rect, style: Style) {
        for row in rect.origin.row..<rect.origin.row + rect.size.rows {
            for column in rect.origin.column..<rect.origin.column + rect.size.columns where contains(column: column, row: row) {
                cells[row * size.columns + column] = Cell(text: " ", style: style)
            }
        }
    }

    /// Draws `text` from `point` on one line, clipped to `width` columns (to the canvas if
    /// nil). A `.default` background keeps the background already drawn. Returns the columns
    /// used.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, at point: Point, style: Style, width: Int? = nil) -> Int {
        let limit = min(width ?? Int.max, size.columns - point.column)
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            guard columns > 0 else { continue }
            guard used + columns <= limit else { break }
            put(String(character), at: Point(column: point.column + used, row: point.row), style: style)
            if columns == 2 { put("", at: Point(column: point.column + used + 1, row: point.row), style: style) }
            used += columns
        }
        return used
    }

    private mutating func put(_ text: String, at point: Point, style: Style) {
        guard contains(column: point.column, row: point.row) else { return }
        let index = point.row * size.columns + point.column
        var style = style
        if style.background == .default { style.background = cells[index].style.background }
        // Overwriting half of a wide character blanks its other half.
        if cells[index].text.isEmpty, point.column > 0 {
            cells[index - 1].text = " "
        } else if index + 1 < cells.count, point.column + 1 < size.columns, cells[index + 1].text.isEmpty, !text.isEmpty {
            cells[index + 1].text = " "
        }
        cells[index] = Cell(text: text, style: style)
    }

    /// The escape sequences that turn a terminal showing `old` into this canvas: only the
    /// cells that differ are written. With no `old` (or one of another size), the screen is
    /// cleared and everything is written.
    public func changes(from old: Canvas?) -> String {
        var output = ""
        let full = old?.size != size
        if full { output += "\u{1B}[0m\u{1B}[2J" }
        var current: Style?
        for row in 0..<size.rows {
            var cursorColumn: Int?
            for column in 0..<size.columns {
                let cell = self[column, row]
                if !full, let old, old[column, row] == cell { continue }
                if cell.text.isEmpty { continue }   // drawn with its wide character
                if cursorColumn != column { output += "\u{1B}[\(row + 1);\(column + 1)H" }
                if current != cell.style {
                    output += cell.style.escapeSequence
                    current = cell.style
                }
                output += cell.text
                cursorColumn = column + max(1, DisplayWidth.of(Character(cell.text)))
            }
        }
        if current != nil { output += "\u{1B}[0m" }
        return output
    }
}
