// The mutations of a `DynamicList`, each reporting its own steps. An index out of range is
// reported to the diagnostics handler, once the list's lock is released, and the mutation is
// skipped: nothing traps. An element a mutation lets go of is kept by it until the list's lock
// is released, so that its deinit (the element's code) never runs under the lock.

extension DynamicList {
    /// Adds `element` at the end: one step, an insertion.
    ///
    /// - Parameter element: The element.
    ///
    /// ```swift
    /// todos.append(Todo(id: 7, title: "milk"))
    /// ```
    public func append(_ element: Element) {
        mutate { storage, steps in
            steps.append(.insert(element, at: storage.count))
            storage.append(element)
            return nil
        }
    }

    /// Adds `elements` at the end, one insertion each, in one change.
    ///
    /// - Parameter elements: The elements.
    ///
    /// ```swift
    /// todos.append(contentsOf: [milk, eggs])
    /// ```
    public func append(contentsOf elements: some Sequence<Element>) {
        let added = Array(elements)
        guard !added.isEmpty else { return }
        mutate { storage, steps in
            for element in added {
                steps.append(.insert(element, at: storage.count))
                storage.append(element)
            }
            return nil
        }
    }

    /// Inserts `element` at `index` (from 0 to ``count``): one step.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - index: Where it goes.
    ///
    /// ```swift
    /// todos.insert(milk, at: 0)
    /// ```
    public func insert(_ element: Element, at index: Int) {
        insert(contentsOf: [element], at: index)
    }

    /// Inserts `elements` at `index` (from 0 to ``count``), in order, in one change.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - index: Where the first goes.
    ///
    /// ```swift
    /// todos.insert(contentsOf: [milk, eggs], at: 1)
    /// ```
    public func insert(contentsOf elements: some Collection<Element>, at index: Int) {
        let added = Array(elements)
        guard !added.isEmpty else { return }
        mutate { storage, steps in
            guard index >= 0, index <= storage.count else { return IndexProblem(index: index, count: storage.count, operation: "insert at") }
            for (offset, element) in added.enumerated() { steps.append(.insert(element, at: index + offset)) }
            storage.insert(contentsOf: added, at: index)
            return nil
        }
    }

    /// Removes the element at `index`: one step.
    ///
    /// - Parameter index: A valid index.
    /// - Returns: The element removed; nil (reported) for an index out of range.
    ///
    /// ```swift
    /// todos.remove(at: 2)
    /// ```
    @discardableResult
    public func remove(at index: Int) -> Element? {
        var removed: Element?
        mutate { storage, steps in
            guard storage.indices.contains(index) else { return IndexProblem(index: index, count: storage.count, operation: "remove at") }
            steps.append(.remove(at: index))
            removed = storage.remove(at: index)
            return nil
        }
        return removed
    }

    /// Removes the elements in `range`, one step each, in one change.
    ///
    /// - Parameter range: Indices of the list.
    ///
    /// ```swift
    /// todos.removeSubrange(0..<2)
    /// ```
    public func removeSubrange(_ range: Range<Int>) {
        replaceSubrange(range, with: [])
    }

    /// Removes the first element, if any: one step.
    ///
    /// - Returns: The element removed, or nil for an empty list.
    ///
    /// ```swift
    /// if let next = queue.removeFirst() { print(next) }
    /// ```
    @discardableResult
    public func removeFirst() -> Element? {
        var removed: Element?
        mutate { storage, steps in
            guard !storage.isEmpty else { return nil }
            steps.append(.remove(at: 0))
            removed = storage.removeFirst()
            return nil
        }
        return removed
    }

    /// Removes the last element, if any: one step.
    ///
    /// - Returns: The element removed, or nil for an empty list.
    ///
    /// ```swift
    /// todos.removeLast()
    /// ```
    @discardableResult
    public func removeLast() -> Element? {
        var removed: Element?
        mutate { storage, steps in
            guard !storage.isEmpty else { return nil }
            steps.append(.remove(at: storage.count - 1))
            removed = storage.removeLast()
            return nil
        }
        return removed
    }

