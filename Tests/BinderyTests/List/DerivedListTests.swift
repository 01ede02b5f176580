import Foundation
import Synchronization
import Testing
@testable import Bindery

/// A todo whose properties a list operator follows. Any thread may set it in these tests, which
/// set each todo from one thread at a time.
@Dynamic final class Chore: @unchecked Sendable, CustomStringConvertible {
    var title: String
    var done: Bool
    init(_ title: String, done: Bool = false) {
        self.title = title
        self.done = done
    }
    var description: String { "\(title)\(done ? "✓" : "")" }
}

/// Keys that a comparison reads before the element's own property says so: a set whose
/// store is seen before its notification is heard (another thread's, in flight).
final class UnheardKeys: Sendable {
    private let keys = Mutex<[ObjectIdentifier: String]>([:])

    func set(_ key: String, for chore: Chore) {
        keys.withLock { $0[ObjectIdentifier(chore)] = key }
    }

    /// The key set for `chore`, else its title.
    func key(_ chore: Chore) -> String {
        keys.withLock { $0[ObjectIdentifier(chore)] } ?? chore.title
    }
}

/// A row made of a task by `map`.
final class ChoreRow: Sendable {
    let task: Chore
    init(_ task: Chore) { self.task = task }
}

/// A list receiver of objects that applies every step checked, counting misfits.
final class ObjectRows<Element: AnyObject>: ListReceiver, @unchecked Sendable {
    // @unchecked: every field is behind `lock`.
    private let lock = NSLock()
    private var state: (rows: [Element], changes: [[ListChange<Element>.Step]], misfits: Int) = ([], [], 0)
    var rows: [Element] { lock.withLock { state.rows } }
    var changes: [[ListChange<Element>.Step]] { lock.withLock { state.changes } }
    var misfits: Int { lock.withLock { state.misfits } }

    func apply(_ change: ListChange<Element>) {
        lock.withLock {
            for step in change.steps where !ListChange<Element>.apply(step, to: &state.rows) { state.misfits += 1 }
            if !state.rows.elementsEqual(change.elements, by: ===) { state.misfits += 1 }
            state.changes.append(change.steps)
        }
    }
}

/// A step, with objects named by their titles: for comparing steps.
private func described(_ step: ListChange<Chore>.Step) -> String {
    switch step {
    case .insert(let task, let index): "insert \(task.title) at \(index)"
    case .remove(let index): "remove at \(index)"
    case .move(let from, let to): "move \(from) to \(to)"
    case .update(let task, let index): "update \(task.title) at \(index)"
    case .reset(let tasks): "reset \(tasks.map(\.title))"
    }
}

/// `DerivedList`: `filter`, `sorted(by:)` and `map` that follow each element.
@Suite(.failOnUnexpectedDiagnostics) struct DerivedListTests {
    @Test("filter follows each element: a set of what it read is one step, an insertion or a removal; the count follows")
    func filterFollowsElements() {
        let milk = Chore("milk"), eggs = Chore("eggs", done: true), tea = Chore("tea")
        let todos = DynamicList([milk, eggs, tea])
        let open = todos.filter { !$0.done }
        let left = Derived { open.count }
        let view = ObjectRows<Chore>()
        Bind.in(open, \.elements).out(view)
        #expect(open.map(\.title) == ["milk", "tea"] as [String])
        milk.done = true
        #expect(view.changes.last?.map(described) == ["remove at 0"])
        eggs.done = false
        #expect(view.changes.last?.map(described) == ["insert eggs at 0"])
        milk.title = "oat milk"           // not read by the filter: nothing
        #expect(view.changes.count == 3)
        todos.append(Chore("jam"))
        #expect(view.changes.last?.map(described) == ["insert jam at 2"])
        todos.move(from: 2, to: 0)        // tea before eggs
        #expect(view.changes.last?.map(described) == ["move 1 to 0"])
        #expect(left.value == 3)
        #expect(view.rows.map(\.title) == ["tea", "eggs", "jam"] as [String])
        #expect(view.misfits == 0)
    }

    @Test("A derived list is a list sender like a DynamicList: ~>, a chain's values, a derived value's reads")
    func listSender() async {
        let milk = Chore("milk"), eggs = Chore("eggs")
        let todos = DynamicList([milk, eggs])
        let open = todos.filter { !$0.done }
        let view = ObjectRows<Chore>()
        (open, \.elements) ~> view
        let firstTitle = Derived { open.first?.title ?? "-" }
        var iterator = Bind.in(open, \.elements).values.makeAsyncIterator()
        #expect(await iterator.next()?.count == 2)
        milk.done = true
        #expect(await iterator.next()?.count == 1)
        #expect(identical(view.rows, [eggs]))
        #expect(firstTitle.value == "eggs")
        #expect(open.count == 1 && !open.isEmpty && open[0] === eggs)
    }

