// The cases of list operators: one element's property set, and one append, through
// `filter` → `sorted(by:)` → a bound receiver at 100 and at 100,000 elements; the same change
// through `Derived { list.elements.filter … .sorted … }` at 10,000; and the memory an operator
// keeps per element.

import BenchSupport
import Bindery

/// A to-do whose `done` and `title` the operators read. The cases use it on one thread.
@Dynamic final class BenchTodo: @unchecked Sendable {
    var title: String
    var done: Bool
    init(title: String, done: Bool) {
        self.title = title
        self.done = done
    }
}

/// A list receiver of to-dos that counts what it gets, and keeps nothing.
final class CountingTodos: ListReceiver, @unchecked Sendable {
    // @unchecked: the cases use it on one thread.
    var steps = 0
    var last = 0
    func apply(_ change: ListChange<BenchTodo>) {
        steps += change.steps.count
        last = change.elements.count
    }
}

/// `count` to-dos, every third done, titles in a scrambled order.
private func benchTodos(_ count: Int) -> [BenchTodo] {
    (0..<count).map { BenchTodo(title: "t\(($0 &* 7919) % count)", done: $0 % 3 == 0) }
}

/// One to-do's `done` toggled through what `bind` makes of the list, bound to a receiver that
/// gets one step per set.
private func doneSet(
    count: Int, quickLimit: Int = .max, bind: (DynamicList<BenchTodo>, CountingTodos) -> (sender: AnyObject, chain: Chain<[BenchTodo]>)
) -> Work {
    let todos = benchTodos(count)
    let receiver = CountingTodos()
    let (sender, chain) = bind(DynamicList(todos), receiver)
    let target = todos[count / 2 + 1]
    let base = receiver.steps
    var sets = 0
    return .updates(UpdateBody(
        quickLimit: quickLimit,
        update: { _ in
            target.done.toggle()
            sets += 1
        },
        verify: { _ in receiver.steps - base == sets },
        teardown: {
            chain.unbind()
            blackhole(sender)
        }))
}

/// One to-do's `done` toggled through `filter` → `sorted` → a receiver: one step.
private func operatorSet(count: Int) -> Work {
    doneSet(count: count) { list, receiver in
        let sorted = list.filter { !$0.done }.sorted { $0.title < $1.title }
        return ([list, sorted] as AnyObject, Bind.in(sorted, \.elements).out(receiver))
    }
}

/// One append, then the removal of the last element, through `filter` → `sorted` → a receiver.
private func operatorAppend(count: Int) -> Work {
    let list = DynamicList(benchTodos(count))
    let sorted = list.filter { !$0.done }.sorted { $0.title < $1.title }
    let receiver = CountingTodos()
    let chain = Bind.in(sorted, \.elements).out(receiver)
    let extra = BenchTodo(title: "t-new", done: false)
    let open = sorted.count
    return .updates(UpdateBody(
        update: { value in
            if value & 1 == 0 { list.append(extra) } else { list.removeLast() }
        },
        verify: { _ in receiver.last == open || receiver.last == open + 1 },
        teardown: {
            chain.unbind()
            blackhole(sorted)
        }))
}

/// The same set as `operatorSet` through `Derived { list.elements.filter … .sorted … }`, which
/// re-runs both over the whole list, and its receiver's diff.
private func derivedFilterSort(count: Int) -> Work {
    // Milliseconds an update: a few dozen in the quick run.
    doneSet(count: count, quickLimit: 40) { list, receiver in
        let sorted = Derived { list.elements.filter { !$0.done }.sorted { $0.title < $1.title } }
        return ([list, sorted] as AnyObject, Bind.in(sorted, \.value).out(receiver))
    }
}

/// Heap bytes per element of a `filter` over `count` to-dos, its listeners included.
private func operatorMemory(count: Int) -> Work {
    .memory {
        let list = DynamicList(benchTodos(count))
        blackhole(list.filter { _ in true })
        let before = bench_heap_in_use()
        bench_count_start()
        let open = list.filter { !$0.done }
        let allocations = bench_count_stop()
        let after = bench_heap_in_use()
        let verified = open.count == count - (count + 2) / 3
        return Figure(
            value: (Double(after) - Double(before)) / Double(count), unit: .bytes,
            allocsPerUpdate: Double(allocations) / Double(count), allocCount: allocations,
            iterations: count, verified: withExtendedLifetime(open) { verified })
    }
}

let listOperatorMeasurements: [Measurement] = [
    Measurement(id: "list.operators.set.100", what: "todo.done set → filter → sorted → receiver, 100 todos",
                make: { operatorSet(count: 100) }),
    Measurement(id: "list.operators.set.100000", what: "todo.done set → filter → sorted → receiver, 100,000 todos",
                make: { operatorSet(count: 100_000) }),
    Measurement(id: "list.operators.set.10000", what: "todo.done set → filter → sorted → receiver, 10,000 todos",
                make: { operatorSet(count: 10_000) }),
    Measurement(id: "list.operators.append.100", what: "append / removeLast → filter → sorted → receiver, 100 todos",
                make: { operatorAppend(count: 100) }),
    Measurement(id: "list.operators.append.100000", what: "append / removeLast → filter → sorted → receiver, 100,000 todos",
                make: { operatorAppend(count: 100_000) }),
    Measurement(id: "list.derived-filter-sort.10000", what: "todo.done set → Derived { elements.filter.sorted } → receiver, 10,000 todos",
                make: { derivedFilterSort(count: 10_000) }),
    Measurement(id: "memory.filter.100000", what: "heap bytes per element of a filter over 100,000 todos",
                make: { operatorMemory(count: 100_000) }),
]
