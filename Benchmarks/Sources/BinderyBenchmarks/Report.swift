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
}

let rows: [Row] = [
    Row(id: "one-hop.plain", bindery: "one-hop.plain", baseline: Baseline(measurement: "floor.weak"), target: .ratio(1.5)),
    Row(id: "one-hop.plain", label: "one-hop.plain (vs strong)", bindery: "one-hop.plain",
        baseline: Baseline(measurement: "floor.strong")),
    Row(id: "one-hop.dynamic", bindery: "one-hop.dynamic", baseline: Baseline(measurement: "floor.strong"), target: .ratio(2.5)),
    Row(id: "one-hop.vs-combine", bindery: "one-hop.plain", baseline: Baseline(measurement: "combine.sink"), target: .ratio(0.5)),
    Row(id: "one-hop.string", bindery: "one-hop.string", baseline: Baseline(measurement: "floor.string")),
    Row(id: "two-way.3", bindery: "two-way.3", baseline: Baseline(measurement: "floor.strong", factor: 2, label: "2 × floor.strong")),
    Row(id: "fan-out.1", bindery: "fan-out.1", baseline: Baseline(measurement: "floor.fan-out.1", label: "floor.weak ×1")),
    Row(id: "fan-out.10", bindery: "fan-out.10", baseline: Baseline(measurement: "floor.fan-out.10", label: "floor.weak ×10")),
    Row(id: "fan-out.100", bindery: "fan-out.100", baseline: Baseline(measurement: "floor.fan-out.100", label: "floor.weak ×100"),
        target: .ratio(1.5)),
    Row(id: "fan-out.1000", bindery: "fan-out.1000", baseline: Baseline(measurement: "floor.fan-out.1000", label: "floor.weak ×1000"),
        target: .ratio(1.5)),
    Row(id: "filter-convert", bindery: "filter-convert", baseline: Baseline(measurement: "floor.filter-convert")),
    Row(id: "unobserved.write", bindery: "unobserved.write", baseline: Baseline(measurement: "plain.write"), target: .ratio(1.5)),
    Row(id: "bind-unbind", bindery: "bind-unbind", baseline: Baseline(measurement: "combine.subscribe-cancel"),
        target: .allocations(2), zeroAllocations: false),
    Row(id: "memory.chain", bindery: "memory.chain", baseline: Baseline(measurement: "combine.memory.sink"),
        target: .bytes(128), zeroAllocations: false),
    Row(id: "bind-unbind", label: "bind-unbind (time)", bindery: "bind-unbind", baseline: Baseline(measurement: "combine.subscribe-cancel"),
        target: .ratio(0.5), zeroAllocations: false),
    Row(id: "cell-reuse", bindery: "cell-reuse", baseline: Baseline(measurement: "combine.cell-reuse"),
        target: .ratio(0.5), zeroAllocations: false),
    Row(id: "fan-in.bind.1000", bindery: "fan-in.bind.1000", baseline: Baseline(measurement: "fan-in.bind.10"),
        target: .ratio(2, note: "size-independent"), zeroAllocations: false),
    Row(id: "fan-in.bind.100000", bindery: "fan-in.bind.100000", baseline: Baseline(measurement: "fan-in.bind.10"),
        target: .ratio(2, note: "size-independent"), zeroAllocations: false),
    Row(id: "threads.unrelated", bindery: "threads.unrelated", baseline: Baseline(measurement: "threads.one"),
        target: .ratio(1 / 1.7, note: "≥ 1.7× throughput"), zeroAllocations: false),
    Row(id: "threads.machine", bindery: "threads.machine", baseline: Baseline(measurement: "threads.machine.one"),
        zeroAllocations: false),
    Row(id: "route.3", bindery: "route.3", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "control.edit", bindery: "control.edit", baseline: Baseline(measurement: "floor.strong", factor: 2, label: "2 × floor.strong")),
    Row(id: "element", bindery: "element", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "isolation.10", bindery: "isolation.10", baseline: Baseline(measurement: "floor.weak")),
    Row(id: "isolation.100000", bindery: "isolation.100000", baseline: Baseline(measurement: "isolation.10"),
        target: .ratio(1.2, note: "independent")),
    Row(id: "isolation.1000000", bindery: "isolation.1000000", baseline: Baseline(measurement: "isolation.10"),
        target: .ratio(1.2, note: "independent")),
    Row(id: "memory.chain.1000000", bindery: "memory.chain.1000000", baseline: Baseline(measurement: "combine.memory.sink"),
        target: .bytes(128), zeroAllocations: false),
]

/// Peers and floors shown in the second table, in this order.
let peerIDs = [
    "floor.strong", "floor.weak", "floor.string", "plain.write", "combine.sink", "combine.assign",
    "observation.rearm", "observation.unobserved", "floor.fan-out.1", "floor.fan-out.10", "floor.fan-out.100",
    "floor.fan-out.1000", "floor.filter-convert", "combine.subscribe-cancel", "combine.memory.subject+sink",
    "combine.memory.sink", "combine.cell-reuse", "fan-in.bind.10", "threads.one", "threads.machine.one",
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
    case .ratio(let limit, let note): return "≤ " + fixed(limit, limit == limit.rounded() ? 0 : 1) + "×" + (note.map { " (\($0))" } ?? "")
    case .allocations(let limit): return "≤ " + fixed(limit, 0) + " allocs"
    case .bytes(let limit): return "≤ " + fixed(limit, 0) + " B"
    }
}

/// Prints a markdown table with padded columns.
func printTable(_ header: [String], _ lines: [[String]]) {
    var widths = header.map(\.count)
    for line in lines {
        for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func render(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - cell.count) }
            .joined(separator: " | ") + " |"
    }
    print(render(header))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for line in lines { print(render(line)) }
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

func dateLine() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
