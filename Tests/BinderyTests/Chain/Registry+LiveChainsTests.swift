import Foundation
import Testing
@testable import Bindery

/// The registry's list of live chains, which `Bind.graph()` reads.
@Suite(.failOnUnexpectedDiagnostics) struct RegistryLiveChainsTests {
    /// The listed chains that have an endpoint on `object`.
    private func listed(with object: AnyObject) -> Int {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        return GraphLock.shared.locked {
            Registry.shared.snapshotLocked().filter { $0.members.contains { $0.address == address } }.count
        }
    }

    @Test("A chain is listed while it lives, and unlisted when it is unbound, when it loses its sender and when a join merges it away")
    func listedWhileLive() {
        let source = Box(), other = Box(), label = Label()
        let chain = Bind.in(source, \.int).out(label, \.text)
        #expect(listed(with: source) == 1)
        let second = Bind.in(other, \.int).out(label, \.number)
        let joining = Bind.in(other, \.int).in(source, \.int)    // joins the two chains: one is left
        #expect(listed(with: source) == 1)
        #expect(listed(with: other) == 1)
        chain.unbind()                                  // `source` stays: the join declared it too
        #expect(listed(with: source) == 1)
        joining.unbind()
        second.unbind()
        #expect(listed(with: source) == 0)
        #expect(listed(with: label) == 0)
    }

    #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test("Rule 1: bind/unbind churn, joins, and chains that were never bound and lost every member leave the list empty", .ownThread)
    func churnLeavesTheListEmpty() async {
        // In a child process, so that the global registry holds nothing of other tests.
        await #expect(processExitsWith: .success) {
            let label = Label()
            for index in 0..<20_000 {
                let source = Box(), other = Box()
                switch index % 4 {
                case 0: Bind.in(source, \.int).out(label, \.text).unbind()
                case 1:
                    Bind.in(source, \.int).out(label, \.text)
                    Bind.in(other, \.int).out(label, \.number)
                    Bind.in(other, \.int).in(source, \.int)
                    Bind.unbind(label)
                case 2: Bind.in(source, \.int)             // never bound; goes with `source`
                default: Bind.in(source, \.int).out("block") { (_: Int) in }
                }
            }
            let counts = GraphLock.shared.locked { (Registry.shared.state.liveChains.count, Registry.shared.state.chainCount) }
            precondition(counts.0 == 0, "chains still listed: \(counts)")
        }
    }
    #endif
}
