import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// The list: a pool of reused cells, never more than the rows in view, given the rows that
/// scroll into view.
@MainActor @Suite struct ListTests {
    /// A list of `rows` visible rows at the top left, 12 columns wide.
    private func makeList(rows: Int, made: (() -> Void)? = nil) -> List<RowCell> {
        List(frame: Rect(column: 0, row: 0, columns: 12, rows: rows), placeholder: "empty") {
            made?()
            return RowCell()
        }
    }

    /// The code each cell in view shows, top to bottom, read from the canvas.
    private func shown(_ list: List<RowCell>) -> [String] {
        var canvas = Canvas(size: Size(columns: 12, rows: list.frame.size.rows))
        list.draw(in: &canvas, context: DrawContext())
        return (0..<canvas.size.rows).map { row in
            String(String(canvas.text(ofRow: row).prefix(11).reversed().drop(while: { $0 == " " })).reversed())
        }
    }

    @Test("Scrolling gives the cells the rows that come into view; the drawn rows follow")
    func scrollingReassigns() {
        let list = makeList(rows: 4)
        let rows = drawRows(0..<10)
        list.rows = rows
        #expect(shown(list) == ["c0", "c1", "c2", "c3"])
        list.scroll(by: 3)
        #expect(list.offset == 3)
        #expect(list.cells.prefix(4).map { $0.viewModel?.sn } == [3, 4, 5, 6])
        #expect(shown(list) == ["c3", "c4", "c5", "c6"])
        list.scroll(to: 100)
        #expect(shown(list) == ["c6", "c7", "c8", "c9"])
        list.scroll(by: -100)
        #expect(shown(list) == ["c0", "c1", "c2", "c3"])
    }

    @Test("A row that stays in view keeps its cell: scrolling one row rebinds one cell")
    func minimalRebinding() {
        let list = makeList(rows: 5)
        list.rows = drawRows(0..<20)
        let before = list.cells.reduce(0) { $0 + $1.rebinds }
        let staying = list.cells[1]
        list.scroll(by: 1)
        #expect(list.cells.reduce(0) { $0 + $1.rebinds } == before + 1)
        #expect(list.cells[0] === staying && staying.viewModel?.sn == 1)
        // A row added at the top moves the others down: one cell is rebound, for the new row.
        let added = DrawRow(sn: -1, code: "new", isWin: false)
        list.scroll(to: 0)
        let rebinds = list.cells.reduce(0) { $0 + $1.rebinds }
        list.rows = [added] + list.rows
        #expect(list.cells.reduce(0) { $0 + $1.rebinds } == rebinds + 1)
        #expect(shown(list) == ["new", "c0", "c1", "c2", "c3"])
    }

    @Test("The list makes no more cells than it has rows in view, however many rows and scrolls")
    func poolNeverExceedsView() {
        var made = 0
        let list = makeList(rows: 6) { made += 1 }
        list.rows = drawRows(0..<3)
        #expect(list.cells.count == 3 && made == 3)
        list.rows = drawRows(0..<1_000)
        for step in [1, 5, 7, 100, -3, 600, -1_000, 999] {
            list.scroll(by: step)
            #expect(list.cells.count <= 6)
        }
        #expect(made == 6)
        list.frame = Rect(column: 0, row: 0, columns: 12, rows: 2)
        #expect(list.cells.count == 2)
        #expect(shown(list).count == 2)
    }

    @Test("A row the list dropped is released: by a new set of rows, by scrolling away from it, and with the list")
    func droppedRowsAreReleased() {
        let list = makeList(rows: 3)
        weak var replaced: DrawRow?
        do {
            let rows = drawRows(0..<3)
            replaced = rows[0]
            list.rows = rows
        }
        #expect(replaced != nil)
        list.rows = drawRows(10..<20)
        #expect(replaced == nil)

        // As the history drops its oldest draw while the list shows it at the bottom.
        weak var oldest: DrawRow?
        do {
            let rows = drawRows(0..<8)
            oldest = rows[7]
            list.rows = rows
            list.scroll(to: .max)
            #expect(list.cells[2].viewModel === oldest)
            list.rows = [DrawRow(sn: -1, code: "new", isWin: false)] + rows.dropLast()
        }
        #expect(oldest == nil)
        #expect(shown(list) == ["c4", "c5", "c6"])   // the same offset, over the new rows

        weak var lastShown: DrawRow?
        weak var goneList: List<RowCell>?
        weak var goneCell: RowCell?
        do {
            let other = makeList(rows: 2)
            let rows = drawRows(0..<2)
            lastShown = rows[1]
            other.rows = rows
            goneList = other
            goneCell = other.cells.first
        }
        #expect(goneList == nil && goneCell == nil && lastShown == nil)
    }

