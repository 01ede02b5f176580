import Testing
@testable import Bindery

/// The accessors an endpoint uses: direct ones for `@Dynamic` properties, key paths otherwise.
@Suite(.failOnUnexpectedDiagnostics) struct EndpointSpecFactoriesTests {
    @Test("A @Dynamic property is read and written through the accessors the macro generated")
    func dynamicPropertyUsesDirectAccessors() throws {
        let box = Box()
        let accessor = try #require(DirectAccess.accessor(of: box, \Box.int, Int.self))
        accessor.set?(box, 4)
        #expect(box.int == 4)
        #expect(accessor.get(box) == 4)
        #expect(DirectAccess.accessor(of: box, \Box.string, String.self) != nil)
    }

    @Test("A Dynamic box's value has direct accessors")
    func boxValueUsesDirectAccessors() {
        let count = Dynamic(1)
        #expect(DirectAccess.accessor(of: count, \Dynamic<Int>.value, Int.self) != nil)
    }

    @Test("A plain class's property falls back to its key path, and still reads and writes")
    func plainPropertyFallsBack() {
        let label = Label()
        #expect(DirectAccess.accessor(of: label, \Label.number, Int.self) == nil)
        let spec = EndpointSpec<Int>.automatic(label, \Label.number, writable: \Label.number, role: [.sends, .receives])
        #expect(spec.accessors.write?(label, 9) == true)
        #expect(label.number == 9)
        #expect(spec.accessors.read?(label) == 9)
    }

    @Test("Element endpoints read through the array's accessor and report out-of-range indices")
    func elementAccess() {
        let lottery = Lottery()
        let inside = EndpointSpec<Int>.element(lottery, \Lottery.digits, writable: \Lottery.digits, index: 2, role: [.sends, .receives], toChain: { $0 }, fromChain: { $0 })
        let outside = EndpointSpec<Int>.element(lottery, \Lottery.digits, writable: \Lottery.digits, index: 3, role: [.sends, .receives], toChain: { $0 }, fromChain: { $0 })
        #expect(inside.accessors.write?(lottery, 5) == true)
        #expect(lottery.digits == [0, 0, 5])
        #expect(inside.accessors.read?(lottery) == 5)
        #expect(outside.accessors.write?(lottery, 1) == false)
        #expect(outside.accessors.read?(lottery) == nil)
    }
}
