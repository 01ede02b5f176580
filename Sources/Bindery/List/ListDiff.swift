/// The steps between two lists, by the identity of their elements: what `ListChange(from:to:)`
/// and list receivers of array properties use.
///
/// 1. The common prefix and suffix are trimmed first, element by element: two elements that
///    are the same bits are the same element with the same value, without asking; others are
///    compared by identity (and by `==` for an update). An append, a removal at either end, or an
///    update costs no more.
/// 2. The middles are matched by identity in O(n) with one hash table: the k-th element of an
///    identity in the old middle matches its k-th in the new, so duplicated identities are
///    distinct positions and never lose an element. Duplicates are found where identities are
///    hashed anyway: in the middles, and in a run of insertions.
/// 3. The matched elements that keep their order are the longest increasing run of their old
///    positions in the new order (O(n log n)); the others are moves, so a sort yields the fewest.
/// 4. The steps, each at indices of the list as it stands after the ones before: removals from
///    the highest index down, then moves (each found with a Fenwick tree over the places the
///    elements will take, O(log n) each), then insertions from the lowest index up, then
///    updates, which are at their final indices.
///
/// Inlinable, so that it is specialised for the element and identity types where it is used.
@usableFromInline
struct ListDiff<Element, Key: Hashable> {
    /// An element's identity.
    @usableFromInline let key: (Element) -> Key
    /// Whether two elements of one identity have the same value; nil when there is no telling
    /// (then an element that stays is never an update).
    @usableFromInline let isSame: ((Element, Element) -> Bool)?

    @inlinable
    init(key: @escaping (Element) -> Key, isSame: ((Element, Element) -> Bool)?) {
        self.key = key
        self.isSame = isSame
    }

    /// What a diff found.
    @usableFromInline
    struct Outcome {
        /// The steps from the old list to the new one; one `.reset` when steps are not worth it.
        @usableFromInline var steps: [ListChange<Element>.Step]
        /// Whether an identity appeared more than once in a list.
        @usableFromInline var hasDuplicates: Bool

        @inlinable
        init(steps: [ListChange<Element>.Step], hasDuplicates: Bool) {
            self.steps = steps
            self.hasDuplicates = hasDuplicates
        }
    }

