import Testing
import Bindery

/// Chain heads: `Bind.in` / `Bind.inout` on objects, controls, array elements, shorthands.
@Suite(.failOnUnexpectedDiagnostics) struct BindTests {
    @Test("Bind.in on an observable property sends its sets")
    func inOnProperty() {
        let box = Box()
        let label = Label()
        Bind.in(box, \.double).out(label, \.text)
        box.double = 2.5
        #expect(label.text == "2.5")
    }

    @Test("Bind.inout on an observable property sends and receives")
    func inoutOnProperty() {
        let box = Box(), other = Box()
        Bind.inout(box, \.string).inout(other, \.string)
        other.string = "back"
        #expect(box.string == "back")
    }

    @Test("Bind.in on a control sends on its events only")
    func inOnControl() {
        let field = TestField()
        let label = Label()
        Bind.in(field, \.text, on: .editingChanged).out(label, \.text)
        field.type("hello")
        #expect(label.text == "hello")
    }

    @Test("Bind.inout on a control receives programmatically and sends on events")
    func inoutOnControl() {
        let slider = TestSlider()
        let box = Box()
        Bind.inout(slider, \.value, on: .valueChanged).inout(box, \.float)
        box.float = 0.3
        #expect(slider.value == 0.3)
        slider.drag(to: 0.9)
        #expect(box.float == 0.9)
    }

    @Test("Bind.inout on an array element sends and receives that element")
    func inoutOnElement() {
        let lottery = Lottery()
        let box = Box()
        Bind.inout(lottery, \.digits, index: 0).inout(box, \.string)
        #expect(box.string == "0")
        box.string = "6"
        #expect(lottery.digits == [6, 0, 0])
        lottery.digits[0] = 2
        #expect(box.string == "2")
    }

    @Test("Bind.in(control) and Bind.inout(control) use the designated property and events")
    func controlShorthandHeads() {
        let field = TestField(), slider = TestSlider()
        let box = Box()
        Bind.in(field).out(box, \.string)
        Bind.inout(slider).inout(box, \.double)
        field.type("designated")
        slider.drag(to: 0.125)
        #expect(box.string == "designated")
        #expect(box.double == 0.125)
    }

    @Test("A Dynamic box can head a chain")
    func boxHead() {
        let flag = Dynamic(false)
        let label = Label()
        Bind.in(flag, \.value).outNot(label, \.isVisible)
        flag.value = true
        #expect(label.isVisible == false)
    }
}
