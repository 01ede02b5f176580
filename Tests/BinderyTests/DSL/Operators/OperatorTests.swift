import Testing
@testable import Bindery

/// A label whose designated property is its text.
final class Caption: DesignatedProperty, @unchecked Sendable {
    var text: String? = nil
    static var designatedKeyPath: ReferenceWritableKeyPath<Caption, String?> { \.text }
}

/// The six direction operators, each against what it promises: the value pushed when bound,
/// later updates each way, `unbind()`, and the end of the binding when either side deinitialises.
@Suite(.failOnUnexpectedDiagnostics) struct OperatorTests {
    /// One operator, applied to a `Box`'s `string` (left) and another's (right).
    struct Form: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether the right side gets the left's value when bound (and the left the right's, for `<~`).
        let pushesNow: Bool
        let leftToRight: Bool
        let rightToLeft: Bool
        let bind: @Sendable (Box, Box) -> Handle
        var testDescription: String { name }
    }

    /// What a test needs of either handle type.
    struct Handle {
        let unbind: () -> Void
        let isBound: () -> Bool
    }

    static let forms: [Form] = [
        Form(name: "~>", pushesNow: true, leftToRight: true, rightToLeft: false) { l, r in
            let b = (l, \.string) ~> (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
        Form(name: "!~>", pushesNow: false, leftToRight: true, rightToLeft: false) { l, r in
            let b = (l, \.string) !~> (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
        Form(name: "<~", pushesNow: true, leftToRight: false, rightToLeft: true) { l, r in
            let b = (l, \.string) <~ (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
        Form(name: "<~!", pushesNow: false, leftToRight: false, rightToLeft: true) { l, r in
            let b = (l, \.string) <~! (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
        Form(name: "<>", pushesNow: true, leftToRight: true, rightToLeft: true) { l, r in
            let b = (l, \.string) <> (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
        Form(name: "<!>", pushesNow: false, leftToRight: true, rightToLeft: true) { l, r in
            let b = (l, \.string) <!> (r, \.string)
            return Handle(unbind: b.unbind, isBound: { b.isBound })
        },
    ]

    @Test("Rule 2: each operator pushes the sender's value when bound, unless it has a `!`", arguments: forms)
    func initialValue(form: Form) {
        let left = Box(), right = Box()
        left.string = "left"
        right.string = "right"
        _ = form.bind(left, right)
        if !form.pushesNow {
            #expect(left.string == "left" && right.string == "right")
        } else if form.leftToRight {
            #expect(right.string == "left" && left.string == "left")
        } else {
            #expect(left.string == "right" && right.string == "right")
        }
    }

    @Test("Each operator carries later changes in its direction only", arguments: forms)
    func laterUpdates(form: Form) {
        let left = Box(), right = Box()
        let handle = form.bind(left, right)
        #expect(handle.isBound())
        left.string = "from left"
        #expect(right.string == (form.leftToRight ? "from left" : ""))
        right.string = "from right"
        #expect(left.string == (form.rightToLeft ? "from right" : "from left"))
    }

    @Test("Rule 1: unbind() ends the binding: later changes go nowhere", arguments: forms)
    func unbind(form: Form) {
        let left = Box(), right = Box()
        let handle = form.bind(left, right)
        handle.unbind()
        #expect(!handle.isBound())
        left.string = "a"
        right.string = "b"
        #expect(left.string == "a" && right.string == "b")
        #expect(!Bind.isBound(left) && !Bind.isBound(right))
        handle.unbind()
    }

    @Test("Rule 1: the binding retains neither side and ends when the left one goes", arguments: forms)
    func leftDeinit(form: Form) {
        let right = Box()
        weak var gone: Box?
        let handle: Handle
        do {
            let left = Box()
            gone = left
            handle = form.bind(left, right)
        }
        #expect(gone == nil)
        #expect(!handle.isBound())
        #expect(!Bind.isBound(right))
        right.string = "still writable"
        #expect(right.string == "still writable")
    }

    @Test("Rule 1: the binding retains neither side and ends when the right one goes", arguments: forms)
    func rightDeinit(form: Form) {
        let left = Box()
        weak var gone: Box?
        let handle: Handle
        do {
            let right = Box()
            gone = right
            handle = form.bind(left, right)
        }
        #expect(gone == nil)
        #expect(!handle.isBound())
        #expect(!Bind.isBound(left))
        left.string = "still writable"
        #expect(left.string == "still writable")
    }

    @Test("Operands convert automatically, as chains do: Int → String? and back")
    func automaticConversion() {
        let box = Box(), label = Label()
        box.int = 7
        (box, \.int) ~> (label, \.text)
        #expect(label.text == "7")
        let other = Box()
        (box, \.int) <> (other, \.string)
        #expect(other.string == "7")
        other.string = "12ab"
        #expect(box.int == 12)
    }

    @Test("Controls: a shorthand binds the designated property and listens to its designated events")
    func controlShorthands() {
        let field = TestField(), label = Label(), box = Box()
        field ~> (label, \.text)
        (box, \.string) <> field
        field.type("typed")
        #expect(label.text == "typed")
        #expect(box.string == "typed")
        box.string = "model"
        #expect(field.text == "model")
        #expect(label.text == "model")
        let other = TestField()
        field ~> other
        #expect(other.text == "model")
        let caption = Caption(), count = Caption()
        field ~> caption                     // a label's designated property: its text
        (box, \.int) ~> count
        #expect(count.text == "0")
        field.type("later")
        #expect(caption.text == "later")
    }

    @Test("Rule 4: a control's own edit is not written back to it")
    func noEchoIntoControl() {
        let field = TestField(), box = Box()
        (box, \.string) <> (field, \.text)
        let writes = field.writes
        field.type("abc")
        #expect(box.string == "abc")
        #expect(field.writes == writes + 1)
    }

    @Test("transform gives the receiver a function; $0 is the source's type; the value is pushed again through it")
    func transform() {
        let box = Box(), label = Label()
        box.string = "ann"
        ((box, \.string) ~> (label, \.text)).transform { $0.uppercased() }
        #expect(label.text == "ANN")
        box.string = "bob"
        #expect(label.text == "BOB")
    }

    @Test("transform on a right-to-left binding runs right → left")
    func transformBackward() {
        let box = Box(), field = TestField()
        ((box, \.int) <~ (field, \.text)).transform { $0.count }
        field.type("four")
        #expect(box.int == 4)
    }

    @Test("A pair with no automatic conversion binds nothing until a transform is given, and reports nothing")
    func pendingUntilTransform() {
        let box = Box(), panel = Panel()
        box.string = "red"
        let binding = (box, \.string) ~> (panel, \.background)
        #expect(panel.background == Color(name: "none"))
        binding.transform { Color(name: $0) }
        #expect(panel.background == Color(name: "red"))
        box.string = "blue"
        #expect(panel.background == Color(name: "blue"))
    }

    @Test("transform(_:reverse:) on a two-way binding converts both ways")
    func twoWayTransform() {
        let box = Box(), other = Box()
        box.string = "red"
        ((box, \.string) <> (other, \.color)).transform({ Color(name: $0) }, reverse: { $0.name })
        #expect(other.color == Color(name: "red"))
        other.color = Color(name: "green")
        #expect(box.string == "green")
    }

    @Test("observe runs with each value, now unless `!`, and unbind() removes it")
    func observe() {
        let box = Box(), label = Label()
        let seen = Recorder<String>()
        let binding = ((box, \.string) ~> (label, \.text)).observe { seen.append($0) }
        box.string = "a"
        binding.unbind()
        box.string = "b"
        #expect(seen.values == ["", "a"])
        let quiet = Recorder<String>()
        ((box, \.string) !~> (label, \.text)).observe { quiet.append($0) }
        box.string = "c"
        #expect(quiet.values == ["c"])
    }

    @Test("Rule 7: an operator joins the chain its sender is in; unbinding one binding leaves the other")
    func joinsAndUnbindsOwnSide() {
        let box = Box(), first = Label(), second = Label()
        let one = (box, \.string) ~> (first, \.text)
        (box, \.string) ~> (second, \.text)
        one.unbind()
        box.string = "x"
        #expect(first.text == "")
        #expect(second.text == "x")
    }

    @Test("A transform after the binding ended changes nothing and is reported")
    func transformAfterEnd() {
        let box = Box(), label = Label()
        let binding = (box, \.string) ~> (label, \.text)
        binding.unbind()
        let log = DiagnosticLog()
        log.capture { binding.transform { $0 + "!" } }
        #expect(log.all.count == 1)
        box.string = "z"
        #expect(label.text == "")
    }

    @Test("Rule 10: an operator declared on the main actor writes a main-actor receiver only there, whichever thread changes the source", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorReceiver() async {
        let box = Box()
        let label = IsolatedLabel()
        (box, \.int) ~> (label, \.text)
        #expect(label.writes == ["0"])
        await Task.detached {
            for value in 1...50 { box.int = value }
        }.value
        await drainMainQueue()
        #expect(label.text == "50")
        #expect(label.allOnMain)
    }

    @Test("Rule 10: a main-actor control (an isolated conformance, as the kits' widgets have) binds both ways and is written on the main actor", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorControl() async {
        let box = Box()
        let field = MainActorField()
        (box, \.string) <> field
        await Task.detached { box.string = "from a task" }.value
        await drainMainQueue()
        #expect(field.text == "from a task")
        field.type("typed")
        #expect(box.string == "typed")
    }
}
