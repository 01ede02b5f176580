// Layer 11 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Debug: the binding graph and the status
// query: it reads the engine through what the engine exposes (`ChainSnapshot`). Names any folder
// below it; none names it.

// A picture of the live binding graph, for debugging.

extension Bind {
    /// Every live chain, as a graph in Graphviz's DOT language.
    ///
    /// Each object is a box (a cluster) titled with its class and a short identity
    /// (`Label #4c5d6`: part of its address, which tells the objects of one graph apart), with
    /// a node for each of its properties in a chain, named as you wrote it (with its array
    /// index and control events). Each chain is an ellipse with its value type, its filters and
    /// "not bound" if it has no live sender and receiver yet. Edges go from senders to the chain
    /// and from the chain to receivers, labelled `in`, `out` or `inout` (two-headed) and with
    /// the endpoint's conversion (`Int → Optional<String>` for the automatic one, `convert`
    /// for a closure or transformer, `not` for a negation); main-actor receivers and blocks are
    /// blue and say `main actor`. Named blocks are notes hung off their chain. An object that
    /// has gone but was not pruned yet is dashed and marked `(gone)`.
    ///
    /// The graph lock is taken once, to copy what the chains look like; names are looked up
    /// and the text is made after it is released. No object is retained, read or written, and
    /// no user code runs. Render the text with Graphviz (`dot -Tsvg graph.dot -o graph.svg`) or
    /// paste it into any DOT viewer.
    ///
    /// - Returns: The DOT text: `digraph Bindery { … }`, with one line per node or edge.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winCode).out(winCodeLabel, \.text).out("log") { print($0) }
    /// print(Bind.graph())
    /// ```
    public static func graph() -> String {
        let chains = GraphLock.shared.locked { Registry.shared.snapshotLocked() }
        return BindingGraph(chains).dot
    }
}

extension Chain: CustomDebugStringConvertible {
    /// The chain on one line: its value type, whether it is bound, each endpoint (object,
    /// property as you wrote it, role, conversion, delivery), its filters and named blocks.
    ///
    /// `Chain<Int> (bound): Lottery #1a2b3.sn (in), Label #4c5d6.text (out, Int →
    /// Optional<String>); block "log"`. The chain is read under the graph
    /// lock, which is taken once; no object is retained or read. A chain that was merged into
    /// another describes the chain it is part of now; one that has ended has no endpoints.
    ///
    /// ```swift
    /// let chain = Bind.in(lottery, \.sn).out(snLabel, \.text)
    /// print(chain.debugDescription)
    /// ```
    public var debugDescription: String {
        let (snapshot, isRefused) = GraphLock.shared.locked { () -> (ChainSnapshot, Bool) in
            let core = self.core.resolvedLocked()
            return (core.snapshotLocked(), core.isRefused)
        }
        if isRefused { return "Chain<\(Value.self)> (refused when it was declared: see the diagnostic; never bound)" }
        return BindingGraph.line(for: snapshot)
    }
}