    @Test("Rule 13: each operator runs its closure once per set that changes what it read, and once per new element")
    func oncePerSet() {
        let calls = Counter()
        let tasks = (0..<50).map { Chore("t\($0)") }
        let todos = DynamicList(tasks)
        let open = todos.filter { calls.increment(); return !$0.done }
        #expect(calls.value == 50)
        tasks[7].done = true
        #expect(calls.value == 51)
        todos.append(Chore("new"))
        #expect(calls.value == 52)
        todos.remove(at: 0)
        todos.move(from: 3, to: 9)
        #expect(calls.value == 52)
        #expect(open.count == 49)
    }

    @Test("sorted(by:) moves an element whose compared property changes, one step; equal elements keep the source's order")
    func sortedMoves() {
        let a = Chore("b"), b = Chore("d"), c = Chore("b"), d = Chore("a")
        let todos = DynamicList([a, b, c, d])
        let sorted = todos.sorted { $0.title < $1.title }
        let view = ObjectRows<Chore>()
        Bind.in(sorted, \.elements).out(view)
        #expect(identical(view.rows, [d, a, c, b]))
        b.title = "0"
        #expect(view.changes.last?.map(described) == ["move 3 to 0"])
        #expect(identical(view.rows, [b, d, a, c]))
        todos.move(from: 2, to: 0)        // c before a now: equal titles follow the source
        #expect(identical(view.rows, [b, d, c, a]))
        todos.append(Chore("c"))
        #expect(view.changes.last?.map(described) == ["insert c at 4"])
        todos.batch { list in
            a.title = "z"
            d.title = "y"
            list.remove(at: 1)            // b
        }
        #expect(view.rows.map(\.title) == todos.elements.sorted { $0.title < $1.title }.map(\.title))
        #expect(view.misfits == 0)
    }

