import Bindery
import Testing
@testable import TodoModel

/// `StoreWriter`: list changes of the todos' records turned into the store's writes.
@MainActor @Suite struct StoreWriterTests {
    let a = TodoRecord(id: 1, title: "a"), b = TodoRecord(id: 2, title: "b"), c = TodoRecord(id: 3, title: "c")

    @Test("Each step is written where it belongs; many steps are written as the difference; the store ends at the change's elements")
    func steps() throws {
        let store = InMemoryTodoStore(TodoSnapshot(todos: [a, b]))
        let writer = StoreWriter(store: store, snapshot: try store.load())
        writer.apply(ListChange(elements: [a, c, b], steps: [.insert(c, at: 1)]))
        #expect(try store.load().todos == [a, c, b])
        writer.apply(ListChange(elements: [b, a, c], steps: [.move(from: 2, to: 0)]))
        #expect(try store.load().todos == [b, a, c])
        let many = (10..<60).map { TodoRecord(id: Int64($0), title: "t\($0)") }
        writer.apply(ListChange(elements: [b] + many, steps: [.remove(at: 1), .remove(at: 1)] + many.enumerated().map { .insert($1, at: $0 + 1) }))
        #expect(try store.load().todos == [b] + many)
    }

    @Test("A step whose index does not fit is not trusted: no trap, and the store ends at the change's elements")
    func badIndex() throws {
        let store = InMemoryTodoStore(TodoSnapshot(todos: [a, b]))
        let writer = StoreWriter(store: store, snapshot: try store.load())
        writer.apply(ListChange(elements: [a, b, c], steps: [.insert(c, at: 7)]))
        #expect(try store.load().todos == [a, b, c])
        writer.apply(ListChange(elements: [a, c], steps: [.remove(at: 1), .update(c, at: 9)]))
        #expect(try store.load().todos == [a, c])
    }
}
