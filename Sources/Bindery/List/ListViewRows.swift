/// The rows of a ``ListViewState``: a sequence in which reading, writing, inserting, removing
/// or moving the element at any index costs O(log n), wherever it is.
///
/// Each element sits in a slot of its own that it keeps while it stays; a ``ListOrder`` (a
/// counted B+ tree of slot numbers) says which slot is at which index. A move changes only the
/// order, never touching an element. Building from an array and reading every element cost
/// O(n); reading k elements from an index O(k + log n).
///
/// A removed element's slot lets go of it at once, and is used again by the next insertion, so
/// there are never more slots than the most rows there were since the last reset. The arrays
/// grow by doubling: an insertion beyond that most costs O(log n) amortized.
///
/// It is a value: copying it shares its arrays, and the first change of a copy copies them.
struct ListViewRows<Element> {
    /// Which slot holds the element at each index.
    private(set) var order: ListOrder
    /// The elements, each in its slot; nil in a free one.
    private var slots: [Element?]
    /// The free slots, to use again.
    private var freeSlots: [Int] = []

    /// The rows `elements`, in order: O(n).
    init(_ elements: [Element]) {
        order = ListOrder(elements.count)
        slots = elements.map(Optional.some)
    }

    /// How many elements there are. Always inlined, as ``move(from:to:)`` is: `apply` calls
    /// them every step, and a call of a generic type's method asks the runtime for its metadata.
    @inline(__always) var count: Int { order.count }

    /// The element at `index`, which must be in `0..<count`: O(log n).
    subscript(index: Int) -> Element {
        get { slots[order[index]]! }
        set { slots[order[index]] = newValue }
    }

    /// Every element, in order: O(n).
    var elements: [Element] { elements(in: 0..<count) }

    /// The elements at `range`, which must be within `0...count`, in order: O(k + log n).
    func elements(in range: Range<Int>) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(range.count)
        order.forEach(in: range) { result.append(slots[$0]!) }
        return result
    }

    /// Inserts `element` at `index` (0...count): O(log n).
    mutating func insert(_ element: Element, at index: Int) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = element
        } else {
            slot = slots.count
            slots.append(element)
        }
        order.insert(slot, at: index)
    }

    /// Removes the element at `index` (0..<count) and returns it: O(log n).
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        let slot = order.remove(at: index)
        let element = slots[slot]!
        slots[slot] = nil
        freeSlots.append(slot)
        return element
    }

    /// Moves the element at `from` (0..<count) to `to` (0..<count) of the rows as they stand
    /// after its removal: O(log n), the element itself untouched.
    @inline(__always)
    mutating func move(from: Int, to: Int) {
        order.insert(order.remove(at: from), at: to)
    }
}

extension ListViewRows: Sendable where Element: Sendable {}
