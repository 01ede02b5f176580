import Testing
@testable import BinderyTerminal

/// Points, sizes and rectangles: hit-testing a frame.
@Suite struct GeometryTests {
    @Test("A rectangle contains its cells and no other",
          arguments: [
              (2, 1, true), (4, 1, true), (2, 2, true),   // corners
              (1, 1, false), (5, 1, false), (2, 0, false), (2, 3, false),
          ])
    func contains(_ column: Int, _ row: Int, _ inside: Bool) {
        let rect = Rect(column: 2, row: 1, columns: 3, rows: 2)
        #expect(rect.contains(Point(column: column, row: row)) == inside)
    }

    @Test("An empty rectangle contains nothing")
    func empty() {
        #expect(!Rect.zero.contains(Point(column: 0, row: 0)))
        #expect(!Rect(column: 3, row: 3, columns: 0, rows: 4).contains(Point(column: 3, row: 3)))
    }
}
