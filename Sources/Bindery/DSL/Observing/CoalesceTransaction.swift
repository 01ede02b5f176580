/// One thread's coalescing transaction: how deep it is, and the coalesced calls held back
/// until its outermost commit.
///
/// Each thread has its own (in `ThreadState`), so nothing here is shared between threads and
/// no lock is needed. The calls are kept in the order of their first occurrence; a repeat of
/// the same registration (one target, action, object and key path) merges into the call it
/// repeats, which keeps its first old value and takes the latest new value.
final class CoalesceTransaction {
    /// The calling thread's transaction, made the first time the thread needs one.
    static var current: CoalesceTransaction {
        let thread = ThreadState.current
        if let made = thread.pointee.coalescing { return unsafeDowncast(made, to: CoalesceTransaction.self) }
        let made = CoalesceTransaction()
        thread.pointee.coalescing = made
        return made
    }

    /// Whether the calling thread has a transaction open, making none.
    static var isOpenOnCurrentThread: Bool {
        ThreadState.current.pointee.coalescing.map { unsafeDowncast($0, to: CoalesceTransaction.self).isOpen } ?? false
    }

    /// How many `Coalesce.begin()` calls are not committed yet.
    private(set) var depth = 0
    /// The held-back calls, in the order of their first occurrence.
    private var calls: [any PendingCall] = []
    /// Where each registration's held-back call sits in `calls`.
    private var positions: [ObjectIdentifier: Int] = [:]

    /// Whether a transaction is open on this thread.
    var isOpen: Bool { depth > 0 }

    func begin() {
        depth += 1
    }

    /// Closes one level; returns the held-back calls to make when it was the outermost one,
    /// `nil` when the commit had no matching begin.
    func commit() -> [any PendingCall]? {
        guard depth > 0 else { return nil }
        depth -= 1
        guard depth == 0 else { return [] }
        let due = calls
        calls = []
        positions = [:]
        return due
    }

    /// Holds back `registration`'s call with this change, or merges it into the call already
    /// held back for the same registration.
    func hold<Value>(_ change: Change<Value>, for registration: ActionRegistration<Value>) {
        let key = ObjectIdentifier(registration)
        if let position = positions[key], let earlier = calls[position] as? HeldCall<Value> {
            earlier.merge(change)
        } else {
            positions[key] = calls.count
            calls.append(HeldCall(registration: registration, change: change))
        }
    }
}

/// A call held back by a coalescing transaction.
protocol PendingCall: AnyObject {
    /// Makes the call, unless its registration ended or its target died meanwhile.
    func make()
}

/// A held-back call of one registration: the first old value and the latest new value.
final class HeldCall<Value>: PendingCall {
    let registration: ActionRegistration<Value>
    private var change: Change<Value>

    init(registration: ActionRegistration<Value>, change: Change<Value>) {
        self.registration = registration
        self.change = change
    }

    func merge(_ later: Change<Value>) {
        change = Change(keyPath: change.keyPath, old: change.old, new: later.new)
    }

    func make() {
        registration.deliver(change)
    }
}
