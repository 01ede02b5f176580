// A horizontal bar chart of Bindery against its baselines, as SVG text (Docs/benchmarks.svg).
// Each case is a pair of bars on one scale, Bindery ÷ baseline, so that nanoseconds,
// microseconds and bytes sit side by side; the bars carry the figures themselves. The
// background is a white rectangle, so the chart reads the same on GitHub's light and dark pages.

/// One case of the chart: the Bindery bar's length is `ratio`, the baseline's is 1.
struct ChartEntry {
    /// The label left of the bars, one string per line (the first is set in bold).
    let title: [String]
    /// Bindery ÷ baseline.
    let ratio: Double
    /// The figures written beside each bar ("26.0 ns").
    let binderyText: String
    let baselineText: String
    /// The target, as a ratio to the baseline (a tick across the Bindery bar); nil for none.
    let target: Double?
    /// Whether the target is met (the Bindery bar's colour); nil for none.
    let isMet: Bool?
}

/// The chart's colours: dark enough on white for text, apart for colour-blind readers
/// (blue and orange).
private enum Palette {
    static let text = "#1f2328"
    static let muted = "#59636e"
    static let grid = "#d8dee4"
    static let met = "#0969da"
    static let missed = "#d1600f"
    static let baseline = "#9ca3ab"
}

/// A white outline drawn under a label's letters, so that a grid line behind it does not cut them.
private let halo = " stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\" paint-order=\"stroke\""

private let fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"

/// `text` with the characters XML reserves escaped.
private func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        default: escaped.append(character)
        }
    }
    return escaped
}

