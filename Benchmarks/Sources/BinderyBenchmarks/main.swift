// Bindery benchmarks: `swift run -c release BinderyBenchmarks [--quick] [--only ID[,ID…]]`,
// `… --write-docs`, `… --svg PATH`, `… --callgrind ID --iterations N`, `… --list`. See
// Benchmarks/README.md.

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
    usage: BinderyBenchmarks [--quick] [--only ID[,ID…]]… [--iterations N] [--write-docs [--docs-root DIR]] [--svg PATH]
           BinderyBenchmarks --callgrind ID [--iterations N]
           BinderyBenchmarks --list

      (default)          full run: every case, iterations calibrated to ~40 ms per repetition
      --quick            a few thousand updates per case (CI: proves every case runs)
      --only ID          only the rows (or peers) with this id; `fan-out` selects fan-out.*
      --iterations N     updates per repetition instead of calibrating
      --write-docs       after the run, rewrite the generated regions of README.md (headline table)
                         and Benchmarks/README.md (full tables), and Docs/benchmarks.svg (chart)
      --docs-root DIR    the repository root for --write-docs (default: . or .., whichever holds
                         README.md and Benchmarks/README.md)
      --svg PATH         after the run, write the chart of the headline cases to PATH
      --callgrind ID     set up one case and perform exactly N updates (default 100000) in
                         benchUpdateLoop (bind-unbind: benchBindUnbindLoop), no timing
      --list             list the ids
    """

// MARK: - Arguments

var config = Config()
var arguments = CommandLine.arguments.dropFirst()
var listOnly = false
var writesDocs = false
var docsRoot: String? = nil
var svgPath: String? = nil
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
    case "--write-docs":
        writesDocs = true
    case "--docs-root":
        guard let value = arguments.popFirst() else { fail("--docs-root needs a directory") }
        docsRoot = value
    case "--svg":
        guard let value = arguments.popFirst() else { fail("--svg needs a path") }
        svgPath = value
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument)\n\(usage)")
    }
}

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
    case .single(let body):
        for _ in 0..<n {
            body.prepare()
            benchSingleRun(body)
        }
        verified = body.verify()
        loop = "benchSingleRun"
    case .memory:
        fail("\(id) measures memory, not updates: nothing to count with callgrind")
    }
    progress("callgrind: \(measurementID): \(n) iterations in \(loop); receivers \(verified ? "verified" : "WRONG")")
    exit(verified ? 0 : 1)
}

// MARK: - Docs

// Checked before measuring, so that a run is not spent on docs it cannot write.
var docsPaths: DocsPaths? = nil
if writesDocs {
    guard config.only.isEmpty else { fail("--write-docs needs every case: leave out --only") }
    guard let paths = docsRoot.map(DocsPaths.init(root:)) ?? DocsPaths.found() else {
        fail("--write-docs: no README.md and Benchmarks/README.md in . or ..; run from the repository or pass --docs-root DIR")
    }
    let problems = checkDocs(paths)
    if !problems.isEmpty { fail("--write-docs: " + problems.joined(separator: "; ")) }
    docsPaths = paths
} else if docsRoot != nil {
    fail("--docs-root goes with --write-docs")
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

let modeName: String
switch config.mode {
case .quick: modeName = "quick (a few thousand updates per case: proves the cases run; figures are rough)"
default: modeName = "full (iterations calibrated to ~40 ms per repetition; minimum of \(config.passes) passes × \(config.repetitions) repetitions)"
}
let objectCount = countObjectAllocations(1_000)
let alignedCount = countAlignedAllocations(1_000)
let runDate = dateLine()
let commit = commitLine()
var headerLines = [
    "- machine: \(machineLine())",
    "- compiler: \(compilerLine())",
    "- commit: \(commit)",
    "- date: \(runDate)",
    "- load average at the start: \(loadLine())",
    "- mode: \(modeName)" + (config.iterations.map { ", \($0) iterations forced" } ?? ""),
    "- malloc hook: \(bench_hook_installed() != 0 ? "installed" : "NOT INSTALLED (allocation counts are wrong)"); "
        + "counts every thread; 1000 class instances → \(objectCount) allocations, "
        + "1000 64-byte-aligned buffers → \(alignedCount)",
]
#if DEBUG
headerLines.append("- build: DEBUG: these figures mean nothing; build with -c release")
#endif
print("# Bindery benchmarks")
print("")
for line in headerLines { print(line) }
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
        case .single(let body):
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

let outcomes = selectedRows.compactMap { outcome(of: $0, in: figures) }
let peers = peerIDs.compactMap { id in figures[id].map { (id: id, figure: $0) } }
let totalSeconds = Double(nowNs() - started) / 1e9
for line in resultSections(outcomes, peers: peers) { print(line) }
let totalLine = "Total time: \(fixed(totalSeconds, 1)) s."
print(totalLine)

// MARK: - Docs and chart

let isQuick = config.isQuick
/// "From one full run of …: Linux …, 2 cores, Swift 6.3, release build, library at …, date, 38 s."
@MainActor func runSentence() -> String {
    var build = "release build"
    #if DEBUG
    build = "DEBUG build (figures mean nothing)"
    #endif
    let kind = isQuick ? "From one quick run (rough figures)" : "From one full run"
    return "\(kind) of `BinderyBenchmarks --write-docs`: \(machineLine()), \(compilerLine()), \(build), "
        + "library at \(commit), \(runDate), \(fixed(totalSeconds, 0)) s."
}

if svgPath != nil || docsPaths != nil {
    guard let entries = headlineChartEntries(outcomes),
          let headline = headlineMarkdown(outcomes, run: runSentence()) else {
        fail("the chart and the docs need the headline cases: " + headlineCases.map(\.row).joined(separator: ", "))
    }
    let chart = svgChart(
        title: "Bindery against its baselines",
        subtitle: "One \(isQuick ? "quick (rough) " : "")run: \(machineLine()), \(compilerLine()), \(runDate)",
        entries: entries)
    if let svgPath {
        if !writeTextFile(chart, to: svgPath) { fail("cannot write \(svgPath)") }
        progress("wrote \(svgPath)")
    }
    if let docsPaths {
        let results = headerLines + [""] + resultSections(outcomes, peers: peers, level: "###") + [totalLine]
        let problems = writeDocs(docsPaths, headline: headline, results: results, chart: chart)
        if !problems.isEmpty { fail("--write-docs: " + problems.joined(separator: "; ")) }
        progress("wrote the generated regions of \(docsPaths.readme) and \(docsPaths.benchmarksReadme), and \(docsPaths.chart)")
    }
}

// A missed target is a finding, not a failure; a receiver that did not get its value is.
exit(anyReceiverWrong(outcomes, peers: peers) ? 1 : 0)
