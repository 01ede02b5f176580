// The cases of the README's headline table and of the chart (Docs/benchmarks.svg), made
// from the same outcomes as the full tables.

/// How a headline figure is written.
enum HeadlineUnit {
    case nanoseconds
    case microseconds
    case milliseconds
    case bytes
}

/// One row of the headline table and one group of bars in the chart.
struct HeadlineCase {
    /// The table's case column.
    let title: String
    /// The chart's label, one string per line.
    let chartTitle: [String]
    /// The row of the first table that gives the figures (`Row.label ?? Row.id`).
    let row: String
    /// Further rows whose targets are shown beside the first (bind + unbind: its allocations).
    var alsoJudgedBy: [String] = []
    /// What the baseline is, in the README's words.
    let baseline: String
    let unit: HeadlineUnit
    /// Whether the ratio is also written as a speed-up ("5.8× faster").
    var showsSpeedUp = false
}

let headlineCases: [HeadlineCase] = [
    HeadlineCase(
        title: "One hop, against a hand-written closure", chartTitle: ["One hop", "vs a hand-written weak closure"],
        row: "one-hop.plain", baseline: "`{ [weak target] in target?.value = $0 }`", unit: .nanoseconds),
    HeadlineCase(
        title: "One hop, against Combine's `sink`", chartTitle: ["One hop", "vs OpenCombine subject → sink"],
        row: "one-hop.vs-combine", baseline: "OpenCombine `CurrentValueSubject` → `sink`", unit: .nanoseconds,
        showsSpeedUp: true),
    HeadlineCase(
        title: "Bind + unbind of one chain", chartTitle: ["Bind + unbind", "vs OpenCombine sink + cancel"],
        row: "bind-unbind (time)", alsoJudgedBy: ["bind-unbind"], baseline: "OpenCombine `sink` + `cancel()`",
        unit: .microseconds),
    HeadlineCase(
        title: "Cell reuse: a cell's 8 bindings moved to the next row model",
        chartTitle: ["Cell reuse (8 bindings)", "vs the same cell in OpenCombine"],
        row: "cell-reuse", baseline: "the same cell in OpenCombine", unit: .microseconds),
    HeadlineCase(
        title: "Memory per live chain (10,000 chains)", chartTitle: ["Memory per live chain", "vs an OpenCombine sink"],
        row: "memory.chain", baseline: "OpenCombine `sink` on an existing subject", unit: .bytes),
    HeadlineCase(
        title: "An operator's bind + unbind (`~>`)", chartTitle: ["Operator bind + unbind", "vs the same chain via Bind.in"],
        row: "operator.bind-unbind", alsoJudgedBy: ["operator.bind-unbind (allocations)"],
        baseline: "the same chain through `Bind.in(…).out(…)`", unit: .microseconds),
    HeadlineCase(
        title: "A `BindableView` cell of 8 bindings given the next row model",
        chartTitle: ["BindableView cell (8)", "vs the same cell in OpenCombine"],
        row: "bindable-cell", baseline: "the same cell in OpenCombine", unit: .microseconds),
    HeadlineCase(
        title: "A transform closure hop", chartTitle: ["Transform hop", "vs a convert closure hop"],
        row: "transform.hop", baseline: "`Bind.in(…).out(…, convert:)`", unit: .nanoseconds),
    HeadlineCase(
        title: "A `@Dynamic` write nobody observes", chartTitle: ["Unobserved @Dynamic write", "vs a plain class's write"],
        row: "unobserved.write", baseline: "a plain class's write", unit: .nanoseconds),
    HeadlineCase(
        title: "A `@Dynamic` read, reported to Observation", chartTitle: ["@Dynamic read", "vs a plain class's read"],
        row: "dynamic.read", baseline: "a plain class's read", unit: .nanoseconds),
    HeadlineCase(
        title: "One hop into a `@Dynamic` receiver", chartTitle: ["One hop into @Dynamic", "vs one into a plain class"],
        row: "one-hop.dynamic (vs plain)", baseline: "the same hop into a plain class", unit: .nanoseconds),
    HeadlineCase(
        title: "A chain's `values` in a `for await` loop, per write", chartTitle: ["Chain values (for await)", "vs an AsyncStream"],
        row: "values.throughput", baseline: "an `AsyncStream` fed by a named block on the same writes", unit: .nanoseconds),
    HeadlineCase(
        title: "A hop through a derived value of two inputs", chartTitle: ["Derived value hop", "vs a convert closure hop"],
        row: "derived.hop", baseline: "`Bind.in(…).out(…, convert:)`", unit: .nanoseconds),
    HeadlineCase(
        title: "A derived value's re-evaluation", chartTitle: ["Derived re-evaluation", "vs the closure called directly"],
        row: "derived.evaluate", baseline: "a plain write, then the closure called", unit: .nanoseconds),
    HeadlineCase(
        title: "A derived value, against Observation", chartTitle: ["Derived value hop", "vs withObservationTracking re-armed"],
        row: "derived.vs-observation", baseline: "`withObservationTracking`, re-armed after each change", unit: .nanoseconds,
        showsSpeedUp: true),
    HeadlineCase(
        title: "The diff of 5,000 elements (1,000 deleted, 1,000 inserted, 200 moved)",
        chartTitle: ["Diff of 5,000 elements", "vs difference(from:).inferringMoves()"],
        row: "list.diff.5000", baseline: "Swift's `difference(from:)` with `inferringMoves()`", unit: .milliseconds,
        showsSpeedUp: true),
    HeadlineCase(
        title: "The diff of 100,000 elements (10,000 deleted, 10,000 inserted, 2,000 moved)",
        chartTitle: ["Diff of 100,000 elements", "vs difference(from:).inferringMoves()"],
        row: "list.diff.100000", baseline: "Swift's `difference(from:)` with `inferringMoves()`", unit: .milliseconds,
        showsSpeedUp: true),
    HeadlineCase(
        title: "A string binding: parse + bind + unbind", chartTitle: ["String binding", "vs the typed operator"],
        row: "expression.bind-unbind", baseline: "the typed operator `~>`", unit: .microseconds),
]

