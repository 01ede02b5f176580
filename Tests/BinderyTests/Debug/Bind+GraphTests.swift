import Foundation
import Testing
@testable import Bindery

/// `Bind.graph()`: the live chains as Graphviz DOT.
@Suite(.failOnUnexpectedDiagnostics) struct BindGraphTests {
    /// Objects bound in a known set of chains (other tests' chains are live meanwhile too).
    final class Scene: @unchecked Sendable {
        let lottery = Lottery()
        let label = Label()
        let slider = TestSlider()
        let box = Box()
        let mainLabel = Label()

        init() {
            Bind.inout(lottery, \.winCode)
                .out(label, \.text)
                .inout(slider, \.value, on: .valueChanged)
                .filter { $0.count <= 3 }
                .out("say \"hi\"") { (_: String) in }
            Bind.in(lottery, \.isWin).outNot(label, \.isVisible)
            Bind.in(lottery, \.digits, index: 1).out(box, \.int)
            Bind.in(lottery, \.sn).out(label, \.number, convert: { $0 * 2 })
            Bind.in(lottery, \.winRate).out(box, \.string)
            Bind.in(box, \.bool).out(mainLabel, \.text, delivery: .mainActor).out("flash", delivery: .mainActor) { () in }
        }

        /// How the graph names an object of the scene.
        func name(_ object: AnyObject) -> String {
            BindingGraph.name(of: type(of: object), at: UInt(bitPattern: ObjectIdentifier(object)), isAlive: true)
        }

        /// The scene's chains as values, in the order they were made.
        var chains: [ChainSnapshot] {
            let addresses: Set<UInt> = [UInt(bitPattern: ObjectIdentifier(lottery)), UInt(bitPattern: ObjectIdentifier(box))]
            let all = GraphLock.shared.locked { Registry.shared.snapshotLocked() }
            return all.filter { chain in chain.members.contains { addresses.contains($0.address) } }
        }
    }

    @Test("The DOT has a cluster per object, a node per property, a node per chain, edges with roles, conversions and delivery, and blocks")
    func sceneGraph() throws {
        let scene = Scene()
        let chains = scene.chains
        try #require(chains.count == 6)
        // Rendered alone, the scene's chains make a graph whose every line is known, up to the
        // order of the chains, which the registry does not keep.
        let dot = BindingGraph(chains).dot
        let lottery = scene.name(scene.lottery), label = scene.name(scene.label), slider = scene.name(scene.slider)
        let box = scene.name(scene.box), mainLabel = scene.name(scene.mainLabel)
        #expect(dot.hasPrefix("digraph Bindery {\n"))
        #expect(dot.hasSuffix("}\n"))
        for cluster in [lottery, label, slider, box, mainLabel] {
            #expect(dot.contains("label=\"\(cluster)\";"), "no cluster for \(cluster)")
        }
        let expected: [(object: String, property: String, chain: String, edge: String)] = [
            (lottery, "winCode", "String\\n1 filter", "label=\"inout\", dir=both"),
            (label, "text", "String\\n1 filter", "label=\"out\\nString → Optional<String>\""),
            (slider, "value on [valueChanged]", "String\\n1 filter", "label=\"inout\\nString → Float\", dir=both"),
            (lottery, "isWin", "Bool", "label=\"in\""),
            (label, "isVisible", "Bool", "label=\"out\\nnot\""),
            (lottery, "digits[1]", "Int", "label=\"in\""),
            (box, "int", "Int", "label=\"out\""),
            (lottery, "sn", "Int", "label=\"in\""),
            (label, "number", "Int", "label=\"out\\nconvert\""),
            (lottery, "winRate", "Double", "label=\"in\""),
            (box, "string", "Double", "label=\"out\\nDouble → String\""),
            (box, "bool", "Bool", "label=\"in\""),
            (mainLabel, "text", "Bool", "label=\"out\\nBool → Optional<String>\\nmain actor\", color=\"blue\""),
        ]
        let graph = ParsedDOT(dot)
        for (object, property, chainLabel, edge) in expected {
            let node = try #require(graph.node(in: object, labelled: property), "no node \(property) in \(object)")
            let edges = graph.edges.filter { $0.from == node || $0.to == node }
            try #require(edges.count == 1, "\(object).\(property) has \(edges.count) edges")
            let chain = edges[0].from == node ? edges[0].to : edges[0].from
            #expect(graph.nodeLabels[chain]?.hasSuffix("\\n" + chainLabel) == true, "\(object).\(property)'s chain is \(graph.nodeLabels[chain] ?? "?")")
            #expect(edges[0].attributes == edge, "\(object).\(property): \(edges[0].attributes)")
            // A sender's edge goes into its chain, a receiver's out of it.
            #expect((edges[0].to == chain) == !edge.contains("\"out"))
        }
        #expect(dot.contains("[label=\"block \\\"say \\\"hi\\\"\\\"\", shape=note];"), "the block's name, quotes escaped")
        #expect(dot.contains("[label=\"block \\\"flash\\\"\", shape=note];"))
        #expect(dot.contains("[label=\"main actor\", color=\"blue\"];"))
        withExtendedLifetime(scene) {}
    }

