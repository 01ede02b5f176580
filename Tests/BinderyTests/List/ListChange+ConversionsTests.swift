import PropertyBased
import Testing
@testable import Bindery

/// A change in toolkits' shapes: batch updates, `CollectionDifference`, GTK splices.
@Suite struct ListChangeConversionsTests {
    /// The list a table view shows after `update`, as UIKit builds it from `old`: moved rows at
    /// their new indices, inserted rows (from `new`) at theirs, and the rows that neither moved
    /// nor went, in their old order, in the places left.
    static func applyBatch(_ update: ListChange<Item>.BatchUpdate, to old: [Item], new: [Item]) -> [Item]? {
        let count = old.count - update.deletes.count + update.inserts.count
        guard count == new.count else { return nil }
        var result = [Item?](repeating: nil, count: count)
        for move in update.moves { result[move.to] = new[move.to] }
        for index in update.inserts { result[index] = new[index] }
        let gone = Set(update.deletes).union(update.moves.map(\.from))
        var staying = old.indices.filter { !gone.contains($0) }.makeIterator()
        for index in result.indices where result[index] == nil {
            guard let next = staying.next() else { return nil }
            result[index] = old[next]
        }
        return result.compactMap { $0 }
    }

    @Test("A batch update turns the old rows into the new ones by identity, reloads what changed, and asks nothing that crashes a table view")
    func batchUpdates() async {
        let list = Gen.int(in: 0...59).array(of: 0...20)
        await propertyCheck(count: 1500, input: list, list) { old, new in
            let before = old.map { Item(id: $0 % 12, value: $0 / 12) }, after = new.map { Item(id: $0 % 12, value: $0 / 12) }
            let change = ListChange(from: before, to: after)
            let update = change.batchUpdate
            guard !update.isReload else {
                #expect(change.isReset)
                return
            }
            let rebuilt = Self.applyBatch(update, to: before, new: after)
            #expect(rebuilt?.map(\.id) == after.map(\.id))
            #expect(Set(update.deletes).isDisjoint(with: update.reloads))
            #expect(Set(update.moves.map(\.from)).isDisjoint(with: update.reloads))
            #expect(Set(update.moves.map(\.from)).isDisjoint(with: update.deletes))
            #expect(Set(update.moves.map(\.to)).isDisjoint(with: update.inserts))
            // Every row that stayed with another value is reloaded, in the batch or after it.
            #expect(update.reloads.count + update.reloadsAfterMoves.count
                == change.steps.filter { if case .update = $0 { true } else { false } }.count)
        }
    }

    @Test("A difference from the old list applies to the new one; splices, in order, give the new list")
    func differenceAndSplices() async {
        let list = Gen.int(in: 0...59).array(of: 0...20)
        await propertyCheck(count: 1500, input: list, list) { old, new in
            let before = old.map { Item(id: $0 % 12, value: $0 / 12) }, after = new.map { Item(id: $0 % 12, value: $0 / 12) }
            let change = ListChange(from: before, to: after)
            #expect(before.applying(change.difference(from: before)) == after)
            var spliced = before
            for splice in change.splices(from: before) {
                spliced.replaceSubrange(splice.position..<splice.position + splice.removed, with: splice.added)
            }
            #expect(spliced == after)
        }
    }

    @Test("One step, one shape: an append is one insert; a move is one move, or two splices; a reset reloads")
    func singleSteps() {
        let items = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let appended = ListChange(from: items, to: items + [Item(id: 4)])
        #expect(appended.batchUpdate == ListChange<Item>.BatchUpdate(inserts: [3]))
        let moved = ListChange(from: items, to: [items[2], items[0], items[1]])
        #expect(moved.batchUpdate.moves == [.init(from: 2, to: 0)])
        #expect(moved.splices(from: items) == [.init(position: 2, removed: 1, added: []), .init(position: 0, removed: 0, added: [items[2]])])
        var updated = items
        updated[1].value = 5
        #expect(ListChange(from: items, to: updated).batchUpdate.reloads == [1])
        #expect(ListChange<Item>.reset(to: items).batchUpdate.isReload)
        #expect(ListChange<Item>.reset(to: items).difference(from: [Item(id: 9)]).count == 4)
    }
}
