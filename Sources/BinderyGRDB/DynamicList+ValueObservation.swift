import Bindery
import Dispatch
import GRDB

extension DynamicList where Element: Sendable {
    /// Keeps the list equal to the result of a GRDB observation: each new result replaces the
    /// elements, and the list's receivers get the difference row by row, by identity (an
    /// `Identifiable` record's `id`), as for any set of ``Bindery/DynamicList/elements``.
    ///
    /// GRDB runs the query again after each transaction that changes what it read, and hands the
    /// result to the list on `queue` (a queue of GRDB's own by default); the list is safe to
    /// set from any thread, and a receiver bound from main-actor code (a list widget) gets the
    /// changes on the main actor. Nothing here needs the main thread to be running a loop.
    ///
    /// **Lifetime.** The observation holds the list weakly, and runs until the returned
    /// cancellable is cancelled or deinitialised, or the list goes. Errors go to `onError`, on
    /// `queue`; GRDB stops the observation after one.
    ///
    /// - Parameters:
    ///   - observation: A GRDB observation whose value is an array of the list's elements.
    ///   - reader: The database (a `DatabaseQueue` or a `DatabasePool`).
    ///   - queue: Where the results are applied.
    ///   - onError: Told why the observation stopped.
    /// - Returns: What ends the observation: keep it as long as the list should follow.
    ///
    /// ```swift
    /// struct Player: Codable, FetchableRecord, Identifiable, Equatable, Sendable { var id: Int64; var name: String }
    /// let players = DynamicList<Player>()
    /// let observation = ValueObservation.tracking { db in try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY name") }
    /// let cancellable = players.follow(observation, in: database)
    /// Bind.in(players, \.elements).out(playerList)     // row by row
    /// ```
    public func follow<Reducer: ValueReducer>(
        _ observation: ValueObservation<Reducer>,
        in reader: any DatabaseReader,
        queue: DispatchQueue = DispatchQueue(label: "BinderyGRDB.follow"),
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) -> AnyDatabaseCancellable where Reducer.Value == [Element] {
        observation.start(
            in: reader,
            scheduling: .async(onQueue: queue),
            onError: onError,
            onChange: { [weak self] elements in self?.elements = elements })
    }
}
