import Foundation
import Testing
@testable import Bindery

/// An element whose properties are `Dynamic` boxes, safe to set from any thread: the threaded
/// operator check's (a `@Dynamic` class's stored property is not atomic).
final class Pick: Sendable, CustomStringConvertible {
    let rank: Dynamic<Int>
    let done: Dynamic<Bool>
    init(rank: Int, done: Bool = false) {
        self.rank = Dynamic(rank)
        self.done = Dynamic(done)
    }
    var description: String { "\(rank.value)\(done.value ? "✓" : "")" }
}

/// One list operator of a random chain, and the same on an array.
enum ModelOperator: CaseIterable, CustomStringConvertible, Sendable {
    case open, lowRank, byRank, byDoneThenRank, map

    var description: String {
        switch self {
        case .open: "filter { !done }"
        case .lowRank: "filter { rank < 4 }"
        case .byRank: "sorted { rank }"
        case .byDoneThenRank: "sorted { done, rank }"
        case .map: "map { $0 }"
        }
    }

    /// Applies the operator to `source`, through the operators' own entry.
    func derive(_ source: some ListOperand<Pick>) -> DerivedList<Pick> {
        switch self {
        case .open: ListOperators.filter(source, isMainActor: false) { !$0.done.value }
        case .lowRank: ListOperators.filter(source, isMainActor: false) { $0.rank.value < 4 }
        case .byRank: ListOperators.sorted(source, isMainActor: false) { $0.rank.value < $1.rank.value }
        case .byDoneThenRank:
            ListOperators.sorted(source, isMainActor: false) { ($0.done.value ? 1 : 0, $0.rank.value) < ($1.done.value ? 1 : 0, $1.rank.value) }
        case .map: ListOperators.map(source, isMainActor: false) { $0 }
        }
    }

    /// The same, recomputed from scratch on an array.
    func recompute(_ picks: [Pick]) -> [Pick] {
        switch self {
        case .open: picks.filter { !$0.done.value }
        case .lowRank: picks.filter { $0.rank.value < 4 }
        case .byRank: picks.sorted { $0.rank.value < $1.rank.value }
        case .byDoneThenRank: picks.sorted { ($0.done.value ? 1 : 0, $0.rank.value) < ($1.done.value ? 1 : 0, $1.rank.value) }
        case .map: picks
        }
    }
}

/// A random chain of operators over a `DynamicList`, each stage with a list receiver.
private final class OperatorChain: Sendable {
    let list: DynamicList<Pick>
    let operators: [ModelOperator]
    let stages: [DerivedList<Pick>]
    let views: [ObjectRows<Pick>]

    init(_ picks: [Pick], using generator: inout SplitMix64) {
        let list = DynamicList(picks)
        self.list = list
        operators = (0..<(1 + Int(generator.next() % 3))).map { _ in ModelOperator.allCases[Int(generator.next() % 5)] }
        var stages: [DerivedList<Pick>] = [], views: [ObjectRows<Pick>] = []
        for (position, op) in operators.enumerated() {
            let stage = position == 0 ? op.derive(list) : op.derive(stages[position - 1])
            stages.append(stage)
            let view = ObjectRows<Pick>()
            Bind.in(stage, \.elements).out(view)
            views.append(view)
        }
        self.stages = stages
        self.views = views
    }

    /// The first stage that is not its operators recomputed from the list, or whose receiver's
    /// steps did not fit or did not end at it.
    func check() -> String? {
        var expected = list.elements
        for (position, op) in operators.enumerated() {
            expected = op.recompute(expected)
            let name = operators[...position].map(\.description).joined(separator: " → ")
            if !stages[position].elements.elementsEqual(expected, by: ===) {
                return "\(name) is \(stages[position].elements), recomputed \(expected)"
            }
            if views[position].misfits > 0 { return "a step of \(name)'s receiver did not fit" }
            if !views[position].rows.elementsEqual(expected, by: ===) {
                return "\(name)'s receiver shows \(views[position].rows), not \(expected)"
            }
        }
        return nil
    }
}

/// The list operators in the model check: random chains of `filter`, `sorted` and `map` over
/// random edits of their `DynamicList` and random sets of the elements' properties, checked after
/// every step against the operators recomputed from scratch and against the steps contract.
@Suite(.failOnUnexpectedDiagnostics, .ownThread) struct ListOperatorModelCheckTests {
    static let cases = max(ListModelCheckTests.cases / 5, 1)
    static let threadedCases = max(ListModelCheckTests.threadedCases / 2, 1)

