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
/// **Costs.** Every step costs O(log n), wherever it is: an insertion, a removal, a move or an
/// update of a row (reading a row too), so a change of k steps costs O(k log n), and one step
/// about the same for a hundred rows as for a hundred thousand; a reset costs O(n). (The
/// storage grows by doubling: an insertion beyond the most rows held so far is O(log n)
/// amortized.) ``elements(in:)`` costs O(k + log n) for k rows, ``elements`` O(n). A copy of
/// a state shares its rows until one of the two changes (that change copies them, once: O(n)).
public struct ListViewState<Element> {
    private var rows: ListViewRows<Element>
    /// What ``selection`` and ``top`` hold; `apply` sets them to indices it knows are rows.
    private var selectedRow: Int?
    private var topRow = 0

    /// The index of the selected row, if any; set it to select (an index out of range is
    /// ignored).
    public var selection: Int? {
        get { selectedRow }
        set {
            if let newValue, !(0..<count).contains(newValue) { return }
            selectedRow = newValue
        }
    }
    /// The index of the row at the top of the view; set it to scroll (clamped to the rows).
    public var top: Int {
        get { topRow }
        set { topRow = Swift.min(Swift.max(newValue, 0), Swift.max(count - 1, 0)) }
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
        rows = ListViewRows(elements)
    }

    /// How many rows there are.
    public var count: Int { rows.count }

    /// The row at `index`, which must be in `0..<count`: O(log n).
    ///
    /// - Parameter index: The row's index.
    public subscript(index: Int) -> Element { rows[index] }

    /// Every row, top to bottom (a copy: O(count)).
    public var elements: [Element] { rows.elements }

    /// The rows at `range`, clamped to the rows: O(k + log n) for k rows.
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
        return rows.elements(in: lower..<upper)
    }

    /// Applies `change`'s steps, keeping the selection and the top row on their elements:
    /// O(k log n) for k steps.
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
        step.apply(to: &self)
    }

    private mutating func reset(to elements: [Element]) {
        rows = ListViewRows(elements)
        selectedRow = nil
        topRow = Swift.min(topRow, Swift.max(rows.count - 1, 0))
    }
}

/// Where the element at `index` is after a move of the element at `from` to `to`. Not a
/// method of `Step`, which is generic: the hot loop of `apply` asks no type metadata for it.
private func position(of index: Int, afterMovingFrom from: Int, to: Int) -> Int {
    if index == from { return to }
    let removed = index > from ? index - 1 : index
    return removed >= to ? removed + 1 : removed
}

extension ListViewState: Sendable where Element: Sendable {}

extension ListViewState: ListStepTarget {
    // A step's rows, with the selection and the top row kept on their elements (the indices
    // are checked by `ListChange.Step.apply(to:)`).

    var stepCount: Int { rows.count }

    mutating func stepMove(from: Int, to: Int) {
        rows.move(from: from, to: to)
        if let selected = selectedRow { selectedRow = position(of: selected, afterMovingFrom: from, to: to) }
        if topRow != from, !(topRow == 0 && to == 0) { topRow = position(of: topRow, afterMovingFrom: from, to: to) }
    }

    mutating func stepInsert(_ element: Element, at index: Int) {
        rows.insert(element, at: index)
        if let selected = selectedRow, selected >= index { selectedRow = selected + 1 }
        if index < topRow || (index == topRow && topRow > 0) { topRow += 1 }
    }

    mutating func stepRemove(at index: Int) {
        let count = rows.count
        _ = rows.remove(at: index)
        if let selected = selectedRow {
            selectedRow = selected == index ? nil : (selected > index ? selected - 1 : selected)
        }
        if index < topRow { topRow -= 1 } else { topRow = Swift.min(topRow, Swift.max(count - 2, 0)) }
    }

    mutating func stepUpdate(_ element: Element, at index: Int) {
        rows[index] = element
    }

    mutating func stepReset(to elements: [Element]) {
        reset(to: elements)
    }
}

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
        case .move(let from, let to): return position(of: index, afterMovingFrom: from, to: to)
        case .update: return index
        case .reset: return nil
        }
    }
}
