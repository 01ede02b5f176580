/// Coalescing transactions: inside one, the callbacks of coalesced targets are held back and
/// made once, at the outermost commit.
///
/// ```swift
/// user.addTarget(screen.coalesced, action: Screen.layout, forKeyPathChange: \.name)
/// Coalesce.run {
///     user.name = "A"
///     user.name = "B"
/// }   // Screen.layout runs once here
/// ```
///
/// A transaction belongs to the thread that begins it: changes made on that thread, inside it,
/// are coalesced; changes made on other threads meanwhile are not. Transactions nest: only the
/// outermost ``commit()`` makes the held-back calls. Only targets registered through
/// `coalesced` (``BindingTarget/coalesced`` or ``Bind/coalesced(_:)``) take part; chains,
/// named blocks, key bindings and other target-actions run at once, as always.
///
/// Each registration (one target, action, observed object and key path) is called at most
/// once per transaction, with a ``Change`` whose `old` is the value before its first change in
/// the transaction and whose `new` is the latest value. The calls are made in the order of
/// their first change, on the committing thread (a main-actor target's on the main actor, at
/// once if the commit runs there, queued otherwise). A target that died, or a registration
/// removed, before the commit is skipped. No Bindery lock is held while the calls run.
public enum Coalesce {
    /// Opens a transaction on the calling thread, or one more level of the open one.
    ///
    /// Balance each call with ``commit()``; ``run(_:)`` does both.
    ///
    /// ```swift
    /// Coalesce.begin()
    /// user.name = "A"
    /// user.age = 3
    /// Coalesce.commit()
    /// ```
    public static func begin() {
        CoalesceTransaction.current.begin()
    }

    /// Closes one level of the calling thread's transaction; closing the outermost makes the
    /// held-back calls, in the order of their first change, before it returns.
    ///
    /// A commit with no open transaction on this thread is a mistake: it is reported to the
    /// diagnostics handler (see ``Bind/setDiagnosticsHandler(_:)``) and does nothing else.
    ///
    /// ```swift
    /// Coalesce.begin()
    /// user.name = "A"
    /// Coalesce.commit()   // coalesced targets hear of "A" here
    /// ```
    public static func commit() {
        guard let due = CoalesceTransaction.current.commit() else {
            Report.unmatchedCommit()
            return
        }
        for call in due { call.make() }
    }

    /// Runs `body` inside a transaction on the calling thread, and commits it when `body`
    /// returns or throws.
    ///
    /// - Parameter body: The changes to coalesce.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, after the commit.
    ///
    /// ```swift
    /// Coalesce.run {
    ///     user.name = "A"
    ///     user.name = "B"
    ///     user.age = 3
    /// }
    /// ```
    public static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        begin()
        defer { commit() }
        return try body()
    }

    /// Whether a transaction is open on the calling thread.
    ///
    /// ```swift
    /// Coalesce.run { assert(Coalesce.isOpen) }
    /// ```
    public static var isOpen: Bool {
        CoalesceTransaction.isOpenOnCurrentThread
    }
}
