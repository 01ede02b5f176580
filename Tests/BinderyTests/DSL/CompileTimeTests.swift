import Testing
import Bindery

/// Key-path inference and overload resolution of the chain syntax: these compile, and pick the
/// overload their comment names. (What must not compile is in `Tests/CompileFailures/`.)
@Suite(.failOnUnexpectedDiagnostics) struct CompileTimeTests {
    @Test("A block's parameter picks the overload: untyped gets the chain's value, typed converts, none ignores it")
    func blockOverloads() {
        let box = Box()
        let untyped = Recorder<Int>(), typed = Recorder<String>(), none = Counter()
        Bind.in(box, \.int)
            .out("untyped", initial: false) { value in untyped.append(value) }   // (Value) -> Void
            .out("typed", initial: false) { (text: String) in typed.append(text) } // generic Argument
            .out("none", initial: false) { none.increment() }                           // () -> Void
        box.int = 2
        #expect(untyped.values == [2])
        #expect(typed.values == ["2"])
        #expect(none.value == 1)
    }

    @Test("Key paths infer their root from the object, for heads, continuations, unbind and isBound")
    func keyPathInference() {
        let box = Box(), field = TestField(), lottery = Lottery()
        let chain = Bind.inout(box, \.string).inout(field, \.text, on: .editingChanged).in(lottery, \.digits, index: 0)
        #expect(Bind.isBound(box, \.string))
        #expect(Bind.isBound(field, \.text, on: .editingChanged))
        #expect(Bind.isBound(lottery, \.digits, index: 0))
        Bind.unbind(lottery, \.digits, index: 0)
        Bind.unbind(field, \.text, on: .editingChanged)
        Bind.unbind(box, \.string)
        #expect(!chain.isBound)
    }

    @Test("The chain's value type is its head's, whatever the continuations' types")
    func chainTypedByHead() {
        let box = Box(), label = Label()
        let chain: Chain<Double> = Bind.in(box, \.double).out(label, \.text).out(label, \.number)
        box.double = 3.9
        #expect(label.text == "3.9")
        #expect(label.number == 3)
        chain.unbind()
    }
}
