import Testing
@testable import Bindery

/// `ListOrder`: a counted B+ tree of numbers, well formed and in order through every size it
/// grows and shrinks through; small nodes reach every level with few numbers.
@Suite struct ListOrderTests {
    /// Every number of `order`, in order.
    static func numbers(_ order: ListOrder) -> [Int] {
        var numbers: [Int] = []
        order.forEach(in: 0..<order.count) { numbers.append($0) }
        return numbers
    }

    @Test("Built from a count, the tree holds 0..<count in order, well formed, at sizes on either side of a leaf's and a branch's bounds",
          arguments: [0, 1, 127, 128, 129, 191, 192, 193, 255, 256, 257, 383, 384, 385, 6_143, 6_144, 6_145, 8_193, 100_000])
    func builds(count: Int) {
        for order in [ListOrder(count), ListOrder(count, leafCapacity: 4, branchCapacity: 4)] {
            #expect(order.isWellFormed)
            #expect(order.count == count)
            #expect(Self.numbers(order) == Array(0..<count))
            if count > 0 { #expect(order[count - 1] == count - 1 && order[count / 2] == count / 2) }
        }
    }

    @Test("Random insertions, removals and moves give what an Array gives, after every step, with nodes small enough that the tree grows to four levels of branches or more, and back",
          arguments: [(1, 4, 4), (2, 5, 5), (3, 4, 7), (4, 8, 4)] as [(UInt64, Int, Int)])
    func matchesArray(seed: UInt64, leafCapacity: Int, branchCapacity: Int) throws {
        var random = SplitMix64(seed: seed)
        var order = ListOrder(0, leafCapacity: leafCapacity, branchCapacity: branchCapacity)
        var expected: [Int] = []
        var highest = 0
        for step in 0..<6_000 {
            // Mostly growing for 3,000 steps, then mostly shrinking.
            let roll = Int.random(in: 0..<10, using: &random)
            if expected.isEmpty || roll < (step < 3_000 ? 6 : 2) {
                let index = Int.random(in: 0...expected.count, using: &random)
                order.insert(step, at: index)
                expected.insert(step, at: index)
            } else if roll < 8 {
                let index = Int.random(in: 0..<expected.count, using: &random)
                #expect(order.remove(at: index) == expected.remove(at: index))
            } else {
                let from = Int.random(in: 0..<expected.count, using: &random)
                let to = Int.random(in: 0..<expected.count, using: &random)
                order.insert(order.remove(at: from), at: to)
                expected.insert(expected.remove(at: from), at: to)
            }
            highest = max(highest, order.height)
            try #require(order.isWellFormed, "step \(step)")
            try #require(Self.numbers(order) == expected, "step \(step)")
        }
        #expect(highest >= 4)
    }

    @Test("Grown to 70,000 numbers (2 levels of branches) by random insertions and shrunk to none by random removals, the tree stays well formed and in the order an Array has")
    func growsAndShrinks() {
        var random = SplitMix64(seed: 7)
        var order = ListOrder(0)
        var expected: [Int] = []
        for number in 0..<70_000 {
            let index = Int.random(in: 0...expected.count, using: &random)
            order.insert(number, at: index)
            expected.insert(number, at: index)
            if number % 4_999 == 0 {
                #expect(order.isWellFormed)
                #expect(Self.numbers(order) == expected)
            }
        }
        #expect(order.isWellFormed && Self.numbers(order) == expected)
        #expect(order.height == 2)
        while !expected.isEmpty {
            let index = Int.random(in: 0..<expected.count, using: &random)
            #expect(order.remove(at: index) == expected.remove(at: index))
            if expected.count % 4_999 == 0 || expected.count < 300 {
                #expect(order.isWellFormed)
                #expect(Self.numbers(order) == expected)
            }
        }
        #expect(order.count == 0 && order.isWellFormed && order.height == 0)
    }

    @Test("The numbers of a range are those of the list, whatever range")
    func ranges() {
        var random = SplitMix64(seed: 11)
        for order in [ListOrder(5_000), ListOrder(5_000, leafCapacity: 4, branchCapacity: 4)] {
            for _ in 0..<300 {
                let lower = Int.random(in: 0...5_000, using: &random)
                let upper = Int.random(in: lower...5_000, using: &random)
                var numbers: [Int] = []
                order.forEach(in: lower..<upper) { numbers.append($0) }
                #expect(numbers == Array(lower..<upper))
            }
        }
    }
}
