/// The order of a list's rows: a sequence of numbers (the slots where ``ListViewRows`` keeps its
/// elements) in a counted B+ tree, so that reading, inserting or removing the number at any
/// index costs O(log n), wherever it is.
///
/// The numbers sit in order in leaves of at most ``leafCapacity``; above them, branches of at
/// most ``branchCapacity`` children keep each child's count of numbers, and an index is found
/// by walking down from the root, subtracting counts. Every leaf and branch but the root is at
/// least half full, so the tree is O(log n) high (with the default capacities, 2 levels of
/// branches for 100,000 numbers).
/// Building `0..<n` and reading every number cost O(n); reading k numbers from an index
/// O(k + log n).
///
/// Leaves and branches are runs of slots in flat arrays of `Int`s and name each other by
/// index: a step moves at most a leaf's integers, in one block of memory, allocates nothing
/// unless a node splits, and runs no generic code. Freed nodes are used again, never given back: the
/// arrays stay as long as they were for the most numbers held. The tree is a value: copying it
/// shares the arrays, and the first change of a copy copies them.
struct ListOrder: Sendable {
    /// The most numbers a leaf holds; one that gets more is split in two.
    let leafCapacity: Int
    /// The most children a branch has; one that gets more is split in two.
    let branchCapacity: Int
    /// The fewest numbers a leaf but the root holds; one left with fewer takes some from, or
    /// merges with, the leaf beside it.
    var leafMinimum: Int { leafCapacity / 2 }
    /// The fewest children a branch but the root has; one left with fewer takes some from, or
    /// merges with, the branch beside it.
    var branchMinimum: Int { branchCapacity / 2 }
    /// Slots per leaf in ``values``, per branch in ``children`` and ``sizes``: one more than
    /// the capacity, for the item a node holds for a moment before it splits.
    private var leafStride: Int { leafCapacity + 1 }
    private var branchStride: Int { branchCapacity + 1 }

    /// The numbers of leaf `l`, in order: `values[l * leafStride ..< l * leafStride + lengths[l]]`.
    private var values: [Int] = []
    /// How many numbers each leaf holds.
    private var lengths: [Int] = []
    /// Freed leaves, to use again.
    private var freeLeaves: [Int] = []
    /// The children of branch `b`, in order: `children[b * branchStride ..< b * branchStride +
    /// degrees[b]]`, leaves on the level above the leaves, branches higher up.
    private var children: [Int] = []
    /// How many numbers lie under each child in ``children`` (the same slot).
    private var sizes: [Int] = []
    /// How many children each branch has.
    private var degrees: [Int] = []
    /// Freed branches, to use again.
    private var freeBranches: [Int] = []
    /// The root: a leaf when ``height`` is 0, else a branch.
    private var root = 0
    /// How many levels of branches there are above the leaves.
    private(set) var height = 0
    /// How many numbers there are.
    private(set) var count = 0

    /// The numbers `0..<count`, in order: O(n).
    ///
    /// - Parameters:
    ///   - count: How many numbers.
    ///   - leafCapacity: The most numbers a leaf holds (at least 2). With 256, a list of
    ///     100,000 has 2 levels of branches, and a step moves 2 kB in one block at most; of 32
    ///     to 1,024, it made the `list.terminal.shuffle` benchmarks fastest (64: about 7%
    ///     slower at 100,000 rows, with 3 levels). Tests pass a few, to reach every level with
    ///     few numbers.
    ///   - branchCapacity: The most children a branch has (at least 4).
    init(_ count: Int, leafCapacity: Int = 256, branchCapacity: Int = 32) {
        self.leafCapacity = Swift.max(leafCapacity, 2)
        self.branchCapacity = Swift.max(branchCapacity, 4)
        self.count = count
        let leafLengths = Self.split(count, minimum: leafMinimum, filling: self.leafCapacity * 3 / 4)
        values = Array(repeating: 0, count: leafLengths.count * leafStride)
        lengths = leafLengths
        var next = 0
        for (leaf, length) in leafLengths.enumerated() {
            for position in 0..<length { values[leaf * leafStride + position] = next + position }
            next += length
        }
        // The levels of branches, bottom up, until one node holds everything.
        var level = Array(zip(leafLengths.indices, leafLengths))
        while level.count > 1 {
            var above: [(node: Int, size: Int)] = []
            var first = 0
            for degree in Self.split(level.count, minimum: branchMinimum, filling: self.branchCapacity) {
                let branch = newBranch()
                var total = 0
                for (position, (child, size)) in level[first..<first + degree].enumerated() {
                    children[branch * branchStride + position] = child
                    sizes[branch * branchStride + position] = size
                    total += size
                }
                degrees[branch] = degree
                above.append((branch, total))
                first += degree
            }
            level = above
            height += 1
        }
        root = level[0].0
    }

