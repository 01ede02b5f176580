import Foundation
import Testing
@testable import Bindery

@Dynamic private final class JoinModel: @unchecked Sendable {
    var name = ""
}

private final class JoinTag {
    var text = ""
}

/// Two tags of one type: their `text` is at the same offset in each, reached through
/// different `let`s.
private final class JoinRow {
    let title = JoinTag()
    let subtitle = JoinTag()
}

/// The binding graph: what it keeps and when it lets go (rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct RegistryTests {
    @Test("Rule 7: a receiver declared again on the same property of an object joins its chain; one on another property of the object does not")
    func joinsByProperty() {
        let row = JoinRow()
        let first = JoinModel(), second = JoinModel(), other = JoinModel()
        let chains = [
            Bind.inout(first, \.name).out(row, \.title.text),
            Bind.inout(second, \.name).out(row, \.title.text),
            Bind.inout(other, \.name).out(row, \.subtitle.text),
        ]
        first.name = "joined"
        #expect(row.title.text == "joined")
        #expect(second.name == "joined")
        #expect(row.subtitle.text == "" && other.name == "")
        other.name = "apart"
        #expect(row.subtitle.text == "apart")
        #expect(first.name == "joined" && second.name == "joined" && row.title.text == "joined")
        for chain in chains { chain.unbind() }
    }

    @Test("The graph lists endpoints by object (a @Dynamic object's in its registrar, a plain one's in the index) and forgets them when their chain ends")
    func indexByObject() {
        let box = Box()
        let label = Label()
        let chain = Bind.in(box, \.int).out(label, \.text)
        let (boxEntries, labelEntries) = GraphLock.shared.locked {
            (Array(Registry.shared.entriesLocked(of: box, lifetime: box._$registrar)).count, Array(Registry.shared.entriesLocked(of: label, lifetime: nil)).count)
        }
        #expect(boxEntries == 1)
        #expect(labelEntries == 1)
        // The @Dynamic object is not in the process-wide index: its registrar lists it.
        let boxIndexed = GraphLock.shared.locked { Array(Registry.shared.indexedEntriesLocked(of: ObjectIdentifier(box))).count }
        #expect(boxIndexed == 0)
        chain.unbind()
        let afterwards = GraphLock.shared.locked {
            (Array(Registry.shared.entriesLocked(of: box, lifetime: box._$registrar)).count, Array(Registry.shared.entriesLocked(of: label, lifetime: nil)).count)
        }
        #expect(afterwards.0 == 0)
        #expect(afterwards.1 == 0)
    }

    @Test("Rule 1, 8: a dead plain object's entry never makes a new object look bound, and goes at the next dispatch")
    func staleEntriesNeverAdoptNewObjects() {
        let box = Box()
        var label: Label? = Label()
        Bind.in(box, \.int).out(label!, \.text)
        let id = ObjectIdentifier(label!)
        label = nil
        // New objects of the same size, kept alive so that each takes a fresh address. Bindery
        // holds the dead label without a side table but keeps its memory reserved until the
        // entry goes, so none of them can sit at the dead label's address and inherit its
        // binding.
        let newcomers = (0..<1_000).map { _ in Label() }
        #expect(!newcomers.contains { ObjectIdentifier($0) == id })
        #expect(!newcomers.contains { Bind.isBound($0) })
        let stale = GraphLock.shared.locked { Array(Registry.shared.indexedEntriesLocked(of: id)).count }
        #expect(stale == 1)
        box.int = 1     // the next dispatch prunes it
        let after = GraphLock.shared.locked { Array(Registry.shared.indexedEntriesLocked(of: id)).count }
        #expect(after == 0)
        #expect(!Bind.isBound(box))      // the chain lost its only receiver
        withExtendedLifetime(newcomers) {}
    }

    #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// The benchmark's `memory.chain.1000000` and `isolation.1000000` rows give the bytes per
    /// chain and the cost of one update among a million; this checks what they cannot see.
    /// `BINDERY_SCALE_CHAINS` sets the count (CI's thread-sanitizer run takes fewer).
    @Test("Rules 1, 12: a million live chains on a million objects; one update reaches its receiver; when the objects go, the registry is empty", .ownThread)
    func millionChains() async {
        // In a child process, so that the global registry holds nothing of other tests.
        await #expect(processExitsWith: .success) {
            let count = ProcessInfo.processInfo.environment["BINDERY_SCALE_CHAINS"].flatMap(Int.init) ?? 1_000_000
            var sources = (0..<count).map { _ in Box() }
            var labels = (0..<count).map { _ in Label() }
            for index in 0..<count {
                Bind.in(sources[index], \.int).out(labels[index], \.text)
            }
            let live = GraphLock.shared.locked { (Registry.shared.state.chainCount, Registry.shared.state.endpointCount) }
            precondition(live == (count, 2 * count), "expected \(count) chains and \(2 * count) endpoints, found \(live)")
            let middle = count / 2
            sources[middle].int = 42
            precondition(labels[middle].text == "42", "the update did not reach its receiver")
            precondition(labels[middle + 1].text == "0", "an update reached an unrelated receiver")
            sources = []
            labels = []
            let counts = GraphLock.shared.locked {
                (Registry.shared.state.chainCount, Registry.shared.state.endpointCount, Registry.shared.state.byObject.count)
            }
            precondition(counts == (0, 0, 0), "registry not empty after the objects went: \(counts)")
        }
    }
    #endif
}