    @Test("Bind.graph() shows every live chain, and no chain once it has ended")
    func publicGraphFollowsTheLiveChains() {
        let source = Box(), target = Label()
        let chain = Bind.in(source, \.int).out(target, \.text)
        let name = BindingGraph.name(of: Label.self, at: UInt(bitPattern: ObjectIdentifier(target)), isAlive: true)
        #expect(Bind.graph().contains("label=\"\(name)\";"))
        chain.unbind()
        #expect(!Bind.graph().contains("label=\"\(name)\";"))
    }

    @Test("A chain that is not bound yet says so; an object that has gone but was not pruned yet is marked")
    func unboundAndGone() throws {
        let head = Box()
        Bind.in(head, \.double)                          // a head alone: not bound
        let source = Box()
        var target: Label? = Label()
        let address = UInt(bitPattern: ObjectIdentifier(target!))
        Bind.in(source, \.int).out(target!, \.text)
        target = nil                                    // pruned at the chain's next change
        let chains = GraphLock.shared.locked { Registry.shared.snapshotLocked() }
        let lone = try #require(chains.first { $0.members.contains { $0.address == UInt(bitPattern: ObjectIdentifier(head)) } })
        let dot = BindingGraph([lone]).dot
        #expect(dot.contains("\"c1\" [label=\"chain 1\\nDouble\\nnot bound\", shape=ellipse];"))
        let pruned = try #require(chains.first { $0.members.contains { $0.address == address } })
        let gone = BindingGraph.name(of: Label.self, at: address, isAlive: false)
        #expect(gone.hasSuffix(" (gone)"))
        #expect(BindingGraph([pruned]).dot.contains("label=\"\(gone)\";\n        style=dashed;"))
        source.int = 1
        #expect(!Bind.graph().contains(gone))
    }

