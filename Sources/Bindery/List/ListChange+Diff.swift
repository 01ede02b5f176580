// Changes computed from two snapshots of a list: the diff that list receivers of array
// properties get, for any other use too.

extension ListChange where Element: Identifiable {
    /// The change from `old` to `new`, telling elements apart by their `id`.
    ///
    /// The common prefix and suffix cost one comparison per element; the rest is matched by
    /// identity in O(n), and the elements that changed places are moves, as few as the order
    /// allows (the others keep their order). An `Equatable` element whose `id` stays but whose
    /// value changed is an update. Duplicated `id`s are matched in order, first to first: no
    /// element is lost, and nothing traps. See <doc:Lists>.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///
    /// ```swift
    /// let change = ListChange(from: list.items, to: list.items.sorted { $0.title < $1.title })
    /// todoView.apply(change)
    /// ```
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        let diff = ListDiff<Element, Element.ID>.byID
        self.init(elements: new, steps: diff.steps(from: old, to: new).steps)
    }
}

extension ListChange where Element: AnyObject {
    /// The change from `old` to `new`, telling elements apart by object identity (`===`).
    ///
    /// As `init(from:to:)` for `Identifiable` elements; an object that stays is never an
    /// update (bind its own properties to see its changes).
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///
    /// ```swift
    /// let change = ListChange(from: rows, to: [newRow] + rows)   // one insertion at 0
    /// rowsView.apply(change)
    /// ```
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        let diff = ListDiff<Element, ObjectIdentifier>.byObject
        self.init(elements: new, steps: diff.steps(from: old, to: new).steps)
    }
}

extension ListChange where Element: AnyObject & Identifiable {
    /// The change from `old` to `new`, telling elements apart by their `id`: a class that is
    /// `Identifiable` is identified as it says.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///
    /// ```swift
    /// let change = ListChange(from: rows, to: rows.reversed())
    /// rowsView.apply(change)
    /// ```
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        let diff = ListDiff<Element, Element.ID>.byID
        self.init(elements: new, steps: diff.steps(from: old, to: new).steps)
    }
}

extension ListChange {
    /// The change from `old` to `new`, telling elements apart by `id(element)`: for elements
    /// that are neither `Identifiable` nor objects (`id: \.self` for `Hashable` values).
    ///
    /// As `init(from:to:)` for `Identifiable` elements.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///   - id: An element's identity; called once per element compared.
    ///
    /// ```swift
    /// let change = ListChange(from: ["a", "b"], to: ["b", "a", "c"], id: \.self)
    /// tagsView.apply(change)
    /// ```
    @inlinable
    public init<ID: Hashable>(from old: [Element], to new: [Element], id: @escaping (Element) -> ID) {
        let diff = ListDiff<Element, ID>.by(id)
        self.init(elements: new, steps: diff.steps(from: old, to: new).steps)
    }
}
