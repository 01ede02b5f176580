import PropertyBased
import Testing
@testable import Bindery

/// An element told apart by `id`, whose `value` may change.
struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    let id: Int
    var value = 0
    var description: String { value == 0 ? "\(id)" : "\(id)=\(value)" }
}

/// A row view model, told apart by object identity.
final class RowModel: @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Applies `change`'s steps one by one to `list`, failing the test at the first step whose
/// indices do not fit the list as it stands; returns the list.
func applyChecked<Element>(_ change: ListChange<Element>, to list: [Element], sourceLocation: SourceLocation = #_sourceLocation) -> [Element] {
    var list = list
    for (number, step) in change.steps.enumerated() {
        let fits = ListChange<Element>.apply(step, to: &list)
        #expect(fits, "step \(number), \(step), does not fit a list of \(list.count)", sourceLocation: sourceLocation)
        if !fits { return change.elements }
    }
    return list
}

/// The diff: `ListChange(from:to:)` and its identities.
@Suite(.failOnUnexpectedDiagnostics) struct ListChangeDiffTests {
    static func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0) } }

    @Test("Rule 14: the steps turn any list into any other, duplicated identities included")
    func contract() async {
        let list = Gen.int(in: 0...99).array(of: 0...24)
        await propertyCheck(count: 2000, input: list, list) { old, new in
            // Identities from 0 to 9 (many duplicates), values from 0 to 9: updates too.
            let before = old.map { Item(id: $0 % 10, value: $0 / 10) }
            let after = new.map { Item(id: $0 % 10, value: $0 / 10) }
            let change = ListChange(from: before, to: after)
            #expect(change.elements == after)
            #expect(applyChecked(change, to: before) == after)
        }
    }

    @Test("Rule 14: the steps turn a list into its shuffle with edits, by moves the run kept in place leaves out")
    func contractOnShuffles() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...1_000_000).array(of: 1...60)) { seeds in
            var generator = SplitMix64(seed: UInt64(seeds.reduce(0, &+)))
            let before = Self.items(Array(0..<seeds.count))
            var after = before.shuffled(using: &generator)
            for seed in seeds.prefix(5) where !after.isEmpty { after.remove(at: seed % after.count) }
            after.append(contentsOf: Self.items(Array(100..<(100 + seeds.count % 4))))
            let change = ListChange(from: before, to: after)
            #expect(applyChecked(change, to: before) == after)
        }
    }

    @Test("Rule 14: an append, a removal, an update or a single move is one step")
    func singleEdits() {
        let list = Self.items([1, 2, 3, 4, 5])
        #expect(ListChange(from: list, to: list + [Item(id: 6)]).steps == [.insert(Item(id: 6), at: 5)])
        #expect(ListChange(from: list, to: [Item(id: 0)] + list).steps == [.insert(Item(id: 0), at: 0)])
        var removed = list
        removed.remove(at: 2)
        #expect(ListChange(from: list, to: removed).steps == [.remove(at: 2)])
        var updated = list
        updated[0].value = 7
        #expect(ListChange(from: list, to: updated).steps == [.update(Item(id: 1, value: 7), at: 0)])
        var moved = list
        moved.insert(moved.remove(at: 3), at: 0)
        #expect(ListChange(from: list, to: moved).steps == [.move(from: 3, to: 0)])
        var movedDown = list
        movedDown.insert(movedDown.remove(at: 0), at: 4)
        #expect(ListChange(from: list, to: movedDown).steps == [.move(from: 0, to: 4)])
        #expect(ListChange(from: list, to: list).steps.isEmpty)
    }

    @Test("A sort is moves only, as few as the order allows: n minus the longest run already in order")
    func sortIsMoves() {
        let list = Self.items([5, 1, 2, 3, 9, 4, 0])            // 1 2 3 4 stay: 3 moves
        let change = ListChange(from: list, to: list.sorted { $0.id < $1.id })
        #expect(change.steps.count == 3)
        #expect(change.steps.allSatisfy { if case .move = $0 { true } else { false } })
        #expect(applyChecked(change, to: list) == list.sorted { $0.id < $1.id })
        let reversed = ListChange(from: list, to: list.reversed())
        #expect(reversed.steps.count == list.count - 1)
    }

    @Test("Duplicated identities are distinct positions, matched in order: nothing lost, nothing trapped")
    func duplicates() {
        let list = Self.items([1, 2, 1, 3, 1])
        let after = Self.items([1, 1, 3, 2, 2])
        let change = ListChange(from: list, to: after)
        #expect(applyChecked(change, to: list) == after)
        let appended = ListChange(from: list, to: list + [Item(id: 1)])
        #expect(appended.steps == [.insert(Item(id: 1), at: 5)])
    }

    @Test("A change worth less than starting again is one reset: no survivor, or more steps than elements")
    func resets() {
        #expect(ListChange(from: Self.items([1, 2, 3]), to: Self.items([4, 5])).steps == [.reset(Self.items([4, 5]))])
        let one = Self.items([1])
        #expect(ListChange(from: one, to: []).steps == [.remove(at: 0)])
        #expect(ListChange(from: [], to: one).steps == [.insert(Item(id: 1), at: 0)])
        #expect(ListChange(from: Self.items([1, 2, 3, 4]), to: Self.items([4, 5, 6, 7, 8])).isReset)
    }

    @Test("Objects are told apart by identity; an Identifiable class by its id; other values by the id given")
    func identities() {
        let a = RowModel("a"), b = RowModel("b"), c = RowModel("c")
        let change = ListChange(from: [a, b, c], to: [c, a, b])
        #expect(change.steps.count == 1)
        #expect(applyChecked(change, to: [a, b, c]).map(\.name) == ["c", "a", "b"])
        let twin = RowModel("a")                               // equal name, another object
        #expect(ListChange(from: [a], to: [twin]).isReset)

        let words = ListChange(from: ["a", "b"], to: ["b", "a", "c"], id: \.self)
        #expect(applyChecked(words, to: ["a", "b"]) == ["b", "a", "c"])
        #expect(words.steps.count == 2)
    }

    @Test("A value that is only bit for bit the same is compared: a new string of the same text is no update")
    func sameValueIsNoUpdate() {
        struct Titled: Identifiable, Equatable { let id: Int; var title: String }
        let old = [Titled(id: 1, title: String(repeating: "x", count: 40))]
        let new = [Titled(id: 1, title: String(repeating: "x", count: 39) + "x")]
        #expect(ListChange(from: old, to: new).steps.isEmpty)
    }
}
