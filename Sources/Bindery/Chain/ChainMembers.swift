/// A chain's endpoints, in the order they joined.
///
/// The first two are kept inline, the others in an array: nearly every chain has a sender and
/// a receiver, and keeping them costs no allocation of its own (see <doc:Guarantees#Cost>).
/// Noncopyable, so that the chain's list is always read in place: a copy would retain every
/// member it holds, and the chain reads its members several times per bind. Guarded by the
/// graph lock, like the chain's other shape.
struct ChainMembers<Element: AnyObject>: ~Copyable {
    // Filled in order: `second` only when `first` is set, `rest` only when both are. The
    // inline two are retained by hand (released when removed, or by the deinit), so that
    // reading them in place counts no reference: a stored optional reference is retained each
    // time it is bound to a name, even to be lent.
    private var first: Unmanaged<Element>?
    private var second: Unmanaged<Element>?
    private var rest: [Element] = []

    init() {}

    deinit {
        first?.release()
        second?.release()
    }

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
            switch position {
            case 0: first!.takeUnretainedValue()
            case 1: second!.takeUnretainedValue()
            default: rest[position - 2]
            }
        }
        set {
            precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
            switch position {
            case 0: Self.replace(&first, with: newValue)
            case 1: Self.replace(&second, with: newValue)
            default: rest[position - 2] = newValue
            }
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
        guard let second else { return false }
        if second._withUnsafeGuaranteedRef(predicate) { return true }
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
            first = Unmanaged.passRetained(member)
        } else if second == nil {
            second = Unmanaged.passRetained(member)
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
            if position == 1 { return second.take()!.takeRetainedValue() }
            let removed = first.take()!
            first = second.take()
            return removed.takeRetainedValue()
        }
        let removed = self[position]
        let last = count - 1
        for index in position..<last { self[index] = self[index + 1] }
        if !rest.isEmpty {
            rest.removeLast()
        } else if second != nil {
            Self.replace(&second, with: nil)
        } else {
            Self.replace(&first, with: nil)
        }
        return removed
    }

    /// Empties the list, handing each member, in order, to `body` with the list's reference
    /// to it.
    mutating func removeAll(_ body: (consuming Element) -> Void) {
        let first = first.take(), second = second.take()
        let rest = rest
        self.rest = []
        if let first { body(first.takeRetainedValue()) }
        if let second { body(second.takeRetainedValue()) }
        for member in rest { body(member) }
    }

    mutating func removeAll() {
        Self.replace(&first, with: nil)
        Self.replace(&second, with: nil)
        rest = []
    }
}
