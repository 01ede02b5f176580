import Testing
@testable import Bindery

/// The accessors an endpoint uses: direct ones for `@Dynamic` properties, key paths otherwise.
@Suite(.failOnUnexpectedDiagnostics) struct EndpointSpecFactoriesTests {
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

extension EndpointSpecFactoriesTests {
    @Test("Rule 12: endpoints on one property and chain type share their accessors, conversions included; each way of binding it gets its own")
    func accessorsShared() {
        let first = Box(), second = Box(), label = Label(), other = Label()
        // A @Dynamic property, a plain stored one, each in its own type and converted.
        let dynamicSame = EndpointSpec<Int>.automatic(first, \Box.int, writable: \Box.int, role: [.sends, .receives])
        #expect(EndpointSpec<Int>.automatic(second, \Box.int, writable: \Box.int, role: [.sends, .receives]).accessors === dynamicSame.accessors)
        let dynamicText = EndpointSpec<String>.automatic(first, \Box.int, writable: \Box.int, role: [.sends, .receives])
        #expect(EndpointSpec<String>.automatic(second, \Box.int, writable: \Box.int, role: [.sends, .receives]).accessors === dynamicText.accessors)
        let plainText = EndpointSpec<String>.automatic(label, \Label.number, writable: \Label.number, role: .receives)
        #expect(EndpointSpec<String>.automatic(other, \Label.number, writable: \Label.number, role: .receives).accessors === plainText.accessors)
        // A read-only endpoint, or another chain type, gets other accessors.
        let readOnly = EndpointSpec<Int>.automatic(first, \Box.int, writable: nil, role: .sends)
        #expect(readOnly.accessors !== dynamicSame.accessors)
        #expect(readOnly.accessors.write == nil)
        #expect(EndpointSpec<Double>.automatic(first, \Box.int, writable: \Box.int, role: .receives).accessors !== dynamicText.accessors)
        // The shared accessors read and write the object they are given, converting.
        first.int = 12
        #expect(dynamicText.accessors.read?(first) == "12")
        #expect(dynamicText.accessors.write?(second, "7ab") == true)
        #expect(second.int == 7)
        #expect(plainText.accessors.write?(other, "41") == true)
        #expect(other.number == 41)
    }

    @Test("Rule 6: chains of another type bind properties through the shared conversions, both ways")
    func sharedConversionEndToEnd() {
        let text = Box(), number = Box(), label = Label()
        let chain = Bind.inout(text, \.string).inout(number, \.int).out(label, \.number)
        text.string = "31"
        #expect(number.int == 31 && label.number == 31)
        number.int = 5
        #expect(text.string == "5" && label.number == 5)
        chain.unbind()
        // A second chain on the same properties, of the same types, converts alike.
        let other = Box()
        Bind.inout(other, \.string).inout(number, \.int)
        other.string = "8"
        #expect(number.int == 8)
    }
}
