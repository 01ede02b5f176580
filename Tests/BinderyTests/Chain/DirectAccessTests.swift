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

    @Test("A property bound again finds the accessors of its first bind in that chain type, and another type its own")
    func rememberedAccessorsAreByChainType() throws {
        let model = MemoModel()
        let writes = SharedAccessors.variant(writes: true, explicit: false)
        // A String chain and an Int chain on the same String property, bound in turn: the first
        // type's accessors are remembered, the other's are made anew each time; both write.
        for round in 0..<3 {
            model.text = "1\(round)"
            let asString = MemoLabel(), asNumber = MemoLabel()
            let text = Bind.in(model, \MemoModel.text).out(asString, \.text)
            let number = Bind.in(model, \MemoModel.text).out(asNumber, \.number)
            #expect(asString.text == "1\(round)")
            #expect(asNumber.number == 10 + round)
            model.text = "7"
            #expect(asString.text == "7")
            #expect(asNumber.number == 7)
            text.unbind()
            number.unbind()
        }
        let remembered = try #require(DirectAccess.rememberedAccessors(of: model, \MemoModel.text, chainType: String.self, variant: writes))
        #expect(remembered is Accessors<String>)
        #expect(DirectAccess.rememberedAccessors(of: model, \MemoModel.text, chainType: Int.self, variant: writes) == nil)
        // The receiver's property, converted (String chain into a String? property) and not.
        #expect(DirectAccess.rememberedAccessors(of: MemoLabel(), \MemoLabel.text, chainType: String.self, variant: writes) != nil)
        #expect(DirectAccess.rememberedAccessors(of: MemoLabel(), \MemoLabel.number, chainType: String.self, variant: writes) != nil)
        #expect(DirectAccess.rememberedAccessors(of: MemoLabel(), \MemoLabel.number, chainType: Int.self, variant: writes) == nil)
    }
}

/// A model and a plain receiver that only the remembered-accessors test binds, so that which
/// chain type binds their properties first is known.
@Dynamic private final class MemoModel: @unchecked Sendable {
    var text = ""
}

private final class MemoLabel: @unchecked Sendable {
    var text: String?
    var number = 0
}
