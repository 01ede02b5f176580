import Bindery

/// A scrolling list of rows, each shown by a reusable cell (a ``ListCell``): a receiver for a
/// chain of view models (`(lottery, \.history) ~> (historyList, \.rows)`).
///
/// The list keeps a pool of cells, one per visible row at most, and never draws a row it has no
/// cell for: as it scrolls, the cells of the rows that stay in view keep their view models, and
/// the cells of the rows that left are given the rows that came in (their `viewModel` is
/// reassigned, which rebinds them). A new set of ``rows`` is shown the same way, so a row
/// added at the top moves the others down a line and rebinds one cell.
///
/// With the focus, ↑ and ↓ scroll a row (at an end they move the focus, as elsewhere), Page Up
/// and Page Down a page, Home and End to the ends; a mouse wheel over it scrolls
/// ``wheelStep`` rows, focused or not. Its last column is a scroll bar while the rows do not
/// all fit (drawn over what lies under it, such as a panel's border).
///
/// **Retention.** The list holds its rows (the array) and its cells strongly; a cell holds the
/// row it shows. A row that leaves ``rows`` goes as soon as no cell shows it. Bindery holds the
/// list weakly, and writes ``rows`` on the main actor when the chain was declared there (the
/// list is main-actor isolated, as every widget). A cell's bindings to a row end when the cell
/// is given another row or none; the chain to ``rows`` ends when the list or its source goes.
///
/// ```swift
/// let historyList = List(placeholder: "no draws yet") { DrawCell() }
/// (lottery, \.history) ~> (historyList, \.rows)
/// ```
@MainActor public final class List<Cell: ListCell>: FocusableWidget {
    /// The rows, top to bottom. A set shows them at once, keeping the scroll position where it
    /// can (clamped to the new rows).
    public var rows: [Cell.ViewModel] = [] {
        didSet { update() }
    }
    /// Shown, dimmed, while there are no rows.
    public var placeholder: String
    /// How many rows a wheel notch scrolls.
    public var wheelStep = 3
    /// Where the list is drawn: a row per cell, the last column for the scroll bar. A new frame
    /// lays the cells out again (a shorter one drops the cells it no longer shows).
    public var frame: Rect {
        didSet { update() }
    }
    public var isVisible = true
    /// The cells, the visible rows' first (top to bottom), then those showing nothing; never
    /// more than the rows in view.
    public private(set) var cells: [Cell] = []

    private var viewport = ListViewport()
    private let makeCell: @MainActor () -> Cell

    /// An empty list at `frame`, whose cells `makeCell` makes.
    ///
    /// - Parameters:
    ///   - frame: Where it is drawn; its rows are the most cells it makes.
    ///   - placeholder: Shown while there are no rows.
    ///   - makeCell: Makes a cell when the list needs one more; held by the list.
    ///
    /// ```swift
    /// let list = List(frame: Rect(column: 0, row: 2, columns: 20, rows: 8)) { DrawCell() }
    /// ```
    public init(frame: Rect = .zero, placeholder: String = "", makeCell: @escaping @MainActor () -> Cell) {
        self.frame = frame
        self.placeholder = placeholder
        self.makeCell = makeCell
        update()
    }

    /// The index in ``rows`` of the top row in view.
    public var offset: Int { viewport.offset }

    /// The rows in view, as indices in ``rows``.
    public var visibleRows: Range<Int> { viewport.visibleRows }

    /// Scrolls so that row `index` is the top one in view, or as near as the rows allow.
    ///
    /// - Parameter index: A row's index in ``rows``.
    ///
    /// ```swift
    /// list.scroll(to: 0)   // back to the top
    /// ```
    public func scroll(to index: Int) {
        if viewport.scroll(to: index) { update() }
    }

    /// Scrolls `count` rows down (up if negative), as far as the rows allow.
    ///
    /// - Parameter count: Rows to scroll.
    ///
    /// ```swift
    /// list.scroll(by: -3)
    /// ```
    public func scroll(by count: Int) {
        scroll(to: viewport.offset + count)
    }

    public func handle(_ key: Key) -> Bool {
        guard let target = viewport.target(for: key) else { return false }
        scroll(to: target)
        return true
    }

    public func handle(_ event: MouseEvent) -> Bool {
        guard event.action == .press else { return false }
        switch event.button {
        case .wheelUp: scroll(by: -wheelStep)
        case .wheelDown: scroll(by: wheelStep)
        default: return false
        }
        return true
    }

    /// Shows the rows in view: makes the cells still missing, gives each visible row a cell
    /// (the one already showing it if any), lays the cells out and empties the rest.
    private func update() {
        let pageSize = max(0, frame.size.rows)
        viewport.resize(rowCount: rows.count, pageSize: pageSize)
        if cells.count > pageSize {
            for cell in cells[pageSize...] { cell.viewModel = nil }
            cells.removeLast(cells.count - pageSize)
        }
        let wanted = rows[viewport.visibleRows]
        while cells.count < wanted.count { cells.append(makeCell()) }
        let order = ListViewport.reuse(
            shown: cells.map { $0.viewModel.map(ObjectIdentifier.init) },
            wanted: wanted.map(ObjectIdentifier.init))
        cells = order.map { cells[$0] }
        for (position, row) in wanted.enumerated() {
            let cell = cells[position]
            cell.frame = Rect(column: frame.origin.column, row: frame.origin.row + position, columns: max(0, frame.size.columns - 1))
            if cell.viewModel !== row { cell.viewModel = row }
        }
        for cell in cells[wanted.count...] where cell.viewModel != nil { cell.viewModel = nil }
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        guard !rows.isEmpty else {
            canvas.draw(placeholder, at: frame.origin, style: Style(foreground: .brightBlack), width: frame.size.columns)
            return
        }
        let cellContext = DrawContext(isFocused: false, isBlinkPhase: context.isBlinkPhase)
        for cell in cells.prefix(viewport.visibleRows.count) where cell.isVisible {
            cell.draw(in: &canvas, context: cellContext)
        }
        guard let thumb = viewport.thumb else { return }
        let column = frame.origin.column + frame.size.columns - 1
        let style = Style(foreground: context.isFocused ? .brightGreen : .brightWhite, isBold: true)
        for row in thumb {
            canvas.draw("┃", at: Point(column: column, row: frame.origin.row + row), style: style)
        }
    }
}
