// What ListReceiver.swift's example leaves out: the list it binds.
import Bindery

struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

@Dynamic final class TodoList {
    var items: [Todo] = []
}

@MainActor let list = TodoList(), todoView = TodoView()
