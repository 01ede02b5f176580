import Dispatch
import Foundation
import Testing
@testable import Bindery

/// The issue's to-do item.
struct Todo: Identifiable, Equatable, Sendable, CustomStringConvertible {
    let id: Int
    var title: String
    var done = false
    var description: String { "\(id):\(title)\(done ? "✓" : "")" }
}

@Dynamic final class TodoList: @unchecked Sendable {
    var items: [Todo] = []
}

@Dynamic final class ListRows: @unchecked Sendable {
    var models: [RowModel] = []
    var names: [String] = []
}

/// A list receiver that keeps what it was sent by applying each change, and records the
/// changes. Behind an `NSLock`, which the thread sanitizer understands.
final class RecordingList<Element: Sendable>: ListReceiver, @unchecked Sendable {
    // @unchecked: every field is behind `lock`.
    private let lock = NSLock()
    private var state: (rows: [Element], changes: [ListChange<Element>], allOnMain: Bool) = ([], [], true)
    var rows: [Element] { lock.withLock { state.rows } }
    var changes: [ListChange<Element>] { lock.withLock { state.changes } }
    var allOnMain: Bool { lock.withLock { state.allOnMain } }
    var steps: [[ListChange<Element>.Step]] { changes.map(\.steps) }

    func apply(_ change: ListChange<Element>) {
        let onMain = MainQueue.isCurrent
        lock.withLock {
            change.apply(to: &state.rows)
            state.changes.append(change)
            state.allOnMain = state.allOnMain && onMain
        }
    }
}

/// A main-actor list receiver, conforming on the main actor.
@MainActor final class MainList: @MainActor ListReceiver {
    var rows: [Todo] = []
    var count = 0
    var appliedOffMain = false
    func apply(_ change: ListChange<Todo>) {
        appliedOffMain = appliedOffMain || !MainQueue.isCurrent
        count += 1
        change.apply(to: &rows)
    }
}

/// `Chain.out(_:)` for list receivers: steps, identities, lifetime, threads.
@Suite(.failOnUnexpectedDiagnostics) struct ChainListReceiverTests {
    static let milk = Todo(id: 7, title: "milk")

    @Test("Rule 14: a bound receiver gets a reset, then one step per append, removal, update and single move; a sort is moves")
    func theIssuesForms() {
        let list = TodoList()
        list.items = [Todo(id: 1, title: "d"), Todo(id: 2, title: "b"), Todo(id: 3, title: "c"), Todo(id: 4, title: "a")]
        let view = RecordingList<Todo>()
        Bind.in(list, \.items).out(view)
        #expect(view.steps == [[.reset(list.items)]])

        list.items.append(Self.milk)
        #expect(view.steps.last == [.insert(Self.milk, at: 4)])
        list.items.remove(at: 2)
        #expect(view.steps.last == [.remove(at: 2)])
        list.items[0].done = true
        #expect(view.steps.last == [.update(list.items[0], at: 0)])
        list.items = list.items.sorted { $0.title < $1.title }
        #expect(view.steps.last?.allSatisfy { if case .move = $0 { true } else { false } } == true)
        #expect(view.rows == list.items)
        list.items.insert(list.items.remove(at: 3), at: 0)
        #expect(view.steps.last?.count == 1)
        #expect(view.rows == list.items)
        #expect(view.changes.allSatisfy { $0.elements == view.rows } == false || view.changes.last?.elements == list.items)
    }

    @Test("The operator form binds the same receiver; setting the same array again sends nothing")
    func operatorForm() {
        let list = TodoList()
        list.items = [Self.milk]
        let view = RecordingList<Todo>()
        (list, \.items) ~> view
        #expect(view.rows == [Self.milk])
        list.items = list.items
        #expect(view.changes.count == 1)
    }

    @Test("Rule 2: initial: false sends nothing now, and the first change starts from the list bound")
    func noInitialValue() {
        let list = TodoList()
        list.items = [Self.milk]
        let view = RecordingList<Todo>()
        Bind.in(list, \.items).out(view, initial: false)
        #expect(view.changes.isEmpty)
        list.items.append(Todo(id: 8, title: "eggs"))
        #expect(view.steps == [[.insert(Todo(id: 8, title: "eggs"), at: 1)]])
    }