// MARK: - Figures in words

func formatHeadline(_ value: Double, _ unit: HeadlineUnit) -> String {
    switch unit {
    case .nanoseconds: return fixed(value, 1) + " ns"
    case .microseconds:
        let us = value / 1_000
        return fixed(us, us < 10 ? 2 : 1) + " µs"
    case .milliseconds:
        let ms = value / 1_000_000
        return fixed(ms, ms < 10 ? 3 : 1) + " ms"
    case .bytes: return fixed(value, 0) + " bytes"
    }
}

/// "0 allocations", "1 allocation", "0.50 allocations"; a count within 0.05 of a whole number
/// is that number (OpenCombine's cell reuse counts 95.97 a reuse: 96).
func formatAllocationCount(_ perUpdate: Double) -> String {
    let whole = perUpdate.rounded()
    if abs(perUpdate - whole) < 0.05 {
        return fixed(whole, 0) + (whole == 1 ? " allocation" : " allocations")
    }
    return fixed(perUpdate, 2) + " allocations"
}

/// `formatTarget` with its units in words ("≤ 128 bytes", "≤ 2 allocations") and its note
/// after a comma.
func formatTargetInWords(_ target: Target) -> String {
    switch target {
    case .ratio(let limit, let note?): return formatTarget(.ratio(limit)) + ", " + note
    case .allocations(let limit): return "≤ " + fixed(limit, 0) + " allocations"
    case .bytes(let limit): return "≤ " + fixed(limit, 0) + " bytes"
    default: return formatTarget(target)
    }
}

/// A target and its mark, for the headline table and the missed-targets sentence.
func formatJudgedTarget(_ outcome: Outcome) -> String {
    var text = formatTargetInWords(outcome.row.target)
    if let isMet = outcome.isMet { text += " " + mark(isMet) }
    return text
}

