/// The live chains as `Bind.graph()` draws them: made from snapshots taken under the graph
/// lock, and named and rendered with no lock held (naming a key path reads `@Dynamic` tables).
struct BindingGraph {
    /// One object, as a cluster of the endpoints on it.
    private struct Object {
        let type: AnyObject.Type
        let address: UInt
        var isAlive: Bool
        /// The node ids of its endpoints, in the order they were met.
        var nodes: [(id: String, label: String)] = []
    }

    let chains: [ChainSnapshot]

    init(_ chains: [ChainSnapshot]) {
        self.chains = chains
    }

    // MARK: Graphviz

    /// The graph in Graphviz's DOT language: a cluster per object with a node per endpoint on
    /// it, a node per chain, a note per named block, and edges labelled with the endpoint's
    /// role and conversion.
    var dot: String {
        var objects: [Object] = []
        var objectIndex: [UInt: Int] = [:]
        var body: [String] = []
        for (chainNumber, chain) in chains.enumerated() {
            let chainID = "c\(chainNumber + 1)"
            var chainLabel = ["chain \(chainNumber + 1)", chain.valueType]
            if chain.filterCount > 0 { chainLabel.append(Self.count(chain.filterCount, "filter")) }
            if !chain.isBound { chainLabel.append("not bound") }
            body.append("    \(Self.quoted(chainID)) [label=\(Self.quoted(chainLabel.joined(separator: "\n"))), shape=ellipse];")
            for (memberNumber, member) in chain.members.enumerated() {
                let nodeID = "\(chainID).m\(memberNumber + 1)"
                let position: Int
                if let known = objectIndex[member.address] {
                    position = known
                } else {
                    position = objects.count
                    objectIndex[member.address] = position
                    objects.append(Object(type: member.objectType, address: member.address, isAlive: member.isAlive))
                }
                objects[position].isAlive = objects[position].isAlive && member.isAlive
                objects[position].nodes.append((nodeID, Self.property(of: member)))
                var attributes = ["label=\(Self.quoted(Self.edgeLabel(of: member)))"]
                if member.sends && member.receives { attributes.append("dir=both") }
                if member.onMainActor { attributes.append("color=\"blue\"") }
                let edge = member.sends
                    ? "\(Self.quoted(nodeID)) -> \(Self.quoted(chainID))"
                    : "\(Self.quoted(chainID)) -> \(Self.quoted(nodeID))"
                body.append("    \(edge) [\(attributes.joined(separator: ", "))];")
            }
            for (blockNumber, block) in chain.blocks.enumerated() {
                let blockID = "\(chainID).b\(blockNumber + 1)"
                body.append("    \(Self.quoted(blockID)) [label=\(Self.quoted("block \"\(block.name)\"")), shape=note];")
                let attributes = block.onMainActor ? " [label=\"main actor\", color=\"blue\"]" : ""
                body.append("    \(Self.quoted(chainID)) -> \(Self.quoted(blockID))\(attributes);")
            }
        }
        var lines = [
            "digraph Bindery {",
            "    graph [rankdir=LR, fontname=\"Helvetica\"];",
            "    node [fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for (number, object) in objects.enumerated() {
            lines.append("    subgraph \(Self.quoted("cluster_o\(number + 1)")) {")
            lines.append("        label=\(Self.quoted(Self.name(of: object.type, at: object.address, isAlive: object.isAlive)));")
            if !object.isAlive { lines.append("        style=dashed;") }
            for node in object.nodes {
                lines.append("        \(Self.quoted(node.id)) [label=\(Self.quoted(node.label)), shape=box];")
            }
            lines.append("    }")
        }
        lines += body
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: One line per chain

    /// A chain on one line: `Chain<Int> (bound): Box #1a2b3.int (in), Label #4c5d6.text (out,
    /// Int → Optional<String>); 1 filter; blocks "log"`.
    static func line(for chain: ChainSnapshot) -> String {
        var text = "Chain<\(chain.valueType)> (\(chain.isBound ? "bound" : "not bound"))"
        let members = chain.members.map { member in
            "\(name(of: member)) (\(edgeLabel(of: member, separator: ", ")))"
        }
        if !members.isEmpty { text += ": " + members.joined(separator: ", ") }
        if chain.filterCount > 0 { text += "; " + count(chain.filterCount, "filter") }
        if !chain.blocks.isEmpty {
            let blocks = chain.blocks.map { "\"\($0.name)\"" + ($0.onMainActor ? " (main actor)" : "") }
            text += "; " + (chain.blocks.count == 1 ? "block " : "blocks ") + blocks.joined(separator: ", ")
        }
        return text
    }

    // MARK: Names

    /// `Label #4c5d6`: the class and a short identity, the object's address without its
    /// alignment bits, five hex digits (enough to tell the objects of one graph apart).
    static func name(of type: AnyObject.Type, at address: UInt, isAlive: Bool) -> String {
        "\(type) #\(String((address >> 4) & 0xFFFFF, radix: 16))" + (isAlive ? "" : " (gone)")
    }

    /// `Label #4c5d6.text on [editingChanged]`: an endpoint's object and property.
    static func name(of member: ChainSnapshot.Member) -> String {
        "\(name(of: member.objectType, at: member.address, isAlive: member.isAlive)).\(property(of: member))"
    }

    /// The property as the user wrote it, with the endpoint's index and events.
    private static func property(of member: ChainSnapshot.Member) -> String {
        var text = EndpointLabel.name(of: member.keyPath, storedAt: member.location, in: member.objectType)
        if let index = member.index { text += "[\(index)]" }
        if !member.events.isEmpty { text += " on \(member.events)" }
        return text
    }

    /// The endpoint's role (`in`, `out`, `inout`), conversion and delivery.
    private static func edgeLabel(of member: ChainSnapshot.Member, separator: String = "\n") -> String {
        var parts = [member.sends ? (member.receives ? "inout" : "in") : "out"]
        switch member.conversion {
        case .none: break
        case .automatic(let chain, let property): parts.append(member.receives || !member.sends ? "\(chain) → \(property)" : "\(property) → \(chain)")
        case .closure: parts.append("convert")
        case .negation: parts.append("not")
        }
        if member.onMainActor { parts.append("main actor") }
        return parts.joined(separator: separator)
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `text` as a DOT string: quoted, with quotes and backslashes escaped and line breaks as
    /// DOT's `\n`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
