import Testing
@testable import Bindery

/// A chain's member list (one word: its owner's head, the chain's record 0, first as a case of its own, one more member
/// inline, the rest in an array) keeps the order members joined in (rule 9) through appends, replacements and removals, and
/// keeps exactly its members' hosts alive (rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct ChainMembersTests {
    /// A property for the hosts' records to stand for.
    final class Target: Sendable {
        let value = 0
    }

    /// A host of endpoint records, with an id to tell it by.
    final class Member: AnyEndpoint {
        let id: Int
        init(_ id: Int) {
            self.id = id
            let spec = EndpointSpec<Int>.property(
                Self.target, \.value, writable: nil, role: .receives, toChain: nil, fromChain: nil, identity: true)
            super.init(spec: spec, accessors: spec.accessors)
        }

        /// Kept for the whole run: every record stands for its property.
        static let target = Target()
    }

    /// The member a name names.
    static func member(_ name: EndpointName) -> Member { unsafeDowncast(name.hostObject, to: Member.self) }

    /// The members for a test: `count` of them, the first of which is the list's owner when
    /// `ownerFirst` (as a chain's head is the chain), with the owner apart otherwise.
    static func members(_ count: Int, ownerFirst: Bool) -> (owner: Member, members: [Member]) {
        let members = (0..<count).map(Member.init)
        return (ownerFirst && count > 0 ? members[0] : Member(-1), members)
    }

    @Test("The list takes one word, as the chain's layout counts on")
    func isOneWord() {
        #expect(MemoryLayout<ChainMembers>.size == MemoryLayout<UInt>.size)
    }

    @Test("Rule 9: members come back in the order they were appended, inline or not", arguments: [0, 1, 2, 3, 7], [false, true])
    func keepsOrder(count: Int, ownerFirst: Bool) {
        let (owner, members) = Self.members(count, ownerFirst: ownerFirst)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        let listed = list.count
        #expect(listed == count)
        #expect(list.array(owner).map { Self.member($0).id } == Array(0..<count))
        let isEmpty = list.isEmpty
        #expect(isEmpty == (count == 0))
        list.removeAll(owner)
    }

    @Test("Rule 9: removing a member at any position moves the later ones up, in order", arguments: 0..<5, [false, true])
    func removesInOrder(position: Int, ownerFirst: Bool) {
        let (owner, members) = Self.members(5, ownerFirst: ownerFirst)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        let removed = list.remove(at: position, owner)
        #expect(removed.host === members[position])
        var expected = Array(0..<5)
        expected.remove(at: position)
        #expect(list.array(owner).map { Self.member($0).id } == expected)
        // Appending after a removal fills the next place, inline or not.
        let added = Member(9)
        list.append(EndpointName(added), owner)
        #expect(list.array(owner).map { Self.member($0).id } == expected + [9])
        list.removeAll(owner)
    }

    @Test("Rule 9: a member replaced in place keeps its position; removing all empties the list", arguments: [false, true])
    func replacesAndEmpties(ownerFirst: Bool) {
        let (owner, members) = Self.members(3, ownerFirst: ownerFirst)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        let five = Member(5), six = Member(6)
        list.replace(at: 1, with: EndpointName(five), owner)
        list.replace(at: 2, with: EndpointName(six), owner)
        #expect(list.array(owner).map { Self.member($0).id } == [0, 5, 6])
        while !list.isEmpty { list.remove(at: list.count - 1, owner) }
        #expect(list.array(owner).map { Self.member($0).id } == [])
        let one = Member(1)
        list.append(EndpointName(one), owner)
        list.removeAll(owner)
        let isEmpty = list.isEmpty
        let found = list.firstIndex(owner) { Self.member($0).id == 1 }
        #expect(isEmpty)
        #expect(found == nil)
    }

    @Test("Rule 9: the owner and one member, each replaced in its place, keep their order", arguments: [0, 1])
    func replacesBesideTheOwner(position: Int) {
        let (owner, members) = Self.members(2, ownerFirst: true)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        let eight = Member(8)
        list.replace(at: position, with: EndpointName(eight), owner)
        var expected = [0, 1]
        expected[position] = 8
        #expect(list.array(owner).map { Self.member($0).id } == expected)
        let ownerIsFirst = list.member(at: 0, owner) == EndpointName(owner)
        #expect(ownerIsFirst == (position != 0))
        list.removeAll(owner)
    }

    @Test("Rule 9: members are found, and visited, at every position, inline or not, in order", arguments: [0, 1, 2, 3, 6], [false, true])
    func findsAndVisits(count: Int, ownerFirst: Bool) {
        let members = (0..<count).map { Member($0 % 3) }
        let owner = ownerFirst && count > 0 ? members[0] : Member(-1)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        for (position, member) in members.enumerated() {
            let first = list.firstIndex(owner) { $0 == EndpointName(member) }
            let last = list.lastIndex(owner) { Self.member($0).id == member.id }
            let atPosition = list.member(at: position, owner) == EndpointName(member)
            #expect(first == position)
            #expect(last == members.lastIndex { $0.id == member.id })
            #expect(atPosition)
        }
        let missing = list.firstIndex(owner) { Self.member($0).id == 99 }
        #expect(missing == nil)
        var visited: [Int] = []
        list.forEachUnretained(owner) { visited.append(Self.member($0).id) }
        #expect(visited == members.map(\.id))
        var asked = 0
        let stopsAtThird = list.containsUnretained(owner) { _ in
            asked += 1
            return asked == 3
        }
        #expect(stopsAtThird == (count >= 3))
        #expect(asked == min(count, 3))
        list.removeAll(owner)
    }

    @Test(
        "Rule 9: removing from a list of one or two members keeps the other in place",
        arguments: [(1, 0, false), (2, 0, false), (2, 1, false), (1, 0, true), (2, 0, true), (2, 1, true)])
    func removesInline(count: Int, position: Int, ownerFirst: Bool) {
        let (owner, members) = Self.members(count, ownerFirst: ownerFirst)
        var list = ChainMembers()
        list.append(contentsOf: members.map { EndpointName($0) }, owner)
        let removed = list.remove(at: position, owner)
        #expect(removed.host === members[position])
        var expected = Array(0..<count)
        expected.remove(at: position)
        #expect(list.array(owner).map { Self.member($0).id } == expected)
        let seven = Member(7)
        list.append(EndpointName(seven), owner)
        #expect(list.array(owner).map { Self.member($0).id } == expected + [7])
        list.removeAll(owner)
    }

    @Test("Rule 1: the list keeps exactly its members alive, through every change of shape, and lets go of them all", arguments: [1, 2, 3, 5], [false, true])
    func keepsExactlyItsMembers(count: Int, ownerFirst: Bool) {
        var weakMembers: [() -> Member?] = []
        do {
            var list = ChainMembers()
            // The owner is held apart only while the list is in use: it is then kept by the
            // list alone, as a chain is kept by its membership of its own list.
            var owner: Member? = nil
            for id in 0..<count {
                let member = Member(id)
                weakMembers.append { [weak member] in member }
                if id == 0 { owner = ownerFirst ? member : Member(-1) }
                list.append(EndpointName(member), owner!)
            }
            let kept = owner!
            owner = nil
            // The first and the last leave (from two members: back to one; from three: back to
            // the inline pair), then come back in their places' order.
            let first = list.remove(at: 0, kept)
            let last = count > 1 ? list.remove(at: list.count - 1, kept) : nil
            let remaining = list.count
            #expect(remaining == count - (count > 1 ? 2 : 1))
            list.append(first.name, kept)
            if let last { list.append(last.name, kept) }
            list.replace(at: 0, with: list.member(at: 0, kept), kept)
            #expect(weakMembers.allSatisfy { $0() != nil })
            var handed: [Int] = []
            list.removeAll(kept) { handed.append(Self.member($0.name).id) }
            let isEmpty = list.isEmpty
            #expect(handed.count == count)
            #expect(isEmpty)
        }
        #expect(weakMembers.allSatisfy { $0() == nil })
    }
}
