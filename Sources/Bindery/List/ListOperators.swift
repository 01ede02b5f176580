// The list operators `filter`, `sorted(by:)` and `map`, on a `DynamicList` and on a
// `DerivedList`: each returns a `DerivedList` that follows each element (see `ListOperations.swift`).

/// Makes the operators' derived lists.
enum ListOperators {
    static func filter<Element>(
        _ source: some ListOperand<Element>, isMainActor: Bool, _ isIncluded: @escaping (Element) -> Bool
    ) -> DerivedList<Element> {
        DerivedList(
            label: "filter of \(type(of: source))", operation: FilterOperation(source: source, isIncluded: isIncluded), source: source,
            isMainActor: isMainActor)
    }

    static func sorted<Element>(
        _ source: some ListOperand<Element>, isMainActor: Bool, _ areInIncreasingOrder: @escaping (Element, Element) -> Bool
    ) -> DerivedList<Element> {
        DerivedList(
            label: "sorted of \(type(of: source))", operation: SortOperation(source: source, areInIncreasingOrder: areInIncreasingOrder),
            source: source, isMainActor: isMainActor)
    }

    static func map<Element, Result>(
        _ source: some ListOperand<Element>, isMainActor: Bool, _ transform: @escaping (Element) -> Result
    ) -> DerivedList<Result> {
        DerivedList(
            label: "map of \(type(of: source))", operation: MapOperation(source: source, transform: transform), source: source,
            isMainActor: isMainActor)
    }
}

extension DynamicList {
    /// The elements `isIncluded` keeps, as a ``DerivedList`` that follows each element: a set
    /// of what the closure read of one element runs it on that element only, and sends at most
    /// one step (an insertion or a removal). See <doc:Lists#List-operators>.
    ///
    /// - Parameter isIncluded: Whether an element is kept; `@Sendable`, run on the thread that
    ///   made the change, with no Bindery lock held.
    /// - Returns: The derived list; this list is held weakly if it is a ``DynamicList``.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }, \.elements).out(todoView)
    /// ```
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> DerivedList<Element> where Element: Sendable {
        ListOperators.filter(self, isMainActor: false, isIncluded)
    }

    /// The elements `isIncluded` keeps, evaluated on the main actor: the form for elements that
    /// are not `Sendable` (a `@Dynamic` class that is not), used from main-actor code.
    /// Otherwise as the nonisolated `filter`, which needs `Sendable` elements.
    ///
    /// - Parameter isIncluded: Whether an element is kept; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.filter { @MainActor in !$0.done }, \.elements).out(todoView)
    /// ```
    @MainActor
    public func filter(_ isIncluded: @escaping @MainActor (Element) -> Bool) -> DerivedList<Element> {
        ListOperators.filter(self, isMainActor: true) { element in MainActor.assumeIsolated { isIncluded(element) } }
    }

    /// The elements in the order `areInIncreasingOrder` gives, equal elements in this list's
    /// order, as a ``DerivedList`` that follows each element: a set of what the comparison reads
    /// of one element (compared with itself) moves that element only, one step.
    ///
    /// - Parameter areInIncreasingOrder: A strict weak ordering; `@Sendable`, run on the thread
    ///   that made the change, with no Bindery lock held.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.sorted { $0.title < $1.title }, \.elements).out(todoView)
    /// ```
    public func sorted(by areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool) -> DerivedList<Element> where Element: Sendable {
        ListOperators.sorted(self, isMainActor: false, areInIncreasingOrder)
    }

    /// The elements in the order `areInIncreasingOrder` gives, evaluated on the main actor.
    /// Otherwise as the nonisolated `sorted(by:)`.
    ///
    /// - Parameter areInIncreasingOrder: A strict weak ordering; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.sorted { @MainActor in $0.title < $1.title }, \.elements).out(todoView)
    /// ```
    @MainActor
    public func sorted(by areInIncreasingOrder: @escaping @MainActor (Element, Element) -> Bool) -> DerivedList<Element> {
        ListOperators.sorted(self, isMainActor: true) { left, right in MainActor.assumeIsolated { areInIncreasingOrder(left, right) } }
    }

    /// What `transform` makes of each element, as a ``DerivedList``: made once per element and
    /// kept while the element stays (the same object for a row, for instance), made again only
    /// when what the closure read of it was set (an update step), released when it leaves.
    ///
    /// - Parameter transform: Makes an element's result; `@Sendable`, run on the thread that
    ///   made the change, with no Bindery lock held.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// let titles = todos.map { $0.title.uppercased() }
    /// print(titles.count)
    /// ```
    public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> DerivedList<Result> where Element: Sendable {
        ListOperators.map(self, isMainActor: false, transform)
    }