/// A coordinate with one decimal.
private func coordinate(_ x: Double) -> String {
    let text = fixed(x, 1)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// A ratio on an axis label: "0×", "0.5×", "1×", "1.25×".
private func axisLabel(_ x: Double) -> String {
    var text = fixed(x, 2)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + "×"
}

/// The SVG document of the chart.
/// - Parameters:
///   - title: the heading at the top.
///   - subtitle: the line under it (the machine and the date of the run).
///   - entries: the cases, top to bottom.
func svgChart(title: String, subtitle: String, entries: [ChartEntry]) -> String {
    let width = 860.0
    let left = 24.0
    let barsLeft = 300.0
    let barsWidth = 350.0
    let rowHeight = 74.0
    let barHeight = 20.0
    let top = 112.0

    // The axis runs to the largest bar or target, rounded up to a quarter (at least 1×).
    let largest = entries.map { max($0.ratio, $0.target ?? 0) }.max() ?? 1
    let step = largest > 2 ? 0.5 : 0.25
    let axisEnd = max(1, ((largest * 1.04) / step).rounded(.up) * step)
    func x(_ ratio: Double) -> Double { barsLeft + barsWidth * min(ratio, axisEnd) / axisEnd }
    let bottom = top + rowHeight * Double(entries.count)
    let height = bottom + 56

    var svg: [String] = []
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" "
        + "viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"img\" aria-labelledby=\"chart-title\" "
        + "font-family=\"\(fontFamily)\">")
    svg.append("  <title id=\"chart-title\">\(xmlEscaped(title)), \(xmlEscaped(subtitle))</title>")
    svg.append("  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
    svg.append("  <text x=\"\(coordinate(left))\" y=\"34\" font-size=\"19\" font-weight=\"600\" fill=\"\(Palette.text)\">"
        + "\(xmlEscaped(title))</text>")
    svg.append("  <text x=\"\(coordinate(left))\" y=\"56\" font-size=\"12.5\" fill=\"\(Palette.muted)\">"
        + "\(xmlEscaped(subtitle))</text>")

    // Legend.
    var legendX = left
    func legendBox(_ colour: String, _ label: String, _ labelWidth: Double) {
        svg.append("  <rect x=\"\(coordinate(legendX))\" y=\"71\" width=\"14\" height=\"14\" rx=\"2\" fill=\"\(colour)\"/>")
        svg.append("  <text x=\"\(coordinate(legendX + 20))\" y=\"82.5\" font-size=\"13\" fill=\"\(Palette.text)\">"
            + "\(xmlEscaped(label))</text>")
        legendX += 20 + labelWidth
    }
    legendBox(Palette.met, "Bindery, target met", 150)
    legendBox(Palette.missed, "Bindery, target missed", 172)
    legendBox(Palette.baseline, "baseline, measured in the same run", 250)
    svg.append("  <line x1=\"\(coordinate(legendX + 6))\" y1=\"69\" x2=\"\(coordinate(legendX + 6))\" y2=\"87\" "
        + "stroke=\"\(Palette.text)\" stroke-width=\"2.5\"/>")
    svg.append("  <text x=\"\(coordinate(legendX + 16))\" y=\"82.5\" font-size=\"13\" fill=\"\(Palette.text)\">target</text>")

    // Grid and axis.
    var tick = 0.0
    while tick <= axisEnd + 1e-9 {
        let isBaseline = abs(tick - 1) < 1e-9
        svg.append("  <line x1=\"\(coordinate(x(tick)))\" y1=\"\(coordinate(top - 8))\" x2=\"\(coordinate(x(tick)))\" "
            + "y2=\"\(coordinate(bottom))\" stroke=\"\(isBaseline ? Palette.muted : Palette.grid)\" "
            + "stroke-width=\"\(isBaseline ? "1.5" : "1")\"\(isBaseline ? " stroke-dasharray=\"4 3\"" : "")/>")
        svg.append("  <text x=\"\(coordinate(x(tick)))\" y=\"\(coordinate(bottom + 18))\" font-size=\"12\" "
            + "text-anchor=\"middle\" fill=\"\(Palette.muted)\">\(axisLabel(tick))</text>")
        tick += step
    }
    svg.append("  <text x=\"\(coordinate(barsLeft + barsWidth / 2))\" y=\"\(coordinate(bottom + 40))\" font-size=\"12.5\" "
        + "text-anchor=\"middle\" fill=\"\(Palette.text)\">Bindery ÷ baseline: shorter is faster or smaller; "
        + "1× = the baseline</text>")

    // The cases.
    for (index, entry) in entries.enumerated() {
        let rowTop = top + rowHeight * Double(index)
        let binderyY = rowTop + 6
        let baselineY = binderyY + barHeight + 5
        for (line, text) in entry.title.enumerated() {
            let y = rowTop + 21 + 18 * Double(line)
            svg.append("  <text x=\"\(coordinate(left))\" y=\"\(coordinate(y))\" font-size=\"\(line == 0 ? "14.5" : "12.5")\""
                + "\(line == 0 ? " font-weight=\"600\"" : "") fill=\"\(line == 0 ? Palette.text : Palette.muted)\">"
                + "\(xmlEscaped(text))</text>")
        }
        let colour = entry.isMet == false ? Palette.missed : Palette.met
        svg.append("  <rect x=\"\(coordinate(barsLeft))\" y=\"\(coordinate(binderyY))\" "
            + "width=\"\(coordinate(max(1.5, x(entry.ratio) - barsLeft)))\" height=\"\(coordinate(barHeight))\" fill=\"\(colour)\"/>")
        svg.append("  <rect x=\"\(coordinate(barsLeft))\" y=\"\(coordinate(baselineY))\" "
            + "width=\"\(coordinate(x(1) - barsLeft))\" height=\"\(coordinate(barHeight))\" fill=\"\(Palette.baseline)\"/>")
        if let target = entry.target {
            svg.append("  <line x1=\"\(coordinate(x(target)))\" y1=\"\(coordinate(binderyY - 4))\" "
                + "x2=\"\(coordinate(x(target)))\" y2=\"\(coordinate(binderyY + barHeight + 4))\" "
                + "stroke=\"\(Palette.text)\" stroke-width=\"2.5\"/>")
        }
        // The Bindery figure goes past the bar's end; if it would cross the target tick there,
        // inside the bar, in white, when it fits; otherwise past the tick. Its width is guessed
        // at 7.6 px a character (no font metrics here).
        let binderyLabel = "Bindery " + entry.binderyText
        let labelWidth = 7.6 * Double(binderyLabel.count)
        let barEnd = x(entry.ratio)
        func crossesTarget(_ from: Double, _ to: Double) -> Bool {
            entry.target.map { x($0) >= from - 8 && x($0) <= to + 4 } ?? false
        }
        var labelX = barEnd + 7
        var anchor = ""
        var labelColour = Palette.text
        var labelHalo = halo
        if crossesTarget(labelX, labelX + labelWidth) {
            if barEnd - barsLeft >= labelWidth + 14 && !crossesTarget(barEnd - 7 - labelWidth, barEnd - 7) {
                labelX = barEnd - 7
                anchor = " text-anchor=\"end\""
                labelColour = "#ffffff"
                labelHalo = ""
            } else if let target = entry.target {
                labelX = x(target) + 7
            }
        }
        svg.append("  <text x=\"\(coordinate(labelX))\" y=\"\(coordinate(binderyY + 14.5))\" font-size=\"13\" "
            + "font-weight=\"600\"\(anchor) fill=\"\(labelColour)\"\(labelHalo)>\(xmlEscaped(binderyLabel))</text>")
        svg.append("  <text x=\"\(coordinate(x(1) + 7))\" y=\"\(coordinate(baselineY + 14.5))\" font-size=\"13\" "
            + "fill=\"\(Palette.muted)\"\(halo)>\(xmlEscaped(entry.baselineText))</text>")
        // The ratio, right-aligned at the edge.
        let ratioColour = entry.isMet == false ? Palette.missed : (entry.isMet == true ? Palette.met : Palette.text)
        svg.append("  <text x=\"\(coordinate(width - left))\" y=\"\(coordinate(rowTop + 33))\" font-size=\"19\" "
            + "font-weight=\"600\" text-anchor=\"end\" fill=\"\(ratioColour)\">\(axisLabelRatio(entry.ratio))</text>")
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
}

/// A measured ratio, two decimals: "0.94×".
private func axisLabelRatio(_ ratio: Double) -> String {
    fixed(ratio, 2) + "×"
}
