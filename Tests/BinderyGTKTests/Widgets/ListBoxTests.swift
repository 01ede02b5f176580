#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// The list box as a list receiver: each change touches only the places whose row it changed,
/// and the selection and the top row in view stay on their items, GTK's selected row on the
/// place that shows the selected one.
@Suite(.serialized) @MainActor struct ListBoxTests {
    /// A list box with `places` places, holding `rows`.
    private func makeList(places: Int = 4, rows: [Item] = []) -> ListBox<ItemCell> {
        let list = ListBox(visibleRows: places, placeholder: "empty") { ItemCell() }
        list.apply(.reset(to: rows))
        return list
    }

    /// The names the shown places show, top to bottom, read from GTK (`gtk_label_get_text`).
    private func shown(_ list: ListBox<ItemCell>) throws -> [String] {
        let box = OpaquePointer(try #require(list.rowsWidget))
        var names: [String] = []
        var index: Int32 = 0
        while let row = gtk_list_box_get_row_at_index(box, index) {
            index += 1
            guard gtk_widget_get_visible(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)) != 0 else { continue }
            let label = try #require(gtk_list_box_row_get_child(row))
            names.append(String(cString: gtk_label_get_text(OpaquePointer(label))))
        }
        return names
    }

    /// The place GTK shows selected, if any.
    private func selectedPlace(_ list: ListBox<ItemCell>) throws -> Int? {
        let box = OpaquePointer(try #require(list.rowsWidget))
        return gtk_list_box_get_selected_row(box).map { Int(gtk_list_box_row_get_index($0)) }
    }

    /// How many view models each cell was given so far.
    private func assignments(_ list: ListBox<ItemCell>) -> [Int] {
        list.cells.map(\.assignments)
    }

    @Test("A step gives other view models only to the places whose row it changed")
    func stepsTouchOnlyTheirPlaces() throws {
        try #require(Display.isOpen, Display.missing)
        var rows = items(0..<10)
        let list = makeList(rows: rows)
        #expect(try shown(list) == ["0", "1", "2", "3"])
        var before = assignments(list)
        #expect(before == [1, 1, 1, 1])

        let replacement = Item("two")
        rows[2] = replacement
        list.apply(ListChange(elements: rows, steps: [.update(replacement, at: 2)]))
        #expect(assignments(list) == [1, 1, 2, 1])
        #expect(try shown(list) == ["0", "1", "two", "3"])

        before = assignments(list)
        let below = Item("below")
        rows.insert(below, at: 8)
        list.apply(ListChange(elements: rows, steps: [.insert(below, at: 8)]))
        #expect(assignments(list) == before, "a row inserted out of view touches no place")
        #expect(list.rowCount == 11)

        rows.swapAt(1, 2)
        list.apply(ListChange(elements: rows, steps: [.move(from: 1, to: 2)]))
        #expect(assignments(list) == [before[0], before[1] + 1, before[2] + 1, before[3]])
        #expect(try shown(list) == ["0", "two", "1", "3"])

        before = assignments(list)
        rows.remove(at: 2)
        list.apply(ListChange(elements: rows, steps: [.remove(at: 2)]))
        #expect(assignments(list) == [before[0], before[1], before[2] + 1, before[3] + 1])
        #expect(try shown(list) == ["0", "two", "3", "4"])
        #expect(list.rows.map(\.name) == rows.map(\.name))
    }

    @Test("Scrolled down, a row inserted above keeps the top row and the selection on their items: no place changes")
    func insertAboveKeepsTopAndSelection() throws {
        try #require(Display.isOpen, Display.missing)
        var rows = items(0..<20)
        let list = makeList(rows: rows)
        list.scroll(to: 5)
        list.selectedRow = 7
        #expect(try selectedPlace(list) == 2)
        let before = assignments(list)

        let added = Item("new")
        rows.insert(added, at: 0)
        list.apply(ListChange(elements: rows, steps: [.insert(added, at: 0)]))
        #expect(list.offset == 6 && list.selectedRow == 8)
        #expect(list.selectedItem?.name == "7")
        #expect(try shown(list) == ["5", "6", "7", "8"])
        #expect(try selectedPlace(list) == 2)
        #expect(assignments(list) == before, "the rows in view did not change, so no place did")
        let adjustment = try #require(list.scrollbarWidget.map { gtk_scrollbar_get_adjustment(OpaquePointer($0)) })
        #expect(gtk_adjustment_get_value(adjustment) == 6, "the scroll bar follows the top row")
    }

    @Test("At the top, rows inserted at the start come into view; the selection stays on its item, one place down")
    func insertAtTheTopComesIntoView() throws {
        try #require(Display.isOpen, Display.missing)
        var rows = items(0..<10)
        let list = makeList(rows: rows)
        list.selectedRow = 1
        let added = Item("new")
        rows.insert(added, at: 0)
        list.apply(ListChange(elements: rows, steps: [.insert(added, at: 0)]))
        #expect(list.offset == 0)
        #expect(try shown(list) == ["new", "0", "1", "2"])
        #expect(list.selectedRow == 2 && list.selectedItem?.name == "1")
        #expect(try selectedPlace(list) == 2)
    }

    @Test("Moves and removals of other rows keep the selection and the top row on their items")
    func movesAndRemovalsOfOthers() throws {
        try #require(Display.isOpen, Display.missing)
        var rows = items(0..<20)
        let list = makeList(rows: rows)
        list.scroll(to: 5)
        list.selectedRow = 6
        let top = rows[5], selected = rows[6]

        rows.insert(rows.remove(at: 15), at: 0)                    // from below the view to the top
        list.apply(ListChange(elements: rows, steps: [.move(from: 15, to: 0)]))
        #expect(list.rows[list.offset] === top && list.selectedItem === selected)
        #expect(try shown(list) == ["5", "6", "7", "8"])
        #expect(try selectedPlace(list) == 1)

        rows.remove(at: 0)                                         // another row, above the view
        list.apply(ListChange(elements: rows, steps: [.remove(at: 0)]))
        #expect(list.offset == 5 && list.selectedRow == 6)
        #expect(list.rows[list.offset] === top && list.selectedItem === selected)

        rows.remove(at: 7)                                         // another row, in view below the selection
        list.apply(ListChange(elements: rows, steps: [.remove(at: 7)]))
        #expect(try shown(list) == ["5", "6", "8", "9"])
        #expect(list.selectedItem === selected)
        #expect(try selectedPlace(list) == 1)

        rows.insert(rows.remove(at: 6), at: 12)                    // the selected row itself moves out of view
        list.apply(ListChange(elements: rows, steps: [.move(from: 6, to: 12)]))
        #expect(list.selectedItem === selected && list.selectedRow == 12)
        #expect(try selectedPlace(list) == nil, "no place is selected while the selected row is out of view")
        list.scroll(to: 10)
        #expect(try selectedPlace(list) == 2)
    }

    @Test("The selection is cleared when its row is removed, and the row is released")
    func selectionClearedWithItsRow() throws {
        try #require(Display.isOpen, Display.missing)
        let list = makeList()
        weak var gone: Item?
        do {
            var rows = items(0..<6)
            gone = rows[2]
            list.apply(.reset(to: rows))
            list.selectedRow = 2
            #expect(try selectedPlace(list) == 2)
            rows.remove(at: 2)
            list.apply(ListChange(elements: rows, steps: [.remove(at: 2)]))
        }
        #expect(list.selectedRow == nil && list.selectedItem == nil)
        #expect(try selectedPlace(list) == nil)
        #expect(gone == nil, "neither a cell nor the selection keeps a removed row")
        #expect(try shown(list) == ["0", "1", "3", "4"])
    }

    @Test("A set of rows is applied as a change by identity: the selection and the top row stay on their items")
    func settingRowsKeepsTheSelection() throws {
        try #require(Display.isOpen, Display.missing)
        let rows = items(0..<12)
        let list = makeList()
        list.rows = rows
        list.scroll(to: 3)
        list.selectedRow = 4
        let before = assignments(list)
        list.rows = [Item("a"), Item("b")] + rows
        #expect(list.offset == 5 && list.selectedRow == 6 && list.selectedItem === rows[4])
        #expect(assignments(list) == before)
        list.rows = Array(list.rows.reversed())
        #expect(list.selectedItem === rows[4])
        #expect(try selectedPlace(list) == list.selectedRow.flatMap { list.visibleRows.contains($0) ? $0 - list.offset : nil })
        list.rows = list.rows.filter { $0 !== rows[4] }
        #expect(list.selectedRow == nil)
        #expect(try selectedPlace(list) == nil)
    }

    @Test("Bound with ~>, the list box gets the model's list and each change row by row")
    func boundAsAListReceiver() throws {
        try #require(Display.isOpen, Display.missing)
        let shelf = Shelf()
        shelf.items = items(0..<8)
        let list = makeList()
        (shelf, \.items) ~> list
        #expect(try shown(list) == ["0", "1", "2", "3"])
        list.selectedRow = 2
        let before = assignments(list)
        shelf.items.insert(Item("new"), at: 0)
        #expect(try shown(list) == ["new", "0", "1", "2"])
        #expect(assignments(list) == before.map { $0 + 1 }, "each place shows the row above it now")
        #expect(list.selectedItem?.name == "2")
        #expect(try selectedPlace(list) == 3)
        shelf.items.removeLast()
        #expect(assignments(list) == before.map { $0 + 1 }, "a removal out of view touches no place")
        #expect(list.rows.map(\.name) == shelf.items.map(\.name))
    }

    @Test("A bound list box nobody keeps deinitialises with its rows; its chain ends at the next change")
    func boundListBoxIsReleased() throws {
        try #require(Display.isOpen, Display.missing)
        let shelf = Shelf()
        weak var gone: ListBox<ItemCell>?
        weak var shownRow: Item?
        do {
            let list = makeList()
            gone = list
            (shelf, \.items) ~> list
            shelf.items = items(0..<3)
            shownRow = list.cells.first?.viewModel
            #expect(Bind.isBound(shelf, \.items))
        }
        #expect(gone == nil, "the chain holds the list box weakly")
        shelf.items = []
        #expect(shownRow == nil, "no cell of the list box that went keeps a row")
        #expect(!Bind.isBound(shelf, \.items), "the chain ends at its first change once the list box is gone")
    }

    @Test("A row selected through GTK (a person's click) is the list box's selection")
    func selectingThroughGTK() throws {
        try #require(Display.isOpen, Display.missing)
        let list = makeList(rows: items(0..<10))
        list.scroll(to: 3)
        let box = OpaquePointer(try #require(list.rowsWidget))
        gtk_list_box_select_row(box, gtk_list_box_get_row_at_index(box, 1))
        #expect(list.selectedRow == 4 && list.selectedItem?.name == "4")
        gtk_list_box_unselect_all(box)
        #expect(list.selectedRow == nil)
    }

    @Test("Setting selectedRow scrolls as little as shows the row")
    func selectingScrollsIntoView() throws {
        try #require(Display.isOpen, Display.missing)
        let list = makeList(rows: items(0..<20))
        list.selectedRow = 9
        #expect(list.offset == 6)
        #expect(try selectedPlace(list) == 3)
        list.selectedRow = 2
        #expect(list.offset == 2)
        #expect(try selectedPlace(list) == 0)
        list.selectedRow = 40
        #expect(list.selectedRow == 2, "an index out of range is ignored")
        list.selectedRow = nil
        #expect(try selectedPlace(list) == nil)
    }
}
#endif
