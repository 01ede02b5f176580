import Testing
@testable import Bindery

/// How endpoints hold `@Dynamic` objects: no weak reference, no strong one, and never a strong
/// reference formed to an object that has begun to deinitialise (DESIGN rule 1).
@Suite struct UnownedObjectTests {
    /// Runs `onDeinit` from its deinit.
    final class Probe {
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }

    @Test("Rule 1: the reference neither retains its object nor gives it a weak reference")
    func holdsNothing() {
        weak var gone: Probe?
        let reference: UnownedObject
        do {
            let probe = Probe()
            reference = UnownedObject(probe)
            #expect(reference.retainIfAlive() === probe)
            gone = probe
        }
        #expect(gone == nil)
        #expect(reference.retainIfAlive() == nil)
    }

    @Test("Rule 1: once the deinit has begun, no strong reference can be formed, even from inside it")
    func nilDuringDeinit() {
        var formedInDeinit: Bool?
        do {
            let probe = Probe()
            let reference = UnownedObject(probe)
            probe.onDeinit = { formedInDeinit = reference.retainIfAlive() != nil }
        }
        #expect(formedInDeinit == false)
    }
}