    /// One random step: an edit of the list (a batch of several, or a whole new order), or a
    /// set of a property of an element, in the list or not.
    private static func step(_ chain: OperatorChain, _ pool: [Pick], using generator: inout SplitMix64) -> String {
        let pick = pool[Int(generator.next() % UInt64(pool.count))]
        let count = chain.list.count
        func index(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }
        switch generator.next() % 9 {
        case 0:
            pick.done.value.toggle()
            return "\(pick) done toggled"
        case 1, 2:
            pick.rank.value = Int(generator.next() % 6)
            return "rank of a pick set to \(pick.rank.value)"
        case 3:
            let at = index(count + 1)
            chain.list.insert(pick, at: at)
            return "insert \(pick) at \(at)"
        case 4:
            guard count > 0 else { return "nothing" }
            let at = index(count)
            chain.list.remove(at: at)
            return "remove at \(at)"
        case 5:
            guard count > 0 else { return "nothing" }
            let from = index(count), to = index(count)
            chain.list.move(from: from, to: to)
            return "move \(from)→\(to)"
        case 6:
            guard count > 0 else { return "nothing" }
            let at = index(count)
            chain.list.update(pick, at: at)
            return "update \(pick) at \(at)"
        case 7:
            let other = pool[Int(generator.next() % UInt64(pool.count))]
            chain.list.batch { list in
                pick.done.value.toggle()
                list.append(other)
                if list.count > 1 { list.move(from: 0, to: list.count - 1) }
                other.rank.value = Int(generator.next() % 6)
            }
            return "batch: toggle \(pick), append \(other), move first to last, set its rank"
        default:
            chain.list.elements = chain.list.elements.shuffled(using: &generator)
            return "shuffle"
        }
    }

    @Test("Rule 14: random operator chains over random edits and property sets equal the operators recomputed after every step")
    func randomChains() async {
        let lastSeed = ListModelCheckTests.firstSeed &+ UInt64(Self.cases - 1)
        print("list operator model check: seeds \(ListModelCheckTests.firstSeed)…\(lastSeed) (\(Self.cases) cases)")
        var failures = 0
        for offset in 0..<UInt64(Self.cases) {
            if offset.isMultiple(of: 100) { await Task.yield() }
            let seed = ListModelCheckTests.firstSeed &+ offset
            var generator = SplitMix64(seed: seed)
            let pool = (0..<10).map { _ in Pick(rank: Int(generator.next() % 6), done: generator.next() % 3 == 0) }
            let chain = OperatorChain(Array(pool.prefix(Int(generator.next() % 7))), using: &generator)
            var done = ["operators: \(chain.operators.map(\.description).joined(separator: " → "))"]
            for _ in 0..<40 {
                done.append(Self.step(chain, pool, using: &generator))
                if let problem = chain.check() {
                    Issue.record("list operator model check failed for seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_MODEL_CASES=5)\n\(problem)\nafter:\n\(done.joined(separator: "\n"))")
                    failures += 1
                    break
                }
            }
            if failures >= 3 { break }
        }
    }

    @Test("Rules 10, 14: several threads editing the list and setting its elements at once: every stage ends at its operators recomputed", .timeLimit(.minutes(5)))
    func threadedChains() async {
        let log = DiagnosticLog()
        for offset in 0..<UInt64(Self.threadedCases) {
            let seed = ListModelCheckTests.firstSeed &+ offset
            var generator = SplitMix64(seed: seed)
            let pool = (0..<12).map { _ in Pick(rank: Int(generator.next() % 6)) }
            let chain = OperatorChain(Array(pool.prefix(6)), using: &generator)
            await withTaskGroup(of: Void.self) { group in
                for thread in 0..<3 {
                    group.addTask {
                        var generator = SplitMix64(seed: seed &* 31 &+ UInt64(thread))
                        // An index may not fit once another thread changed the list: reported.
                        // Each step gives the cooperative pool back: other suites' tasks wait on it.
                        for _ in 0..<25 {
                            log.capture { _ = Self.step(chain, pool, using: &generator) }
                            await Task.yield()
                        }
                    }
                }
            }
            if let problem = chain.check() {
                Issue.record("threaded list operator model check failed for seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_THREADED_CASES=1): \(problem)")
                break
            }
        }
        #expect(log.all.allSatisfy { $0.message.contains("out of range") }, "\(log.all.map(\.message))")
    }
}