    @Test("A cell's bindings follow its row while it shows it, and stop when it shows another")
    func cellsFollowTheirRows() {
        let list = makeList(rows: 2)
        let rows = drawRows(0..<5)
        list.rows = rows
        rows[1].code = "changed"
        #expect(shown(list) == ["c0", "changed"])
        list.scroll(by: 2)
        rows[1].code = "out of view"
        #expect(shown(list) == ["c2", "c3"])
        #expect(!Bind.isBound(rows[1]))
    }

    @Test("With the focus, ↑↓ scroll a row (at an end they are left to the focus ring), Page Up/Down a page, Home/End to the ends")
    func keys() {
        let list = makeList(rows: 4)
        #expect(!list.handle(.down) && !list.handle(.up))    // nothing to scroll
        list.rows = drawRows(0..<10)
        #expect(!list.handle(.up))
        #expect(list.handle(.down) && list.offset == 1)
        #expect(list.handle(.pageDown) && list.offset == 5)
        #expect(list.handle(.pageDown) && list.offset == 6)   // the last page
        #expect(!list.handle(.down))
        #expect(list.handle(.pageUp) && list.offset == 2)
        #expect(list.handle(.home) && list.offset == 0)
        #expect(list.handle(.end) && list.offset == 6)
        #expect(!list.handle(.character("j")) && !list.handle(.left))
    }

    @Test("A wheel notch scrolls wheelStep rows; a click selects the row under it, again clears it")
    func wheel() {
        let list = makeList(rows: 4)
        list.rows = drawRows(0..<10)
        #expect(list.handle(MouseEvent(.press, .wheelDown, at: Point(column: 1, row: 1))))
        #expect(list.offset == 3)
        list.wheelStep = 1
        #expect(list.handle(MouseEvent(.press, .wheelUp, at: Point(column: 1, row: 1))))
        #expect(list.offset == 2)
        #expect(list.handle(MouseEvent(.press, .left, at: Point(column: 1, row: 1))))
        #expect(list.offset == 2 && list.selectedRow == 3 && list.selectedItem?.sn == 3)
        #expect(list.handle(MouseEvent(.press, .left, at: Point(column: 1, row: 1))))
        #expect(list.selectedRow == nil)
        #expect(!list.handle(MouseEvent(.press, .left, at: Point(column: 11, row: 1))))   // the scroll bar's column
    }

    @Test("Rule 14: a bound list applies each change row by row: a draw at the top rebinds one cell, and the rows follow the model")
    func rowByRow() {
        let lottery = Lottery()
        let list = makeList(rows: 4)
        (lottery, \.history) ~> list
        for _ in 0..<6 { lottery.spin() }
        #expect(list.rows.map(\.sn) == lottery.history.map(\.sn))
        let rebinds = list.cells.reduce(0) { $0 + $1.rebinds }
        lottery.spin()
        #expect(list.cells.reduce(0) { $0 + $1.rebinds } == rebinds + 1)
        #expect(shown(list).first == lottery.history[0].code)
        #expect(list.rows.map(\.sn) == lottery.history.map(\.sn))
    }

    @Test("The selection and the top row stay on their rows while rows arrive above, move and go")
    func selectionStays() {
        let list = makeList(rows: 4)
        let rows = drawRows(0..<10)
        list.rows = rows
        list.scroll(to: 3)
        list.selectedRow = 4
        let added = DrawRow(sn: 99, code: "new", isWin: false)
        list.apply(ListChange(elements: [added] + rows, steps: [.insert(added, at: 0)]))
        #expect(list.selectedItem === rows[4] && list.selectedRow == 5)
        #expect(list.offset == 4 && shown(list).first == "c3")
        list.rows = Array(list.rows.reversed())                   // moves: the selection follows its row
        #expect(list.selectedItem === rows[4])
        list.rows = list.rows.filter { $0 !== rows[7] }           // another row goes
        #expect(list.selectedItem === rows[4])
        list.rows = list.rows.filter { $0 !== rows[4] }           // the selected row goes
        #expect(list.selectedRow == nil)
    }