    @Test("Objects are told apart by identity; other values by the id given")
    func identities() {
        let rows = ListRows()
        let a = RowModel("a"), b = RowModel("b")
        rows.models = [a, b]
        let view = RecordingList<RowModel>()
        Bind.in(rows, \.models).out(view)
        rows.models = [b, a]
        #expect(view.steps.last?.count == 1)
        #expect(view.rows.map(\.name) == ["b", "a"])

        let names = RecordingList<String>()
        Bind.in(rows, \.names).out(names, id: \.self)
        rows.names = ["x"]
        rows.names.append("y")
        #expect(names.steps.last == [.insert("y", at: 1)])
    }

    @Test("A derived list is a list like any other: its receiver gets steps")
    func derivedList() {
        let list = TodoList()
        list.items = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
        let open = Derived { list.items.filter { !$0.done } }
        let view = RecordingList<Todo>()
        Bind.in(open, \.value).out(view)
        list.items[0].done = true
        #expect(view.steps.last == [.remove(at: 0)])
        #expect(view.rows == [Todo(id: 2, title: "b")])
    }

    @Test("Rule 11, 14: duplicated identities are reported once per receiver, and never lose an element")
    func duplicates() throws {
        let list = TodoList()
        list.items = [Todo(id: 1, title: "a"), Todo(id: 1, title: "b")]
        let view = RecordingList<Todo>()
        let log = DiagnosticLog()
        log.capture {
            Bind.in(list, \.items).out(view)
            list.items = [Todo(id: 1, title: "b"), Todo(id: 2, title: "x"), Todo(id: 1, title: "a"), Todo(id: 1, title: "c")]
            list.items.append(Todo(id: 1, title: "d"))
            list.items.swapAt(0, 3)
        }
        #expect(view.rows == list.items)
        #expect(log.all.count == 1)
        let message = try #require(log.all.first?.message)
        #expect(message.contains("same identity") && message.contains("RecordingList"))

        let later = TodoList()
        let other = RecordingList<Todo>()
        Bind.in(later, \.items).out(other)
        log.capture { later.items = [Todo(id: 3, title: "a"), Todo(id: 3, title: "b")] }
        #expect(log.all.count == 2)
        #expect(other.rows == later.items)
    }

    @Test("Rule 1: the receiver is not retained; once it is gone its binding ends at the next change")
    func lifetime() {
        let list = TodoList()
        weak var gone: RecordingList<Todo>?
        do {
            let view = RecordingList<Todo>()
            gone = view
            Bind.in(list, \.items).out(view)
        }
        #expect(gone == nil)
        list.items.append(Self.milk)
        #expect(!Bind.isBound(list))
    }

    @Test("Rule 1: a list receiver is an endpoint of its chain: Bind.isBound and Bind.unbind find it by its object")
    func foundByObject() {
        let list = TodoList()
        let view = RecordingList<Todo>(), other = RecordingList<Todo>()
        Bind.in(list, \.items).out(view).out(other)
        #expect(Bind.isBound(view) && Bind.isBound(other))
        Bind.unbind(view)
        #expect(!Bind.isBound(view) && Bind.isBound(other))
        list.items.append(Self.milk)
        #expect(view.changes.count == 1 && other.rows == [Self.milk])
        #expect(Bind.graph().contains("RecordingList"))
    }

    @Test("Rule 10, 14: a main-actor receiver gets every change on the main actor, in order, whichever threads set the list", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorReceiver() async {
        let list = TodoList()
        let view = MainList()
        Bind.in(list, \.items).out(view)          // declared here: applied on the main actor
        #expect(view.count == 1)                  // the reset, synchronously
        // A stored property is not atomic: the threads take turns to set it.
        let turn = NSLock()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for step in 0..<50 {
                        let items = (0...(step % 7)).map { Todo(id: $0 * 4 + thread, title: "\(step)") }
                        turn.withLock { list.items = items }
                    }
                }
            }
        }
        await drainMainQueue()
        #expect(view.rows == list.items)
        #expect(!view.appliedOffMain)
    }

    @Test("Rule 10: no Bindery lock is held while a receiver applies a change: it can bind and set in apply")
    func noLockInApply() {
        final class Rebinding: ListReceiver, @unchecked Sendable {
            let other = TodoList()
            var applied = 0
            func apply(_ change: ListChange<Todo>) {
                applied += 1
                // Both take Bindery's graph lock: they would deadlock under it.
                Bind.in(other, \.items).out("peek") { _ in }
                other.items = change.elements
            }
        }
        let list = TodoList()
        let view = Rebinding()
        Bind.in(list, \.items).out(view)
        list.items.append(Self.milk)
        #expect(view.applied == 2)
        #expect(view.other.items == [Self.milk])
    }
}