    /// How many items go in each node of a level that holds `total` (at least one node): as
    /// few nodes of at most `filling` as hold them, spread evenly, unless that would leave a
    /// node with fewer than `minimum`; then as many as `minimum` allows (at most twice
    /// `minimum` each).
    private static func split(_ total: Int, minimum: Int, filling: Int) -> [Int] {
        let nodes = max(1, min((total + filling - 1) / filling, total / minimum))
        return (0..<nodes).map { total / nodes + ($0 < total % nodes ? 1 : 0) }
    }

    /// The number at `index`, which must be in `0..<count`: O(log n).
    subscript(index: Int) -> Int {
        let (leaf, offset) = locate(index)
        return values[leaf * leafStride + offset]
    }

    /// The leaf holding the number at `index` (in `0..<count`), and its offset there.
    private func locate(_ index: Int) -> (leaf: Int, offset: Int) {
        var node = root, offset = index, level = height
        while level > 0 {
            var slot = node * branchStride
            while offset >= sizes[slot] {
                offset -= sizes[slot]
                slot += 1
            }
            node = children[slot]
            level -= 1
        }
        return (node, offset)
    }

    /// Calls `body` with the numbers at `range` (within `0...count`), in order: O(k + log n).
    func forEach(in range: Range<Int>, _ body: (Int) -> Void) {
        if !range.isEmpty { forEach(in: range, of: root, level: height, body) }
    }

    /// The same within the subtree `node`, `range` being indices within it.
    private func forEach(in range: Range<Int>, of node: Int, level: Int, _ body: (Int) -> Void) {
        guard level > 0 else {
            let base = node * leafStride
            for position in base + range.lowerBound..<base + range.upperBound { body(values[position]) }
            return
        }
        var start = 0
        let base = node * branchStride
        for slot in base..<base + degrees[node] {
            let end = start + sizes[slot]
            if end > range.lowerBound {
                let part = Swift.max(range.lowerBound, start) - start..<Swift.min(range.upperBound, end) - start
                forEach(in: part, of: children[slot], level: level - 1, body)
                if end >= range.upperBound { return }
            }
            start = end
        }
    }

    /// Inserts `value` at `index` (0...count): O(log n).
    mutating func insert(_ value: Int, at index: Int) {
        count += 1
        guard let (sibling, siblingSize) = insert(value, at: index, into: root, level: height) else { return }
        // The root split: a new root above the two halves.
        let branch = newBranch()
        let base = branch * branchStride
        children[base] = root
        sizes[base] = count - siblingSize
        children[base + 1] = sibling
        sizes[base + 1] = siblingSize
        degrees[branch] = 2
        root = branch
        height += 1
    }

    /// Inserts `value` at `index` of the subtree `node`; returns the new node that follows
    /// `node` and how many numbers it holds, if `node` had to split.
    private mutating func insert(_ value: Int, at index: Int, into node: Int, level: Int) -> (Int, Int)? {
        guard level > 0 else {
            let base = node * leafStride, length = lengths[node]
            Self.copy(&values, from: base + index, to: base + index + 1, count: length - index)
            values[base + index] = value
            lengths[node] = length + 1
            return length + 1 > leafCapacity ? splitLeaf(node) : nil
        }
        let base = node * branchStride
        let last = base + degrees[node] - 1
        var slot = base, offset = index
        while slot < last, offset > sizes[slot] {
            offset -= sizes[slot]
            slot += 1
        }
        sizes[slot] += 1
        guard let (sibling, siblingSize) = insert(value, at: offset, into: children[slot], level: level - 1) else {
            return nil
        }
        sizes[slot] -= siblingSize
        Self.copy(&children, from: slot + 1, to: slot + 2, count: last - slot)
        Self.copy(&sizes, from: slot + 1, to: slot + 2, count: last - slot)
        children[slot + 1] = sibling
        sizes[slot + 1] = siblingSize
        degrees[node] += 1
        return degrees[node] > branchCapacity ? splitBranch(node) : nil
    }

