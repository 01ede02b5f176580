// Bindery benchmarks: `swift run -c release BinderyBenchmarks [--quick] [--only ID[,ID…]]`,
// `… --callgrind ID --iterations N`, `… --list`. See Benchmarks/README.md.

import BenchSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    var stderr = StandardError()
    print("error: \(message)", to: &stderr)
    exit(2)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}

func progress(_ message: String) {
    var stderr = StandardError()
    print(message, to: &stderr)
}

let usage = """
    usage: BinderyBenchmarks [--quick] [--only ID[,ID…]]… [--iterations N]
           BinderyBenchmarks --callgrind ID [--iterations N]
           BinderyBenchmarks --list

      (default)          full run: every case, iterations calibrated to ~40 ms per repetition
      --quick            a few thousand updates per case (CI: proves every case runs)
      --only ID          only the rows (or peers) with this id; `fan-out` selects fan-out.*
      --iterations N     updates per repetition instead of calibrating
      --callgrind ID     set up one case and perform exactly N updates (default 100000) in
                         benchUpdateLoop (bind-unbind: benchBindUnbindLoop), no timing
      --list             list the ids
    """

// MARK: - Arguments

var config = Config()
var arguments = CommandLine.arguments.dropFirst()
var listOnly = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        config.mode = .quick
    case "--only":
        guard let value = arguments.popFirst() else { fail("--only needs an id") }
        config.only += value.split(separator: ",").map(String.init)
    case "--iterations":
        guard let value = arguments.popFirst(), let n = Int(value), n > 0 else { fail("--iterations needs a positive number") }
        config.iterations = n
    case "--callgrind":
        guard let value = arguments.popFirst() else { fail("--callgrind needs an id") }
        config.mode = .callgrind(value)
    case "--list":
        listOnly = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument)\n\(usage)")
    }
}

let measurementsByID = Dictionary(uniqueKeysWithValues: measurements.map { ($0.id, $0) })

if listOnly {
    print("Bindery cases (first table):")
    var seen = Set<String>()
    for row in rows where seen.insert(row.id).inserted {
        print("  \(row.id)  [\(measurementsByID[row.bindery]!.what); baseline \(row.baseline?.name ?? "none")]")
    }
    print("Peers and floors (second table):")
    for id in peerIDs { print("  \(id)  [\(measurementsByID[id]!.what)]") }
    exit(0)
}

// MARK: - callgrind mode

if case .callgrind(let id) = config.mode {
    let measurementID = measurementsByID[id] != nil ? id : rows.first { $0.id == id }?.bindery
    guard let measurementID, let measurement = measurementsByID[measurementID] else {
        fail("no case \(id) (see --list)")
    }
    let n = config.iterations ?? 100_000
    let verified: Bool
    let loop: String
    switch measurement.make() {
    case .updates(let body):
        benchUpdateLoop(body, n)
        verified = body.verify(body.next - 1)
        body.teardown()
        loop = "benchUpdateLoop"
    case .batch(let body):
        body.prepare(n)
        body.run()
        verified = body.verify()
        body.cleanup()
        loop = measurementID == "bind-unbind" ? "benchBindUnbindLoop" : "benchSubscribeCancelLoop"
    case .memory:
        fail("\(id) measures memory, not updates: nothing to count with callgrind")
    }
    progress("callgrind: \(measurementID): \(n) iterations in \(loop); receivers \(verified ? "verified" : "WRONG")")
    exit(verified ? 0 : 1)
}

// MARK: - Which measurements

@MainActor func selected(_ id: String) -> Bool {
    config.only.isEmpty || config.only.contains { id == $0 || id.hasPrefix($0 + ".") }
}

let selectedRows = rows.filter { selected($0.id) }
let selectedPeers = peerIDs.filter { selected($0) }
var needed = Set(selectedPeers)
for row in selectedRows {
    needed.insert(row.bindery)
    if let baseline = row.baseline { needed.insert(baseline.measurement) }
}
// A measurement asked for by its own id (e.g. --only bind-unbind is also a row; a peer id works too).
for measurement in measurements where config.only.contains(measurement.id) { needed.insert(measurement.id) }
if needed.isEmpty { fail("--only \(config.only.joined(separator: ",")) matches nothing (see --list)") }

// MARK: - Header

print("# Bindery benchmarks")
print("")
print("- machine: \(machineLine())")
print("- date: \(dateLine())")
let modeName: String
switch config.mode {
case .quick: modeName = "quick (a few thousand updates per case: proves the cases run; figures are rough)"
default: modeName = "full (iterations calibrated to ~40 ms per repetition; minimum of \(config.passes) passes × \(config.repetitions) repetitions)"
}
print("- mode: \(modeName)" + (config.iterations.map { ", \($0) iterations forced" } ?? ""))
let objectCount = countObjectAllocations(1_000)
let alignedCount = countAlignedAllocations(1_000)
print("- malloc hook: \(bench_hook_installed() != 0 ? "installed" : "NOT INSTALLED (allocation counts are wrong)"); "
    + "counts every thread; 1000 class instances → \(objectCount) allocations, "
    + "1000 64-byte-aligned buffers → \(alignedCount)")
