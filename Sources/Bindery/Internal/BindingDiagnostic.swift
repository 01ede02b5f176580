#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem Bindery found and did not trap on: misuse at bind time, bad data at run time, or
/// a runaway cycle (see <doc:Guarantees#Bad-input>).
///
/// Every diagnostic names the object, the key path and the guarantee it concerns. Bindery
/// hands it to the
/// diagnostics handler (``Bind/setDiagnosticsHandler(_:)``,
/// ``Bind/withDiagnosticsHandler(_:operation:)``); the default handler prints it to standard
/// error.
public struct BindingDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: Sendable, Equatable {
        /// A binding that cannot work as declared; the offending part was not bound.
        case misuse
        /// A value that could not be delivered (an index out of range); that receiver was skipped.
        case badData
        /// A change that kept causing changes across chains past the depth bound; it was dropped.
        case cycle
    }

    /// Which of Bindery's guarantees a diagnostic concerns; each is described in
    /// <doc:Guarantees>.
    public enum Rule: String, Sendable, Equatable, CaseIterable {
        /// Objects are never retained; a chain lives while a sender and a receiver do.
        case lifetime = "lifetime"
        /// A receiver gets the chain's value when it joins, unless declared `initial: false`.
        case initialValue = "initial value"
        /// A chain's writes never re-enter it; runaway cycles across chains are stopped.
        case loops = "loops"
        /// The endpoint a change came from is not written back.
        case noEcho = "no echo"
        /// All filters must pass; a rejected source is put back.
        case filters = "filters"
        /// The one table of automatic conversions, and convert closures for other types.
        case conversion = "conversion"
        /// Binding an endpoint that is already in a chain joins the chains.
        case join = "join"
        /// Endpoints are told apart by object identity.
        case identity = "identity"
        /// Receivers in join order, then blocks in declaration order.
        case order = "order"
        /// Synchronous on the changing thread, serialised per chain, no lock over user code.
        case threads = "threads"
        /// Misuse is refused and bad data skipped, both reported, never trapped.
        case badInput = "bad input"
        /// What an update costs.
        case cost = "cost"
        /// Coalescing transactions are balanced: each commit closes a begin on the same thread.
        case coalescing = "coalescing"
        /// A list receiver's changes, applied in order, give the sender's list; elements are
        /// told apart by their identity.
        case lists = "lists"
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The guarantee the problem concerns.
    public let rule: Rule
    /// A sentence that names the object, the key path and what went wrong.
    public let message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem this is.
    ///   - rule: The guarantee it concerns.
    ///   - message: What went wrong, naming the object and key path.
    public init(kind: Kind, rule: Rule, message: String) {
        self.kind = kind
        self.rule = rule
        self.message = message
    }

    /// `Bindery (kind, guarantee): message`, as in
    /// `Bindery (misuse, conversion): cannot bind Panel.background: …`.
    public var description: String { "Bindery (\(kind), \(rule.rawValue)): \(message)" }
}

/// Routes diagnostics to the handler in force.
enum Diagnostics {
    typealias Handler = @Sendable (BindingDiagnostic) -> Void

    @TaskLocal static var scoped: Handler?

    private static let lock = Lock()
    nonisolated(unsafe) private static var global: Handler?

    static func setGlobal(_ handler: Handler?) {
        lock.withLock { global = handler }
    }

    /// Reports a problem; inside Bindery's lock, once the lock is released (the handler is
    /// user code).
    static func report(_ kind: BindingDiagnostic.Kind, rule: BindingDiagnostic.Rule, _ message: String) {
        let diagnostic = BindingDiagnostic(kind: kind, rule: rule, message: message)
        if GraphLock.shared.isHeldByCurrentThread {
            GraphLock.shared.deferLocked(diagnostic)
        } else {
            emit(diagnostic)
        }
    }

    static func emit(_ diagnostic: BindingDiagnostic) {
        if let handler = scoped ?? lock.withLock({ global }) {
            handler(diagnostic)
        } else {
            let line = diagnostic.description + "\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
    }
}

extension Bind {
    /// Replaces the process-wide diagnostics handler; `nil` restores the default, which prints
    /// to standard error.
    ///
    /// The handler runs synchronously on the thread that found the problem, with no Bindery
    /// lock held; it may call back into Bindery.
    ///
    /// - Parameter handler: What to do with each diagnostic.
    ///
    /// ```swift
    /// Bind.setDiagnosticsHandler { diagnostic in logger.warning("\(diagnostic)") }
    /// ```
    public static func setDiagnosticsHandler(_ handler: (@Sendable (BindingDiagnostic) -> Void)?) {
        Diagnostics.setGlobal(handler)
    }

    /// Runs `operation` with `handler` receiving the diagnostics raised by code running in the
    /// current task (and its child tasks), instead of the process-wide handler.
    ///
    /// - Parameters:
    ///   - handler: What to do with each diagnostic.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    ///
    /// ```swift
    /// let problems = Mutex<[BindingDiagnostic]>([])    // the handler may run on any thread
    /// Bind.withDiagnosticsHandler({ diagnostic in problems.withLock { $0.append(diagnostic) } }) {
    ///     Bind.in(model, \.title).out(label, \.text)
    /// }
    /// ```
    @discardableResult
    public static func withDiagnosticsHandler<Result>(
        _ handler: @escaping @Sendable (BindingDiagnostic) -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        try Diagnostics.$scoped.withValue(handler, operation: operation)
    }
}
