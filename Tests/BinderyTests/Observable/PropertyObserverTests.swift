import Testing
@testable import Bindery

/// A view model written before Bindery: its properties have observers.
@Dynamic final class SignUpForm {
    /// What the observers saw, in order (a recorder, so that a block can read it).
    let events = Recorder<String>()

    var name = "" {
        willSet { events.append("willSet \(name) -> \(newValue)") }
        didSet { events.append("didSet \(oldValue) -> \(name)") }
    }

    /// Trimmed to 5 characters by its own didSet, which does not run itself again.
    var code = "" {
        didSet {
            if code.count > 5 { code = String(code.prefix(5)) }
        }
    }

    /// Set by `name`'s neighbour: a didSet that sets another tracked property.
    var nickname = "" {
        didSet { isComplete = !nickname.isEmpty }
    }

    var isComplete = false
}

/// `willSet` and `didSet` on the tracked properties of a `@Dynamic` class.
@Suite(.failOnUnexpectedDiagnostics) struct PropertyObserverTests {
    @Test("Observers run in Swift's order around the store, and the chain hears the change after didSet")
    func observersRunAroundTheStoreBeforeTheChain() {
        let form = SignUpForm()
        let seen = Recorder<String>()
        let events = form.events
        Bind.in(form, \.name).out("log", initial: false) { (value: String) in
            seen.append("chain \(value), events so far \(events.count)")
        }
        form.name = "Zoë"
        #expect(form.events.values == ["willSet  -> Zoë", "didSet  -> Zoë"])
        #expect(seen.values == ["chain Zoë, events so far 2"])
    }

    @Test("A write from a chain runs the receiver's observers too")
    func chainWritesRunObservers() {
        let source = Lottery()
        let form = SignUpForm()
        Bind.in(source, \.winCode).out(form, \.name, initial: false)
        source.winCode = "321"
        #expect(form.name == "321")
        #expect(form.events.values == ["willSet  -> 321", "didSet  -> 321"])
    }

    @Test("A didSet that corrects its own property stores the correction without running again; the chain gets the corrected value once")
    func didSetCorrectsItsOwnProperty() {
        let form = SignUpForm()
        let label = Label()
        let seen = Recorder<String>()
        Bind.in(form, \.code).out(label, \.text).out("log", initial: false) { (value: String) in seen.append(value) }
        form.code = "1234567"
        #expect(form.code == "12345")
        #expect(label.text == "12345")
        #expect(seen.values == ["12345"])
    }

    @Test("A didSet that sets another tracked property: both changes reach their chains")
    func didSetSetsAnotherProperty() {
        let form = SignUpForm()
        let completeLabel = Label(), nicknameLabel = Label()
        Bind.in(form, \.isComplete).out(completeLabel, \.text)
        Bind.in(form, \.nickname).out(nicknameLabel, \.text)
        form.nickname = "zo"
        #expect(nicknameLabel.text == "zo")
        #expect(completeLabel.text == "true")
    }

    @Test("An in-place mutation runs the observers once and reports once")
    func inPlaceMutation() {
        let form = SignUpForm()
        form.name = "a"
        form.events.removeAll()
        let seen = Recorder<String>()
        Bind.in(form, \.name).out("log", initial: false) { (value: String) in seen.append(value) }
        form.name += "b"
        #expect(form.events.values == ["willSet a -> ab", "didSet a -> ab"])
        #expect(seen.values == ["ab"])
    }

    @Test("Observers do not run while the object is initialised")
    func notDuringInit() {
        #expect(SignUpForm().events.values.isEmpty)
        #expect(SignUpForm._$dynamicProperties.map(\.name) == ["events", "name", "code", "nickname", "isComplete"])
    }
}