#if DEBUG
print("- build: DEBUG: these figures mean nothing; build with -c release")
#endif
print("")

// MARK: - Run

var figures: [String: Figure] = [:]
let started = nowNs()
for pass in 1...config.passes {
    for measurement in measurements where needed.contains(measurement.id) {
        let caseStart = nowNs()
        let figure: Figure
        switch measurement.make() {
        case .updates(let body):
            figure = measure(body, config)
            body.teardown()
        case .batch(let body):
            figure = measure(body, config)
        case .memory(let run):
            // Memory is taken once, in the first pass: later passes would find tables that
            // the first one grew.
            if pass > 1 { continue }
            figure = run()
        }
        if let earlier = figures[measurement.id] {
            // The fastest time of all passes; the largest allocation count (they should agree).
            var merged = figure
            merged.value = min(earlier.value, figure.value)
            if earlier.allocsPerUpdate > figure.allocsPerUpdate {
                merged.allocsPerUpdate = earlier.allocsPerUpdate
                merged.allocCount = earlier.allocCount
            }
            merged.verified = earlier.verified && figure.verified
            figures[measurement.id] = merged
        } else {
            figures[measurement.id] = figure
        }
        progress("pass \(pass) \(measurement.id): \(formatValue(figure)), \(formatAllocations(figure)) allocs, "
            + "\(figure.iterations) iterations\(figure.verified ? "" : ", RECEIVERS WRONG") "
            + "(\(fixed(Double(nowNs() - caseStart) / 1e9, 1)) s)")
    }
}

// MARK: - Tables

func mark(_ ok: Bool) -> String { ok ? "✅" : "❌" }

var anyWrong = false
var lines: [[String]] = []
for row in selectedRows {
    guard let figure = figures[row.bindery] else { continue }
    let measurement = measurementsByID[row.bindery]!
    var baselineText = "–"
    var baselineValue = "–"
    var ratioText = "–"
    var ratio: Double? = nil
    if let baseline = row.baseline, let base = figures[baseline.measurement] {
        baselineText = baseline.name
        let value = base.value * baseline.factor
        baselineValue = base.unit == .bytes ? fixed(value, 1) + " B" : formatNs(value)
        ratio = figure.value / value
        ratioText = fixed(ratio!, 2) + "×"
        if !base.verified { baselineValue += " ⚠" }
    }
    var targetText = formatTarget(row.target)
    switch row.target {
    case .none: break
    case .ratio(let limit, _): if let ratio { targetText += " " + mark(ratio <= limit) }
    case .allocations(let limit): targetText += " " + mark(figure.allocsPerUpdate <= limit)
    case .bytes(let limit): targetText += " " + mark(figure.value <= limit)
    }
    var allocations = formatAllocations(figure)
    if row.zeroAllocations { allocations += " " + mark(figure.allocCount == 0) }
    var value = formatValue(figure)
    if !figure.verified {
        value += " ⚠"
        anyWrong = true
    }
    lines.append([row.label ?? row.id, measurement.what, baselineText, baselineValue, value, ratioText, targetText, allocations])
}
if !lines.isEmpty {
    print("## Bindery against its baselines")
    print("")
    printTable(["case", "Bindery", "baseline", "baseline ns", "Bindery ns", "ratio", "target", "allocs/update"], lines)
    print("")
    print("ns are per update (fan-out: per receiver; bind-unbind: per bind + unbind); memory.chain is heap bytes per "
        + "live chain and its allocs are per chain bound. allocs/update is per source write; ✅ there means 0 allocations.")
    print("")
}

var peerLines: [[String]] = []
for id in peerIDs {
    guard let figure = figures[id] else { continue }
    if !figure.verified { anyWrong = true }
    peerLines.append([id, measurementsByID[id]!.what, formatValue(figure) + (figure.verified ? "" : " ⚠"), formatAllocations(figure)])
}
if !peerLines.isEmpty {
    print("## Peers and floors")
    print("")
    printTable(["peer", "measures", "ns/update", "allocs/update"], peerLines)
    print("")
}
if anyWrong {
    print("⚠ = after the run, a receiver did not hold the last value written: that figure is not valid.")
    print("")
}
print("Total time: \(fixed(Double(nowNs() - started) / 1e9, 1)) s.")
// A missed target is a finding, not a failure; a receiver that did not get its value is.
exit(anyWrong ? 1 : 0)
