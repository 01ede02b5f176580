import Testing
@testable import Bindery

@Dynamic private final class Registration: @unchecked Sendable {
    var email = ""
    var password = ""
    var first = ""
    var last = ""
    var isValid: Bool { email.contains("@") && password.count >= 8 }
    var fullName: String {
        get { last.isEmpty ? first : "\(first) \(last)" }
        set {
            let parts = newValue.split(separator: " ", maxSplits: 1)
            first = parts.first.map(String.init) ?? ""
            last = parts.count > 1 ? String(parts[1]) : ""
        }
    }
    let plain = PlainBox()
    var plainName: String { plain.name }              // reads nothing Bindery can hear
}

/// A computed property whose getter counts its calls.
@Dynamic private final class Counted: @unchecked Sendable {
    var input = 0
    let calls = Counter()
    var doubled: Int {
        calls.increment()
        return input * 2
    }
}

private final class PlainBox: @unchecked Sendable {
    var name = "plain"
}

private final class Button: @unchecked Sendable {
    var isEnabled = true
    var writes = 0
    var title = "" { didSet { writes += 1 } }
}

private final class FormScreen: @unchecked Sendable {
    let changes = Recorder<Change<Bool>>()
    func validityChanged(_ change: Change<Bool>) { changes.append(change) }
}

/// Computed properties of `@Dynamic` classes as senders.
@Suite(.failOnUnexpectedDiagnostics) struct ComputedPropertyTests {
    @Test("Rule 13: one set runs the getter once; the value that evaluation made is what the chain carries")
    func getterOncePerSet() {
        let model = Counted()
        let receiver = Button()
        Bind.in(model, \.doubled).out(receiver, \.title)
        let atBind = model.calls.value
        model.input = 3
        #expect(receiver.title == "6")
        #expect(model.calls.value == atBind + 1)
        model.input = 4
        model.input = 5
        #expect(receiver.title == "10")
        #expect(model.calls.value == atBind + 3)
    }

    @Test("The sign-up form: a computed property sends, its reads tracked, and the button follows validity")
    func signUpForm() {
        let form = Registration()
        let submitButton = Button()
        Bind.in(form, \.isValid).out(submitButton, \.isEnabled)
        #expect(submitButton.isEnabled == false)
        form.email = "ada@example.com"
        #expect(submitButton.isEnabled == false)
        form.password = "analytical"
        #expect(submitButton.isEnabled == true)
        form.password = "short"
        #expect(submitButton.isEnabled == false)
    }

    @Test("The operators take a computed property as a sender")
    func operators() {
        let form = Registration()
        let button = Button()
        (form, \.isValid) ~> (button, \.isEnabled)
        #expect(button.isEnabled == false)
        form.email = "a@b"
        form.password = "12345678"
        #expect(button.isEnabled == true)
    }

    @Test("A target-action on a computed property gets the old and the new value, once per change of the value")
    func targetAction() {
        let form = Registration()
        let screen = FormScreen()
        form.addTarget(screen, action: FormScreen.validityChanged, forKeyPathChange: \.isValid)
        form.email = "a@b"
        form.password = "12345678"
        form.email = "a@bc"                               // still valid: no change
        form.password = ""
        #expect(screen.changes.values.map(\.old) == [false, true])
        #expect(screen.changes.values.map(\.new) == [true, false])
    }

    @Test("An Equatable computed property is sent only when its value changed")
    func onlyChanges() {
        let form = Registration()
        let button = Button()
        Bind.in(form, \.fullName).out(button, \.title, initial: false)
        form.first = "Ada"
        form.last = "Lovelace"
        form.email = "unrelated"                         // not read by fullName
        #expect(button.title == "Ada Lovelace")
        #expect(button.writes == 2)
    }

    @Test("Rule 4: a computed property with a setter is a two-way endpoint; the value it sends back is not written to its origin")
    func twoWay() {
        let form = Registration()
        let field = TestField()
        Bind.inout(form, \.fullName).inout(field)
        let before = field.writes
        field.type("Grace Hopper")                        // one write: the person's
        #expect(form.first == "Grace")
        #expect(form.last == "Hopper")
        #expect(field.writes == before + 1)               // nothing written back
        form.last = "Murray"
        #expect(field.text == "Grace Murray")
    }

    @Test("One derived value serves every binding of a computed property")
    func shared() {
        let form = Registration()
        let first = Button(), second = Button()
        Bind.in(form, \.isValid).out(first, \.isEnabled)
        Bind.in(form, \.isValid).out(second, \.isEnabled)
        #expect(form._$registrar.keptSenders.count == 1)
        form.email = "a@b"
        form.password = "12345678"
        #expect(first.isEnabled && second.isEnabled)
    }

    @Test("Rule 11: a computed property that reads nothing observable is still refused, with the reason")
    func unobservableRefused() {
        let form = Registration()
        let label = Label()
        let log = DiagnosticLog()
        log.capture {
            Bind.in(form, \.plainName).out(label, \.text)
        }
        #expect(log.all.contains { $0.message.contains("computed") })
        #expect(!Bind.isBound(label))
    }

    @Test("Rule 1: the object is not retained by its computed property's derived value")
    func lifetime() {
        weak var weakForm: Registration?
        let button = Button()
        do {
            let form = Registration()
            weakForm = form
            Bind.in(form, \.isValid).out(button, \.isEnabled)
        }
        #expect(weakForm == nil)
        #expect(!Bind.isBound(button))
    }
}
