/// A chain's endpoints, in the order they joined.
///
/// The first two are kept inline, the others in an array: nearly every chain has a sender and
/// a receiver, and keeping them costs no allocation of its own (see <doc:Guarantees#Cost>).
/// Guarded by the registry lock, like the chain's other shape.
struct ChainMembers<Element: AnyObject>: RandomAccessCollection, MutableCollection {
    // Filled in order: `second` only when `first` is set, `rest` only when both are.
    private var first: Element?
    private var second: Element?
    private var rest: [Element] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int {
        guard first != nil else { return 0 }
        return second == nil ? 1 : 2 + rest.count
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
            precondition(position >= 0 && position < endIndex, "Bindery: chain member index out of range")
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: rest[position - 2] = newValue
            }
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
        let removed = self[position]
        for index in position..<(endIndex - 1) { self[index] = self[index + 1] }
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
        self = ChainMembers()
    }
}