    @Test("A chain's debugDescription names its endpoints, roles, conversions, filters and blocks on one line")
    func chainDebugDescription() {
        let lottery = Lottery(), label = Label(), slider = TestSlider()
        let chain = Bind.inout(lottery, \.winCode)
            .out(label, \.text)
            .inout(slider, \.value, on: .valueChanged)
            .filter { _ in true }
            .out("log") { (_: String) in }
        func name(_ object: AnyObject) -> String {
            BindingGraph.name(of: type(of: object), at: UInt(bitPattern: ObjectIdentifier(object)), isAlive: true)
        }
        #expect(chain.debugDescription == """
            Chain<String> (bound): \(name(lottery)).winCode (inout), \(name(label)).text (out, String → Optional<String>), \
            \(name(slider)).value on [valueChanged] (inout, String → Float); 1 filter; block "log"
            """)
        chain.unbind()
        #expect(chain.debugDescription == "Chain<String> (not bound)")
        let refused = DiagnosticLog().capture { Bind.in(lottery, \.digits, index: 7) }
        #expect(refused.debugDescription.hasPrefix("Chain<Int> (refused"))
    }

    @Test("Graphviz's dot renders the graph's DOT (this test's chains, as Bind.graph() writes them) to SVG without an error", .ownThread, .timeLimit(.minutes(1)))
    func dotRendersTheGraph() throws {
        guard let dot = Self.executable(named: "dot") else {
            // Under CI a missing Graphviz is a failure, not a skip: .ci/run installs it.
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("Graphviz's dot is not installed (CI is set): install graphviz")
            } else {
                print("BindGraphTests: skipped rendering, Graphviz's dot is not on the PATH (install graphviz)")
            }
            return
        }
        let scene = Scene()
        let count = Dynamic(0), other = Dynamic(0), partner = Dynamic(1)
        count.bind(to: other)
        count.bidirectionalBind(to: partner)
        count.observe { _ in }
        // This test's chains only: Bind.graph() has every chain of the process, and the other
        // suites' thousands of them, when they run beside this test, took dot minutes to lay out.
        let own = Set([count, other, partner].map { UInt(bitPattern: ObjectIdentifier($0)) })
        let all = GraphLock.shared.locked { Registry.shared.snapshotLocked() }
        let text = BindingGraph(scene.chains + all.filter { $0.members.contains { own.contains($0.address) } }).dot
        #expect(Bind.graph().contains(scene.name(scene.lottery)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("graph.dot"), output = directory.appendingPathComponent("graph.svg")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg", input.path, "-o", output.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dot failed: \(message)")
        #expect(message.isEmpty, "dot warned: \(message)")
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(scene.name(scene.lottery)))
        withExtendedLifetime((scene, count, other, partner)) {}
    }

    /// The executable `name` on the PATH, if any.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// The nodes and edges of a DOT text in the form `BindingGraph` writes: one per line.
struct ParsedDOT {
    struct Edge {
        let from: String, to: String, attributes: String
    }

    /// Node ids by the label of the cluster they are in.
    private(set) var clusters: [String: [String]] = [:]
    private(set) var nodeLabels: [String: String] = [:]
    private(set) var edges: [Edge] = []

    init(_ dot: String) {
        var cluster: String?
        for raw in dot.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("subgraph ") {
                cluster = ""
            } else if line == "}" {
                cluster = nil
            } else if cluster == "", line.hasPrefix("label=\""), line.hasSuffix("\";") {
                cluster = String(line.dropFirst(7).dropLast(2))
            } else if let arrow = line.range(of: "\" -> \"") {
                let from = String(line[line.index(after: line.startIndex)..<arrow.lowerBound])
                let rest = line[arrow.upperBound...]
                let toEnd = rest.firstIndex(of: "\"")!
                var attributes = ""
                if let open = rest.firstIndex(of: "["), let close = rest.lastIndex(of: "]") {
                    attributes = String(rest[rest.index(after: open)..<close])
                }
                edges.append(Edge(from: from, to: String(rest[..<toEnd]), attributes: attributes))
            } else if line.hasPrefix("\""), let labelStart = line.range(of: " [label=\"") {
                let id = String(line[line.index(after: line.startIndex)..<line.index(before: labelStart.lowerBound)])
                let afterLabel = line[labelStart.upperBound...]
                // The label ends at the first quote not escaped by a backslash.
                var label = "", escaped = false
                for character in afterLabel {
                    if character == "\"" && !escaped { break }
                    escaped = character == "\\" && !escaped
                    label.append(character)
                }
                nodeLabels[id] = label
                if let cluster, !cluster.isEmpty { clusters[cluster, default: []].append(id) }
            }
        }
    }

    /// The node labelled `label` in the cluster labelled `cluster`.
    func node(in cluster: String, labelled label: String) -> String? {
        clusters[cluster]?.first { nodeLabels[$0] == label }
    }
}
