/// A chain's endpoints, in the order they joined.
///
/// The first two are kept inline, in two words, and from a third on the members after the first
/// are in an array: nearly every chain has a sender and a receiver, and keeping them costs no
/// allocation of its own (see <doc:Guarantees#Cost>).
/// Noncopyable, so that the chain's list is always read in place: a copy would retain every
/// member it holds, and the chain reads its members several times per bind. Guarded by the
/// graph lock, like the chain's other shape.
struct ChainMembers<Element: AnyObject>: ~Copyable {
    // Filled in order: `tail` only when `first` is set. The inline members are retained by
    // hand (released when removed, or by the deinit), so that reading them in place counts no
    // reference: a stored optional reference is retained each time it is bound to a name, even
    // to be lent. Two words in all (the tail's cases share one, told apart by the reference's
    // spare bits): a measured trade, paid for in the "memory per live chain" benchmark row, where
    // the word it saves brings a chain of an 8-byte value to 152 bytes (a 160-byte block of the
    // allocator instead of 176).
    private var first: Unmanaged<Element>?
    private var tail: Tail = .none

    /// The members after the first.
    private enum Tail {
        case none
        /// The second and last member, retained by hand.
        case second(Unmanaged<Element>)
        /// Two members or more.
        case more([Element])
    }

    init() {}

    deinit {
        first?.release()
        if case .second(let second) = tail { second.release() }
    }

    var count: Int {
        guard first != nil else { return 0 }
        switch tail {
        case .none: return 1
        case .second: return 2
        case .more(let members): return 1 + members.count
        }
    }

    var isEmpty: Bool { first == nil }

    /// The members, in order, in an array of their own.
    var array: [Element] {
        var all: [Element] = []
        all.reserveCapacity(count)
        for position in 0..<count { all.append(self[position]) }
        return all
    }

    /// The members, in order, in an array of their own, each downcast to `Typed`, which they
    /// all are.
    func array<Typed: AnyObject>(of _: Typed.Type) -> [Typed] {
        var all: [Typed] = []
        all.reserveCapacity(count)
        forEachUnretained { all.append(unsafeDowncast($0, to: Typed.self)) }
        return all
    }

    subscript(position: Int) -> Element {
        get {
            if position == 0 { return first!.takeUnretainedValue() }
            switch tail {
            case .second(let second) where position == 1: return second.takeUnretainedValue()
            case .more(let members): return members[position - 1]
            default: preconditionFailure("Bindery: chain member index out of range")
            }
        }
        set {
            precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
            if position == 0 {
                Self.replace(&first, with: newValue)
                return
            }
            switch tail {
            case .second(let old):
                tail = .second(Unmanaged.passRetained(newValue))
                old.release()
            case .more(var members):
                // Taken out first, so that the array is not copied to be changed.
                tail = .none
                members[position - 1] = newValue
                tail = .more(members)
            case .none:
                break
            }
        }
    }

    /// The tail for `members`, the members after the first.
    private static func tail(of members: consuming [Element]) -> Tail {
        switch members.count {
        case 0: .none
        case 1: .second(Unmanaged.passRetained(members[0]))
        default: .more(members)
        }
    }

    /// Puts `member`, retained, in an inline place, releasing what was there.
    private static func replace(_ place: inout Unmanaged<Element>?, with member: Element?) {
        let old = place
        place = member.map { Unmanaged.passRetained($0) }
        old?.release()
    }

    /// The position of the first member for which `predicate` is true.
    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        var position = 0
        let found = containsUnretained { member in
            if predicate(member) { return true }
            position += 1
            return false
        }
        return found ? position : nil
    }

    /// The position of the last member for which `predicate` is true.
    func lastIndex(where predicate: (Element) -> Bool) -> Int? {
        var position = count - 1
        while position >= 0 {
            if predicate(self[position]) { return position }
            position -= 1
        }
        return nil
    }

    /// Whether `predicate` is true for a member, asked in order until it is; each member is
    /// lent to `predicate` without being retained, so `predicate` must leave the list as it is.
    @inline(__always)
    func containsUnretained(where predicate: (Element) -> Bool) -> Bool {
        guard let first else { return false }
        if first._withUnsafeGuaranteedRef(predicate) { return true }
        switch tail {
        case .none:
            return false
        case .second(let second):
            return second._withUnsafeGuaranteedRef(predicate)
        case .more(let members):
            return members.withUnsafeBufferPointer { members in
                members.contains { Unmanaged.passUnretained($0)._withUnsafeGuaranteedRef(predicate) }
            }
        }
    }

    /// Calls `body` with each member, in order, lent without being retained: `body` must leave
    /// the list as it is.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        _ = containsUnretained { member in
            body(member)
            return false
        }
    }

    mutating func append(_ member: Element) {
        guard first != nil else {
            first = Unmanaged.passRetained(member)
            return
        }
        switch tail {
        case .none:
            tail = .second(Unmanaged.passRetained(member))
        case .second(let second):
            // The second's reference moves into the array.
            tail = .more([second.takeRetainedValue(), member])
        case .more(var members):
            tail = .none
            members.append(member)
            tail = .more(members)
        }
    }

    mutating func append(contentsOf members: some Sequence<Element>) {
        for member in members { append(member) }
    }

    /// Removes the member at `position`; the ones after it move up, keeping their order.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
        if position == 0 {
            let removed = first.take()!.takeRetainedValue()
            switch tail {
            case .none:
                break
            case .second(let second):
                // Its reference moves to the first place.
                tail = .none
                first = second
            case .more(var members):
                tail = .none
                first = Unmanaged.passRetained(members.removeFirst())
                tail = Self.tail(of: members)
            }
            return removed
        }
        switch tail {
        case .second(let second):
            tail = .none
            return second.takeRetainedValue()
        case .more(var members):
            tail = .none
            let removed = members.remove(at: position - 1)
            tail = Self.tail(of: members)
            return removed
        case .none:
            preconditionFailure("Bindery: chain member index out of range")
        }
    }

    /// Empties the list, handing each member, in order, to `body` with the list's reference
    /// to it.
    mutating func removeAll(_ body: (consuming Element) -> Void) {
        let first = first.take()
        let tail = self.tail
        self.tail = .none
        if let first { body(first.takeRetainedValue()) }
        switch tail {
        case .none:
            break
        case .second(let second):
            body(second.takeRetainedValue())
        case .more(let members):
            for member in members { body(member) }
        }
    }

    mutating func removeAll() {
        Self.replace(&first, with: nil)
        if case .second(let second) = tail { second.release() }
        tail = .none
    }
}
