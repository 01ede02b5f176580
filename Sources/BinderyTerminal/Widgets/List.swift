import Bindery

/// A scrolling list of rows, each shown by a reusable cell (a ``ListCell``): a list receiver
/// that updates row by row (`(lottery, \.history) ~> historyList`).
///
/// The list keeps a pool of cells, one per visible row at most, and never draws a row it has no
/// cell for: as it scrolls, the cells of the rows that stay in view keep their view models, and
/// the cells of the rows that left are given the rows that came in (their `viewModel` is
/// reassigned, which rebinds them). A change applied (``apply(_:)``) touches only the rows in
/// view that it moved or replaced, and costs O(log n) per step plus the rows in view (see
/// `ListViewState`): a one-step change about the same for a hundred rows as for a hundred
/// thousand, a change of k steps (a shuffle of k rows) O(k log n).
///
/// **Selection and scroll position.** A row can be selected: a click on it, or, with the focus,
/// Enter or Space (the top row in view; again to clear). With a row selected, ↑ and ↓ move the
/// selection, keeping it in view. The selected row is drawn with a `▶` in its first column on a
/// blue background. The selection and the top row in view stay on their items across rows
/// inserted above them, moved, or removed (see `ListViewState`): a person reading a row keeps
/// it while draws arrive. At the very top, new rows at the start come into view.
///
/// **A program's own keys and clicks.** ``rowKeyHandler`` sees each key first, with the selected
/// row (Space toggles a todo, Delete destroys it); ``rowClickHandler`` sees each left press on a
/// row first, with the screen cell (the point) under the pointer and how many presses in a row
/// (2: a double click).
///
/// With the focus and nothing selected, ↑ and ↓ scroll a row (at an end they move the focus,
/// as elsewhere); Page Up and Page Down scroll a page, Home and End to the ends; a mouse wheel
/// over it scrolls ``wheelStep`` rows, focused or not. Its last column is a scroll bar while
/// the rows do not all fit (drawn over what lies under it, such as a panel's border).
///
/// **Retention.** The list holds its rows and its cells strongly; a cell holds the row it shows.
/// A row that leaves the list goes as soon as no cell shows it. Bindery holds the list weakly,
/// and applies changes on the main actor when the chain was declared there (the list is
/// main-actor isolated, as every widget). A cell's bindings to a row end when the cell is given
/// another row or none; the chain ends when the list or its source goes.
///
/// ```swift
/// let historyList = List(placeholder: "no draws yet") { DrawCell() }
/// (lottery, \.history) ~> historyList
/// ```
@MainActor public final class List<Cell: ListCell>: FocusableWidget {
    /// The rows, top to bottom (a copy). A set is compared with the rows shown, by identity,
    /// and applied as a change: the selection and the scroll position stay on their rows.
    public var rows: [Cell.ViewModel] {
        get { state.elements }
        set { apply(ListChange(from: state.elements, to: newValue)) }
    }
    /// How many rows there are.
    public var rowCount: Int { state.count }
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

    /// The index of the selected row, if any. Setting it selects (nil clears; an index out of
    /// range is ignored) and scrolls the row into view.
    public var selectedRow: Int? {
        get { state.selection }
        set {
            state.selection = newValue
            if let row = state.selection { reveal(row) } else { update() }
        }
    }

    /// The selected row's view model, if any.
    public var selectedItem: Cell.ViewModel? { state.selection.map { state[$0] } }

    /// Given each key before the list handles it, with the selected row's index (nil if none);
    /// answers whether it used the key. By default it uses none.
    ///
    /// ```swift
    /// todoList.rowKeyHandler = { key, row in
    ///     guard key == .delete, let row else { return false }
    ///     app.remove(app.visible[row])
    ///     return true
    /// }
    /// ```
    public var rowKeyHandler: (_ key: Key, _ selectedRow: Int?) -> Bool = { _, _ in false }

    /// Given each left press on a row before the list handles it: the row's index, the point
    /// of the screen pressed, and how many presses there were in a row on that row (2 for a double click,
    /// presses less than ``doubleClickInterval`` apart); answers whether it used the press (an
    /// unused press selects the row, or clears the selection if it was selected).
    ///
    /// ```swift
    /// todoList.rowClickHandler = { row, position, presses in
    ///     guard presses == 2 else { return false }
    ///     app.beginEditing(app.visible[row])
    ///     return true
    /// }
    /// ```
    public var rowClickHandler: (_ row: Int, _ position: Point, _ presses: Int) -> Bool = { _, _, _ in false }
    /// The longest time between two presses on a row that make a double click.
    public var doubleClickInterval = Duration.milliseconds(400)
    /// The last left press on a row: which, when, and how many in a row.
    private var lastPress: (row: Int, at: ContinuousClock.Instant, presses: Int)?

