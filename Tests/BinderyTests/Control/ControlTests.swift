import Testing
import Bindery

/// Controls: user edits arrive as events, programmatic sets do not fire, shorthands bind the
/// designated property.
@Suite(.failOnUnexpectedDiagnostics) struct ControlTests {
    @Test("A user edit propagates; a program's write to the control does not")
    func editsPropagateProgrammaticSetsDoNot() {
        let model = Box()
        let field = TestField()
        Bind.inout(model, \.string).inout(field, \.text, on: .editingChanged)
        field.type("user")
        #expect(model.string == "user")
        field.text = "program"
        #expect(model.string == "user")
    }

    @Test("Only the events an endpoint listens to propagate")
    func onlyListenedEvents() {
        let model = Box()
        let field = TestField()
        Bind.inout(model, \.string).inout(field, \.text, on: .editingDidEnd)
        field.type("typing")
        #expect(model.string == "")
        field.sendActions(for: .editingDidEnd)
        #expect(model.string == "typing")
    }

    @Test("An endpoint on several events hears each, once per send")
    func severalEvents() {
        let model = Box()
        let field = TestField()
        let runs = Counter()
        Bind.in(field, \.text, on: [.editingChanged, .editingDidEnd]).out(model, \.string)
            .out("runs", initial: false) { runs.increment() }
        field.text = "x"
        field.sendActions(for: [.editingChanged, .editingDidEnd])
        #expect(runs.value == 1)
        field.sendActions(for: .editingDidEnd)
        #expect(runs.value == 2)
        #expect(model.string == "x")
    }

    @Test("Several events sent at once reach each listener once, whichever events each listens to")
    func severalEventsSeveralListeners() {
        // editingChanged's slot comes first: one listener or several there, then one or several
        // on editingDidEnd, the listener of both among them.
        for (changedAlone, endedAlone) in [(true, false), (false, true), (false, false), (true, true)] {
            let field = TestField()
            let both = Counter(), changed = Counter(), ended = Counter()
            var chains = [Bind.in(field, \.text, on: [.editingChanged, .editingDidEnd]).out("both", initial: false) { both.increment() }]
            if !changedAlone {
                chains.append(Bind.in(field, \.text, on: .editingChanged).out("changed", initial: false) { changed.increment() })
            }
            if !endedAlone {
                chains.append(Bind.in(field, \.text, on: .editingDidEnd).out("ended", initial: false) { ended.increment() })
            }
            field.text = "x"
            field.sendActions(for: [.editingChanged, .editingDidEnd])
            #expect(both.value == 1, "changed alone: \(changedAlone), ended alone: \(endedAlone)")
            #expect(changed.value == (changedAlone ? 0 : 1))
            #expect(ended.value == (endedAlone ? 0 : 1))
            for chain in chains { chain.unbind() }
        }
    }

    @Test("One control bound on different events by two chains: each chain hears its own events, also after rebinding")
    func twoChainsOnDifferentEvents() {
        let live = Box(), committed = Box()
        let field = TestField()
        let first = Bind.in(field, \.text, on: .editingChanged).out(live, \.string)
        Bind.in(field, \.text, on: .editingDidEnd).out(committed, \.string)
        field.type("ab")
        #expect(live.string == "ab")
        #expect(committed.string == "")
        field.sendActions(for: .editingDidEnd)
        #expect(committed.string == "ab")
        // Bound again on the first chain's events: it hears them as the first binding did.
        first.unbind()
        let again = Box()
        Bind.in(field, \.text, on: .editingChanged).out(again, \.string)
        field.type("abc")
        #expect(again.string == "abc")
        #expect(live.string == "ab")
        #expect(committed.string == "ab")
    }

    @Test("Shorthands bind the designated property on the designated events")
    func shorthands() {
        let model = Box()
        let slider = TestSlider(), mirror = TestSlider()
        Bind.inout(slider).inout(model, \.double).out(mirror)
        slider.drag(to: 0.75)
        #expect(model.double == 0.75)
        #expect(mirror.value == 0.75)
        model.double = 0.5
        #expect(slider.value == 0.5)
    }

    @Test("inoutNot negates both ways")
    func inoutNot() {
        let model = Box()
        let toggle = TestToggle()
        Bind.inout(model, \.bool).inoutNot(toggle, \.isOn, on: .valueChanged)
        #expect(toggle.isOn == true)
        toggle.flip()
        #expect(model.bool == true)
        model.bool = false
        #expect(toggle.isOn == true)
    }

    @Test("Application-defined events are their own bits")
    func applicationEvents() {
        let custom = ControlEvents.application(20)
        #expect(custom.rawValue == 1 << 20)
        #expect(ControlEvents.application(3) == .application(16))
        #expect(custom.isDisjoint(with: [.valueChanged, .editingChanged, .touchUpInside]))
        #expect(ControlEvents.editingChanged.description == "[editingChanged]")
    }
}

