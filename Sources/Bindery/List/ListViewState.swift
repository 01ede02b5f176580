/// What a list view shows, as a value: the rows, the one at the top of the view, and the
/// selected one, kept on their elements as changes arrive. The model a ``ListReceiver`` for
/// any toolkit can keep, and the one Bindery's widget kits keep.
///
/// ```swift
/// var state = ListViewState<Todo>()
/// let pageSize = 10
/// func redraw(_ rows: [Todo]) {}
/// func apply(_ change: ListChange<Todo>) {
///     state.apply(change)          // rows, top and selection follow the change
///     redraw(state.elements(in: state.top..<min(state.count, state.top + pageSize)))
/// }
/// ```
///
/// **The selection** stays on its element across insertions above it, moves and removals of
/// others, and moves with it; it is cleared when its element is removed, or by a reset.
///
/// **The top row** stays on its element too, so a person scrolled down a list keeps their
/// place while rows are added above; except at the very top (``top`` 0), where new rows at the
/// start come into view, as in a feed. When the top element is removed, the one after it takes
/// its place. A reset keeps the top index, clamped to the new rows.
///
/// Inserting or removing a row at either end costs O(1), wherever else O(the shorter side):
/// applying a one-step change costs the same for a hundred rows as for a hundred thousand.
public struct ListViewState<Element> {
    private var rows: ListRing<Element>
    /// The index of the selected row, if any; set it to select (an index out of range is
    /// ignored).
    public var selection: Int? {
        didSet {
            if let selection, !(0..<count).contains(selection) { self.selection = oldValue }
        }
    }
    /// The index of the row at the top of the view; set it to scroll (clamped to the rows).
    public var top: Int {
        didSet { top = Swift.min(Swift.max(top, 0), Swift.max(count - 1, 0)) }
    }

    /// A state showing `elements`, scrolled to the top, with nothing selected.
    ///
    /// - Parameter elements: The rows.
    ///
    /// ```swift
    /// var state = ListViewState([milk, eggs])
    /// state.selection = 1
    /// ```
    public init(_ elements: [Element] = []) {
        rows = ListRing(elements)
        top = 0
    }

    /// How many rows there are.
    public var count: Int { rows.count }

    /// The row at `index`, which must be in `0..<count`.
    ///
    /// - Parameter index: The row's index.
    public subscript(index: Int) -> Element { rows[index] }

    /// Every row, top to bottom (a copy: O(count)).
    public var elements: [Element] { rows.elements }

    /// The rows at `range`, clamped to the rows.
    ///
    /// - Parameter range: Row indices.
    /// - Returns: The rows, in order.
    ///
    /// ```swift
    /// let state = ListViewState(list.items)
    /// let visible = state.elements(in: state.top..<state.top + 10)
    /// print(visible.count)
    /// ```
    public func elements(in range: Range<Int>) -> [Element] {
        let lower = Swift.max(range.lowerBound, 0), upper = Swift.min(range.upperBound, count)
        guard lower < upper else { return [] }
        return (lower..<upper).map { rows[$0] }
    }

    /// Applies `change`'s steps, keeping the selection and the top row on their elements.
    ///
    /// A step whose index does not fit (a change that does not start from these rows) makes
    /// the rest a reset to `change.elements`: applying never traps.
    ///
    /// - Parameter change: A change that starts from these rows.
    public mutating func apply(_ change: ListChange<Element>) {
        for step in change.steps {
            guard apply(step) else {
                reset(to: change.elements)
                return
            }
        }
    }

    /// Applies one step; false when its indices do not fit.
    private mutating func apply(_ step: ListChange<Element>.Step) -> Bool {
        switch step {
        case .insert(let element, let index):
            guard index >= 0, index <= count else { return false }
            rows.insert(element, at: index)
            if let selected = selection, selected >= index { selection = selected + 1 }
            if index < top || (index == top && top > 0) { top += 1 }
        case .remove(let index):
            guard index >= 0, index < count else { return false }
            rows.remove(at: index)
            if let selected = selection {
                selection = selected == index ? nil : (selected > index ? selected - 1 : selected)
            }
            if index < top { top -= 1 } else { top = Swift.min(top, Swift.max(count - 1, 0)) }
        case .move(let from, let to):
            guard from >= 0, from < count, to >= 0, to < count else { return false }
            let element = rows.remove(at: from)
            rows.insert(element, at: to)
            if let selected = selection { selection = step.index(following: selected) }
            if top != from, !(top == 0 && to == 0), let followed = step.index(following: top) { top = followed }
        case .update(let element, let index):
            guard index >= 0, index < count else { return false }
            rows[index] = element
        case .reset(let elements):
            reset(to: elements)
        }
        return true
    }

    private mutating func reset(to elements: [Element]) {
        rows = ListRing(elements)
        selection = nil
        top = Swift.min(top, Swift.max(count - 1, 0))
    }
}

extension ListViewState: Sendable where Element: Sendable {}

extension ListChange.Step {
    /// Where the element at `index` is after this step: nil when the step removed it (or was a
    /// reset, which keeps no identity).
    ///
    /// - Parameter index: An index of the list before the step.
    /// - Returns: Its index after the step, or nil.
    ///
    /// ```swift
    /// let step = ListChange<Todo>.Step.insert(milk, at: 0)
    /// let selectedRow = 3
    /// print(step.index(following: selectedRow) ?? -1)      // 4
    /// ```
    public func index(following index: Int) -> Int? {
        switch self {
        case .insert(_, let at): return index >= at ? index + 1 : index
        case .remove(let at): return index == at ? nil : (index > at ? index - 1 : index)
        case .move(let from, let to):
            if index == from { return to }
            let removed = index > from ? index - 1 : index
            return removed >= to ? removed + 1 : removed
        case .update: return index
        case .reset: return nil
        }
    }
}
