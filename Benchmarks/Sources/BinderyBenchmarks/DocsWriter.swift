// `--write-docs`: the run writes its own figures into the docs, so that the README's headline
// table, Benchmarks/README.md's full tables and the chart always come from one run. Only the
// text between a region's markers (`<!-- NAME:begin -->` … `<!-- NAME:end -->`) changes;
// everything around it is hand-written.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the generated docs live, from the repository's root.
struct DocsPaths {
    let root: String

    /// The repository README: its `headline` region.
    var readme: String { root + "/README.md" }
    /// Benchmarks/README.md: its `results` region.
    var benchmarksReadme: String { root + "/Benchmarks/README.md" }
    /// The chart the README shows.
    var chart: String { root + "/Docs/benchmarks.svg" }

    /// The repository root seen from the working directory: `.` (the root) or `..`
    /// (Benchmarks/, where `swift run` is usually started); nil when neither holds both READMEs.
    static func found() -> DocsPaths? {
        for root in [".", ".."] where isFile(root + "/README.md") && isFile(root + "/Benchmarks/README.md") {
            return DocsPaths(root: root)
        }
        return nil
    }
}

/// A generated region of a markdown file.
enum DocsRegion: String {
    /// The README's five-row table and the sentence on missed targets.
    case headline
    /// Benchmarks/README.md's header, full tables and total time.
    case results

    var begin: String { "<!-- \(rawValue):begin -->" }
    var end: String { "<!-- \(rawValue):end -->" }
}

// MARK: - Regions

/// `text` with the lines between `region`'s markers replaced by `lines` (a blank line kept
/// after the opening marker and before the closing one, so markdown reads the content as its
/// own blocks); nil unless each marker appears exactly once, on a line of its own, in order.
func replacingRegion(_ region: DocsRegion, in text: String, with lines: [String]) -> String? {
    let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let begins = fileLines.indices.filter { fileLines[$0] == region.begin }
    let ends = fileLines.indices.filter { fileLines[$0] == region.end }
    guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end else {
        return nil
    }
    let replaced = fileLines[...begin].map(String.init) + [""] + lines + [""] + fileLines[end...].map(String.init)
    return replaced.joined(separator: "\n")
}

/// Checks, before a run, that the docs can be written: each file exists and holds its markers.
/// - Returns: the problems found, empty when there are none.
func checkDocs(_ paths: DocsPaths) -> [String] {
    var problems: [String] = []
    for (path, region) in [(paths.readme, DocsRegion.headline), (paths.benchmarksReadme, .results)] {
        guard let text = readTextFile(path) else {
            problems.append("cannot read \(path)")
            continue
        }
        if replacingRegion(region, in: text, with: []) == nil {
            problems.append("\(path) needs one line \(region.begin) and, after it, one line \(region.end)")
        }
    }
    return problems
}

/// Writes the three generated parts of the docs; a file whose text would not change is left
/// alone.
/// - Returns: the problems found, empty when every file was written.
func writeDocs(_ paths: DocsPaths, headline: [String], results: [String], chart: String) -> [String] {
    var problems: [String] = []
    for (path, region, lines) in [(paths.readme, DocsRegion.headline, headline), (paths.benchmarksReadme, .results, results)] {
        guard let text = readTextFile(path), let updated = replacingRegion(region, in: text, with: lines) else {
            problems.append("\(path): cannot read it, or its \(region.rawValue) markers are missing")
            continue
        }
        if updated != text && !writeTextFile(updated, to: path) { problems.append("cannot write \(path)") }
    }
    if readTextFile(paths.chart) != chart && !writeTextFile(chart, to: paths.chart) {
        problems.append("cannot write \(paths.chart)")
    }
    return problems
}

// MARK: - Files, without Foundation

func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

/// The whole file as UTF-8, or nil if it cannot be read.
func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { break }
    }
    if ferror(file) != 0 { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`, so that a
/// failed write leaves the old file whole.
func writeTextFile(_ text: String, to path: String) -> Bool {
    let temporary = path + ".tmp"
    guard let file = fopen(temporary, "wb") else { return false }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file) == 0
    guard written == bytes.count, closed, rename(temporary, path) == 0 else {
        unlink(temporary)
        return false
    }
    return true
}