    /// Moves the upper half of leaf `node` to a new leaf; returns it and its length.
    private mutating func splitLeaf(_ node: Int) -> (Int, Int) {
        let sibling = newLeaf()
        let length = lengths[node], half = length / 2
        let from = node * leafStride, to = sibling * leafStride
        Self.copy(&values, from: from + half, to: to, count: length - half)
        lengths[node] = half
        lengths[sibling] = length - half
        return (sibling, length - half)
    }

    /// Moves the upper half of branch `node`'s children to a new branch; returns it and how
    /// many numbers lie under it.
    private mutating func splitBranch(_ node: Int) -> (Int, Int) {
        let sibling = newBranch()
        let degree = degrees[node], half = degree / 2
        let from = node * branchStride, to = sibling * branchStride
        Self.copy(&children, from: from + half, to: to, count: degree - half)
        Self.copy(&sizes, from: from + half, to: to, count: degree - half)
        let total = sizes[to..<to + degree - half].reduce(0, +)
        degrees[node] = half
        degrees[sibling] = degree - half
        return (sibling, total)
    }

    /// Removes the number at `index` (0..<count) and returns it: O(log n).
    @discardableResult
    mutating func remove(at index: Int) -> Int {
        let removed = remove(at: index, from: root, level: height)
        count -= 1
        while height > 0, degrees[root] == 1 {
            let old = root
            root = children[old * branchStride]
            freeBranches.append(old)
            height -= 1
        }
        return removed
    }

    /// Removes the number at `index` of the subtree `node`, then refills the child it came
    /// from if that child fell below its minimum.
    private mutating func remove(at index: Int, from node: Int, level: Int) -> Int {
        guard level > 0 else {
            let base = node * leafStride, end = base + lengths[node] - 1
            let removed = values[base + index]
            Self.copy(&values, from: base + index + 1, to: base + index, count: end - base - index)
            lengths[node] -= 1
            return removed
        }
        let base = node * branchStride
        var slot = base, offset = index
        while offset >= sizes[slot] {
            offset -= sizes[slot]
            slot += 1
        }
        sizes[slot] -= 1
        let child = children[slot]
        let removed = remove(at: offset, from: child, level: level - 1)
        let isUnderfull = level == 1
            ? lengths[child] < leafMinimum
            : degrees[child] < branchMinimum
        if isUnderfull, degrees[node] > 1 {
            // With the child before it, or (the first child) with the one after it.
            let left = Swift.max(slot - 1, base)
            if level == 1 { balanceLeaves(at: left, in: node) } else { balanceBranches(at: left, in: node) }
        }
        return removed
    }

    /// Merges the leaves at `slot` and `slot + 1` of branch `node` if they fit in one, else
    /// shares their numbers evenly between them.
    private mutating func balanceLeaves(at slot: Int, in node: Int) {
        let left = children[slot], right = children[slot + 1]
        let leftLength = lengths[left], rightLength = lengths[right]
        let leftBase = left * leafStride, rightBase = right * leafStride
        if leftLength + rightLength <= leafCapacity {
            Self.copy(&values, from: rightBase, to: leftBase + leftLength, count: rightLength)
            lengths[left] = leftLength + rightLength
            sizes[slot] += sizes[slot + 1]
            freeLeaves.append(right)
            removeChild(at: slot + 1, of: node)
            return
        }
        let newLeftLength = (leftLength + rightLength) / 2
        if leftLength < newLeftLength {
            // The first numbers of the right leaf go to the end of the left one.
            let moving = newLeftLength - leftLength
            Self.copy(&values, from: rightBase, to: leftBase + leftLength, count: moving)
            Self.copy(&values, from: rightBase + moving, to: rightBase, count: rightLength - moving)
        } else {
            // The last numbers of the left leaf go to the start of the right one.
            let moving = leftLength - newLeftLength
            Self.copy(&values, from: rightBase, to: rightBase + moving, count: rightLength)
            Self.copy(&values, from: leftBase + newLeftLength, to: rightBase, count: moving)
        }
        lengths[left] = newLeftLength
        lengths[right] = leftLength + rightLength - newLeftLength
        sizes[slot] = lengths[left]
        sizes[slot + 1] = lengths[right]
    }

