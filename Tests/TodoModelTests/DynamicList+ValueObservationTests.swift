import Bindery
import BinderyGRDB
import Foundation
import GRDB
import Synchronization
import Testing

/// A row of the observed table.
struct Player: Codable, FetchableRecord, Identifiable, Equatable, Sendable {
    var id: Int64
    var name: String
}

/// A receiver that keeps the rows it was given and every step.
final class PlayerRows: ListReceiver, @unchecked Sendable {
    // All state behind `lock`.
    private let lock = NSLock()
    private var rows: [Player] = []
    private var steps: [String] = []
    func apply(_ change: ListChange<Player>) {
        lock.withLock {
            change.apply(to: &rows)
            for step in change.steps {
                switch step {
                case .insert(let player, let index): steps.append("insert \(player.name) at \(index)")
                case .remove(let index): steps.append("remove at \(index)")
                case .move(let from, let to): steps.append("move \(from) to \(to)")
                case .update(let player, let index): steps.append("update \(player.name) at \(index)")
                case .reset(let players): steps.append("reset to \(players.count)")
                }
            }
        }
    }
    var state: (rows: [Player], steps: [String]) { lock.withLock { (rows, steps) } }
}

/// `DynamicList.follow(_:in:)`: a GRDB query reaching a list, and its receivers row by row.
@Suite struct DynamicListValueObservationTests {
    /// Waits until `condition` holds; the time limit bounds it.
    func settle(_ condition: () -> Bool) async {
        while !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("Each transaction that changes the query's rows reaches the list's receiver as the steps between the two results, by identity", .timeLimit(.minutes(1)))
    func follows() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid')")
        }
        let players = DynamicList<Player>()
        let rows = PlayerRows()
        let binding = Bind.in(players, \.elements).out(rows)
        let observation = ValueObservation.tracking { db in try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY name") }
        let cancellable = players.follow(observation, in: database)
        await settle { players.count == 3 }
        try await database.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Bea' WHERE id = 2")
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (4, 'Dee')")
        }
        await settle { rows.state.rows.count == 4 }
        #expect(rows.state.rows.map(\.name) == ["Ann", "Bea", "Cid", "Dee"])
        #expect(Set(rows.state.steps.suffix(2)) == ["update Bea at 1", "insert Dee at 3"])   // two steps, no reset
        try await database.write { db in try db.execute(sql: "UPDATE player SET name = 'Zed' WHERE id = 1") }
        await settle { rows.state.rows.first?.name == "Bea" }
        #expect(rows.state.rows.map(\.name) == ["Bea", "Cid", "Dee", "Zed"])
        #expect(rows.state.steps.last?.hasPrefix("move") == true || rows.state.steps.suffix(2).contains("update Zed at 3"))
        cancellable.cancel()
        binding.unbind()
    }

    @Test("The observation holds the list weakly: when the list goes, nothing is applied and nothing traps", .timeLimit(.minutes(1)))
    func weakList() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        weak var weakList: DynamicList<Player>?
        let cancellable: AnyDatabaseCancellable
        do {
            let players = DynamicList<Player>()
            weakList = players
            cancellable = players.follow(ValueObservation.tracking { db in try Player.fetchAll(db, sql: "SELECT * FROM player") }, in: database)
        }
        #expect(weakList == nil)
        try await database.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Ann')") }
        cancellable.cancel()
    }
}