    private var state = ListViewState<Cell.ViewModel>()
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
        if viewport.scroll(to: index) {
            state.top = viewport.offset
            update()
        }
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
        if rowKeyHandler(key, state.selection) { return true }
        switch key {
        case .enter, .character(" "):
            guard state.count > 0 else { return false }
            selectedRow = state.selection == nil ? viewport.offset : nil
            return true
        case .up, .down:
            guard let selected = state.selection else { break }
            let next = key == .up ? selected - 1 : selected + 1
            guard (0..<state.count).contains(next) else { return false }
            selectedRow = next
            return true
        default:
            break
        }
        guard let target = viewport.target(for: key) else { return false }
        scroll(to: target)
        return true
    }

    public func handle(_ event: MouseEvent) -> Bool {
        guard event.action == .press else { return false }
        switch event.button {
        case .wheelUp: scroll(by: -wheelStep)
        case .wheelDown: scroll(by: wheelStep)
        case .left:
            let row = viewport.offset + event.position.row - frame.origin.row
            guard viewport.visibleRows.contains(row), event.position.column < frame.origin.column + frame.size.columns - 1 else { return false }
            let now = ContinuousClock.now
            var presses = 1
            if let last = lastPress, last.row == row, now - last.at <= doubleClickInterval { presses = last.presses + 1 }
            lastPress = (row, now, presses)
            if rowClickHandler(row, event.position, presses) { return true }
            selectedRow = state.selection == row ? nil : row
        default: return false
        }
        return true
    }

    /// Scrolls as little as shows row `index`.
    private func reveal(_ index: Int) {
        let page = max(1, frame.size.rows)
        if index < viewport.offset {
            scroll(to: index)
        } else if index >= viewport.offset + page {
            scroll(to: index - page + 1)
        }
        update()
    }

    /// Shows the rows in view: makes the cells still missing, gives each visible row a cell
    /// (the one already showing it if any), lays the cells out and empties the rest. Touches
    /// the rows in view only.
    private func update() {
        let pageSize = max(0, frame.size.rows)
        viewport.resize(rowCount: state.count, pageSize: pageSize)
        viewport.scroll(to: state.top)
        state.top = viewport.offset
        if cells.count > pageSize {
            for cell in cells[pageSize...] { cell.viewModel = nil }
            cells.removeLast(cells.count - pageSize)
        }
        let wanted = state.elements(in: viewport.visibleRows)
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
        guard state.count > 0 else {
            canvas.draw(placeholder, at: frame.origin, style: Style(foreground: .brightBlack), width: frame.size.columns)
            return
        }
        let cellContext = DrawContext(isFocused: false, isBlinkPhase: context.isBlinkPhase)
        let selectedPlace = state.selection.map { $0 - viewport.offset }
        for (place, cell) in cells.prefix(viewport.visibleRows.count).enumerated() where cell.isVisible {
            let isSelected = place == selectedPlace
            if isSelected { canvas.fill(cell.frame, style: Self.selectedStyle) }
            cell.draw(in: &canvas, context: cellContext)
            if isSelected { canvas.draw("▶", at: cell.frame.origin, style: Style(foreground: .brightWhite, background: .blue, isBold: true)) }
        }
        guard let thumb = viewport.thumb else { return }
        let column = frame.origin.column + frame.size.columns - 1
        let style = Style(foreground: context.isFocused ? .brightGreen : .brightWhite, isBold: true)
        for row in thumb {
            canvas.draw("┃", at: Point(column: column, row: frame.origin.row + row), style: style)
        }
    }

    /// The background of the selected row.
    static var selectedStyle: Style { Style(background: .blue) }
}

extension List: @MainActor ListReceiver {
    /// Applies a change of the rows: only the rows in view that it moved or replaced get
    /// other view models; the selection and the top row stay on their rows. Costs O(k log n)
    /// for k steps, plus O(the rows in view).
    ///
    /// - Parameter change: The steps from the rows shown to the new ones.
    ///
    /// ```swift
    /// historyList.apply(.reset(to: lottery.history))
    /// ```
    public func apply(_ change: ListChange<Cell.ViewModel>) {
        state.apply(change)
        update()
    }
}
