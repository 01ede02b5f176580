// The rows of the result tables, their targets, and the markdown output.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a Bindery row is compared with.
struct Baseline: Sendable {
    let measurement: String
    /// The baseline figure is multiplied by this (two-way.3: 2 × floor.strong).
    var factor: Double = 1
    var label: String? = nil

    var name: String { label ?? measurement }
}

enum Target: Sendable {
    case none
    /// Bindery ÷ baseline at most this.
    case ratio(Double, note: String? = nil)
    /// Allocations per iteration at most this.
    case allocations(Double)
    /// Bytes per chain at most this.
    case bytes(Double)
    /// Nanoseconds per update at most this.
    case nanoseconds(Double)
}

struct Row: Sendable {
    /// The case id (`--only` selects rows by it).
    let id: String
    /// Shown in the case column when it differs from the id.
    var label: String? = nil
    /// The Bindery measurement.
    let bindery: String
    let baseline: Baseline?
    var target: Target = .none
    /// Whether allocations per update should be zero (Bindery update cases).
    var zeroAllocations = true
    /// What the row's target is about, in plain words, for the docs' sentence on missed targets
    /// (rows that share it are named once, their figures joined).
    var summary: String? = nil
}

let rows: [Row] = [
    Row(id: "one-hop.plain", bindery: "one-hop.plain", baseline: Baseline(measurement: "floor.weak"), target: .ratio(1.0),
        summary: "one hop into a plain class against a weak closure"),
    Row(id: "one-hop.plain", label: "one-hop.plain (vs strong)", bindery: "one-hop.plain",
        baseline: Baseline(measurement: "floor.strong")),
    Row(id: "one-hop.dynamic", bindery: "one-hop.dynamic", baseline: Baseline(measurement: "floor.strong"), target: .ratio(2.5),
        summary: "one hop into a `@Dynamic` receiver against a strong closure"),
    Row(id: "one-hop.dynamic", label: "one-hop.dynamic (vs plain)", bindery: "one-hop.dynamic",
        baseline: Baseline(measurement: "one-hop.plain"), target: .ratio(1.1),
        summary: "one hop into a `@Dynamic` receiver (its setter tells Observation) against one into a plain class"),
    Row(id: "one-hop.vs-combine", bindery: "one-hop.plain", baseline: Baseline(measurement: "combine.sink"), target: .ratio(0.5),
        summary: "one hop against OpenCombine's `sink`"),
    Row(id: "one-hop.string", bindery: "one-hop.string", baseline: Baseline(measurement: "floor.string")),
    Row(id: "two-way.3", bindery: "two-way.3", baseline: Baseline(measurement: "floor.strong", factor: 2, label: "2 × floor.strong")),
    Row(id: "fan-out.1", bindery: "fan-out.1", baseline: Baseline(measurement: "floor.fan-out.1", label: "floor.weak ×1")),
    Row(id: "fan-out.10", bindery: "fan-out.10", baseline: Baseline(measurement: "floor.fan-out.10", label: "floor.weak ×10")),
    Row(id: "fan-out.100", bindery: "fan-out.100", baseline: Baseline(measurement: "floor.fan-out.100", label: "floor.weak ×100"),
        target: .ratio(1.5), summary: "fan-out per receiver against weak closures"),
    Row(id: "fan-out.1000", bindery: "fan-out.1000", baseline: Baseline(measurement: "floor.fan-out.1000", label: "floor.weak ×1000"),
        target: .ratio(1.5), summary: "fan-out per receiver against weak closures"),
    Row(id: "filter-convert", bindery: "filter-convert", baseline: Baseline(measurement: "floor.filter-convert")),
    Row(id: "unobserved.write", bindery: "unobserved.write", baseline: Baseline(measurement: "plain.write"), target: .ratio(1.5),
        summary: "a write nobody observes"),
    Row(id: "dynamic.read", bindery: "dynamic.read", baseline: Baseline(measurement: "plain.read"), target: .ratio(2),
        summary: "a `@Dynamic` read, reported to Observation"),
    Row(id: "dynamic.observable-write", bindery: "dynamic.observable-write", baseline: Baseline(measurement: "observation.unobserved")),
    Row(id: "target-action", bindery: "target-action", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "one-hop.target-action", bindery: "one-hop.target-action", baseline: Baseline(measurement: "one-hop.plain")),
    Row(id: "bind-unbind", bindery: "bind-unbind", baseline: Baseline(measurement: "combine.subscribe-cancel"),
        target: .allocations(1), zeroAllocations: false, summary: "allocations per bind + unbind (one per live chain)"),
    Row(id: "memory.chain", bindery: "memory.chain", baseline: Baseline(measurement: "combine.memory.sink"),
        target: .bytes(128), zeroAllocations: false, summary: "memory per live chain"),
    Row(id: "bind-unbind", label: "bind-unbind (time)", bindery: "bind-unbind", baseline: Baseline(measurement: "combine.subscribe-cancel"),
        target: .ratio(0.25), zeroAllocations: false, summary: "bind + unbind against OpenCombine"),
    Row(id: "cell-reuse", bindery: "cell-reuse", baseline: Baseline(measurement: "combine.cell-reuse"),
        target: .ratio(0.25), zeroAllocations: false, summary: "cell reuse against OpenCombine"),
    Row(id: "operator.bind-unbind", bindery: "operator.bind-unbind", baseline: Baseline(measurement: "bind-unbind"),
        target: .ratio(1.1), zeroAllocations: false, summary: "an operator's bind + unbind against the same chain through `Bind.in`"),
    Row(id: "operator.bind-unbind", label: "operator.bind-unbind (allocations)", bindery: "operator.bind-unbind",
        baseline: Baseline(measurement: "bind-unbind"), target: .allocations(2), zeroAllocations: false,
        summary: "allocations per operator bind + unbind (as many as `Bind.in`'s 2)"),
    Row(id: "bindable-cell", bindery: "bindable-cell", baseline: Baseline(measurement: "combine.cell-reuse"),
        target: .ratio(0.5), zeroAllocations: false, summary: "a `BindableView` cell reassigned against OpenCombine's same cell"),
    Row(id: "expression.bind-unbind", bindery: "expression.bind-unbind", baseline: Baseline(measurement: "operator.bind-unbind.dynamic"),
        zeroAllocations: false),
    Row(id: "transform.hop", bindery: "transform.hop", baseline: Baseline(measurement: "convert.hop"), target: .ratio(1.1),
        summary: "a transform closure hop against a convert closure hop"),
    Row(id: "derived.hop", bindery: "derived.hop", baseline: Baseline(measurement: "convert.hop"), target: .ratio(2),
        summary: "a hop through a derived value of two inputs against a convert closure hop"),
    Row(id: "derived.evaluate", bindery: "derived.evaluate", baseline: Baseline(measurement: "derived.closure"), target: .ratio(1.5),
        summary: "a derived value's re-evaluation against calling its closure after the same write"),
    Row(id: "derived.vs-observation", bindery: "derived.hop", baseline: Baseline(measurement: "observation.derived"), target: .ratio(0.2),
        summary: "a hop through a derived value against Observation's re-armed tracking"),
    Row(id: "list.diff.5000", bindery: "list.diff.5000", baseline: Baseline(measurement: "swift.diff.5000"),
        target: .ratio(1.0 / 50, note: "≥ 50× faster"), zeroAllocations: false,
        summary: "the diff of 5,000 elements against Swift's `difference(from:)` with `inferringMoves()`"),
    Row(id: "list.diff.100000", bindery: "list.diff.100000", baseline: Baseline(measurement: "swift.diff.100000"),
        target: .ratio(1.0 / 100, note: "≥ 100× faster"), zeroAllocations: false,
        summary: "the diff of 100,000 elements against Swift's `difference(from:)` with `inferringMoves()`"),
    Row(id: "list.dynamic-list.append", bindery: "list.dynamic-list.append.100000", baseline: nil,
        target: .nanoseconds(1_000), zeroAllocations: false,
        summary: "an append to a bound 100,000-element `DynamicList`, reaching its receiver"),
    Row(id: "list.dynamic-array.append", bindery: "list.dynamic-array.append.100000", baseline: Baseline(measurement: "list.identities.100000"),
        target: .ratio(2), zeroAllocations: false,
        summary: "an append to a bound 100,000-element `@Dynamic` array against comparing the two arrays' identities once"),
    Row(id: "list.terminal", bindery: "list.terminal.100000", baseline: Baseline(measurement: "list.terminal.100"),
        target: .ratio(1.2, note: "size-independent"), zeroAllocations: false,
        summary: "a one-step change applied to the terminal list of 100,000 rows against 100 rows"),
    Row(id: "list.terminal.shuffle", bindery: "list.terminal.shuffle.10000", baseline: Baseline(measurement: "list.diff.shuffle.10000"),
        target: .ratio(4), zeroAllocations: false,
        summary: "a shuffle of 10,000 rows applied by the terminal list against the diff that makes it"),
    Row(id: "list.terminal.shuffle.100000", bindery: "list.terminal.shuffle.100000", baseline: Baseline(measurement: "list.terminal.shuffle.10000"),
        target: .ratio(12, note: "O(k log n)"), zeroAllocations: false,
        summary: "a shuffle of 100,000 rows applied by the terminal list against one of 10,000"),
    Row(id: "list.operators.set", bindery: "list.operators.set.100000", baseline: Baseline(measurement: "list.operators.set.100"),
        target: .ratio(2, note: "O(log n)"), zeroAllocations: false,
        summary: "one element's property set through `filter` → `sorted` → a receiver at 100,000 elements against 100"),
    Row(id: "list.operators.append", bindery: "list.operators.append.100000", baseline: Baseline(measurement: "list.operators.append.100"),
        target: .ratio(2, note: "O(log n)"), zeroAllocations: false,
        summary: "one append through `filter` → `sorted` → a receiver at 100,000 elements against 100"),
    Row(id: "list.operators.vs-derived", bindery: "list.operators.set.10000", baseline: Baseline(measurement: "list.derived-filter-sort.10000"),
        target: .ratio(1.0 / 100, note: "≥ 100× faster"), zeroAllocations: false,
        summary: "the same set through the operators against `Derived { elements.filter … .sorted … }` at 10,000 elements"),
    Row(id: "memory.filter", bindery: "memory.filter.100000", baseline: nil,
        target: .bytes(128), zeroAllocations: false, summary: "memory per element of a `filter`, its listener included"),
    Row(id: "todomvc.startup", bindery: "todomvc.startup.10000", baseline: Baseline(measurement: "todomvc.startup.100"),
        zeroAllocations: false, summary: "TodoMVC start-up to the first frame at 10,000 todos against 100 (may grow linearly: quoted)"),
    Row(id: "todomvc.startup.frame", bindery: "todomvc.startup.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC start-up to the first frame at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.add", bindery: "todomvc.add.10000", baseline: Baseline(measurement: "todomvc.add.100"),
        target: .ratio(2), zeroAllocations: false, summary: "TodoMVC adding a todo, to the frame, at 10,000 todos against 100"),
    Row(id: "todomvc.add.frame", bindery: "todomvc.add.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC adding a todo, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.toggle", bindery: "todomvc.toggle.10000", baseline: Baseline(measurement: "todomvc.toggle.100"),
        target: .ratio(2), zeroAllocations: false, summary: "TodoMVC toggling a todo, to the frame, at 10,000 todos against 100"),
    Row(id: "todomvc.toggle.frame", bindery: "todomvc.toggle.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC toggling a todo, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.filter", bindery: "todomvc.filter.10000", baseline: Baseline(measurement: "todomvc.filter.100"),
        target: .ratio(2), zeroAllocations: false, summary: "TodoMVC switching the filter All ↔ Active, to the frame, at 10,000 todos against 100"),
    Row(id: "todomvc.filter.frame", bindery: "todomvc.filter.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC switching the filter All ↔ Active, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.mark-all", bindery: "todomvc.mark-all.10000", baseline: Baseline(measurement: "todomvc.mark-all.100"),
        zeroAllocations: false, summary: "TodoMVC mark all as complete at 10,000 todos against 100 (may grow linearly: quoted)"),
    Row(id: "todomvc.mark-all.frame", bindery: "todomvc.mark-all.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC mark all as complete, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.clear", bindery: "todomvc.clear.10000", baseline: Baseline(measurement: "todomvc.clear.100"),
        zeroAllocations: false, summary: "TodoMVC clear completed at 10,000 todos against 100 (may grow linearly: quoted)"),
    Row(id: "todomvc.clear.frame", bindery: "todomvc.clear.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC clear completed, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "todomvc.edit", bindery: "todomvc.edit.10000", baseline: Baseline(measurement: "todomvc.edit.100"),
        target: .ratio(2), zeroAllocations: false, summary: "TodoMVC editing a todo's title, to the frame, at 10,000 todos against 100"),
    Row(id: "todomvc.edit.frame", bindery: "todomvc.edit.10000", baseline: nil,
        target: .nanoseconds(16_000_000), zeroAllocations: false, summary: "TodoMVC editing a todo's title, to the frame, at 10,000 todos, within a frame (16 ms)"),
    Row(id: "values.throughput", bindery: "values.throughput", baseline: Baseline(measurement: "stream.throughput"),
        target: .ratio(1.5), zeroAllocations: false, summary: "a chain's `values` against an `AsyncStream` fed on the same writes"),
    Row(id: "fan-in.bind.1000", bindery: "fan-in.bind.1000", baseline: Baseline(measurement: "fan-in.bind.10"),
        target: .ratio(2, note: "size-independent"), zeroAllocations: false, summary: "binding into a chain of 1,000 / 100,000 receivers"),
    Row(id: "fan-in.bind.100000", bindery: "fan-in.bind.100000", baseline: Baseline(measurement: "fan-in.bind.10"),
        target: .ratio(2, note: "size-independent"), zeroAllocations: false, summary: "binding into a chain of 1,000 / 100,000 receivers"),
    Row(id: "threads.unrelated", bindery: "threads.unrelated", baseline: Baseline(measurement: "threads.one"),
        target: .ratio(1 / 1.7, note: "≥ 1.7× throughput"), zeroAllocations: false, summary: "two threads on unrelated chains against one thread"),
    Row(id: "threads.machine", bindery: "threads.machine", baseline: Baseline(measurement: "threads.machine.one"),
        zeroAllocations: false),
    Row(id: "route.3", bindery: "route.3", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "control.edit", bindery: "control.edit", baseline: Baseline(measurement: "floor.strong", factor: 2, label: "2 × floor.strong")),
    Row(id: "element", bindery: "element", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "isolation.10", bindery: "isolation.10", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "isolation.100000", bindery: "isolation.100000", baseline: Baseline(measurement: "isolation.10"),
        target: .ratio(1.2, note: "independent"), summary: "one hop beside 100,000 / 1,000,000 live chains"),
    Row(id: "isolation.1000000", bindery: "isolation.1000000", baseline: Baseline(measurement: "isolation.10"),
        target: .ratio(1.2, note: "independent"), summary: "one hop beside 100,000 / 1,000,000 live chains"),
    Row(id: "memory.chain.1000000", bindery: "memory.chain.1000000", baseline: Baseline(measurement: "combine.memory.sink"),
        target: .bytes(128), zeroAllocations: false, summary: "memory per live chain"),
]

