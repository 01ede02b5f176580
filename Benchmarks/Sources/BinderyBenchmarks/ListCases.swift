// The cases of lists: the diff of DifferenceKit's two published cases against Swift's own
// `difference(from:)` followed by `inferringMoves()`.

import Bindery
import BinderyTerminal

/// An element of the diff cases: told apart by `id`, compared whole.
struct DiffElement: Identifiable, Hashable, Sendable {
    let id: Int
    var value: Int
}

/// DifferenceKit's benchmark shape: `count` elements, then `deleted` removed, `inserted` new
/// ones inserted and `shuffled` moved, each at places drawn from a fixed seed.
func diffCase(count: Int, deleted: Int, inserted: Int, shuffled: Int) -> (old: [DiffElement], new: [DiffElement]) {
    var generator = BenchRandom(seed: UInt64(count))
    let old = (0..<count).map { DiffElement(id: $0, value: 0) }
    var new = old
    for _ in 0..<deleted { new.remove(at: Int(generator.next() % UInt64(new.count))) }
    for number in 0..<inserted {
        new.insert(DiffElement(id: count + number, value: 0), at: Int(generator.next() % UInt64(new.count + 1)))
    }
    for _ in 0..<shuffled {
        let element = new.remove(at: Int(generator.next() % UInt64(new.count)))
        new.insert(element, at: Int(generator.next() % UInt64(new.count + 1)))
    }
    return (old, new)
}

/// SplitMix64: the same places on every run.
struct BenchRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Bindery's diff of one case; verified by applying its steps.
private func binderyDiff(count: Int, deleted: Int, inserted: Int, shuffled: Int) -> Work {
    let (old, new) = diffCase(count: count, deleted: deleted, inserted: inserted, shuffled: shuffled)
    var last: ListChange<DiffElement>?
    return .single(SingleBody(
        run: { last = ListChange(from: old, to: new) },
        verify: {
            guard let last, !last.isReset else { return false }
            var applied = old
            last.apply(to: &applied)
            return applied == new
        }))
}

/// Swift's `difference(from:)`, with moves inferred, of the same case; verified by applying it.
private func swiftDiff(count: Int, deleted: Int, inserted: Int, shuffled: Int) -> Work {
    let (old, new) = diffCase(count: count, deleted: deleted, inserted: inserted, shuffled: shuffled)
    var last: CollectionDifference<DiffElement>?
    return .single(SingleBody(
        run: { last = new.difference(from: old).inferringMoves() },
        verify: { last.flatMap { old.applying($0) } == new }))
}

/// A list receiver that counts the steps it gets, and keeps nothing.
final class CountingList: ListReceiver, @unchecked Sendable {
    // @unchecked: the cases use it on one thread.
    var steps = 0
    var last = 0
    func apply(_ change: ListChange<DiffElement>) {
        steps += change.steps.count
        last = change.elements.count
    }
}

/// An append, then a removal of the last element, to a bound `DynamicList` of `count`
/// elements: each update is one step that reaches the receiver.
private func dynamicListAppend(count: Int) -> Work {
    let list = DynamicList((0..<count).map { DiffElement(id: $0, value: 0) })
    let receiver = CountingList()
    let chain = Bind.in(list, \.elements).out(receiver)
    return .updates(UpdateBody(
        update: { value in
            if value & 1 == 0 { list.append(DiffElement(id: -1, value: value)) } else { list.removeLast() }
        },
        verify: { _ in receiver.last == count || receiver.last == count + 1 },
        teardown: { chain.unbind() }))
}

/// The same through a `@Dynamic` array property: each update sets the array with one element
/// appended, or back without it (arrays made beforehand), and the receiver's feed compares them.
private func dynamicArrayAppend(count: Int) -> Work {
    let model = ListModel()
    let short = (0..<count).map { DiffElement(id: $0, value: 0) }
    let long = short + [DiffElement(id: -1, value: 0)]
    model.items = short
    let receiver = CountingList()
    let chain = Bind.in(model, \.items).out(receiver)
    return .updates(UpdateBody(
        update: { value in model.items = value & 1 == 0 ? long : short },
        verify: { _ in receiver.last == count || receiver.last == count + 1 },
        teardown: { chain.unbind() }))
}

/// The floor of `dynamicArrayAppend`: the two arrays' identities compared once, element by
/// element.
private func identitiesCompared(count: Int) -> Work {
    let short = (0..<count).map { DiffElement(id: $0, value: 0) }
    let long = short + [DiffElement(id: -1, value: 0)]
    var same = 0
    return .updates(UpdateBody(
        update: { _ in same = identicalPrefix(short, long) },
        verify: { _ in same == count }))
}

/// How many leading elements of `first` and `second` have the same `id`. Not inlined: the
/// loop is what the case measures.
@inline(never)
func identicalPrefix(_ first: [DiffElement], _ second: [DiffElement]) -> Int {
    var index = 0
    let end = min(first.count, second.count)
    while index < end, first[index].id == second[index].id { index += 1 }
    return index
}

/// A `@Dynamic` model with an array property.
@Dynamic final class ListModel: @unchecked Sendable {
    var items: [DiffElement] = []
}

/// A draw of a history of `count` rows: a `BinderyTerminal.List` of 13 rows in view applies
/// one step, an insertion at the top, then one removal, alternately.
private func terminalListStep(count: Int) -> Work {
    let list = MainActor.assumeIsolated {
        let list = List(frame: Rect(column: 0, row: 0, columns: 20, rows: 13)) { HistoryCell() }
        list.rows = (0..<count).map { HistoryRow(number: $0) }
        list.scroll(to: count / 2)
        return list
    }
    let added = HistoryRow(number: -1)
    return .updates(UpdateBody(
        update: { value in
            MainActor.assumeIsolated {
                if value & 1 == 0 {
                    list.apply(ListChange(elements: [], steps: [.insert(added, at: 0)]))
                } else {
                    list.apply(ListChange(elements: [], steps: [.remove(at: 0)]))
                }
            }
        },
        verify: { _ in MainActor.assumeIsolated { list.rowCount == count || list.rowCount == count + 1 } }))
}

