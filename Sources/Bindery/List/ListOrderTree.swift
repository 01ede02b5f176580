/// A node of a `ListOrderTree`: one element's place in a list operator's order. Subclasses
/// carry the element (see `ListOperation`).
class ListOrderNode {
    final var left: ListOrderNode?
    final var right: ListOrderNode?
    /// The parent, unowned: the parent holds this node.
    final unowned(unsafe) var parent: ListOrderNode?
    /// How many nodes the subtree rooted here has.
    final var size = 1
    /// The sum of `ownWeight` over the subtree rooted here.
    final var weight = 0
    /// This node's weight: 1 for an element a filter keeps, 0 for one it leaves out.
    final var ownWeight = 0

    init() {}
}

/// The order of a list operator's elements: a splay tree keyed by position, with subtree sizes
/// and weights, so that every operation a change needs costs O(log n) amortised: the node at an
/// index, the index of a node (its element's listener knows the node, not where it is now),
/// inserting at an index or by comparison, removing a node, and the weight before a node (a
/// filter's kept elements before it: its index in the filter's result).
///
/// Used by one evaluation at a time (see `DerivedNode`): reads reshape the tree.
struct ListOrderTree {
    private(set) var root: ListOrderNode?

    var count: Int { root?.size ?? 0 }

    // MARK: Queries

    /// The node at `index` (0..<count).
    mutating func node(at index: Int) -> ListOrderNode {
        var node = root.unsafelyUnwrapped
        var remaining = index
        while true {
            let leftSize = node.left?.size ?? 0
            if remaining < leftSize {
                node = node.left.unsafelyUnwrapped
            } else if remaining == leftSize {
                break
            } else {
                remaining -= leftSize + 1
                node = node.right.unsafelyUnwrapped
            }
        }
        splay(node)
        return node
    }

    /// The index of `node`, which is in the tree.
    mutating func index(of node: ListOrderNode) -> Int {
        splay(node)
        return node.left?.size ?? 0
    }

    /// The sum of the weights of the nodes before `node`, which is in the tree.
    mutating func weight(before node: ListOrderNode) -> Int {
        splay(node)
        return node.left?.weight ?? 0
    }

    /// Every node, in order. O(n), with no recursion.
    func nodes() -> [ListOrderNode] {
        var result: [ListOrderNode] = []
        result.reserveCapacity(count)
        var stack: [ListOrderNode] = []
        var current = root
        while current != nil || !stack.isEmpty {
            while let node = current {
                stack.append(node)
                current = node.left
            }
            let node = stack.removeLast()
            result.append(node)
            current = node.right
        }
        return result
    }

    // MARK: Changes

    /// Inserts `node` (in no tree) at `index` (0...count).
    mutating func insert(_ node: ListOrderNode, at index: Int) {
        assert(node.parent == nil && node.left == nil && node.right == nil, "Bindery: a list node inserted twice")
        node.size = 1
        node.weight = node.ownWeight
        guard root != nil else {
            root = node
            return
        }
        if index == count {
            // Appending: after the last node.
            var last = root.unsafelyUnwrapped
            while let right = last.right { last = right }
            attach(node, to: last, onLeft: false)
            return
        }
        let after = self.node(at: index)
        // `after` is the root now: `node` takes its left subtree.
        node.left = after.left
        node.left?.parent = node
        after.left = nil
        update(after)
        node.right = after
        after.parent = node
        update(node)
        root = node
    }

    /// Inserts `node` (in no tree) before the first node for which `goesBefore` is true, given
    /// that it is false for a prefix of the nodes and true for the rest (a sorted order).
    mutating func insert(_ node: ListOrderNode, goesBefore: (ListOrderNode) -> Bool) {
        node.size = 1
        node.weight = node.ownWeight
        guard var current = root else {
            root = node
            return
        }
        while true {
            if goesBefore(current) {
                guard let left = current.left else { return attach(node, to: current, onLeft: true) }
                current = left
            } else {
                guard let right = current.right else { return attach(node, to: current, onLeft: false) }
                current = right
            }
        }
    }

    /// Removes `node`, which is in the tree.
    mutating func remove(_ node: ListOrderNode) {
        splay(node)
        let left = node.left, right = node.right
        node.left = nil
        node.right = nil
        left?.parent = nil
        right?.parent = nil
        node.size = 1
        node.weight = node.ownWeight
        guard var joined = left else {
            root = right
            return
        }
        root = joined
        // The largest node on the left takes the right subtree.
        while let next = joined.right { joined = next }
        splay(joined)
        joined.right = right
        right?.parent = joined
        update(joined)
    }

    /// Sets `node`'s own weight, updating its ancestors' sums.
    mutating func setWeight(_ node: ListOrderNode, to weight: Int) {
        guard node.ownWeight != weight else { return }
        node.ownWeight = weight
        splay(node)
        update(node)
    }

    /// Builds a balanced tree of `nodes`, in order (none in a tree). O(n).
    mutating func build(_ nodes: [ListOrderNode]) {
        root = Self.balanced(nodes, nodes.startIndex, nodes.endIndex)
        root?.parent = nil
    }

    /// Lets go of every node iteratively: a deep tree released node by node would recurse.
    mutating func removeAll() {
        var stack: [ListOrderNode] = []
        if let root { stack.append(root) }
        root = nil
        while let node = stack.popLast() {
            if let left = node.left { stack.append(left) }
            if let right = node.right { stack.append(right) }
            node.left = nil
            node.right = nil
            node.parent = nil
        }
    }

    // MARK: Splaying

    private static func balanced(_ nodes: [ListOrderNode], _ lower: Int, _ upper: Int) -> ListOrderNode? {
        guard lower < upper else { return nil }
        let middle = (lower + upper) / 2
        let node = nodes[middle]
        node.left = balanced(nodes, lower, middle)
        node.right = balanced(nodes, middle + 1, upper)
        node.left?.parent = node
        node.right?.parent = node
        update(node)
        return node
    }

    private mutating func attach(_ node: ListOrderNode, to parent: ListOrderNode, onLeft: Bool) {
        if onLeft { parent.left = node } else { parent.right = node }
        node.parent = parent
        var ancestor: ListOrderNode? = parent
        while let current = ancestor {
            current.size += 1
            current.weight += node.ownWeight
            ancestor = current.parent
        }
        splay(node)
    }

    private static func update(_ node: ListOrderNode) {
        node.size = 1 + (node.left?.size ?? 0) + (node.right?.size ?? 0)
        node.weight = node.ownWeight + (node.left?.weight ?? 0) + (node.right?.weight ?? 0)
    }

    private func update(_ node: ListOrderNode) { Self.update(node) }

    /// Rotates `node` above its parent.
    private mutating func rotate(_ node: ListOrderNode) {
        let parent = node.parent.unsafelyUnwrapped
        let grandparent = parent.parent
        if parent.left === node {
            parent.left = node.right
            parent.left?.parent = parent
            node.right = parent
        } else {
            parent.right = node.left
            parent.right?.parent = parent
            node.left = parent
        }
        parent.parent = node
        node.parent = grandparent
        if let grandparent {
            if grandparent.left === parent { grandparent.left = node } else { grandparent.right = node }
        } else {
            root = node
        }
        update(parent)
        update(node)
    }

    /// Brings `node` to the root.
    private mutating func splay(_ node: ListOrderNode) {
        while let parent = node.parent {
            if let grandparent = parent.parent {
                let zigZig = (grandparent.left === parent) == (parent.left === node)
                rotate(zigZig ? parent : node)
            }
            rotate(node)
        }
    }
}
