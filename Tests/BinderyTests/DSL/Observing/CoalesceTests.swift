import Foundation
import Testing
@testable import Bindery

/// Coalescing transactions: only opted-in targets coalesce; repeats merge (first old, latest
/// new); calls go out in the order of first occurrence at the outermost commit; dead targets
/// are skipped; an unbalanced commit is reported.
@Suite(.failOnUnexpectedDiagnostics)
struct CoalesceTests {
    @Test("Several changes in a transaction: one call at the commit, with the first old and the latest new value")
    func merges() async {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen.coalesced, action: Screen.nameDidChange, forKeyPathChange: \.name)
        await confirmation(expectedCount: 1) { called in
            let counted = person.addTarget(screen.coalesced, action: Screen.nameChanged, forKeyPathChange: \.name)
            defer { counted.unbind() }
            let probe = Screen()
            person.addTarget(probe.coalesced, action: Screen.nameChanged, forKeyPathChange: \.name)
            Coalesce.run {
                person.name = "A"
                person.name = "B"
                person.name = "C"
                #expect(screen.changes.values.isEmpty)
                #expect(probe.calls.values.isEmpty)
            }
            for _ in probe.calls.values { called() }
        }
        #expect(screen.changes.values == [Change(keyPath: \Person.name, old: "Ada", new: "C")])
    }

    @Test("Calls go out in the order of each registration's first change")
    func order() {
        let person = Person()
        let screen = Screen()
        let log = Recorder<String>()
        let first = Screen(), second = Screen()
        person.addTarget(second.coalesced, action: Screen.ageDidChange, forKeyPathChange: \.age)
        person.addTarget(first.coalesced, action: Screen.nameDidChange, forKeyPathChange: \.name)
        Coalesce.run {
            person.name = "A"
            person.age = 1
            person.name = "B"
        }
        _ = screen
        log.append(contentsOf: first.changes.values.map { "name \($0.new)" })
        log.append(contentsOf: second.ages.values.map { "age \($0.new)" })
        #expect(first.changes.values == [Change(keyPath: \Person.name, old: "Ada", new: "B")])
        #expect(second.ages.values == [Change(keyPath: \Person.age, old: 36, new: 1)])
        #expect(log.values == ["name B", "age 1"])
    }

    @Test("Calls are made in order of first occurrence across targets")
    func orderAcrossTargets() {
        let person = Person()
        let shared = Recorder<String>()
        let nameTarget = OrderTarget(log: shared, name: "name")
        let ageTarget = OrderTarget(log: shared, name: "age")
        person.addTarget(nameTarget.coalesced, action: OrderTarget.called, forKeyPathChange: \.name)
        person.addTarget(ageTarget.coalesced, action: OrderTarget.called, forKeyPathChange: \.age)
        Coalesce.run {
            person.age = 1
            person.name = "A"
            person.age = 2
        }
        #expect(shared.values == ["age", "name"])
    }

    @Test("Transactions nest: only the outermost commit makes the calls")
    func nesting() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen.coalesced, action: Screen.nameDidChange, forKeyPathChange: \.name)
        Coalesce.begin()
        person.name = "A"
        Coalesce.run { person.name = "B" }
        #expect(screen.changes.values.isEmpty)
        #expect(Coalesce.isOpen)
        Coalesce.commit()
        #expect(!Coalesce.isOpen)
        #expect(screen.changes.values == [Change(keyPath: \Person.name, old: "Ada", new: "B")])
    }

    @Test("Targets that did not opt in, chains and key bindings are never coalesced")
    func onlyOptedIn() {
        let person = Person()
        let plain = Screen()
        let badge = Badge()
        let blockRuns = Recorder<String>()
        person.addTarget(plain, action: Screen.nameChanged, forKeyPathChange: \.name)
        badge.bindKey(\.text, toKeyPath: \.name, of: person)
        Bind.in(person, \.name).out("log") { (name: String) in blockRuns.append(name) }
        Coalesce.run {
            person.name = "A"
            person.name = "B"
            #expect(plain.calls.count == 2)
            #expect(badge.text == "B")
            #expect(blockRuns.values == ["Ada", "A", "B"])
        }
    }

    @Test("A target that dies before the commit is skipped")
    func deadTargetSkipped() {
        let person = Person()
        weak var gone: Screen?
        let calls = Recorder<String>()
        Coalesce.run {
            do {
                let screen = Screen()
                gone = screen
                person.addTarget(screen.coalesced, action: Screen.nameChanged, forKeyPathChange: \.name)
                person.name = "A"
                calls.append(contentsOf: screen.calls.values)
            }
        }
        #expect(gone == nil)
        #expect(calls.values.isEmpty)
    }

    @Test("A registration removed before the commit is skipped")
    func removedSkipped() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen.coalesced, action: Screen.nameChanged, forKeyPathChange: \.name)
        Coalesce.run {
            person.name = "A"
            person.removeTarget(screen, forKeyPathChange: \.name)
        }
        #expect(screen.calls.values.isEmpty)
    }

    @Test("Rule 11: a commit without a begin is reported, not trapped, and changes nothing")
    func unbalancedCommit() {
        let log = DiagnosticLog()
        log.capture { Coalesce.commit() }
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .misuse)
        #expect(log.all.first?.message.contains("Coalesce.commit()") == true)
        #expect(!Coalesce.isOpen)
    }

    @Test("A transaction belongs to its thread: background transactions coalesce their own changes only", .timeLimit(.minutes(1)))
    func perThread() async {
        let people = (0..<4).map { _ in Person() }
        let screens = (0..<4).map { _ in Screen() }
        for (person, screen) in zip(people, screens) {
            person.addTarget(screen.coalesced, action: Screen.ageDidChange, forKeyPathChange: \.age)
        }
        await withTaskGroup(of: Void.self) { group in
            for (person, screen) in zip(people, screens) {
                group.addTask {
                    for round in 0..<50 {
                        Coalesce.run {
                            for step in 1...10 { person.age = round * 100 + step }
                            #expect(screen.ages.count == round)
                        }
                        #expect(screen.ages.count == round + 1)
                    }
                }
            }
        }
        for (person, screen) in zip(people, screens) {
            let changes = screen.ages.values
            #expect(changes.count == 50)
            #expect(changes.last?.new == person.age)
            for (previous, next) in zip(changes, changes.dropFirst()) { #expect(next.old == previous.new) }
        }
    }

    @Test("A main-actor coalesced target committed off the main actor is called on the main actor", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorTargetCommittedElsewhere() async {
        let person = Person()
        let screen = MainScreen()
        person.addTarget(screen.coalesced, action: MainScreen.nameDidChange, forKeyPathChange: \.name)
        await Task.detached {
            Coalesce.run {
                person.name = "A"
                person.name = "B"
            }
        }.value
        await drainMainQueue()
        #expect(screen.names == ["B"])
        #expect(screen.allOnMain)
    }
}

/// A target that logs its name into a shared log, to see the order of calls across targets.
final class OrderTarget: BindingTarget, Sendable {
    let log: Recorder<String>
    let name: String

    init(log: Recorder<String>, name: String) {
        self.log = log
        self.name = name
    }

    func called() { log.append(name) }
}
