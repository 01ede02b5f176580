import Testing
import Bindery

/// Continuations that send: `.in`, `.inout`, `.inoutNot`, with conversion.
@Suite(.failOnUnexpectedDiagnostics) struct ChainSendersTests {
    @Test("A second sender joins the chain and its changes reach every receiver")
    func secondSender() {
        let a = Box(), b = Box()
        let label = Label()
        Bind.in(a, \.int).in(b, \.int).out(label, \.text)
        b.int = 2
        #expect(label.text == "2")
        a.int = 3
        #expect(label.text == "3")
    }

    @Test("A sender of another scalar type converts into the chain's type")
    func senderConverts() {
        let model = Box(), text = Box()
        Bind.inout(model, \.int).in(text, \.string)
        text.string = "42abc"
        #expect(model.int == 42)
    }

    @Test("A sender with a reverse closure turns its custom type into the chain's value")
    func senderConvertClosure() {
        let model = Box(), swatch = Box()
        Bind.inout(model, \.string).in(swatch, \.color, reverse: { $0.name })
        swatch.color = Color(name: "teal")
        #expect(model.string == "teal")
    }

    @Test("A control sender joins on its events")
    func controlSender() {
        let model = Box()
        let field = TestField()
        Bind.inout(model, \.int).in(field, \.text, on: .editingChanged)
        field.type("17")
        #expect(model.int == 17)
        #expect(field.text == "17")
    }

    @Test("An array element sender sends its element, converted")
    func elementSender() {
        let lottery = Lottery()
        let model = Box()
        Bind.inout(model, \.string).in(lottery, \.digits, index: 2)
        lottery.digits[2] = 9
        #expect(model.string == "9")
    }

    @Test("A control designated-property sender")
    func controlShorthandSender() {
        let model = Box()
        let field = TestField()
        Bind.inout(model, \.string).in(field)
        field.type("short")
        #expect(model.string == "short")
    }

    @Test("Two-way with convert and reverse, for custom types")
    func inoutConvertReverse() {
        let model = Box(), swatch = Box()
        model.string = "red"
        Bind.inout(model, \.string).inout(swatch, \.color, convert: { Color(name: $0) }, reverse: { $0.name })
        #expect(swatch.color == Color(name: "red"))
        swatch.color = Color(name: "blue")
        #expect(model.string == "blue")
    }

    @Test("A control two-way endpoint with convert and reverse")
    func controlConvertReverse() {
        let model = Box()
        let field = TestField()
        model.color = Color(name: "gold")
        Bind.inout(model, \.color).inout(field, \.text, on: .editingChanged, convert: { $0.name }, reverse: { Color(name: $0) })
        #expect(field.text == "gold")
        field.type("silver")
        #expect(model.color == Color(name: "silver"))
    }

    @Test("A two-way array element continuation")
    func inoutElement() {
        let lottery = Lottery()
        let model = Box()
        model.int = 4
        Bind.inout(model, \.int).inout(lottery, \.digits, index: 1)
        #expect(lottery.digits == [0, 4, 0])
        lottery.digits[1] = 5
        #expect(model.int == 5)
    }

    @Test("inoutNot on an observable Bool negates both ways")
    func inoutNotObject() {
        let model = Box(), mirror = Box()
        Bind.inout(model, \.bool).inoutNot(mirror, \.bool)
        #expect(mirror.bool == true)
        mirror.bool = false
        #expect(model.bool == true)
    }

    @Test("An inout continuation with initial: false keeps its own value until the next change")
    func inoutNoInitial() {
        let model = Box(), other = Box()
        model.int = 1
        other.int = 2
        Bind.inout(model, \.int).inout(other, \.int, initial: false)
        #expect(other.int == 2)
        model.int = 3
        #expect(other.int == 3)
    }
}
