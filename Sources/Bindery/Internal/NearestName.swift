/// The nearest of a set of names to a misspelt one, for "did you mean" suggestions.
enum NearestName {
    /// The candidate closest to `name` by edit distance (case-insensitive), if one is close
    /// enough to be a likely typo: at most a third of the longer name's length, and at least 1.
    ///
    /// - Parameters:
    ///   - name: The name as written.
    ///   - candidates: The valid names.
    /// - Returns: The nearest candidate, or nil.
    static func find(_ name: String, among candidates: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        let written = Array(name.lowercased())
        for candidate in candidates.sorted() {
            let distance = editDistance(written, Array(candidate.lowercased()))
            let allowed = max(1, max(written.count, candidate.count) / 3)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance: insertions, deletions,
    /// substitutions and swaps of two neighbours each count 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
