import Testing
@testable import Bindery

/// A chain's member list (the first member inline, then the second inline or the rest in an array) keeps the order members
/// joined in (rule 9) through appends, replacements and removals.
@Suite(.failOnUnexpectedDiagnostics) struct ChainMembersTests {
    final class Member {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test("Rule 9: members come back in the order they were appended, inline or not", arguments: [0, 1, 2, 3, 7])
    func keepsOrder(count: Int) {
        let members = (0..<count).map(Member.init)
        var list = ChainMembers<Member>()
        list.append(contentsOf: members)
        let listed = list.count
        #expect(listed == count)
        #expect(list.array.map(\.id) == Array(0..<count))
        let isEmpty = list.isEmpty
        #expect(isEmpty == (count == 0))
    }

    @Test("Rule 9: removing a member at any position moves the later ones up, in order", arguments: 0..<5)
    func removesInOrder(position: Int) {
        let members = (0..<5).map(Member.init)
        var list = ChainMembers<Member>()
        list.append(contentsOf: members)
        let removed = list.remove(at: position)
        #expect(removed === members[position])
        var expected = Array(0..<5)
        expected.remove(at: position)
        #expect(list.array.map(\.id) == expected)
        // Appending after a removal fills the next place, inline or not.
        list.append(Member(9))
        #expect(list.array.map(\.id) == expected + [9])
    }

    @Test("Rule 9: a member replaced in place keeps its position; removing all empties the list")
    func replacesAndEmpties() {
        var list = ChainMembers<Member>()
        list.append(contentsOf: (0..<3).map(Member.init))
        list[1] = Member(5)
        list[2] = Member(6)
        #expect(list.array.map(\.id) == [0, 5, 6])
        while !list.isEmpty { list.remove(at: list.count - 1) }
        #expect(list.array.map(\.id) == [])
        list.append(Member(1))
        list.removeAll()
        let isEmpty = list.isEmpty
        let found = list.firstIndex { $0.id == 1 }
        #expect(isEmpty)
        #expect(found == nil)
    }

    @Test("Rule 9: members are found, and visited, at every position, inline or not, in order", arguments: [0, 1, 2, 3, 6])
    func findsAndVisits(count: Int) {
        let members = (0..<count).map { Member($0 % 3) }
        var list = ChainMembers<Member>()
        list.append(contentsOf: members)
        for (position, member) in members.enumerated() {
            let first = list.firstIndex { $0 === member }
            let last = list.lastIndex { $0.id == member.id }
            #expect(first == position)
            #expect(last == members.lastIndex { $0.id == member.id })
        }
        let missing = list.firstIndex { $0.id == 99 }
        #expect(missing == nil)
        var visited: [Int] = []
        list.forEachUnretained { visited.append($0.id) }
        #expect(visited == members.map(\.id))
        var asked = 0
        let stopsAtThird = list.containsUnretained { _ in
            asked += 1
            return asked == 3
        }
        #expect(stopsAtThird == (count >= 3))
        #expect(asked == min(count, 3))
    }

    @Test("Rule 9: removing from a list of one or two members keeps the other in place", arguments: [(1, 0), (2, 0), (2, 1)])
    func removesInline(count: Int, position: Int) {
        let members = (0..<count).map(Member.init)
        var list = ChainMembers<Member>()
        list.append(contentsOf: members)
        let removed = list.remove(at: position)
        #expect(removed === members[position])
        var expected = Array(0..<count)
        expected.remove(at: position)
        #expect(list.array.map(\.id) == expected)
        list.append(Member(7))
        #expect(list.array.map(\.id) == expected + [7])
    }

    @Test("Rule 1: the list keeps exactly its members alive, through every change of shape, and lets go of them all", arguments: [1, 2, 3, 5])
    func keepsExactlyItsMembers(count: Int) {
        var weakMembers: [() -> Member?] = []
        do {
            var list = ChainMembers<Member>()
            for id in 0..<count {
                let member = Member(id)
                weakMembers.append { [weak member] in member }
                list.append(member)
            }
            // The first and the last leave (from two members: back to one; from three: back to
            // the inline pair), then come back in their places' order.
            let first = list.remove(at: 0)
            let last = count > 1 ? list.remove(at: list.count - 1) : nil
            let remaining = list.count
            #expect(remaining == count - (count > 1 ? 2 : 1))
            list.append(first)
            if let last { list.append(last) }
            list[0] = list[0]
            #expect(weakMembers.allSatisfy { $0() != nil })
            var handed: [Int] = []
            list.removeAll { handed.append($0.id) }
            let isEmpty = list.isEmpty
            #expect(handed.count == count)
            #expect(isEmpty)
        }
        #expect(weakMembers.allSatisfy { $0() == nil })
    }
}
