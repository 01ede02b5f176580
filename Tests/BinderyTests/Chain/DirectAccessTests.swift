import Testing
@testable import Bindery

/// Finding the direct accessors `@Dynamic` generated for a property.
@Suite(.failOnUnexpectedDiagnostics) struct DirectAccessTests {
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

    @Test("A plain class's property has no direct accessors")
    func plainPropertyHasNone() {
        #expect(DirectAccess.accessor(of: Label(), \Label.number, Int.self) == nil)
    }
}
