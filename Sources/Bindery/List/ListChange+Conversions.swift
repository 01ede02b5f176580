// A change in the shapes toolkits take: UIKit's batch updates, Swift's
// `CollectionDifference`, GTK's `items-changed` splices.

extension ListChange {
    /// A change as a table or collection view's batch update takes it (UIKit's
    /// `performBatchUpdates`, AppKit's `beginUpdates`/`endUpdates`): deletions at indices of the
    /// old list, insertions at indices of the new one, moves from old to new, reloads at old
    /// indices.
    ///
    /// It never asks a view for what crashes one: no index is both deleted and reloaded, no
    /// moved row is reloaded in the same batch (reload those, ``reloadsAfterMoves``, once the
    /// batch is done), and the counts always add up (old − deletions + insertions = new). A
    /// reset is ``isReload``: reload the whole view.
    ///
    /// ```swift
    /// // A fragment of UIKit code: a table view applies a change.
    /// let update = change.batchUpdate
    /// if update.isReload { tableView.reloadData() } else {
    ///     tableView.performBatchUpdates {
    ///         tableView.deleteRows(at: update.deletes.map { IndexPath(row: $0, section: 0) }, with: .automatic)
    ///         tableView.insertRows(at: update.inserts.map { IndexPath(row: $0, section: 0) }, with: .automatic)
    ///         for move in update.moves { tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0)) }
    ///         tableView.reloadRows(at: update.reloads.map { IndexPath(row: $0, section: 0) }, with: .none)
    ///     }
    ///     tableView.reloadRows(at: update.reloadsAfterMoves.map { IndexPath(row: $0, section: 0) }, with: .none)
    /// }
    /// ```
    public struct BatchUpdate: Equatable, Sendable {
        /// One row moved: from its index in the old list to its index in the new one.
        public struct Move: Equatable, Sendable {
            /// Its index in the old list.
            public let from: Int
            /// Its index in the new list.
            public let to: Int
        }

        /// Whether the change is a reset: reload everything, ignore the rest.
        public var isReload = false
        /// Rows deleted, at indices of the old list, ascending.
        public var deletes: [Int] = []
        /// Rows inserted, at indices of the new list, ascending.
        public var inserts: [Int] = []
        /// Rows moved, from old indices to new ones.
        public var moves: [Move] = []
        /// Rows that stay in place and changed, at indices of the old list, ascending.
        public var reloads: [Int] = []
        /// Rows that moved and changed, at indices of the new list: reload them after the batch.
        public var reloadsAfterMoves: [Int] = []
    }

    /// One edit as GTK's `GListModel` reports it (`items-changed`): at `position`, `removed`
    /// items go and `added` come in their place.
    public struct Splice {
        /// Where the edit happens, in the list as it stands after the splices before it.
        public let position: Int
        /// How many items go from `position`.
        public let removed: Int
        /// The items that come in at `position`.
        public let added: [Element]
    }

    /// The change as a batch update of a table or collection view (see ``BatchUpdate``).
    ///
    /// Computed from the steps alone: O(n) per step for a list of n rows.
    public var batchUpdate: BatchUpdate {
        guard let origins = origins() else { return BatchUpdate(isReload: true) }
        var update = BatchUpdate()
        var survivors: [(old: Int, new: Int, isUpdated: Bool)] = []
        var present = Set<Int>()
        for (index, origin) in origins.final.enumerated() {
            switch origin {
            case .inserted: update.inserts.append(index)
            case .old(let old, let isUpdated):
                survivors.append((old, index, isUpdated))
                present.insert(old)
            }
        }
        update.deletes = (0..<origins.oldCount).filter { !present.contains($0) }
        let stays = IncreasingRun.longest(in: survivors.map(\.old))
        for (position, survivor) in survivors.enumerated() {
            if stays[position] {
                if survivor.isUpdated { update.reloads.append(survivor.old) }
            } else {
                update.moves.append(BatchUpdate.Move(from: survivor.old, to: survivor.new))
                if survivor.isUpdated { update.reloadsAfterMoves.append(survivor.new) }
            }
        }
        update.reloads.sort()
        return update
    }