    /// Merges the branches at `slot` and `slot + 1` of branch `node` if their children fit in
    /// one, else shares their children evenly between them.
    private mutating func balanceBranches(at slot: Int, in node: Int) {
        let left = children[slot], right = children[slot + 1]
        let leftDegree = degrees[left], rightDegree = degrees[right]
        let leftBase = left * branchStride, rightBase = right * branchStride
        if leftDegree + rightDegree <= branchCapacity {
            Self.copy(&children, from: rightBase, to: leftBase + leftDegree, count: rightDegree)
            Self.copy(&sizes, from: rightBase, to: leftBase + leftDegree, count: rightDegree)
            degrees[left] = leftDegree + rightDegree
            sizes[slot] += sizes[slot + 1]
            freeBranches.append(right)
            removeChild(at: slot + 1, of: node)
            return
        }
        let newLeftDegree = (leftDegree + rightDegree) / 2
        if leftDegree < newLeftDegree {
            // The first children of the right branch go to the end of the left one.
            let moving = newLeftDegree - leftDegree
            let moved = sizes[rightBase..<rightBase + moving].reduce(0, +)
            Self.copy(&children, from: rightBase, to: leftBase + leftDegree, count: moving)
            Self.copy(&sizes, from: rightBase, to: leftBase + leftDegree, count: moving)
            Self.copy(&children, from: rightBase + moving, to: rightBase, count: rightDegree - moving)
            Self.copy(&sizes, from: rightBase + moving, to: rightBase, count: rightDegree - moving)
            sizes[slot] += moved
            sizes[slot + 1] -= moved
        } else {
            // The last children of the left branch go to the start of the right one.
            let moving = leftDegree - newLeftDegree
            let moved = sizes[leftBase + newLeftDegree..<leftBase + leftDegree].reduce(0, +)
            Self.copy(&children, from: rightBase, to: rightBase + moving, count: rightDegree)
            Self.copy(&sizes, from: rightBase, to: rightBase + moving, count: rightDegree)
            Self.copy(&children, from: leftBase + newLeftDegree, to: rightBase, count: moving)
            Self.copy(&sizes, from: leftBase + newLeftDegree, to: rightBase, count: moving)
            sizes[slot] -= moved
            sizes[slot + 1] += moved
        }
        degrees[left] = newLeftDegree
        degrees[right] = leftDegree + rightDegree - newLeftDegree
    }

    /// Removes the child at `slot` from branch `node`, closing the gap.
    private mutating func removeChild(at slot: Int, of node: Int) {
        let end = node * branchStride + degrees[node]
        Self.copy(&children, from: slot + 1, to: slot, count: end - slot - 1)
        Self.copy(&sizes, from: slot + 1, to: slot, count: end - slot - 1)
        degrees[node] -= 1
    }

    /// Copies `count` items of `array` from index `source` on to index `target` on; the two
    /// runs may overlap. One check that both runs lie in the array, then a block copy.
    private static func copy(_ array: inout [Int], from source: Int, to target: Int, count: Int) {
        guard count > 0 else { return }
        precondition(source >= 0 && target >= 0 && Swift.max(source, target) <= array.count - count)
        array.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            (start + target).update(from: start + source, count: count)
        }
    }

    /// An empty leaf: a freed one if there is one.
    private mutating func newLeaf() -> Int {
        if let leaf = freeLeaves.popLast() { return leaf }
        lengths.append(0)
        values.append(contentsOf: repeatElement(0, count: leafStride))
        return lengths.count - 1
    }

    /// A branch with no children: a freed one if there is one.
    private mutating func newBranch() -> Int {
        if let branch = freeBranches.popLast() { return branch }
        degrees.append(0)
        children.append(contentsOf: repeatElement(0, count: branchStride))
        sizes.append(contentsOf: repeatElement(0, count: branchStride))
        return degrees.count - 1
    }
}

extension ListOrder {
    /// Whether the tree is well formed (for tests): every count it keeps is the count of what
    /// lies below, every leaf is at the same depth, and every node but the root is between
    /// half full and full.
    var isWellFormed: Bool {
        func check(_ node: Int, level: Int, isRoot: Bool) -> Int? {
            if level == 0 {
                let length = lengths[node]
                guard length <= leafCapacity, isRoot || length >= leafMinimum else { return nil }
                return length
            }
            let degree = degrees[node]
            guard degree <= branchCapacity, isRoot ? degree >= 2 : degree >= branchMinimum else { return nil }
            var total = 0
            for slot in node * branchStride..<node * branchStride + degree {
                guard let size = check(children[slot], level: level - 1, isRoot: false), size == sizes[slot] else { return nil }
                total += size
            }
            return total
        }
        return check(root, level: height, isRoot: true) == count
    }
}