final class TestToggle: Control {
    var isOn = false
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TestToggle, Bool> { \.isOn }
    static var designatedEvents: ControlEvents { .valueChanged }

    func flip() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}

extension ControlTests {
    @Test("Rule 11: an event center serves one control; another control using it is refused and reported")
    func sharedEventCenterRefused() {
        let model = Box()
        let log = DiagnosticLog()
        let first = TestField()
        let second = SharingField(sharing: first.eventCenter)
        log.capture {
            Bind.inout(model, \.string).inout(first, \.text, on: .editingChanged)
            Bind.inout(model, \.int).inout(second, \.text, on: .editingChanged)
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .misuse)
        #expect(log.all.first?.message.contains("ControlEventCenter") == true)
        #expect(!Bind.isBound(second))
        first.type("ok")
        #expect(model.string == "ok")
    }

    @Test("Rule 1, 11: a control whose event center outlives it is never read after it has gone")
    func eventCenterOutlivesControl() {
        let model = Box()
        let log = DiagnosticLog()
        var first: TestField? = TestField()
        let center = first!.eventCenter
        Bind.inout(model, \.string).inout(first!, \.text, on: .editingChanged)
        weak let gone = first
        first = nil
        #expect(gone == nil)
        // Another control now sends through the surviving center: Bindery must not reach the
        // dead control (before, this read freed memory).
        let second = SharingField(sharing: center)
        log.capture {
            for _ in 0..<100 { second.type("after") }
        }
        #expect(model.string == "")
        #expect(log.all.allSatisfy { $0.kind == .misuse })
        #expect(!log.all.isEmpty)
        #expect(!Bind.isBound(model))
    }
}

/// A field built on someone else's event center (what the shared-center tests guard against).
final class SharingField: Control, @unchecked Sendable {
    var text = ""
    let eventCenter: ControlEventCenter
    static var designatedKeyPath: ReferenceWritableKeyPath<SharingField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    init(sharing center: ControlEventCenter) {
        eventCenter = center
    }

    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

/// A control that is also `@Dynamic`: its own registrar is its lifetime token, and its events
/// come from its event center, another registrar.
@Dynamic final class DynamicField: Control, @unchecked Sendable {
    var text = ""
    var placeholder = ""
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<DynamicField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

extension ControlTests {
    @Test("Rule 1: a control that is also @Dynamic hears its events and its properties, unbinds by event, and leaves every chain when it deinitialises")
    func dynamicControl() throws {
        let model = Box()
        let label = Label()
        weak var gone: DynamicField?
        do {
            let field = DynamicField()
            gone = field
            Bind.inout(model, \.string).inout(field, \.text, on: .editingChanged)
            Bind.in(field, \.placeholder).out(label, \.text)
            field.type("typed")
            #expect(model.string == "typed")
            model.string = "model"
            #expect(field.text == "model")
            field.placeholder = "hint"
            #expect(label.text == "hint")
            // A program's write to the control's property fires no event.
            field.text = "program"
            #expect(model.string == "model")

            Bind.unbind(field, \.text, on: .editingChanged)
            #expect(!Bind.isBound(field, \.text, on: .editingChanged))
            #expect(Bind.isBound(field, \.placeholder))
            field.type("after unbind")
            #expect(model.string == "model")

            // Bound again, on two events: both are heard.
            Bind.inout(model, \.string).inout(field, \.text, on: [.editingChanged, .editingDidEnd])
            #expect(field.text == "model")
            field.text = "ended"
            field.sendActions(for: .editingDidEnd)
            #expect(model.string == "ended")
            field.type("changed")
            #expect(model.string == "changed")
        }
        #expect(gone == nil)
        #expect(!Bind.isBound(model))
        model.string = "after the field"
        #expect(label.text == "hint")
    }

    @Test("A derived value that reads a control's designated property follows its user edits, not a program's sets")
    func derivedReadsControl() {
        let field = TrackedField()
        let length = Derived { field.text.count }
        field.type("ada")
        #expect(length.value == 3)
        field.text = "program"                            // no event: not heard
        #expect(length.value == 3)
        field.type("grace")
        #expect(length.value == 5)
    }

    @Test("Rule 1: a derived value that read a control holds it weakly, and stops listening when it goes")
    func derivedControlLifetime() {
        weak var weakField: TrackedField?
        var length: Derived<Int>?
        do {
            let field = TrackedField()
            weakField = field
            length = Derived { [weak field] in field?.text.count ?? -1 }
            field.type("ab")
            #expect(length?.value == 2)
        }
        #expect(weakField == nil)
        #expect(length?.value == 2)
    }
}
