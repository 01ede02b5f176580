/// A chain's endpoints, in the order they joined.
///
/// The first two are kept inline, the others in an array: nearly every chain has a sender and
/// a receiver, and keeping them costs no allocation of its own (see <doc:Guarantees#Cost>).
/// Noncopyable, so that the chain's list is always read in place: a copy would retain every
/// member it holds, and the chain reads its members several times per bind. Guarded by the
/// registry lock, like the chain's other shape.
struct ChainMembers<Element: AnyObject>: ~Copyable {
    // Filled in order: `second` only when `first` is set, `rest` only when both are.
    private var first: Element?
    private var second: Element?
    private var rest: [Element] = []

    init() {}

    var count: Int {
        guard first != nil else { return 0 }
        return second == nil ? 1 : 2 + rest.count
    }

    var isEmpty: Bool { first == nil }

    /// The members, in order, in an array of their own.
    var array: [Element] {
        var all: [Element] = []
        all.reserveCapacity(count)
        for position in 0..<count { all.append(self[position]) }
        return all
    }

    subscript(position: Int) -> Element {
        get {
            switch position {
            case 0: first!
            case 1: second!
            default: rest[position - 2]
            }
        }
        set {
            precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: rest[position - 2] = newValue
            }
        }
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
        if Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef(predicate) { return true }
        guard let second else { return false }
        if Unmanaged.passUnretained(second)._withUnsafeGuaranteedRef(predicate) { return true }
        return rest.withUnsafeBufferPointer { members in
            members.contains { Unmanaged.passUnretained($0)._withUnsafeGuaranteedRef(predicate) }
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
        if first == nil {
            first = member
        } else if second == nil {
            second = member
        } else {
            rest.append(member)
        }
    }

    mutating func append(contentsOf members: some Sequence<Element>) {
        for member in members { append(member) }
    }

    /// Removes the member at `position`; the ones after it move up, keeping their order.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        if rest.isEmpty, position <= 1, position < count {
            // Inline only, which is nearly always: no member moves but the second.
            if position == 1 { return second.take()! }
            let removed = first.take()!
            first = second.take()
            return removed
        }
        let removed = self[position]
        let last = count - 1
        for index in position..<last { self[index] = self[index + 1] }
        if !rest.isEmpty {
            rest.removeLast()
        } else if second != nil {
            second = nil
        } else {
            first = nil
        }
        return removed
    }

    mutating func removeAll() {
        first = nil
        second = nil
        rest = []
    }
}