/// Peers and floors shown in the second table, in this order.
let peerIDs = [
    "floor.strong", "floor.weak", "floor.string", "plain.write", "plain.read", "combine.sink", "combine.assign",
    "observation.rearm", "observation.unobserved", "floor.fan-out.1", "floor.fan-out.10", "floor.fan-out.100",
    "floor.fan-out.1000", "floor.filter-convert", "combine.subscribe-cancel", "combine.memory.subject+sink",
    "combine.memory.sink", "combine.cell-reuse", "convert.hop", "operator.bind-unbind.dynamic", "fan-in.bind.10", "threads.one", "threads.machine.one",
    "stream.throughput", "swift.diff.5000", "swift.diff.100000", "list.identities.100000", "list.terminal.100",
    "list.diff.shuffle.10000", "list.operators.set.100", "list.operators.append.100", "list.derived-filter-sort.10000",
    "todomvc.startup.100", "todomvc.add.100", "todomvc.toggle.100", "todomvc.filter.100", "todomvc.mark-all.100",
    "todomvc.clear.100", "todomvc.edit.100",
]

// MARK: - Formatting

/// `x` with `decimals` decimals, without Foundation.
func fixed(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(x) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (x < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

func formatNs(_ ns: Double) -> String {
    ns < 100 ? fixed(ns, 2) : fixed(ns, 1)
}

func formatValue(_ figure: Figure) -> String {
    switch figure.unit {
    case .nanoseconds: return formatNs(figure.value)
    case .bytes: return fixed(figure.value, 1) + " B"
    }
}

/// Allocations per update: two decimals, more when a non-zero count would round to 0.00.
func formatAllocations(_ figure: Figure) -> String {
    if figure.allocCount > 0 && figure.allocsPerUpdate < 0.005 {
        return fixed(figure.allocsPerUpdate, 5)
    }
    return fixed(figure.allocsPerUpdate, 2)
}

func formatTarget(_ target: Target) -> String {
    switch target {
    case .none: return "–"
    case .ratio(let limit, let note):
        // As few decimals as the limit needs, two at most (1 / 1.7 is 0.59).
        let decimals = limit == limit.rounded() ? 0 : ((limit * 10).rounded() == limit * 10 ? 1 : 2)
        return "≤ " + fixed(limit, decimals) + "×" + (note.map { " (\($0))" } ?? "")
    case .allocations(let limit): return "≤ " + fixed(limit, 0) + " allocs"
    case .bytes(let limit): return "≤ " + fixed(limit, 0) + " B"
    case .nanoseconds(let limit): return "≤ " + formatNs(limit) + " ns"
    }
}

/// A markdown table with padded columns, one line per string.
func renderTable(_ header: [String], _ lines: [[String]]) -> [String] {
    var widths = header.map(\.count)
    for line in lines {
        for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func render(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - cell.count) }
            .joined(separator: " | ") + " |"
    }
    return [render(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
        + lines.map(render)
}

// MARK: - Outcomes

/// A row of the first table once its figures are in: the docs and the chart read these too.
struct Outcome {
    let row: Row
    let figure: Figure
    /// The baseline's figure, times the baseline's factor; nil when the row has no baseline or
    /// it was not measured.
    let baselineValue: Double?
    let baselineFigure: Figure?
    /// Bindery ÷ baseline.
    let ratio: Double?
    /// Whether the target is met; nil when the row has none (or no ratio to judge it by).
    let isMet: Bool?
}

/// The outcome of `row`, or nil when its Bindery figure was not measured.
func outcome(of row: Row, in figures: [String: Figure]) -> Outcome? {
    guard let figure = figures[row.bindery] else { return nil }
    var baselineValue: Double? = nil
    var baselineFigure: Figure? = nil
    var ratio: Double? = nil
    if let baseline = row.baseline, let base = figures[baseline.measurement] {
        baselineFigure = base
        baselineValue = base.value * baseline.factor
        ratio = figure.value / (base.value * baseline.factor)
    }
    let isMet: Bool?
    switch row.target {
    case .none: isMet = nil
    case .ratio(let limit, _): isMet = ratio.map { $0 <= limit }
    case .allocations(let limit): isMet = figure.allocsPerUpdate <= limit
    case .bytes(let limit), .nanoseconds(let limit): isMet = figure.value <= limit
    }
    return Outcome(row: row, figure: figure, baselineValue: baselineValue, baselineFigure: baselineFigure,
                   ratio: ratio, isMet: isMet)
}

func mark(_ ok: Bool) -> String { ok ? "✅" : "❌" }

/// Whether any receiver, of a row or of a peer, did not hold the last value written.
func anyReceiverWrong(_ outcomes: [Outcome], peers: [(id: String, figure: Figure)]) -> Bool {
    outcomes.contains { !$0.figure.verified } || peers.contains { !$0.figure.verified }
}

/// The two result tables as printed, under headings of `level` (`##` on stdout, `###` in
/// Benchmarks/README.md, whose region sits under its own heading).
func resultSections(_ outcomes: [Outcome], peers: [(id: String, figure: Figure)], level: String = "##") -> [String] {
    var output: [String] = []
    var lines: [[String]] = []
    for outcome in outcomes {
        let row = outcome.row
        var baselineText = "–"
        var baselineValue = "–"
        var ratioText = "–"
        if let baseline = row.baseline, let value = outcome.baselineValue, let base = outcome.baselineFigure {
            baselineText = baseline.name
            baselineValue = base.unit == .bytes ? fixed(value, 1) + " B" : formatNs(value)
            if !base.verified { baselineValue += " ⚠" }
        }
        if let ratio = outcome.ratio {
            // A ratio below 0.1 is written with its speed-up: 0.00× would say nothing.
            ratioText = ratio < 0.1 ? fixed(ratio, 4) + "× (" + fixed(1 / ratio, 0) + "× faster)" : fixed(ratio, 2) + "×"
        }
        var targetText = formatTarget(row.target)
        if let isMet = outcome.isMet { targetText += " " + mark(isMet) }
        var allocations = formatAllocations(outcome.figure)
        if row.zeroAllocations { allocations += " " + mark(outcome.figure.allocCount == 0) }
        let value = formatValue(outcome.figure) + (outcome.figure.verified ? "" : " ⚠")
        lines.append([row.label ?? row.id, measurementsByID[row.bindery]!.what, baselineText, baselineValue, value,
                      ratioText, targetText, allocations])
    }
    if !lines.isEmpty {
        output.append("\(level) Bindery against its baselines")
        output.append("")
        output += renderTable(["case", "Bindery", "baseline", "baseline ns", "Bindery ns", "ratio", "target", "allocs/update"], lines)
        output.append("")
        output.append("ns are per update (fan-out: per receiver; bind-unbind: per bind + unbind); memory.chain is heap bytes per "
            + "live chain and its allocs are per chain bound. allocs/update is per source write; ✅ there means 0 allocations.")
        output.append("")
    }
    let peerLines = peers.map { peer in
        [peer.id, measurementsByID[peer.id]!.what, formatValue(peer.figure) + (peer.figure.verified ? "" : " ⚠"),
         formatAllocations(peer.figure)]
    }
    if !peerLines.isEmpty {
        output.append("\(level) Peers and floors")
        output.append("")
        output += renderTable(["peer", "measures", "ns/update", "allocs/update"], peerLines)
        output.append("")
    }
    if anyReceiverWrong(outcomes, peers: peers) {
        output.append("⚠ = after the run, a receiver did not hold the last value written: that figure is not valid.")
        output.append("")
    }
    return output
}

// MARK: - The machine

func machineLine() -> String {
    var info = utsname()
    uname(&info)
    func field<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return "\(field(info.sysname)) \(field(info.release)) \(field(info.machine)), \(cores) cores"
}

/// The library's commit, from `git` in the working directory: "db3dd67", with a note when
/// the library's sources differ from it; "unknown" without git.
func commitLine() -> String {
    func run(_ command: String) -> String? {
        guard let pipe = popen(command, "r") else { return nil }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4_096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return pclose(pipe) == 0 ? output : nil
    }
    guard let head = run("git rev-parse --short HEAD 2>/dev/null"), !head.isEmpty,
          let top = run("git rev-parse --show-toplevel 2>/dev/null") else { return "unknown" }
    let root = String(top.prefix { $0 != "\n" })
    let changes = run("git -C '\(root)' status --porcelain -- Sources Package.swift 2>/dev/null") ?? ""
    return String(head.prefix { $0 != "\n" }) + (changes.isEmpty ? "" : ", with uncommitted changes to Sources/ or Package.swift")
}

/// The load averages over 1, 5 and 15 minutes: other processes' work slows a run.
func loadLine() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "unknown" }
    return loads.map { fixed($0, 2) }.joined(separator: ", ") + " (1, 5, 15 minutes)"
}

/// The compiler's version, as far as `#if compiler` tells it.
func compilerLine() -> String {
    #if compiler(>=6.4)
    return "Swift 6.4 or later"
    #elseif compiler(>=6.3)
    return "Swift 6.3"
    #elseif compiler(>=6.2)
    return "Swift 6.2"
    #elseif compiler(>=6.1)
    return "Swift 6.1"
    #else
    return "Swift 6.0"
    #endif
}

func dateLine() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
