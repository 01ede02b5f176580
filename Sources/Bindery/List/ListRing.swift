/// The rows of a ``ListViewState``: an array in a ring, so that inserting or removing at
/// either end costs O(1) and anywhere else moves the shorter side, never the whole list.
struct ListRing<Element> {
    /// The slots, a power of two of them; `count` from `head` on (wrapping) hold elements.
    private var slots: [Element?]
    private var head = 0
    private(set) var count = 0

    init(_ elements: [Element]) {
        var capacity = 8
        while capacity < elements.count { capacity *= 2 }
        slots = elements.map { Optional($0) } + Array(repeating: nil, count: capacity - elements.count)
        count = elements.count
    }

    private var mask: Int { slots.count - 1 }

    private func slot(_ index: Int) -> Int { (head + index) & mask }

    subscript(index: Int) -> Element {
        get { slots[slot(index)]! }
        set { slots[slot(index)] = newValue }
    }

    var elements: [Element] { (0..<count).map { self[$0] } }

    /// Inserts `element` at `index` (0...count).
    mutating func insert(_ element: Element, at index: Int) {
        if count == slots.count { grow() }
        if index < count / 2 {
            head = (head - 1) & mask
            for position in 0..<index { slots[slot(position)] = slots[slot(position + 1)] }
        } else {
            var position = count
            while position > index {
                slots[slot(position)] = slots[slot(position - 1)]
                position -= 1
            }
        }
        slots[slot(index)] = element
        count += 1
    }

    /// Removes the element at `index` (0..<count).
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        let removed = self[index]
        if index < count / 2 {
            var position = index
            while position > 0 {
                slots[slot(position)] = slots[slot(position - 1)]
                position -= 1
            }
            slots[slot(0)] = nil
            head = (head + 1) & mask
        } else {
            for position in index..<(count - 1) { slots[slot(position)] = slots[slot(position + 1)] }
            slots[slot(count - 1)] = nil
        }
        count -= 1
        return removed
    }

    private mutating func grow() {
        let elements = self.elements
        slots = elements.map { Optional($0) } + Array(repeating: nil, count: slots.count)
        head = 0
    }
}

extension ListRing: Sendable where Element: Sendable {}
