/// A cell position: column and row from the top left, from 0.
public struct Point: Equatable, Sendable {
    /// The column, from 0 at the left.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// A position.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// A size in cells.
public struct Size: Equatable, Sendable {
    /// How many columns wide.
    public var columns: Int
    /// How many rows high.
    public var rows: Int

    /// A size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
    /// The top left cell.
    public var origin: Point
    /// How many columns and rows it covers.
    public var size: Size

    /// A rectangle at `column`, `row`, `columns` wide and `rows` high.
    public init(column: Int, row: Int, columns: Int, rows: Int = 1) {
        origin = Point(column: column, row: row)
        size = Size(columns: columns, rows: rows)
    }

    /// An empty rectangle at the top left.
    public static let zero = Rect(column: 0, row: 0, columns: 0, rows: 0)

    /// Whether `point` is one of the rectangle's cells (an empty rectangle has none).
    ///
    /// - Parameter point: A cell.
    /// - Returns: Whether it lies inside.
    ///
    /// ```swift
    /// Rect(column: 2, row: 1, columns: 3).contains(Point(column: 4, row: 1))   // true
    /// ```
    public func contains(_ point: Point) -> Bool {
        point.column >= origin.column && point.column - origin.column < size.columns
            && point.row >= origin.row && point.row - origin.row < size.rows
    }
}