/// The outcome of the row named `name` (`Row.label ?? Row.id`).
private func outcome(named name: String, in outcomes: [Outcome]) -> Outcome? {
    outcomes.first { ($0.row.label ?? $0.row.id) == name }
}

// MARK: - The table

/// The headline table, the run it comes from, and one sentence on the targets this run missed;
/// nil when a headline row was not measured (a run with `--only`).
func headlineMarkdown(_ outcomes: [Outcome], run: String) -> [String]? {
    var lines = [
        "| case | Bindery | baseline, measured in the same run | Bindery ÷ baseline | target |",
        "|---|---|---|---|---|",
    ]
    for headline in headlineCases {
        guard let main = outcome(named: headline.row, in: outcomes), let baseline = main.baselineFigure,
              let baselineValue = main.baselineValue, let ratio = main.ratio else { return nil }
        let bindery = formatHeadline(main.figure.value, headline.unit) + ", "
            + formatAllocationCount(main.figure.allocsPerUpdate)
        let base = headline.baseline + ": " + formatHeadline(baselineValue, headline.unit) + ", "
            + formatAllocationCount(baseline.allocsPerUpdate)
        var ratioText = fixed(ratio, ratio < 0.1 ? 4 : 2) + "×"
        if headline.showsSpeedUp && ratio < 1 { ratioText += " (" + fixed(1 / ratio, ratio < 0.1 ? 0 : 1) + "× faster)" }
        let targets = ([main] + headline.alsoJudgedBy.compactMap { outcome(named: $0, in: outcomes) })
            .map(formatJudgedTarget).joined(separator: ", ")
        lines.append("| " + [headline.title, bindery, base, ratioText, targets].joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append(run + " " + missedTargetsSentence(outcomes))
    return lines
}

/// "Not reached in this run: …", every row whose target this run missed, in plain words.
func missedTargetsSentence(_ outcomes: [Outcome]) -> String {
    var order: [String] = []
    var figures: [String: [String]] = [:]
    var targets: [String: String] = [:]
    for outcome in outcomes where outcome.isMet == false {
        let name = outcome.row.summary ?? "`\(outcome.row.label ?? outcome.row.id)`"
        let figure: String
        switch outcome.row.target {
        case .bytes: figure = fixed(outcome.figure.value, 0)
        case .allocations: figure = formatAllocations(outcome.figure)
        default: figure = outcome.ratio.map { fixed($0, 2) + "×" } ?? "–"
        }
        if figures[name] == nil { order.append(name) }
        figures[name, default: []].append(figure)
        targets[name] = formatTargetInWords(outcome.row.target)
    }
    if order.isEmpty { return "Every target was reached in this run." }
    let unitAfter: (String) -> String = { name in targets[name]!.hasSuffix("bytes") ? " bytes" : "" }
    let parts = order.map { name in
        "\(name), \(figures[name]!.joined(separator: " / "))\(unitAfter(name)) (target \(targets[name]!))"
    }
    return "Not reached in this run: " + parts.joined(separator: "; ")
        + " ([why](Benchmarks/README.md#missed-targets))."
}

// MARK: - The chart

/// The chart's bars for the headline cases; nil when one was not measured.
func headlineChartEntries(_ outcomes: [Outcome]) -> [ChartEntry]? {
    var entries: [ChartEntry] = []
    for headline in headlineCases {
        guard let main = outcome(named: headline.row, in: outcomes), let baselineValue = main.baselineValue,
              let ratio = main.ratio else { return nil }
        let target: Double?
        switch main.row.target {
        case .ratio(let limit, _): target = limit
        case .bytes(let limit), .nanoseconds(let limit): target = limit / baselineValue
        case .allocations, .none: target = nil
        }
        entries.append(ChartEntry(
            title: headline.chartTitle, ratio: ratio,
            binderyText: formatHeadline(main.figure.value, headline.unit),
            baselineText: formatHeadline(baselineValue, headline.unit),
            target: target, isMet: main.isMet))
    }
    return entries
}
