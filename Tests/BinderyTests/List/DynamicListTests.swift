import Foundation
import Testing
@testable import Bindery

/// A list receiver that applies every step checked, counting the steps that did not fit.
/// Behind an `NSLock`, which the thread sanitizer understands (a `Mutex` draws false reports).
final class CheckedList<Element: Sendable & Equatable>: ListReceiver, @unchecked Sendable {
    // @unchecked: every field is behind `lock`.
    private let lock = NSLock()
    private var state: (rows: [Element], changes: [[ListChange<Element>.Step]], misfits: Int) = ([], [], 0)
    var rows: [Element] { lock.withLock { state.rows } }
    var changes: [[ListChange<Element>.Step]] { lock.withLock { state.changes } }
    var misfits: Int { lock.withLock { state.misfits } }

    func apply(_ change: ListChange<Element>) {
        lock.withLock {
            for step in change.steps where !ListChange<Element>.apply(step, to: &state.rows) { state.misfits += 1 }
            if state.rows != change.elements { state.misfits += 1 }
            state.changes.append(change.steps)
        }
    }
}

/// An element that runs `farewell` when it goes.
final class Farewell: Sendable {
    let farewell: @Sendable () -> Void
    init(_ farewell: @escaping @Sendable () -> Void) { self.farewell = farewell }
    deinit { farewell() }
}