    /// The change as Swift's `CollectionDifference`, which names the elements removed and so
    /// needs the list the change starts from: applying it to `previous` gives ``elements``.
    /// Moves are removals and insertions associated with each other; an update is a removal
    /// and an insertion at its index. A reset removes everything and inserts everything.
    ///
    /// - Parameter previous: The list the change starts from.
    /// - Returns: The difference from `previous` to ``elements``.
    ///
    /// ```swift
    /// let change = ListChange(from: shown, to: shown + [milk])
    /// if let next = shown.applying(change.difference(from: shown)) { shown = next }
    /// ```
    public func difference(from previous: [Element]) -> CollectionDifference<Element> {
        var changes: [CollectionDifference<Element>.Change] = []
        if let origins = origins(), origins.oldCount == previous.count {
            var survivors: [(old: Int, new: Int, isUpdated: Bool)] = []
            var present = Set<Int>()
            for (index, origin) in origins.final.enumerated() {
                switch origin {
                case .inserted: changes.append(.insert(offset: index, element: elements[index], associatedWith: nil))
                case .old(let old, let isUpdated):
                    survivors.append((old, index, isUpdated))
                    present.insert(old)
                }
            }
            for old in previous.indices where !present.contains(old) {
                changes.append(.remove(offset: old, element: previous[old], associatedWith: nil))
            }
            let stays = IncreasingRun.longest(in: survivors.map(\.old))
            for (position, survivor) in survivors.enumerated() {
                if !stays[position] {
                    changes.append(.remove(offset: survivor.old, element: previous[survivor.old], associatedWith: survivor.new))
                    changes.append(.insert(offset: survivor.new, element: elements[survivor.new], associatedWith: survivor.old))
                } else if survivor.isUpdated {
                    changes.append(.remove(offset: survivor.old, element: previous[survivor.old], associatedWith: nil))
                    changes.append(.insert(offset: survivor.new, element: elements[survivor.new], associatedWith: nil))
                }
            }
            if let difference = CollectionDifference(changes) { return difference }
        }
        // A reset, or a change that does not start from `previous`: everything goes and comes.
        changes = previous.indices.map { .remove(offset: $0, element: previous[$0], associatedWith: nil) }
            + elements.indices.map { .insert(offset: $0, element: elements[$0], associatedWith: nil) }
        return CollectionDifference(changes) ?? CollectionDifference([])!
    }

    /// The change as GTK's `items-changed` splices, in order, for a `GListModel` that held
    /// `previous`: an insertion, removal or update is one splice; a move is two (the item goes,
    /// then comes back at its new place), since a list model has no move; a reset is one splice
    /// of everything.
    ///
    /// - Parameter previous: The list the change starts from (a move's item is read from it).
    /// - Returns: The splices, each at positions of the list as the ones before it left it.
    ///
    /// ```swift
    /// // A fragment of GTK code: a GListStore follows a change.
    /// for splice in change.splices(from: shown) {
    ///     g_list_store_splice(store, guint(splice.position), guint(splice.removed), items(splice.added), guint(splice.added.count))
    /// }
    /// ```
    public func splices(from previous: [Element]) -> [Splice] {
        var list = previous
        var splices: [Splice] = []
        for step in steps {
            let made: [Splice]
            switch step {
            case .insert(let element, let index): made = [Splice(position: index, removed: 0, added: [element])]
            case .remove(let index): made = [Splice(position: index, removed: 1, added: [])]
            case .move(let from, let to):
                made = list.indices.contains(from)
                    ? [Splice(position: from, removed: 1, added: []), Splice(position: to, removed: 0, added: [list[from]])] : []
            case .update(let element, let index): made = [Splice(position: index, removed: 1, added: [element])]
            case .reset(let elements): made = [Splice(position: 0, removed: list.count, added: elements)]
            }
            // The step's own check of its indices, against the list as it stands.
            guard Self.apply(step, to: &list) else {
                return [Splice(position: 0, removed: previous.count, added: elements)]
            }
            splices += made
        }
        return splices
    }

    /// Where each row of the new list came from.
    private enum Origin {
        case old(Int, isUpdated: Bool)
        case inserted
    }

    /// The origin of each row of ``elements``, and how many rows the old list had; nil for a
    /// change with a reset, whose rows have no origin.
    private func origins() -> (final: [Origin], oldCount: Int)? {
        var inserted = 0, removed = 0
        for step in steps {
            switch step {
            case .insert: inserted += 1
            case .remove: removed += 1
            case .reset: return nil
            case .move, .update: break
            }
        }
        let oldCount = elements.count - inserted + removed
        guard oldCount >= 0 else { return nil }
        var origins: [Origin] = (0..<oldCount).map { .old($0, isUpdated: false) }
        for step in steps {
            // Each step applied to the origins, as `apply(to:)` applies it to elements.
            let traced: ListChange<Origin>.Step
            switch step {
            case .insert(_, let index): traced = .insert(.inserted, at: index)
            case .remove(let index): traced = .remove(at: index)
            case .move(let from, let to): traced = .move(from: from, to: to)
            case .update(_, let index):
                guard origins.indices.contains(index) else { return nil }
                guard case .old(let old, _) = origins[index] else { continue }
                traced = .update(.old(old, isUpdated: true), at: index)
            case .reset: return nil
            }
            guard ListChange<Origin>.apply(traced, to: &origins) else { return nil }
        }
        return (origins, oldCount)
    }
}

extension ListChange.Splice: Sendable where Element: Sendable {}
extension ListChange.Splice: Equatable where Element: Equatable {}
