import Bindery

/// Writes the app's changes to its store: a list receiver of the todos' records
/// (`todos.map(\.record)`, which follows each todo's title and state), and the filter.
///
/// A change is written before the action that made it returns: at once, or, inside
/// ``holding(_:)``, once when the outermost hold ends (one transaction for "mark all as
/// complete"). A write that fails is reported through `onError` and not lost: the next write
/// puts the whole list and the filter again.
@MainActor final class StoreWriter: @MainActor ListReceiver {
    private let store: any TodoStore
    /// The records as the store has them (or should have them), in order.
    private var records: [TodoRecord]
    private var filter: TodoFilter
    private var pending: [TodoStoreChange] = []
    private var holds = 0
    /// Set when a write failed: the next one rewrites everything.
    private var isStale = false
    /// Told when a write fails (with the error), and when one succeeds again (with nil).
    var onWrite: ((any Error)?) -> Void = { _ in }

    /// A writer for a store that holds `snapshot`.
    init(store: any TodoStore, snapshot: TodoSnapshot) {
        self.store = store
        records = snapshot.todos
        filter = snapshot.filter
    }

    /// Above this many steps, a change is written as the difference of the two lists, in
    /// O(n), rather than step by step.
    static let stepLimit = 32

    func apply(_ change: ListChange<TodoRecord>) {
        if change.steps.count > Self.stepLimit || change.isReset {
            writeDifference(to: change.elements)
        } else {
            // A step whose index does not fit what the store has (never from Bindery) is not
            // trusted: what is left is written as the difference to the change's elements.
            for step in change.steps where !write(step) {
                writeDifference(to: change.elements)
                break
            }
        }
        flushUnlessHeld()
    }

    /// Writes the filter, unless the store has it.
    func save(_ newFilter: TodoFilter) {
        guard newFilter != filter else { return }
        filter = newFilter
        pending.append(.filter(newFilter))
        flushUnlessHeld()
    }

    /// Runs `body`, writing what it changed as one transaction when it ends.
    func holding<Result>(_ body: () -> Result) -> Result {
        holds += 1
        defer {
            holds -= 1
            flushUnlessHeld()
        }
        return body()
    }

    /// Writes one step; false, having written nothing, if its indices do not fit.
    private func write(_ step: ListChange<TodoRecord>.Step) -> Bool {
        switch step {
        case .insert(let record, let index):
            guard (0...records.count).contains(index) else { return false }
            pending.append(.insert(record, after: index > 0 ? records[index - 1].id : nil))
            records.insert(record, at: index)
        case .remove(let index):
            guard records.indices.contains(index) else { return false }
            pending.append(.delete(id: records.remove(at: index).id))
        case .move(let from, let to):
            guard records.indices.contains(from), records.indices.contains(to) else { return false }
            let record = records.remove(at: from)
            records.insert(record, at: to)
            pending.append(.move(id: record.id, after: to > 0 ? records[to - 1].id : nil))
        case .update(let record, let index):
            guard records.indices.contains(index) else { return false }
            guard records[index] != record else { return true }
            records[index] = record
            pending.append(.update(record))
        case .reset(let elements):
            writeDifference(to: elements)
        }
        return true
    }

    /// Writes what turns `records` into `new`: deletions, updates and insertions when the
    /// todos that stay keep their order, the whole list otherwise. O(n).
    private func writeDifference(to new: [TodoRecord]) {
        defer { records = new }
        guard new != records else { return }
        let newIDs = Set(new.map(\.id))
        let old = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let staying = records.filter { newIDs.contains($0.id) }.map(\.id)
        guard staying == new.filter({ old[$0.id] != nil }).map(\.id), newIDs.count == new.count else {
            pending.append(.replaceAll(new))
            return
        }
        for record in records where !newIDs.contains(record.id) { pending.append(.delete(id: record.id)) }
        var previous: Int64?
        for record in new {
            if let before = old[record.id] {
                if before != record { pending.append(.update(record)) }
            } else {
                pending.append(.insert(record, after: previous))
            }
            previous = record.id
        }
    }

    private func flushUnlessHeld() {
        guard holds == 0, !pending.isEmpty || isStale else { return }
        let changes = isStale ? [.replaceAll(records), .filter(filter)] : pending
        pending = []
        do {
            try store.write(changes)
            if isStale { onWrite(nil) }
            isStale = false
        } catch {
            isStale = true
            onWrite(error)
        }
    }
}