/// `DynamicList`: mutations that report their own steps, batches, threads.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicListTests {
    static let milk = Todo(id: 7, title: "milk"), eggs = Todo(id: 8, title: "eggs"), tea = Todo(id: 9, title: "tea")

    @Test("Rule 14: each mutation is its steps, with no diff; a receiver's rows follow the list")
    func mutations() {
        let todos = DynamicList<Todo>()
        let view = CheckedList<Todo>()
        Bind.in(todos, \.elements).out(view)
        #expect(view.changes == [[.reset([])]])
        todos.append(Self.milk)
        #expect(view.changes.last == [.insert(Self.milk, at: 0)])
        todos.append(contentsOf: [Self.eggs, Self.tea])
        #expect(view.changes.last == [.insert(Self.eggs, at: 1), .insert(Self.tea, at: 2)])
        todos.move(from: 2, to: 0)
        #expect(view.changes.last == [.move(from: 2, to: 0)])
        todos[1].done = true
        #expect(view.changes.last == [.update(Todo(id: 7, title: "milk", done: true), at: 1)])
        #expect(todos.remove(at: 0) == Self.tea)
        #expect(view.changes.last == [.remove(at: 0)])
        todos.insert(Self.tea, at: 1)
        todos.replaceSubrange(0..<1, with: [Self.tea, Self.milk])
        todos.removeLast()
        todos.removeFirst()
        #expect(view.rows == todos.elements)
        todos.removeAll()
        #expect(view.changes.last == [.reset([])])
        #expect(view.rows.isEmpty && view.misfits == 0)
    }

    @Test("batch { } is one change of its steps; the list's own methods on the batch's thread join it")
    func batch() {
        let todos = DynamicList([Self.milk, Self.eggs, Self.tea])
        let view = CheckedList<Todo>()
        (todos, \.elements) ~> view
        todos.batch { list in
            list.remove(at: 0)
            list.insert(Self.milk, at: 2)
            todos.append(Todo(id: 10, title: "jam"))     // the list itself, on this thread
            #expect(list.count == 4)                      // reads see the batch so far
        }
        #expect(view.changes.count == 2)
        #expect(view.changes.last == [.remove(at: 0), .insert(Self.milk, at: 2), .insert(Todo(id: 10, title: "jam"), at: 3)])
        todos.removeAll { $0.id >= 9 }
        #expect(view.changes.count == 3)
        #expect(view.rows == [Self.eggs, Self.milk] && view.misfits == 0)
    }

    @Test("Setting elements replaces the list: the steps are found by identity, so a sort is moves")
    func wholeList() {
        let todos = DynamicList([Todo(id: 1, title: "c"), Todo(id: 2, title: "a"), Todo(id: 3, title: "b")])
        let view = CheckedList<Todo>()
        Bind.in(todos, \.elements).out(view)
        todos.elements = todos.elements.sorted { $0.title < $1.title }
        #expect(view.changes.last?.allSatisfy { if case .move = $0 { true } else { false } } == true)
        #expect(view.rows.map(\.title) == ["a", "b", "c"])
        let words = DynamicList(["a", "b"])
        let wordsView = CheckedList<String>()
        Bind.in(words, \.elements).out(wordsView, id: \.self)
        words.elements = ["b", "a"]
        #expect(wordsView.changes.last == [.move(from: 1, to: 0)])
    }

    @Test("Rule 11: an index out of range is reported and skipped: nothing traps, nothing changes")
    func badIndices() {
        let todos = DynamicList([Self.milk])
        let log = DiagnosticLog()
        log.capture {
            todos.insert(Self.eggs, at: 5)
            #expect(todos.remove(at: 3) == nil)
            todos.move(from: 0, to: 4)
            todos.update(Self.tea, at: -1)
            todos.replaceSubrange(0..<9, with: [Self.tea])
        }
        #expect(log.all.count == 5)
        #expect(log.all.allSatisfy { $0.message.contains("out of range") })
        #expect(todos.elements == [Self.milk])
    }

    @Test("A derived value that reads the list follows it")
    func derived() {
        let todos = DynamicList([Self.milk, Self.eggs])
        let open = Derived { todos.elements.filter { !$0.done }.count }
        todos[0].done = true
        #expect(open.value == 1)
        todos.append(Self.tea)
        #expect(open.value == 2)
    }

    @Test("Every read is tracked: count and isEmpty follow the count, the subscript, first and iteration follow the elements")
    func collectionReads() {
        let todos = DynamicList([Self.milk])
        let count = Derived { todos.count }
        let isEmpty = Derived { todos.isEmpty }
        let first = Derived { todos.first?.title }
        let titles = Derived {
            var titles: [String] = []
            for todo in todos { titles.append(todo.title) }
            return titles.joined(separator: ",")
        }
        let second = Derived { todos.count > 1 ? todos[1].title : "-" }
        todos.append(Self.eggs)
        #expect(count.value == 2 && !isEmpty.value && titles.value == "milk,eggs" && second.value == "eggs")
        todos.remove(at: 0)
        todos.removeLast()
        #expect(count.value == 0)
        #expect(isEmpty.value)
        #expect(first.value == nil && titles.value == "" && second.value == "-")
        todos.append(Self.tea)
        #expect(first.value == "tea" && count.value == 1 && !isEmpty.value)
    }

    @Test("count is heard only when the count changes: an update or a move evaluates nothing that reads only the count")
    func countOnly() {
        let todos = DynamicList([Self.milk, Self.eggs])
        let evaluations = Counter()
        let count = Derived { evaluations.increment(); return todos.count }
        todos[0].done = true
        todos.move(from: 0, to: 1)
        todos.elements = [Self.tea, Self.milk]
        #expect(evaluations.value == 1)
        todos.append(Self.eggs)
        #expect(count.value == 3 && evaluations.value == 2)
    }

    @Test("Rule 10: a batch body runs with no Bindery lock held: it may wait for another thread that mutates the list", .ownThread, .timeLimit(.minutes(1)))
    func batchWaitsForAnotherThread() {
        let todos = DynamicList([Self.milk])
        let view = CheckedList<Todo>()
        Bind.in(todos, \.elements).out(view)
        let done = DispatchSemaphore(value: 0)
        var waited = DispatchTimeoutResult.timedOut
        todos.batch { list in
            list.append(Self.eggs)
            Thread {
                todos.append(Self.tea)
                done.signal()
            }.start()
            waited = done.wait(timeout: .now() + 20)
            list.remove(at: 0)
        }
        #expect(waited == .success)
        #expect(todos.elements == [Self.eggs, Self.tea])
        #expect(view.rows == todos.elements && view.misfits == 0)
    }

    @Test("Rule 10, 11: a bad index is reported with no Bindery lock held: the handler may wait for another thread that uses the list", .ownThread, .timeLimit(.minutes(1)))
    func diagnosticsWaitForAnotherThread() {
        let todos = DynamicList([Self.milk])
        let results = Recorder<DispatchTimeoutResult>()
        Bind.withDiagnosticsHandler({ _ in
            let done = DispatchSemaphore(value: 0)
            Thread {
                todos.append(Self.tea)
                _ = todos.count
                done.signal()
            }.start()
            results.append(done.wait(timeout: .now() + 20))
        }) {
            todos.remove(at: 5)
        }
        #expect(results.values == [.success])
        #expect(todos.elements == [Self.milk, Self.tea])
    }

    @Test("Rule 10: an element whose last reference was the list's log of changes goes with no lock held: its deinit may use the list", .ownThread, .timeLimit(.minutes(1)))
    func logReleasesOutsideTheLock() {
        let list = DynamicList<Farewell>()
        let counts = Recorder<Int>()
        for _ in 0..<80 {
            list.append(Farewell { counts.append(list.count) })   // the log keeps the insert's step
            list.removeLast()
        }
        // Every change after the log's 64th drops the oldest: its element's deinit ran.
        #expect(counts.count >= 80 - 64 - 1)
    }

    @Test("Rule 10: removeAll(where:) runs its predicate with no Bindery lock held, and removes what it accepts in the list as it stands", .ownThread, .timeLimit(.minutes(1)))
    func removeAllWaitsForAnotherThread() {
        let todos = DynamicList([Self.milk, Self.eggs])
        let once = Counter()
        todos.removeAll { todo in
            if once.value == 0 {
                once.increment()
                let done = DispatchSemaphore(value: 0)
                Thread {
                    todos.insert(Self.tea, at: 0)
                    done.signal()
                }.start()
                #expect(done.wait(timeout: .now() + 20) == .success)
            }
            return todo.title != "eggs"
        }
        #expect(todos.elements == [Self.eggs])
    }

    @Test("Rule 10, 14: threads mutating at once are serialised: every receiver applies every step, in order, and ends at the list", .ownThread, .timeLimit(.minutes(1)))
    func threads() async {
        let todos = DynamicList<Todo>()
        let view = CheckedList<Todo>()
        Bind.in(todos, \.elements).out(view)
        // A batch holds no lock: another thread may change the list between a body's look at
        // its count and its edit, which is then reported and skipped.
        let log = DiagnosticLog()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    log.capture { for step in 0..<200 {
                        switch step % 5 {
                        case 0, 1: todos.append(Todo(id: thread * 1000 + step, title: "\(step)"))
                        case 2: todos.batch { list in if list.count > 1 { list.move(from: 0, to: list.count - 1) } }
                        case 3: todos.batch { list in if list.count > 1 { list.remove(at: 1) }; list.insert(Todo(id: -step, title: "b"), at: 0) }
                        default: todos.removeFirst()
                        }
                    } }
                }
            }
        }
        #expect(log.all.allSatisfy { $0.message.contains("out of range") }, "\(log.all.map(\.message))")
        #expect(view.misfits == 0)
        #expect(view.rows == todos.elements)
    }

    @Test("Rule 1: the list retains no receiver, and its receivers' chains end with it")
    func lifetime() {
        weak var goneList: DynamicList<Todo>?
        weak var goneView: CheckedList<Todo>?
        let view = CheckedList<Todo>()
        do {
            let todos = DynamicList([Self.milk])
            goneList = todos
            Bind.in(todos, \.elements).out(view)
            let other = CheckedList<Todo>()
            goneView = other
            Bind.in(todos, \.elements).out(other)
            #expect(Bind.isBound(todos))
        }
        #expect(goneList == nil)
        #expect(goneView == nil)
        #expect(!Bind.isBound(view))
    }
}
