import Testing
@testable import Bindery

/// How endpoints hold `@Dynamic` objects: no weak reference, no strong one, and never a strong
/// reference formed to an object that has begun to deinitialise (DESIGN rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct UnownedObjectTests {
    /// Runs `onDeinit` from its deinit.
    final class Probe {
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }

    @Test("Rule 1: an unowned reference does not keep its object, and yields nothing once it has gone")
    func keepsOnlyMemory() {
        var deinitialised = false
        let keeper: UnownedObject.Keeper
        let reference: Unmanaged<AnyObject>
        do {
            let probe = Probe()
            probe.onDeinit = { deinitialised = true }
            keeper = UnownedObject.Keeper(probe)
            reference = Unmanaged.passUnretained(probe)
            #expect(UnownedObject.retainIfAlive(reference) === probe)
        }
        #expect(deinitialised)
        // The keeper keeps the memory, so trying the reference is safe, and fails.
        #expect(UnownedObject.retainIfAlive(reference) == nil)
        withExtendedLifetime(keeper) {}
    }

    @Test("Rule 1: once the deinit has begun, no strong reference can be formed, even from inside it")
    func nilDuringDeinit() {
        var formedInDeinit: Bool?
        do {
            let probe = Probe()
            let keeper = UnownedObject.Keeper(probe)
            let reference = Unmanaged<AnyObject>.passUnretained(probe)
            probe.onDeinit = {
                formedInDeinit = UnownedObject.retainIfAlive(reference) != nil
                withExtendedLifetime(keeper) {}
            }
        }
        #expect(formedInDeinit == false)
    }
}
