import Testing
@testable import Bindery

/// The memo tables' map (bind-time lookups by class, key path and offset, rule 12): it
/// answers as a dictionary would.
@Suite(.failOnUnexpectedDiagnostics) struct AddressMapTests {
    @Test("Rule 12: an empty map finds nothing")
    func emptyFindsNothing() {
        let map = AddressMap<Int>()
        #expect(map.value(for: (1, 2)) == nil)
        #expect(map.count == 0)
    }

    @Test("Rule 12: a set value is found under its key only, and setting it again replaces it")
    func setAndReplace() {
        var map = AddressMap<String>()
        map.set("a", for: (16, 32))
        map.set("b", for: (32, 16))
        #expect(map.value(for: (16, 32)) == "a")
        #expect(map.value(for: (32, 16)) == "b")
        #expect(map.value(for: (16, 16)) == nil)
        map.set("c", for: (16, 32))
        #expect(map.value(for: (16, 32)) == "c")
        #expect(map.count == 2)
        map.removeAll()
        #expect(map.value(for: (16, 32)) == nil)
        #expect(map.count == 0)
    }

    @Test("Rule 12: many keys (aligned addresses, as objects have) through several growths agree with a dictionary")
    func agreesWithDictionary() {
        var map = AddressMap<Int>()
        var model: [UInt: Int] = [:]
        // A fixed linear congruential sequence: the same keys every run.
        var state: UInt = 0x2545_F491_4F6C_DD1D
        func next() -> UInt {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for step in 0..<5_000 {
            // Addresses 16 apart from a small range, so that keys repeat and collide.
            let address = (next() % 2_000 + 1) * 16
            map.set(step, for: (address, 7))
            model[address] = step
        }
        #expect(map.count == model.count)
        for address in stride(from: UInt(16), through: 2_001 * 16, by: 16) {
            #expect(map.value(for: (address, 7)) == model[address])
            #expect(map.value(for: (address, 8)) == nil)
        }
    }
}
