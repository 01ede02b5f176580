import Testing
@testable import Bindery

/// How endpoints hold `@Dynamic` objects: no weak reference, no strong one, and never a strong
/// reference formed to an object that has begun to deinitialise (rule 1).
@Suite(.failOnUnexpectedDiagnostics) struct UnownedObjectTests {
    /// Runs `onDeinit` from its deinit.
    final class Probe {
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }

    @Test("Rule 1: an unowned reference does not keep its object, and yields nothing once it has gone")
    func keepsOnlyMemory() {
        var deinitialised = false
        let reference: Unmanaged<AnyObject>
        do {
            let probe = Probe()
            probe.onDeinit = { deinitialised = true }
            reference = Unmanaged.passUnretained(probe)
            UnownedObject.keepMemory(of: reference)
            #expect(UnownedObject.retainIfAlive(reference) === probe)
        }
        #expect(deinitialised)
        // The memory is kept, so trying the reference is safe, and fails.
        #expect(!UnownedObject.isAlive(reference))
        #expect(UnownedObject.retainIfAlive(reference) == nil)
        UnownedObject.releaseMemory(of: reference)
    }

    class Base {}
    final class Derived: Base {}

    @Test("Rule 11: an object's class is read from its kept memory, after it has gone too (diagnostics name it)")
    func classAfterDeinit() {
        let reference: Unmanaged<AnyObject>
        do {
            let probe: Base = Derived()
            reference = Unmanaged.passUnretained(probe)
            UnownedObject.keepMemory(of: reference)
            #expect(ObjectIdentifier(UnownedObject.type(of: reference)) == ObjectIdentifier(Derived.self))
        }
        #expect(!UnownedObject.isAlive(reference))
        #expect(ObjectIdentifier(UnownedObject.type(of: reference)) == ObjectIdentifier(Derived.self))
        UnownedObject.releaseMemory(of: reference)
    }

    @Test("Rule 1: once the deinit has begun, no strong reference can be formed, even from inside it")
    func nilDuringDeinit() {
        var formedInDeinit: Bool?
        do {
            let probe = Probe()
            let reference = Unmanaged<AnyObject>.passUnretained(probe)
            UnownedObject.keepMemory(of: reference)
            probe.onDeinit = {
                formedInDeinit = UnownedObject.retainIfAlive(reference) != nil
                UnownedObject.releaseMemory(of: reference)
            }
        }
        #expect(formedInDeinit == false)
    }
}