    @Test("sorted(by:) ends in order when a compared value was seen changed before its set was heard: what was placed past it meanwhile is placed again")
    func sortedPlacesAgainPastALateSet() {
        // Another thread's set is stored before its notification arrives: evaluations in
        // between compare with the new value while the element still stands where the old one
        // put it. Here the comparison reads a key that changes with no notification, and the
        // set that notifies comes after two evaluations that placed elements past it.
        let titles = ["c", "e", "g", "i", "k", "m", "o", "q"]
        for moved in titles.indices {
            for late in ["0", "z"] {
                for inserted in ["b", "d", "f", "h", "j", "l", "n", "p", "r"] {
                    let unheard = UnheardKeys()
                    let chores = titles.map { Chore($0) }
                    let todos = DynamicList(chores)
                    let sorted = todos.sorted { unheard.key($0) < unheard.key($1) }
                    let view = ObjectRows<Chore>()
                    Bind.in(sorted, \.elements).out(view)
                    unheard.set(late, for: chores[moved])
                    todos.append(Chore(inserted))
                    todos.append(Chore("a"))        // another evaluation before the set is heard
                    chores[moved].title = late        // the set's notification
                    let expected = todos.elements.sorted { unheard.key($0) < unheard.key($1) }
                    #expect(
                        identical(sorted.elements, expected),
                        "moved \(titles[moved]) to \(late), inserted \(inserted): \(sorted.elements) instead of \(expected)")
                    #expect(identical(view.rows, expected))
                    #expect(view.misfits == 0)
                }
            }
        }
    }

    @Test("map makes each result once and keeps it while its element stays; a set of what it read makes it again; a removed element's result is released")
    func mapKeepsResults() throws {
        let milk = Chore("milk"), eggs = Chore("eggs")
        let todos = DynamicList([milk, eggs])
        let calls = Counter()
        let rows = todos.map { task in calls.increment(); return ChoreRow(task) }
        let titles = todos.map { $0.title.uppercased() }
        let first = try #require(rows.first)
        todos.append(Chore("tea"))
        todos.move(from: 0, to: 2)
        milk.title = "oat milk"           // ChoreRow's closure read nothing: kept
        #expect(rows.last === first)
        #expect(calls.value == 3)
        #expect(titles.elements == ["EGGS", "TEA", "OAT MILK"])
        weak var released: ChoreRow?
        do {
            released = rows[0]
            todos.remove(at: 0)
        }
        #expect(released == nil)
    }

    @Test("Operators chain: filter → sorted → map → a list receiver, row by row")
    func chained() {
        let tasks = ["d", "b", "a", "c"].map { Chore($0) }
        let todos = DynamicList(tasks)
        let rows = todos.filter { !$0.done }.sorted { $0.title < $1.title }.map { ChoreRow($0) }
        let view = ObjectRows<ChoreRow>()
        Bind.in(rows, \.elements).out(view)
        #expect(view.rows.map(\.task.title) == ["a", "b", "c", "d"])
        let rowOfB = view.rows[1]
        tasks[2].done = true              // "a" leaves
        #expect(view.changes.last?.count == 1)
        tasks[0].title = "0"              // "d" moves first
        #expect(view.changes.last?.count == 1)
        #expect(view.rows.map(\.task.title) == ["0", "b", "c"])
        #expect(view.rows[1] === rowOfB)
        #expect(view.misfits == 0)
    }

    @Test("Rule 1: an operator that nobody holds goes, and stops listening; it holds a DynamicList weakly and the operators it reads strongly")
    func lifetime() {
        let task = Chore("milk")
        weak var gone: DerivedList<Chore>?
        let todos = DynamicList([task])
        do {
            let open = todos.filter { !$0.done }
            gone = open
            #expect(open.count == 1)
        }
        #expect(gone == nil)
        task.done = true
        weak var list: DynamicList<Chore>?
        weak var inner: DerivedList<Chore>?
        var outer: DerivedList<Chore>?
        do {
            let source = DynamicList([task])
            list = source
            let filtered = source.filter { _ in true }
            inner = filtered
            outer = filtered.sorted { $0.title < $1.title }
        }
        #expect(list == nil)
        #expect(inner != nil)
        #expect(outer?.count == 1)
        outer = nil
        #expect(inner == nil)
    }

    @Test("Rule 10, 14: element sets and list edits from several threads end at the operators recomputed from scratch", .timeLimit(.minutes(1)))
    func threads() {
        // Boxes, which any thread may set (a @Dynamic class's stored property is not atomic).
        let picks = (0..<40).map { Pick(rank: $0 % 7) }
        let todos = DynamicList(picks)
        let rows = todos.filter { !$0.done.value }.sorted { $0.rank.value < $1.rank.value }
        let view = ObjectRows<Pick>()
        Bind.in(rows, \.elements).out(view)
        // Threads of their own, not the cooperative pool, which other suites' tasks may keep
        // busy for longer than the time limit (under the thread sanitizer they did).
        onThreads(4) { lane in
            var random = SplitMix64(seed: UInt64(lane + 1))
            for step in 0..<300 {
                let mine = picks[Int(random.next() % 40)]
                switch step % 4 {
                case 0: mine.done.value.toggle()
                case 1: mine.rank.value = Int(random.next() % 7)
                case 2: todos.append(Pick(rank: step % 7))
                default: if todos.count > 30 { todos.removeLast() }
                }
            }
        }
        let expected = todos.elements.filter { !$0.done.value }.sorted { $0.rank.value < $1.rank.value }
        #expect(identical(rows.elements, expected))
        #expect(identical(view.rows, expected))
        #expect(view.misfits == 0)
    }

    @Test("Rule 14: random edits and sets through filter, sorted and map match the operators recomputed after every step", arguments: 1...40)
    func randomAgainstRecomputed(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let pool = (0..<12).map { Chore("t\($0 % 5)") }
        let todos = DynamicList(Array(pool.prefix(6)))
        let open = todos.filter { !$0.done }
        let sorted = open.sorted { $0.title < $1.title }
        let rows = sorted.map { ChoreRow($0) }
        let view = ObjectRows<ChoreRow>()
        Bind.in(rows, \.elements).out(view)
        for _ in 0..<60 {
            let task = pool[Int(random.next() % UInt64(pool.count))]
            switch random.next() % 8 {
            case 0: task.done.toggle()
            case 1: task.title = "t\(random.next() % 5)"
            case 2: todos.insert(task, at: Int(random.next() % UInt64(todos.count + 1)))
            case 3: if !todos.isEmpty { todos.remove(at: Int(random.next() % UInt64(todos.count))) }
            case 4: if todos.count > 1 { todos.move(from: Int(random.next() % UInt64(todos.count)), to: Int(random.next() % UInt64(todos.count))) }
            case 5: todos.batch { list in
                    task.done.toggle()
                    if !list.isEmpty { list.remove(at: 0) }
                    pool[Int(random.next() % 12)].title = "t\(random.next() % 5)"
                }
            case 6: todos.elements = todos.elements.shuffled(using: &random)
            default: if !todos.isEmpty { todos.update(task, at: Int(random.next() % UInt64(todos.count))) }
            }
            let expectedOpen = todos.elements.filter { !$0.done }
            let expectedSorted = expectedOpen.sorted { $0.title < $1.title }
            #expect(identical(open.elements, expectedOpen))
            #expect(identical(sorted.elements, expectedSorted))
            #expect(identical(rows.elements.map(\.task), expectedSorted))
            #expect(identical(view.rows.map(\.task), expectedSorted))
        }
        #expect(view.misfits == 0)
    }
}

/// Whether two sequences hold the same objects in the same order (a helper rather than
/// `elementsEqual(_:by:)` inside `#expect`, whose expansion leaves that call's result unused).
private func identical<First: Sequence, Second: Sequence>(_ first: First, _ second: Second) -> Bool
where First.Element: AnyObject, Second.Element == First.Element {
    first.elementsEqual(second, by: ===)
}