/// `count` history rows and a shuffle of them drawn from a fixed seed.
func shuffledHistory(count: Int) -> (rows: [HistoryRow], shuffled: [HistoryRow]) {
    var generator = BenchRandom(seed: UInt64(count))
    let rows = (0..<count).map { HistoryRow(number: $0) }
    return (rows, rows.shuffled(using: &generator))
}

/// A shuffle of a history of `count` rows: a `BinderyTerminal.List` of 13 rows in view, scrolled
/// to the middle with a row selected, applies as a list receiver the change from its rows to a
/// seeded shuffle of them (about `count` moves), then the change back, alternately. The
/// changes are made beforehand: the case times the list's work, not the diff's.
private func terminalListShuffle(count: Int) -> Work {
    let (rows, shuffled) = shuffledHistory(count: count)
    let there = ListChange(from: rows, to: shuffled), back = ListChange(from: shuffled, to: rows)
    let list = MainActor.assumeIsolated {
        let list = List(frame: Rect(column: 0, row: 0, columns: 20, rows: 13)) { HistoryCell() }
        list.rows = rows
        list.scroll(to: count / 2)
        list.selectedRow = count / 2 + 3
        return list
    }
    // Updates are numbered from 1 on, so odd ones shuffle and even ones put back.
    return .updates(UpdateBody(
        update: { value in MainActor.assumeIsolated { list.apply(value & 1 == 1 ? there : back) } },
        verify: { value in
            MainActor.assumeIsolated {
                let shown = list.rows
                return shown.count == count && zip(shown, value & 1 == 1 ? shuffled : rows).allSatisfy { $0 === $1 }
                    && list.selectedItem === rows[count / 2 + 3]
            }
        }))
}

/// The diff of the same shuffle: `ListChange(from:to:)` of `count` rows and their shuffle,
/// told apart by identity as a bound list tells them; verified by applying its steps.
private func shuffleDiff(count: Int) -> Work {
    let (rows, shuffled) = shuffledHistory(count: count)
    var last: ListChange<HistoryRow>?
    return .single(SingleBody(
        run: { last = ListChange(from: rows, to: shuffled) },
        verify: {
            guard let last, !last.isReset else { return false }
            var applied = rows
            last.apply(to: &applied)
            return applied.count == count && zip(applied, shuffled).allSatisfy { $0 === $1 }
        }))
}

/// A row of the terminal list cases.
@Dynamic final class HistoryRow: @unchecked Sendable {
    var number: Int
    init(number: Int) { self.number = number }
}

/// A cell of the terminal list cases: one label bound to the row's number.
@MainActor final class HistoryCell: ListCell {
    let label = Label()
    static let bindings: Bindings<HistoryCell, HistoryRow> = [.init(\.number, ~>, \.label.text)]
    var viewModel: HistoryRow? { didSet { rebind() } }
    let boundBindings = BoundBindings()
    var isVisible = true
    var frame = Rect.zero { didSet { label.frame = frame } }
    func draw(in canvas: inout Canvas, context: DrawContext) { label.draw(in: &canvas, context: context) }
}

let listMeasurements: [Measurement] = [
    Measurement(id: "list.dynamic-list.append.100000", what: "DynamicList of 100,000: append / removeLast → a bound receiver",
                make: { dynamicListAppend(count: 100_000) }),
    Measurement(id: "list.dynamic-array.append.100000", what: "@Dynamic [E] of 100,000 set with one more / one fewer → a bound receiver",
                make: { dynamicArrayAppend(count: 100_000) }),
    Measurement(id: "list.identities.100000", what: "two arrays of 100,000 compared by id once",
                make: { identitiesCompared(count: 100_000) }),
    Measurement(id: "list.terminal.100", what: "BinderyTerminal.List of 100 rows applies one insert / removal at the top",
                make: { terminalListStep(count: 100) }),
    Measurement(id: "list.terminal.100000", what: "BinderyTerminal.List of 100,000 rows applies one insert / removal at the top",
                make: { terminalListStep(count: 100_000) }),
    Measurement(id: "list.terminal.shuffle.10000", what: "BinderyTerminal.List of 10,000 rows applies a shuffle of them (≈10,000 moves) / the way back",
                make: { terminalListShuffle(count: 10_000) }),
    Measurement(id: "list.terminal.shuffle.100000", what: "BinderyTerminal.List of 100,000 rows applies a shuffle of them (≈100,000 moves) / the way back",
                make: { terminalListShuffle(count: 100_000) }),
    Measurement(id: "list.diff.shuffle.10000", what: "ListChange(from:to:) of 10,000 rows (objects) to a shuffle of them",
                make: { shuffleDiff(count: 10_000) }),
    Measurement(id: "list.diff.5000", what: "ListChange(from:to:), 5,000 elements: 1,000 deleted, 1,000 inserted, 200 moved",
                make: { binderyDiff(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200) }),
    Measurement(id: "swift.diff.5000", what: "difference(from:).inferringMoves(), the same 5,000 elements",
                make: { swiftDiff(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200) }),
    Measurement(id: "list.diff.100000", what: "ListChange(from:to:), 100,000 elements: 10,000 deleted, 10,000 inserted, 2,000 moved",
                make: { binderyDiff(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000) }),
    Measurement(id: "swift.diff.100000", what: "difference(from:).inferringMoves(), the same 100,000 elements",
                make: { swiftDiff(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000) }),
]
