import Testing
@testable import BinderyTerminal

/// The list's state: offsets clamped to the rows, and which cell shows which row.
@Suite struct ListViewportTests {
    @Test("The offset stays between 0 and the last full page, through resizes and scrolls", arguments: [
        (0, 5), (3, 5), (5, 5), (6, 5), (50, 13), (1_000, 1), (7, 0),
    ])
    func clamping(_ rowCount: Int, _ pageSize: Int) {
        var viewport = ListViewport()
        viewport.resize(rowCount: rowCount, pageSize: pageSize)
        for target in [-5, 0, 1, 3, rowCount, rowCount * 2, Int.max / 2] {
            viewport.scroll(to: target)
            #expect((0...viewport.maximumOffset).contains(viewport.offset))
            #expect(viewport.visibleRows.count == min(pageSize, rowCount))
        }
        viewport.resize(rowCount: rowCount / 2, pageSize: pageSize)
        #expect((0...viewport.maximumOffset).contains(viewport.offset))
    }

    @Test("A cell that shows a wanted row keeps it; the others take the rows left over, in order")
    func reuse() {
        let rows = (0..<6).map { _ in Marker() }
        let id = rows.map(ObjectIdentifier.init)
        // Cells 0...3 show rows 0...3; the view moves down by one row.
        #expect(ListViewport.reuse(shown: [id[0], id[1], id[2], id[3]], wanted: [id[1], id[2], id[3], id[4]]) == [1, 2, 3, 0])
        // A row added at the top: the last cell takes it.
        #expect(ListViewport.reuse(shown: [id[0], id[1], id[2]], wanted: [id[5], id[0], id[1]]) == [2, 0, 1])
        // Empty cells fill first in order; cells left over come last.
        #expect(ListViewport.reuse(shown: [nil, id[2], nil], wanted: [id[0], id[2]]) == [0, 1, 2])
        // The same row twice: one cell keeps it, another shows it again.
        #expect(ListViewport.reuse(shown: [id[0], id[1]], wanted: [id[0], id[0]]) == [0, 1])
    }

    @Test("Reuse is a permutation of the cells over generated cases")
    func reusePermutes() {
        var generator = SeededGenerator(state: 42)
        let rows = (0..<12).map { _ in Marker() }.map(ObjectIdentifier.init)
        for _ in 0..<500 {
            let cells = Int.random(in: 0...8, using: &generator)
            let shown = (0..<cells).map { _ in Bool.random(using: &generator) ? rows.randomElement(using: &generator) : nil }
            let wanted = (0..<Int.random(in: 0...cells, using: &generator)).map { _ in rows.randomElement(using: &generator)! }
            let order = ListViewport.reuse(shown: shown, wanted: wanted)
            #expect(order.sorted() == Array(0..<cells))
            for (position, row) in wanted.enumerated() where shown.contains(row) && wanted.firstIndex(of: row) == position {
                #expect(shown[order[position]] == row)
            }
        }
    }

    @Test("The thumb spans the page's share of the track and moves from top to bottom")
    func thumb() {
        var viewport = ListViewport()
        viewport.resize(rowCount: 10, pageSize: 10)
        #expect(viewport.thumb == nil)
        viewport.resize(rowCount: 40, pageSize: 10)
        #expect(viewport.thumb == 0..<3)
        viewport.scroll(to: 30)
        #expect(viewport.thumb == 7..<10)
        viewport.resize(rowCount: 11, pageSize: 10)
        #expect(viewport.thumb?.count == 9)
    }
}

/// An object to take identities from.
private final class Marker {}