    @Test("Enter or Space selects the top row in view (again clears); with a row selected ↑↓ move it, in view")
    func selectionKeys() {
        let list = makeList(rows: 3)
        #expect(!list.handle(.enter))                          // nothing to select
        list.rows = drawRows(0..<6)
        #expect(list.handle(.character(" ")) && list.selectedRow == 0)
        #expect(!list.handle(.up))                             // the first row: left to the focus ring
        for _ in 0..<4 { #expect(list.handle(.down)) }
        #expect(list.selectedRow == 4 && list.visibleRows.contains(4))
        #expect(list.handle(.down) && list.selectedRow == 5 && !list.handle(.down))
        #expect(list.handle(.enter) && list.selectedRow == nil)
        var canvas = Canvas(size: Size(columns: 12, rows: 3))
        list.selectedRow = list.offset
        list.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0).hasPrefix("▶"))
        #expect(canvas[1, 0].style.background == .blue && canvas[1, 1].style.background != .blue)
    }

    @Test("Fewer rows clamp the scroll position; no rows show the placeholder")
    func shrinking() {
        let list = makeList(rows: 4)
        list.rows = drawRows(0..<10)
        list.scroll(to: 6)
        list.rows = drawRows(0..<5)
        #expect(list.offset == 1)
        #expect(shown(list) == ["c1", "c2", "c3", "c4"])
        list.rows = []
        #expect(list.cells.allSatisfy { $0.viewModel == nil })
        #expect(shown(list) == ["empty", "", "", ""])
    }

    @Test("The scroll bar's thumb stands at the top, then at the bottom, in the last column")
    func scrollBar() {
        let list = makeList(rows: 4)
        list.rows = drawRows(0..<4)
        var canvas = Canvas(size: Size(columns: 12, rows: 4))
        list.draw(in: &canvas, context: DrawContext())
        #expect((0..<4).allSatisfy { canvas[11, $0].text == " " })      // everything fits: no bar
        list.rows = drawRows(0..<16)
        func bar() -> String {
            var canvas = Canvas(size: Size(columns: 12, rows: 4))
            list.draw(in: &canvas, context: DrawContext())
            return (0..<4).map { canvas[11, $0].text == "┃" ? "┃" : "·" }.joined()
        }
        #expect(bar() == "┃···")
        list.scroll(to: 12)
        #expect(bar() == "···┃")
    }

    @Test("The row key handler sees each key first, with the selected row; the row click handler each press, with the presses in a row")
    func rowHandlers() {
        let list = List(frame: Rect(column: 0, row: 0, columns: 12, rows: 4)) { RowCell() }
        list.rows = drawRows(0..<10)
        var keys: [(Key, Int?)] = []
        list.rowKeyHandler = { key, row in
            keys.append((key, row))
            return key == .delete
        }
        #expect(list.handle(.delete))
        list.selectedRow = 2
        #expect(list.handle(.delete) && list.selectedRow == 2)
        #expect(list.handle(.down) && list.selectedRow == 3)      // not used by the handler: the list's own
        #expect(keys.map(\.1) == [nil, 2, 2])
        var clicks: [(row: Int, column: Int, presses: Int)] = []
        list.rowClickHandler = { row, position, presses in
            clicks.append((row, position.column, presses))
            return presses == 2
        }
        list.doubleClickInterval = .seconds(60)
        _ = list.handle(MouseEvent(.press, .left, at: Point(column: 3, row: 1)))
        #expect(list.selectedRow == 1)                           // a single press: the list selects
        _ = list.handle(MouseEvent(.press, .left, at: Point(column: 3, row: 1)))
        #expect(list.selectedRow == 1)                           // the double click was the handler's
        _ = list.handle(MouseEvent(.press, .left, at: Point(column: 5, row: 2)))
        #expect(clicks.map(\.row) == [1, 1, 2] && clicks.map(\.presses) == [1, 2, 1] && clicks.last?.column == 5)
        list.doubleClickInterval = .zero
        _ = list.handle(MouseEvent(.press, .left, at: Point(column: 5, row: 2)))
        #expect(clicks.last?.presses == 1)                       // too far apart: not a double click
    }
}

