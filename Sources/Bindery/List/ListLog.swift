/// The last changes of a ``DynamicList``, by version: what lets a list receiver fed by it get
/// the steps since the version it has, with no diff.
///
/// Bounded: it keeps at most `entryLimit` changes and `stepLimit` steps, dropping the oldest. A
/// receiver further behind than that (or one never fed) gets a reset.
struct ListLog<Element> {
    /// One change: the version it made, and its steps.
    private struct Entry {
        let version: UInt64
        let steps: [ListChange<Element>.Step]
    }

    static var entryLimit: Int { 64 }
    static var stepLimit: Int { 4_096 }

    private var entries: [Entry] = []
    private var stepCount = 0

    /// Records the change that made `version` (one more than the last one recorded), and
    /// returns the steps of the changes it no longer keeps: the caller lets go of them once its
    /// lock is released, since they may hold the last reference to an element (whose deinit is
    /// its code). One dropped change, the usual case, is returned without copying.
    mutating func record(_ steps: [ListChange<Element>.Step], as version: UInt64) -> [ListChange<Element>.Step] {
        entries.append(Entry(version: version, steps: steps))
        stepCount += steps.count
        var dropped = 0
        while entries.count - dropped > Self.entryLimit || (stepCount > Self.stepLimit && entries.count - dropped > 1) {
            stepCount -= entries[dropped].steps.count
            dropped += 1
        }
        guard dropped > 0 else { return [] }
        let released = dropped == 1 ? entries[0].steps : entries[..<dropped].flatMap(\.steps)
        entries.removeFirst(dropped)
        return released
    }

    /// The steps from `version` to `current`, in order; nil when the log no longer reaches back
    /// to `version`.
    func steps(after version: UInt64, through current: UInt64) -> [ListChange<Element>.Step]? {
        guard version < current else { return version == current ? [] : nil }
        guard let first = entries.first, first.version <= version + 1 else { return nil }
        var steps: [ListChange<Element>.Step] = []
        for entry in entries where entry.version > version && entry.version <= current {
            steps.append(contentsOf: entry.steps)
        }
        return steps
    }
}
