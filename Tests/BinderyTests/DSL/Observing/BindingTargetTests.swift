import Testing
@testable import Bindery

/// Key binding: one way, set at once through the function, equal values not written again,
/// unbinding; and the static forms for classes that do not adopt `BindingTarget`.
@Suite(.failOnUnexpectedDiagnostics)
struct BindingTargetTests {
    @Test("bindKey sets the value now through the function, then on each change")
    func setsNowAndFollows() {
        let person = Person()
        let badge = Badge()
        badge.bindKey(\.text, toKeyPath: \.name, of: person) { $0.uppercased() }
        #expect(badge.text == "ADA")
        person.name = "Grace"
        #expect(badge.text == "GRACE")
    }

    @Test("An equal value is not written again")
    func equalNotWritten() {
        let person = Person()
        let badge = Badge()
        badge.bindKey(\.text, toKeyPath: \.name, of: person) { $0.uppercased() }
        let writes = badge.writes
        person.name = "ada"      // transforms to "ADA", the text it has
        #expect(badge.writes == writes)
        person.name = "Grace"
        #expect(badge.writes == writes + 1)
    }

    @Test("It is one way: the target's own writes do not reach the object")
    func oneWay() {
        let person = Person()
        let badge = Badge()
        badge.bindKey(\.text, toKeyPath: \.name, of: person)
        badge.text = "changed here"
        #expect(person.name == "Ada")
    }

    @Test("Without a function the value converts automatically")
    func automaticConversion() {
        let person = Person()
        let badge = Badge()
        badge.bindKey(\.text, toKeyPath: \.age, of: person)
        #expect(badge.text == "36")
        person.age = 40
        #expect(badge.text == "40")
    }

    @Test("unbindKey ends that key binding and leaves the property's other receivers bound")
    func unbindKey() {
        let person = Person()
        let badge = Badge()
        let other = Badge()
        badge.bindKey(\.text, toKeyPath: \.name, of: person)
        other.bindKey(\.text, toKeyPath: \.name, of: person)
        badge.unbindKey(\.text, fromKeyPath: \.name, of: person)
        person.name = "Grace"
        #expect(badge.text == "Ada")
        #expect(other.text == "Grace")
    }

    @Test("The static forms work on any class")
    func staticForms() {
        let person = Person()
        let label = Label()
        Bind.bindKey(label, \.count, toKeyPath: \.age, of: person) { $0 * 2 }
        #expect(label.count == 72)
        person.age = 1
        #expect(label.count == 2)
        Bind.unbindKey(label, \.count, fromKeyPath: \.age, of: person)
        person.age = 5
        #expect(label.count == 2)
        let screen = Screen()
        person.addTarget(Bind.coalesced(screen), action: Screen.nameChanged, forKeyPathChange: \.name)
        Coalesce.run {
            person.name = "A"
            person.name = "B"
        }
        #expect(screen.calls.values == ["nameChanged"])
    }

    @Test("Rule 11: a pair that does not convert and has no function is reported and not bound")
    func noConversion() {
        let person = Person()
        let panel = ColorTarget()
        let log = DiagnosticLog()
        log.capture { panel.bindKey(\.color, toKeyPath: \.name, of: person) }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("pass a transform") == true)
        #expect(!Bind.isBound(panel))
    }

    @Test("Rule 1: neither object is retained")
    func lifetime() {
        weak var goneBadge: Badge?
        weak var gonePerson: Person?
        do {
            let person = Person()
            let badge = Badge()
            goneBadge = badge
            gonePerson = person
            badge.bindKey(\.text, toKeyPath: \.name, of: person)
        }
        #expect(goneBadge == nil)
        #expect(gonePerson == nil)
    }
}

final class ColorTarget: BindingTarget {
    var color = Color(name: "none")
}