    /// The steps that turn `old` into `new`.
    @inlinable
    func steps(from old: [Element], to new: [Element]) -> Outcome {
        old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer in
                steps(from: oldBuffer, to: newBuffer, new: new)
            }
        }
    }

    @inlinable
    func steps(from old: UnsafeBufferPointer<Element>, to new: UnsafeBufferPointer<Element>, new list: [Element]) -> Outcome {
        let oldCount = old.count, newCount = new.count
        let shorter = Swift.min(oldCount, newCount)
        var updates: [Int] = []

        // 1. The common prefix and suffix.
        var prefix = 0
        while prefix < shorter {
            guard matches(old, prefix, new, prefix, updateAt: prefix, &updates) else { break }
            prefix += 1
        }
        var suffixUpdates: [Int] = []
        var suffix = 0
        while suffix < shorter - prefix {
            let oldIndex = oldCount - 1 - suffix, newIndex = newCount - 1 - suffix
            guard matches(old, oldIndex, new, newIndex, updateAt: newIndex, &suffixUpdates) else { break }
            suffix += 1
        }
        let oldMiddle = oldCount - prefix - suffix, newMiddle = newCount - prefix - suffix

        var steps: [ListChange<Element>.Step] = []
        var hasDuplicates = false
        var survivors = prefix + suffix
        if oldMiddle == 0 || newMiddle == 0 {
            steps.reserveCapacity(oldMiddle + newMiddle + updates.count + suffixUpdates.count)
            for index in stride(from: prefix + oldMiddle - 1, through: prefix, by: -1) {
                steps.append(.remove(at: index))
            }
            for index in prefix..<(prefix + newMiddle) {
                steps.append(.insert(new[index], at: index))
            }
            if newMiddle > 1 { hasDuplicates = Self.hasDuplicates(new, prefix..<(prefix + newMiddle), key) }
        } else {
            survivors += middleSteps(
                old, new, prefix: prefix, oldMiddle: oldMiddle, newMiddle: newMiddle,
                into: &steps, updates: &updates, hasDuplicates: &hasDuplicates)
        }
        for index in updates { steps.append(.update(new[index], at: index)) }
        for index in suffixUpdates.reversed() { steps.append(.update(new[index], at: index)) }

        if steps.count > Swift.max(oldCount, newCount) || (survivors == 0 && oldCount > 0 && newCount > 0) {
            return Outcome(steps: [.reset(list)], hasDuplicates: hasDuplicates)
        }
        return Outcome(steps: steps, hasDuplicates: hasDuplicates)
    }

    /// Whether two elements of `list` have one identity: what a receiver's first list, or a
    /// change's run of insertions, is checked for.
    @inlinable
    func hasDuplicates(in list: [Element]) -> Bool {
        list.withUnsafeBufferPointer { Self.hasDuplicates($0, 0..<$0.count, key) }
    }

    @inlinable
    static func hasDuplicates(_ list: UnsafeBufferPointer<Element>, _ range: Range<Int>, _ key: (Element) -> Key) -> Bool {
        var seen = Set<Key>(minimumCapacity: range.count)
        for index in range where !seen.insert(key(list[index])).inserted { return true }
        return false
    }

    /// Whether `old[oldIndex]` and `new[newIndex]` are one element; if they are but its value
    /// changed, records `index` in `updates`.
    @inlinable
    func matches(
        _ old: UnsafeBufferPointer<Element>, _ oldIndex: Int, _ new: UnsafeBufferPointer<Element>, _ newIndex: Int,
        updateAt index: Int, _ updates: inout [Int]
    ) -> Bool {
        if Self.sameBits(old, oldIndex, new, newIndex) { return true }
        guard key(old[oldIndex]) == key(new[newIndex]) else { return false }
        if let isSame, !isSame(old[oldIndex], new[newIndex]) { updates.append(index) }
        return true
    }

    /// Whether two elements are the same bits: copies of one value (same identity, same value).
    /// Bits that differ say nothing: the elements are then compared.
    @inlinable
    static func sameBits(_ old: UnsafeBufferPointer<Element>, _ oldIndex: Int, _ new: UnsafeBufferPointer<Element>, _ newIndex: Int) -> Bool {
        let size = MemoryLayout<Element>.size
        let stride = MemoryLayout<Element>.stride
        let first = UnsafeRawPointer(old.baseAddress!) + oldIndex * stride
        let second = UnsafeRawPointer(new.baseAddress!) + newIndex * stride
        var offset = 0
        while offset + 8 <= size {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < size {
            if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    /// The steps between the middles (`old[prefix..<prefix + oldMiddle]` and
    /// `new[prefix..<prefix + newMiddle]`, both non-empty); records updates at their final
    /// indices. Returns how many elements of the old middle survive.
    @inlinable
    func middleSteps(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, prefix: Int, oldMiddle: Int, newMiddle: Int,
        into steps: inout [ListChange<Element>.Step], updates: inout [Int], hasDuplicates: inout Bool
    ) -> Int {
        // 2. Match by identity. The table maps an identity to the first old position not
        // matched yet (-2: none left, or only in the new list); `next` chains an identity's
        // later old positions.
        var table = [Key: Int](minimumCapacity: oldMiddle + newMiddle)
        var next = [Int](repeating: -1, count: oldMiddle)
        for index in stride(from: oldMiddle - 1, through: 0, by: -1) {
            if let later = table.updateValue(index, forKey: key(old[prefix + index])) {
                next[index] = later
                hasDuplicates = true
            }
        }
        var oldMatch = [Int](repeating: -1, count: oldMiddle)
        var newMatch = [Int](repeating: -1, count: newMiddle)
        for index in 0..<newMiddle {
            let identity = key(new[prefix + index])
            guard let slot = table.index(forKey: identity) else {
                table[identity] = -2
                continue
            }
            let first = table.values[slot]
            guard first >= 0 else {
                hasDuplicates = true
                continue
            }
            newMatch[index] = first
            oldMatch[first] = index
            table.values[slot] = next[first] >= 0 ? next[first] : -2
            if !Self.sameBits(old, prefix + first, new, prefix + index), let isSame,
               !isSame(old[prefix + first], new[prefix + index]) {
                updates.append(prefix + index)
            }
        }

        // 3. What stays: the longest increasing run of old positions, in new order.
        let stays = IncreasingRun.longest(in: newMatch)

        // 4a. Removals, from the highest index down.
        for index in stride(from: oldMiddle - 1, through: 0, by: -1) where oldMatch[index] < 0 {
            steps.append(.remove(at: prefix + index))
        }

        // 4b. Moves. After the removals the middle holds the survivors in old order; each one
        // that moves goes right after the survivor before it in new order. Its place is keyed
        // by an anchor (the last survivor that stays before it in new order, -1 for none) and a
        // rank along the anchor's run of moved elements; the Fenwick tree counts the elements
        // in the places before a key, which is the index the element has, or goes to.
        var keptIndex = [Int](repeating: -1, count: oldMiddle)
        var kept = 0
        for index in 0..<oldMiddle where oldMatch[index] >= 0 {
            keptIndex[index] = kept
            kept += 1
        }
        var runLength = [Int](repeating: 0, count: kept + 1)
        var moves: [(from: Int, anchor: Int, rank: Int)] = []
        var anchor = -1, rank = 0
        for index in 0..<newMiddle where newMatch[index] >= 0 {
            let own = keptIndex[newMatch[index]]
            if stays[index] {
                anchor = own
                rank = 0
            } else {
                rank += 1
                moves.append((own, anchor, rank))
                runLength[anchor + 1] = rank
            }
        }
        if !moves.isEmpty {
            // The places, anchor by anchor: no own place for -1, then each survivor's own place
            // followed by its run.
            var groupStart = [Int](repeating: 0, count: kept + 1)
            var places = 0
            for group in 0...kept {
                groupStart[group] = places
                places += (group == 0 ? 0 : 1) + runLength[group]
            }
            // Only the survivors' own places are filled at first.
            var counts = FenwickTree(count: places, ones: (0..<kept).lazy.map { groupStart[$0 + 1] })
            for move in moves {
                let own = groupStart[move.from + 1]
                let from = counts.count(before: own)
                counts.add(-1, at: own)
                let place = move.anchor < 0 ? move.rank - 1 : groupStart[move.anchor + 1] + move.rank
                let to = counts.count(before: place)
                counts.add(1, at: place)
                steps.append(.move(from: prefix + from, to: prefix + to))
            }
        }

        // 4c. Insertions, from the lowest index up.
        for index in 0..<newMiddle where newMatch[index] < 0 {
            steps.append(.insert(new[prefix + index], at: prefix + index))
        }
        return kept
    }
}

/// The longest increasing runs of a sequence: what keeps its order in a diff.
@usableFromInline
enum IncreasingRun {
    /// Which positions of `values` make a longest strictly increasing run of its non-negative
    /// values (negative values are never in it); O(n log n).
    @inlinable
    static func longest(in values: [Int]) -> [Bool] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for position in values.indices where values[position] >= 0 {
            let value = values[position]
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            previous[position] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = [Bool](repeating: false, count: values.count)
        var walk = tails.last ?? -1
        while walk >= 0 {
            run[walk] = true
            walk = previous[walk]
        }
        return run
    }
}

/// Counts over places `0..<count`, with the count before any place in O(log count).
@usableFromInline
struct FenwickTree {
    @usableFromInline var tree: [Int]

    /// Places `0..<count`, with 1 at each of `ones` and 0 elsewhere; built in O(count).
    @inlinable
    init(count: Int, ones: some Sequence<Int>) {
        tree = [Int](repeating: 0, count: count + 1)
        for place in ones { tree[place + 1] = 1 }
        var index = 1
        while index <= count {
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
            index += 1
        }
    }

    /// Adds `amount` at `place`.
    @inlinable
    mutating func add(_ amount: Int, at place: Int) {
        var index = place + 1
        while index < tree.count {
            tree[index] += amount
            index += index & -index
        }
    }

    /// The sum over the places before `place`.
    @inlinable
    func count(before place: Int) -> Int {
        var index = place
        var sum = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
