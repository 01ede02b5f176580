/// What changed in a list: the new elements, and the steps that turn the list a receiver had
/// into them.
///
/// A receiver applies the steps in order. Each step's indices are those of the list as it
/// stands after the steps before it, so applying every change a receiver gets, in order, to
/// the list it had always gives exactly the sender's list (see <doc:Lists>):
///
/// ```swift
/// var shown: [Todo] = []
/// func apply(_ change: ListChange<Todo>) {
///     change.apply(to: &shown)         // shown == change.elements
/// }
/// ```
///
/// Elements are told apart by their identity: `Identifiable.id`, or the object itself for a
/// class. An element whose identity stays in the list but whose value changed (for an
/// `Equatable` element) is an ``Step/update(_:at:)``; one that changed place is a
/// ``Step/move(from:to:)``, never a removal and an insertion, so a row keeps its selection.
///
/// A change is a ``Step/reset(_:)`` when a receiver is bound (it gets the whole list), and when
/// steps would be worth less than starting again: when they would outnumber the elements of the
/// longer of the two lists, or when no element of a non-empty list survives into a non-empty
/// one.
///
/// A change is a value: it holds its elements strongly, and is `Sendable` when they are.
public struct ListChange<Element> {
    /// One edit of a list, at indices of the list as it stands after the steps before it.
    public enum Step {
        /// `element` was inserted at `index`: the elements from `index` on move up by one.
        case insert(Element, at: Int)
        /// The element at `index` was removed: the elements after it move down by one.
        case remove(at: Int)
        /// The element at `from` was removed, then inserted at `to` of the list as it stands
        /// after that removal.
        case move(from: Int, to: Int)
        /// The element at `index` keeps its identity and place, and has the value `element` now.
        case update(Element, at: Int)
        /// The whole list is now `elements`.
        case reset([Element])
    }

    /// The list after the change: what a receiver has once it applied ``steps``.
    public let elements: [Element]
    /// The steps that turn the list the receiver had into ``elements``, in order.
    public let steps: [Step]

    /// A change made of `steps`, ending at `elements`.
    ///
    /// Bindery makes changes for the list receivers it feeds; make one yourself to test a
    /// receiver. The steps must turn the receiver's list into `elements` (see
    /// ``apply(to:)``).
    ///
    /// - Parameters:
    ///   - elements: The list after the change.
    ///   - steps: The steps, in order.
    ///
    /// ```swift
    /// let change = ListChange(elements: [milk, eggs], steps: [.insert(eggs, at: 1)])
    /// todoView.apply(change)
    /// ```
    public init(elements: [Element], steps: [Step]) {
        self.elements = elements
        self.steps = steps
    }

    /// A change that replaces whatever a receiver had with `elements`.
    ///
    /// - Parameter elements: The whole new list.
    /// - Returns: A change of one ``Step/reset(_:)`` step.
    ///
    /// ```swift
    /// todoView.apply(.reset(to: list.items))
    /// ```
    public static func reset(to elements: [Element]) -> ListChange {
        ListChange(elements: elements, steps: [.reset(elements)])
    }

    /// Whether the change is a single ``Step/reset(_:)``: a receiver redraws everything.
    public var isReset: Bool {
        if steps.count == 1, case .reset = steps[0] { return true }
        return false
    }

    /// Applies the steps, in order, to `list`, which must be the list they start from (the one
    /// the receiver had before this change).
    ///
    /// A step whose index does not fit `list` (a list that is not the one the change starts
    /// from) is not applied, and `list` is then set to ``elements``: applying never traps.
    ///
    /// - Parameter list: The receiver's list; ``elements`` afterwards.
    ///
    /// ```swift
    /// var rows = [milk]
    /// ListChange(elements: [milk, eggs], steps: [.insert(eggs, at: 1)]).apply(to: &rows)
    /// ```
    public func apply(to list: inout [Element]) {
        for step in steps {
            guard Self.apply(step, to: &list) else {
                list = elements
                return
            }
        }
        if list.count != elements.count { list = elements }
    }

    /// Applies one step to `list`; false, with `list` unchanged, when its indices do not fit.
    static func apply(_ step: Step, to list: inout [Element]) -> Bool {
        var target = ArraySteps<Element>(list: [])
        swap(&target.list, &list)
        defer { swap(&target.list, &list) }
        return step.apply(to: &target)
    }
}

/// What a list's steps are applied to: an array (`ArraySteps`), a list view's rows
/// (`ListViewState`), a list operator's records of its source (`ListOperation`). Each says how
/// it inserts, removes, moves, updates and resets; `ListChange.Step.apply(to:)` is the one place
/// that checks a step's indices against it and chooses among them.
protocol ListStepTarget<Element> {
    associatedtype Element
    /// How many elements it has now.
    var stepCount: Int { get }
    mutating func stepInsert(_ element: Element, at index: Int)
    mutating func stepRemove(at index: Int)
    mutating func stepMove(from: Int, to: Int)
    mutating func stepUpdate(_ element: Element, at index: Int)
    mutating func stepReset(to elements: [Element])
}

extension ListChange.Step {
    /// Applies this step to `target`; false, with `target` unchanged, when its indices do not
    /// fit it (a change that does not start from what `target` holds).
    @inline(__always)
    func apply<Target: ListStepTarget>(to target: inout Target) -> Bool where Target.Element == Element {
        let count = target.stepCount
        switch self {
        case .insert(let element, let index):
            guard index >= 0, index <= count else { return false }
            target.stepInsert(element, at: index)
        case .remove(let index):
            guard index >= 0, index < count else { return false }
            target.stepRemove(at: index)
        case .move(let from, let to):
            guard from >= 0, from < count, to >= 0, to < count else { return false }
            target.stepMove(from: from, to: to)
        case .update(let element, let index):
            guard index >= 0, index < count else { return false }
            target.stepUpdate(element, at: index)
        case .reset(let elements):
            target.stepReset(to: elements)
        }
        return true
    }
}

/// An array as the target of list steps.
struct ArraySteps<Element>: ListStepTarget {
    var list: [Element]

    var stepCount: Int { list.count }
    mutating func stepInsert(_ element: Element, at index: Int) { list.insert(element, at: index) }
    mutating func stepRemove(at index: Int) { list.remove(at: index) }
    mutating func stepMove(from: Int, to: Int) { list.insert(list.remove(at: from), at: to) }
    mutating func stepUpdate(_ element: Element, at index: Int) { list[index] = element }
    mutating func stepReset(to elements: [Element]) { list = elements }
}

extension ListChange: Sendable where Element: Sendable {}
extension ListChange.Step: Sendable where Element: Sendable {}
extension ListChange: Equatable where Element: Equatable {}
extension ListChange.Step: Equatable where Element: Equatable {}

extension ListChange.Step: CustomStringConvertible {
    /// `insert(x) at 3`, `remove at 2`, `move 4 → 0`, `update(x) at 1`, `reset(5 elements)`.
    public var description: String {
        switch self {
        case .insert(let element, let index): "insert(\(element)) at \(index)"
        case .remove(let index): "remove at \(index)"
        case .move(let from, let to): "move \(from) → \(to)"
        case .update(let element, let index): "update(\(element)) at \(index)"
        case .reset(let elements): "reset(\(elements.count) elements)"
        }
    }
}
