// The cases of lists: the diff of DifferenceKit's two published cases against Swift's own
// `difference(from:)` followed by `inferringMoves()`.

import Bindery

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

let listMeasurements: [Measurement] = [
    Measurement(id: "list.diff.5000", what: "ListChange(from:to:), 5,000 elements: 1,000 deleted, 1,000 inserted, 200 moved",
                make: { binderyDiff(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200) }),
    Measurement(id: "swift.diff.5000", what: "difference(from:).inferringMoves(), the same 5,000 elements",
                make: { swiftDiff(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200) }),
    Measurement(id: "list.diff.100000", what: "ListChange(from:to:), 100,000 elements: 10,000 deleted, 10,000 inserted, 2,000 moved",
                make: { binderyDiff(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000) }),
    Measurement(id: "swift.diff.100000", what: "difference(from:).inferringMoves(), the same 100,000 elements",
                make: { swiftDiff(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000) }),
]
