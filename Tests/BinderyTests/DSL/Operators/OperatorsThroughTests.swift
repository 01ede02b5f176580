import Testing
@testable import Bindery

/// A `@Dynamic` receiver whose every set a target-action hears.
@Dynamic final class Shown: @unchecked Sendable {
    var text: String? = nil
}

/// Hears each set of a `Shown`'s text.
final class SetLog: @unchecked Sendable {
    let heard = Recorder<String?>()

    func textSet(_ change: Change<String?>) { heard.append(change.new) }
}

/// A type no automatic conversion reaches.
struct Marker: Sendable {}

/// Reads a `Marker`, which nothing converts to.
struct DescribeMarker: Transformer {
    func transform(_ value: Marker) -> String { "marker" }
}

/// One way only (it has no reverse).
struct Shout: Transformer {
    func transform(_ value: String) -> String { value.uppercased() + "!" }
}

/// The operators given their conversion with the binding (`through:`): the receiver is bound
/// once, through it, and written once; what cannot convert is refused before anything is bound.
@Suite(.failOnUnexpectedDiagnostics) struct OperatorsThroughTests {
    @Test("A transformer declared with ~> writes the receiver once when it binds, through the transformer")
    func transformerWritesOnce() {
        let person = Box(), shown = Shown(), log = SetLog()
        person.string = "ada"
        shown.addTarget(log, action: SetLog.textSet, forKeyPathChange: \.text)
        let binding = (person, \.string) ~> (shown, \.text, through: Uppercase())
        #expect(log.heard.values == ["ADA"])
        person.string = "grace"
        #expect(shown.text == "GRACE")
        #expect(log.heard.values == ["ADA", "GRACE"])
        #expect(binding.isBound)
    }

    @Test("A function declared with ~> writes the receiver once when it binds; !~> writes nothing until a change")
    func functionWritesOnce() {
        let person = Box(), shown = Shown(), quiet = Shown(), log = SetLog(), quietLog = SetLog()
        person.string = "ada"
        shown.addTarget(log, action: SetLog.textSet, forKeyPathChange: \.text)
        quiet.addTarget(quietLog, action: SetLog.textSet, forKeyPathChange: \.text)
        (person, \.string) ~> (shown, \.text, through: { $0.uppercased() })
        (person, \.string) !~> (quiet, \.text, through: { "<\($0)>" })
        #expect(log.heard.values == ["ADA"])
        #expect(quietLog.heard.values == [])
        person.string = "bo"
        #expect(log.heard.values == ["ADA", "BO"])
        #expect(quietLog.heard.values == ["<bo>"])
    }

    @Test("transform after ~> is a rebinding: the receiver is written by the automatic conversion, then through the function")
    func afterTheFactIsARebinding() {
        let person = Box(), shown = Shown(), log = SetLog()
        person.string = "ada"
        shown.addTarget(log, action: SetLog.textSet, forKeyPathChange: \.text)
        ((person, \.string) ~> (shown, \.text)).transform { $0.uppercased() }
        #expect(log.heard.values == ["ada", "ADA"])
    }

    @Test("A two-way binding declared with a reversible transformer converts both ways and writes the right side once")
    func twoWayThroughTransformer() {
        let person = Box(), field = TestField()
        person.string = "ada"
        let binding = (person, \.string) <> (field, \.text, through: Uppercase())
        #expect(field.text == "ADA")
        #expect(field.writes == 1)
        field.type("GRACE")
        #expect(person.string == "grace")
        #expect(field.writes == 2)                     // the user's edit; it is not written back
        person.string = "bo"
        #expect(field.text == "BO")
        binding.unbind()
        person.string = "ed"
        #expect(field.text == "BO")
    }

    @Test("<!> with a transformer writes nothing when it binds")
    func twoWayThroughWithoutInitial() {
        let person = Box(), field = TestField()
        person.string = "ada"
        (person, \.string) <!> (field, \.text, through: Uppercase())
        #expect(field.writes == 0)
        field.type("X")
        #expect(person.string == "x")
    }

    @Test("Rule 11: a transformer whose types do not fit is refused with the binding, reported, and binds nothing")
    func mismatchIsRefusedBeforeBinding() {
        let box = Box(), shown = Shown(), log = SetLog()
        shown.addTarget(log, action: SetLog.textSet, forKeyPathChange: \.text)
        let diagnostics = DiagnosticLog()
        let binding = diagnostics.capture { (box, \.int) ~> (shown, \.text, through: DescribeMarker()) }
        #expect(diagnostics.all.count == 1)
        #expect(diagnostics.all.first?.rule == .conversion)
        #expect(diagnostics.all.first?.message.contains("Not bound") == true)
        #expect(!binding.isBound)
        box.int = 4
        #expect(log.heard.values == [])
        #expect(!Bind.isBound(box))
    }

    @Test("Rule 11: a transformer without a reverse given to <> after the fact is refused, and the receiver is put back as it was")
    func refusedAfterTheFactPutsTheReceiverBack() {
        let person = Box(), field = TestField()
        person.string = "ada"
        field.text = "typed before"
        let diagnostics = DiagnosticLog()
        let binding = diagnostics.capture { ((person, \.string) <> (field, \.text)).transformed(by: Shout()) }
        #expect(diagnostics.all.count == 1)
        #expect(field.text == "typed before")
        #expect(!binding.isBound)
        person.string = "later"
        #expect(field.text == "typed before")
    }

    @Test("A refused transformer leaves the receiver as the binding's changes made it, once a change has gone through")
    func refusedAfterAChangeKeepsTheReceiver() {
        let person = Box(), field = TestField()
        field.text = "before"
        let binding = (person, \.string) <> (field, \.text)
        field.type("edited")
        let diagnostics = DiagnosticLog()
        diagnostics.capture { binding.transformed(by: Shout()) }
        #expect(diagnostics.all.count == 1)
        #expect(field.text == "edited" && person.string == "edited")
        #expect(!binding.isBound)
    }

    @Test("An async transformer declared with ~> writes only its results, never a converted value first", .timeLimit(.minutes(1)))
    func asyncThroughWritesOnlyResults() async {
        let person = Box(), label = Label()
        person.string = "ada"
        label.text = "before"
        let loader = GatedLoader()
        let binding = (person, \.string) ~> (label, \.text, through: loader)
        #expect(label.text == "before")
        await loader.release("ada")
        await eventually { label.text == "ADA" }
        #expect(binding.isBound)
        binding.unbind()
        person.string = "later"
        #expect(loader.started == ["ada"])
    }

    @Test("Two async-transformer bindings of one sender: a new transform on one ends its own run's block, and the other goes on", .timeLimit(.minutes(1)))
    func asyncRunsEndApart() async {
        let person = Box(), first = Label(), second = Label()
        person.string = "ada"
        let firstLoader = GatedLoader(), secondLoader = GatedLoader()
        let firstBinding = (person, \.string) ~> (first, \.text, through: firstLoader)
        _ = (person, \.string) ~> (second, \.text, through: secondLoader)
        await firstLoader.release("ada")
        await secondLoader.release("ada")
        await eventually { first.text == "ADA" && second.text == "ADA" }
        // The first binding's conversion replaced: its async block goes, the second's stays.
        firstBinding.transform { "first: " + $0 }
        person.string = "bob"
        #expect(first.text == "first: bob")
        await secondLoader.release("bob")
        await eventually { second.text == "BOB" }
        #expect(firstLoader.started == ["ada"])
        #expect(first.text == "first: bob")
    }
}

