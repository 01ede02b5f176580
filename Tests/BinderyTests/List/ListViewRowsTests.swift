import Testing
@testable import Bindery

/// `ListViewRows`: the rows of a list view, every step O(log n), the same as an Array's steps.
@Suite struct ListViewRowsTests {
    /// A row that tells when it is released.
    final class Row {}

    @Test("Random insertions, removals, moves and updates give what an Array gives, after every step, at sizes across a leaf's bounds and a branch's",
          arguments: [(1, 0, 3_000), (2, 40, 3_000), (3, 200, 3_000), (4, 700, 3_000), (5, 6_100, 600)] as [(UInt64, Int, Int)])
    func matchesArray(seed: UInt64, count: Int, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        var expected = Array(0..<count)
        var rows = ListViewRows(expected)
        var next = count
        for step in 0..<steps {
            // Mostly growing for a third of the steps, then mostly shrinking: sizes cross a
            // leaf's bounds (and, from 6,100, a branch's: 32 leaves of 192) both ways.
            let roll = Int.random(in: 0..<10, using: &random)
            let grows = step < steps / 3
            if expected.isEmpty || roll < (grows ? 5 : 2) {
                let index = Int.random(in: 0...expected.count, using: &random)
                expected.insert(next, at: index)
                rows.insert(next, at: index)
                next += 1
            } else if roll < 7 {
                let index = Int.random(in: 0..<expected.count, using: &random)
                #expect(rows.remove(at: index) == expected.remove(at: index))
            } else if roll < 9 {
                let from = Int.random(in: 0..<expected.count, using: &random)
                let to = Int.random(in: 0..<expected.count, using: &random)
                expected.insert(expected.remove(at: from), at: to)
                rows.move(from: from, to: to)
            } else {
                let index = Int.random(in: 0..<expected.count, using: &random)
                expected[index] = -next
                rows[index] = -next
                next += 1
            }
            #expect(rows.count == expected.count)
            try #require(rows.elements == expected, "step \(step)")
            if !expected.isEmpty {
                let index = Int.random(in: 0..<expected.count, using: &random)
                #expect(rows[index] == expected[index])
                let lower = Int.random(in: 0..<expected.count, using: &random)
                let upper = Int.random(in: lower...expected.count, using: &random)
                #expect(rows.elements(in: lower..<upper) == Array(expected[lower..<upper]))
            }
        }
        #expect(rows.order.isWellFormed)
    }

    @Test("Copy on write: changing a copy leaves the original as it was, and the other way round")
    func copyOnWrite() {
        let original = ListViewRows(Array(0..<5_000))
        var copy = original
        for index in stride(from: 0, to: 5_000, by: 7) { copy.remove(at: index / 2) }
        copy.insert(-1, at: 0)
        copy.move(from: 0, to: 4_000)
        copy[100] = -2
        #expect(original.elements == Array(0..<5_000))
        #expect(copy.count == 5_000 - 715 + 1 && copy[4_000] == -1 && copy[100] == -2)
        var second = copy
        let before = copy.elements
        second[0] = 7
        second.insert(8, at: 1_000)
        #expect(copy.elements == before)
        #expect(second[0] == 7 && second[1_000] == 8)
    }

    @Test("A row removed, replaced or reset away is released at once; a moved one is kept")
    func releasesRows() {
        weak var removed: Row?
        weak var replaced: Row?
        weak var moved: Row?
        weak var reset: Row?
        var rows = ListViewRows((0..<200).map { _ in Row() })
        do {
            removed = rows[10]
            replaced = rows[20]
            moved = rows[30]
            rows.remove(at: 10)
            rows[19] = Row()
            rows.move(from: 29, to: 150)
        }
        #expect(removed == nil && replaced == nil)
        #expect(moved != nil && moved === rows[150])
        do {
            reset = rows[0]
            rows = ListViewRows([])
        }
        #expect(reset == nil && moved == nil)
    }
}
