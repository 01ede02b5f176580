/// Which rows of a ``List`` are in view, and where a key or a wheel notch moves them: the
/// list's state as a plain value, deciding offsets that the list then shows.
struct ListViewport: Equatable {
    /// How many rows there are.
    private(set) var rowCount = 0
    /// How many rows fit in view.
    private(set) var pageSize = 0
    /// The first row in view, from 0 to ``maximumOffset``.
    private(set) var offset = 0

    /// The last offset at which the view is still full (0 when every row fits).
    var maximumOffset: Int { max(0, rowCount - pageSize) }

    /// The rows in view.
    var visibleRows: Range<Int> { offset..<min(rowCount, offset + pageSize) }

    /// Takes a new row count and page size, keeping the offset where it can.
    mutating func resize(rowCount: Int, pageSize: Int) {
        self.rowCount = max(0, rowCount)
        self.pageSize = max(0, pageSize)
        offset = min(offset, maximumOffset)
    }

    /// Moves the view to start at `target`, clamped to the rows; answers whether it moved.
    @discardableResult
    mutating func scroll(to target: Int) -> Bool {
        let clamped = min(max(target, 0), maximumOffset)
        guard clamped != offset else { return false }
        offset = clamped
        return true
    }

    /// Where `key` moves the view, or nil if it does not scroll: ↑ and ↓ by a row while there
    /// is one to go to (at an end they are left to the focus ring), Page Up and Page Down by a
    /// page, Home and End to the ends.
    func target(for key: Key) -> Int? {
        switch key {
        case .up: offset > 0 ? offset - 1 : nil
        case .down: offset < maximumOffset ? offset + 1 : nil
        case .pageUp: offset - max(1, pageSize)
        case .pageDown: offset + max(1, pageSize)
        case .home: 0
        case .end: maximumOffset
        default: nil
        }
    }

    /// The scroll bar's thumb, in rows from the top of a track `pageSize` rows high; nil when
    /// every row fits.
    var thumb: Range<Int>? {
        guard maximumOffset > 0, pageSize > 0 else { return nil }
        let length = max(1, min(pageSize - 1, (pageSize * pageSize + rowCount / 2) / rowCount))
        let room = pageSize - length
        let start = (offset * room + maximumOffset / 2) / maximumOffset
        return start..<start + length
    }

    /// Which cell shows each visible row: `shown` is the row each cell shows now (by
    /// identity, nil for none), `wanted` the rows in view, top to bottom. A cell that already
    /// shows a wanted row keeps it; the rows left over go to the cells left over, in order.
    /// Returns the cells' indices, the visible rows' cells first (top to bottom), then the
    /// cells that show nothing.
    static func reuse(shown: [ObjectIdentifier?], wanted: [ObjectIdentifier]) -> [Int] {
        var cellShowing: [ObjectIdentifier: Int] = [:]
        for (cell, row) in shown.enumerated() {
            if let row, cellShowing[row] == nil { cellShowing[row] = cell }
        }
        var placed = wanted.map { cellShowing.removeValue(forKey: $0) }
        let taken = Set(placed.compactMap { $0 })
        var free = shown.indices.filter { !taken.contains($0) }[...]
        for position in placed.indices where placed[position] == nil {
            placed[position] = free.popFirst()
        }
        return placed.compactMap { $0 } + free
    }
}