    /// What `transform` makes of each element, evaluated on the main actor: the form for
    /// elements that are not `Sendable`, used from main-actor code; its results cross to the
    /// main actor, so they are `Sendable` (a `@MainActor` row class is). Otherwise as the
    /// nonisolated `map`.
    ///
    /// - Parameter transform: Makes an element's result; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// let titles = todos.map { @MainActor in $0.title }
    /// print(titles.count)
    /// ```
    @MainActor
    public func map<Result: Sendable>(_ transform: @escaping @MainActor (Element) -> Result) -> DerivedList<Result> {
        ListOperators.map(self, isMainActor: true) { element in MainActor.assumeIsolated { transform(element) } }
    }
}

extension DerivedList {
    /// The elements `isIncluded` keeps, as a ``DerivedList`` that follows each element: a set
    /// of what the closure read of one element runs it on that element only, and sends at most
    /// one step (an insertion or a removal). See <doc:Lists#List-operators>.
    ///
    /// - Parameter isIncluded: Whether an element is kept; `@Sendable`, run on the thread that
    ///   made the change, with no Bindery lock held.
    /// - Returns: The derived list; this list is held weakly if it is a ``DynamicList``.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }.filter { !$0.done }, \.elements).out(todoView)
    /// ```
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> DerivedList<Element> where Element: Sendable {
        ListOperators.filter(self, isMainActor: false, isIncluded)
    }

    /// The elements `isIncluded` keeps, evaluated on the main actor: the form for elements that
    /// are not `Sendable` (a `@Dynamic` class that is not), used from main-actor code.
    /// Otherwise as the nonisolated `filter`, which needs `Sendable` elements.
    ///
    /// - Parameter isIncluded: Whether an element is kept; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }.filter { @MainActor in !$0.done }, \.elements).out(todoView)
    /// ```
    @MainActor
    public func filter(_ isIncluded: @escaping @MainActor (Element) -> Bool) -> DerivedList<Element> {
        ListOperators.filter(self, isMainActor: true) { element in MainActor.assumeIsolated { isIncluded(element) } }
    }

    /// The elements in the order `areInIncreasingOrder` gives, equal elements in this list's
    /// order, as a ``DerivedList`` that follows each element: a set of what the comparison reads
    /// of one element (compared with itself) moves that element only, one step.
    ///
    /// - Parameter areInIncreasingOrder: A strict weak ordering; `@Sendable`, run on the thread
    ///   that made the change, with no Bindery lock held.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }.sorted { $0.title < $1.title }, \.elements).out(todoView)
    /// ```
    public func sorted(by areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool) -> DerivedList<Element> where Element: Sendable {
        ListOperators.sorted(self, isMainActor: false, areInIncreasingOrder)
    }

    /// The elements in the order `areInIncreasingOrder` gives, evaluated on the main actor.
    /// Otherwise as the nonisolated `sorted(by:)`.
    ///
    /// - Parameter areInIncreasingOrder: A strict weak ordering; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// Bind.in(todos.filter { !$0.done }.sorted { @MainActor in $0.title < $1.title }, \.elements).out(todoView)
    /// ```
    @MainActor
    public func sorted(by areInIncreasingOrder: @escaping @MainActor (Element, Element) -> Bool) -> DerivedList<Element> {
        ListOperators.sorted(self, isMainActor: true) { left, right in MainActor.assumeIsolated { areInIncreasingOrder(left, right) } }
    }

    /// What `transform` makes of each element, as a ``DerivedList``: made once per element and
    /// kept while the element stays (the same object for a row, for instance), made again only
    /// when what the closure read of it was set (an update step), released when it leaves.
    ///
    /// - Parameter transform: Makes an element's result; `@Sendable`, run on the thread that
    ///   made the change, with no Bindery lock held.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// let titles = todos.filter { !$0.done }.map { $0.title.uppercased() }
    /// print(titles.count)
    /// ```
    public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> DerivedList<Result> where Element: Sendable {
        ListOperators.map(self, isMainActor: false, transform)
    }

    /// What `transform` makes of each element, evaluated on the main actor: the form for
    /// elements that are not `Sendable`, used from main-actor code; its results cross to the
    /// main actor, so they are `Sendable` (a `@MainActor` row class is). Otherwise as the
    /// nonisolated `map`.
    ///
    /// - Parameter transform: Makes an element's result; run only on the main actor.
    /// - Returns: The derived list.
    ///
    /// ```swift
    /// let titles = todos.filter { !$0.done }.map { @MainActor in $0.title }
    /// print(titles.count)
    /// ```
    @MainActor
    public func map<Result: Sendable>(_ transform: @escaping @MainActor (Element) -> Result) -> DerivedList<Result> {
        ListOperators.map(self, isMainActor: true) { element in MainActor.assumeIsolated { transform(element) } }
    }
}