    /// Removes every element: a reset to the empty list.
    ///
    /// ```swift
    /// todos.removeAll()
    /// ```
    public func removeAll() {
        var released: [Element] = []
        mutate { storage, steps in
            guard !storage.isEmpty else { return nil }
            steps.append(.reset([]))
            released = storage
            storage = []
            return nil
        }
        withExtendedLifetime(released) {}
    }

    /// Removes the elements `shouldBeRemoved` accepts, one step each, in one change.
    ///
    /// `shouldBeRemoved` runs with no Bindery lock held, on a snapshot of the list; if another
    /// thread changes the list meanwhile, it runs again on the list as it stands then, so the
    /// elements removed are those it accepts in the list they are removed from.
    ///
    /// - Parameter shouldBeRemoved: Whether an element goes.
    /// - Throws: What `shouldBeRemoved` throws; nothing is removed then.
    ///
    /// ```swift
    /// todos.removeAll { $0.done }
    /// ```
    public func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        while true {
            let (snapshot, seen) = versioned()
            var gone: [Int] = []
            for index in snapshot.indices where try shouldBeRemoved(snapshot[index]) { gone.append(index) }
            guard !gone.isEmpty else { return }
            var released: [Element] = []
            let applied = mutate(ifVersion: seen) { storage, steps in
                // One pass over the list, not a removal (and a shift of the tail) per element.
                var kept: [Element] = []
                kept.reserveCapacity(storage.count - gone.count)
                var next = 0
                for (index, element) in storage.enumerated() {
                    if next < gone.count, gone[next] == index {
                        released.append(element)
                        next += 1
                    } else {
                        kept.append(element)
                    }
                }
                storage = kept
                for index in gone.reversed() { steps.append(.remove(at: index)) }
                return nil
            }
            withExtendedLifetime(released) {}
            if applied { return }
        }
    }

    /// Moves the element at `from` to `to`: it is removed, then inserted at `to` of the list as
    /// it stands after the removal (so `to` is its index afterwards). One step; nothing when
    /// `from == to`.
    ///
    /// - Parameters:
    ///   - from: The element's index.
    ///   - to: Its index afterwards.
    ///
    /// ```swift
    /// todos.move(from: 3, to: 0)
    /// ```
    public func move(from: Int, to: Int) {
        mutate { storage, steps in
            guard storage.indices.contains(from), storage.indices.contains(to) else {
                return IndexProblem(index: storage.indices.contains(from) ? to : from, count: storage.count, operation: "move")
            }
            guard from != to else { return nil }
            steps.append(.move(from: from, to: to))
            storage.insert(storage.remove(at: from), at: to)
            return nil
        }
    }

    /// Sets the element at `index`: one step, an update.
    ///
    /// - Parameters:
    ///   - element: The new value.
    ///   - index: A valid index.
    ///
    /// ```swift
    /// todos.update(Todo(id: 7, title: "oat milk"), at: 0)
    /// ```
    public func update(_ element: Element, at index: Int) {
        var released: Element?
        mutate { storage, steps in
            guard storage.indices.contains(index) else { return IndexProblem(index: index, count: storage.count, operation: "update at") }
            steps.append(.update(element, at: index))
            released = storage[index]
            storage[index] = element
            return nil
        }
        withExtendedLifetime(released) {}
    }

    /// Replaces the elements in `range` with `elements`: removals, then insertions, in one
    /// change.
    ///
    /// - Parameters:
    ///   - range: Indices of the list.
    ///   - elements: What takes their place.
    ///
    /// ```swift
    /// todos.replaceSubrange(1..<3, with: [milk])
    /// ```
    public func replaceSubrange(_ range: Range<Int>, with elements: some Collection<Element>) {
        let added = Array(elements)
        var released: [Element] = []
        defer { withExtendedLifetime(released) {} }
        mutate { storage, steps in
            guard range.lowerBound >= 0, range.upperBound <= storage.count else {
                return IndexProblem(index: range.lowerBound < 0 ? range.lowerBound : range.upperBound, count: storage.count, operation: "replace up to")
            }
            released = Array(storage[range])
            for _ in range { steps.append(.remove(at: range.lowerBound)) }
            for (offset, element) in added.enumerated() { steps.append(.insert(element, at: range.lowerBound + offset)) }
            storage.replaceSubrange(range, with: added)
            return nil
        }
    }
}
