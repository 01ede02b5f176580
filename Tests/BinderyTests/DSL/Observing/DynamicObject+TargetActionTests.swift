import Foundation
import Testing
@testable import Bindery

/// Target-action observation: typed changes, several key paths, `callImmediately`'s counting,
/// removal, weak targets, and main-actor targets.
@Suite(.failOnUnexpectedDiagnostics)
struct TargetActionTests {
    @Test("A zero-argument action runs once per change, after the value is stored")
    func zeroArgument() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        #expect(screen.calls.values.isEmpty)
        person.name = "Grace"
        person.name = "Linus"
        #expect(screen.calls.values == ["nameChanged", "nameChanged"])
    }

    @Test("A change action gets the key path, the old and the new value")
    func changeValues() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        person.name = "Grace"
        person.name = "Linus"
        #expect(screen.changes.values == [
            Change(keyPath: \Person.name, old: "Ada", new: "Grace"),
            Change(keyPath: \Person.name, old: "Grace", new: "Linus"),
        ])
    }

    @Test("callImmediately calls a change action now, with no old value")
    func callImmediatelyChange() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name, callImmediately: true)
        #expect(screen.changes.values == [Change(keyPath: \Person.name, old: nil, new: "Ada")])
    }

    @Test("Several key paths: a zero-argument action is called once now, then once per change of any of them")
    func severalKeyPathsZeroArgument() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.reload, forKeyPathChanges: [\.name, \.age, \.nickname], callImmediately: true)
        #expect(screen.calls.count == 1)
        person.age = 37
        person.name = "Grace"
        #expect(screen.calls.count == 3)
    }

    @Test("Several key paths: a change action is called now once per key path, then per change, naming the key path")
    func severalKeyPathsChange() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChanges: [\.name, \.nickname], callImmediately: true)
        #expect(screen.changes.values == [
            Change(keyPath: \Person.name, old: nil, new: "Ada"),
            Change(keyPath: \Person.nickname, old: nil, new: "A"),
        ])
        person.nickname = "G"
        #expect(screen.changes.last == Change(keyPath: \Person.nickname, old: "A", new: "G"))
    }

    @Test("Registering the same action twice makes two calls per change")
    func registeringTwice() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.name = "Grace"
        #expect(screen.calls.count == 2)
    }

    @Test("A handle's unbind removes that registration only")
    func handleUnbind() {
        let person = Person()
        let screen = Screen()
        let first = person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        #expect(first.isBound)
        first.unbind()
        #expect(!first.isBound)
        person.name = "Grace"
        #expect(screen.calls.values.isEmpty)
        #expect(screen.changes.count == 1)
    }

    @Test("removeTarget on a key path removes every action of that target there, and nothing else")
    func removeTargetOnKeyPath() {
        let person = Person()
        let screen = Screen()
        let other = Screen()
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        person.addTarget(screen.coalesced, action: Screen.reload, forKeyPathChange: \.name)
        person.addTarget(screen, action: Screen.ageDidChange, forKeyPathChange: \.age)
        person.addTarget(other, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.removeTarget(screen, forKeyPathChange: \.name)
        person.name = "Grace"
        person.age = 40
        #expect(screen.calls.values.isEmpty)
        #expect(screen.changes.values.isEmpty)
        #expect(screen.ages.count == 1)
        #expect(other.calls.values == ["nameChanged"])
    }

    @Test("removeTarget without a key path removes the target's actions on every property of the object")
    func removeTargetEverywhere() {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.addTarget(screen, action: Screen.ageDidChange, forKeyPathChange: \.age)
        person.removeTarget(screen)
        person.name = "Grace"
        person.age = 40
        #expect(screen.calls.values.isEmpty)
        #expect(screen.ages.values.isEmpty)
    }

    @Test("Rule 1: the target is held weakly; once it is gone nothing is called and its registration leaves the chain")
    func weakTarget() {
        let person = Person()
        weak var gone: Screen?
        let calls = Recorder<String>()
        do {
            let screen = Screen()
            gone = screen
            person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
            person.name = "Grace"
            calls.append(contentsOf: screen.calls.values)
        }
        #expect(gone == nil)
        #expect(calls.values == ["nameChanged"])
        person.name = "Linus"   // finds the target gone: the registration removes itself
        #expect(!Bind.isBound(person, \.name))
    }

    @Test("Rule 1: the observed object is not retained, and its registrations end with it")
    func observedObjectDies() {
        let screen = Screen()
        weak var gone: Person?
        let registration: TargetAction
        do {
            let person = Person()
            gone = person
            registration = person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
            #expect(registration.isBound)
        }
        #expect(gone == nil)
        #expect(!registration.isBound)
    }

    @Test("Rule 1: when the observed object deinitialises, its registrations end, also in a chain that lives on")
    func observedObjectDiesInLiveChain() {
        let source = Person()
        let screen = Screen()
        let registration: TargetAction
        do {
            let person = Person()
            Bind.in(source, \.name).out(person, \.name)
            registration = person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        }
        #expect(!registration.isBound)
        source.name = "Grace"    // the chain lives on (source and the block), the person is gone
        #expect(screen.changes.values.isEmpty)
    }

    @Test("Unbinding the observed property ends its target-actions: they hear nothing of the chain it left")
    func unbindingObservedProperty() {
        let source = Person()
        let person = Person()
        let screen = Screen()
        Bind.in(source, \.name).out(person, \.name)
        let registration = person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        Bind.unbind(person, \.name)
        #expect(!registration.isBound)
        source.name = "Grace"
        #expect(person.name == "Ada")
        #expect(screen.changes.values.isEmpty)
    }

    @Test("A target-action on a property bound through a convert closure is told the property's values")
    func convertedProperty() {
        let source = Person()
        let person = Person()
        let screen = Screen()
        Bind.inout(source, \.age).inout(person, \.age, convert: { $0 + 100 }, reverse: { $0 - 100 })
        person.addTarget(screen, action: Screen.ageDidChange, forKeyPathChange: \.age)
        source.age = 5
        #expect(person.age == 105)
        #expect(screen.ages.values == [Change(keyPath: \Person.age, old: 136, new: 105)])
    }

    @Test("A target-action on a property that only sends is not told of its chain's other senders' changes")
    func sendingProperty() {
        let first = Person()
        let second = Person()
        let screen = Screen()
        Bind.in(first, \.name).in(second, \.name).out("log") { (_: String) in }
        second.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        first.name = "Grace"
        #expect(second.name == "Ada")
        #expect(screen.changes.values.isEmpty)
    }

    @Test("Observing a property that only receives does not make it send to its chain")
    func receivingProperty() {
        let source = Person()
        let person = Person()
        let other = Person()
        let screen = Screen()
        Bind.in(source, \.name).out(person, \.name).out(other, \.name)
        person.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)
        person.name = "Grace"
        #expect(screen.calls.count == 1)
        #expect(other.name == "Ada")
    }

    @Test("A change the property's chain writes into it is heard")
    func changeThroughChain() {
        let source = Person()
        let person = Person()
        let screen = Screen()
        Bind.in(source, \.name).out(person, \.name)
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        source.name = "Grace"
        #expect(screen.changes.values == [Change(keyPath: \Person.name, old: "Ada", new: "Grace")])
    }

    @Test("Rule 7: a join that gives the observed property another chain's value is a change")
    func joinIsAChange() {
        let person = Person()
        let screen = Screen()
        let field = TestField()
        field.text = "Grace"
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        #expect(screen.changes.values.isEmpty)
        Bind.inout(field, \.text, on: .editingChanged).inout(person, \.name)
        #expect(person.name == "Grace")
        #expect(screen.changes.values == [Change(keyPath: \Person.name, old: "Ada", new: "Grace")])
    }

    @Test("callImmediately from inside a dispatch of the property's chain calls once, at once, and that change is not heard again")
    func callImmediatelyInsideDispatch() {
        let person = Person()
        let screen = Screen()
        Bind.in(person, \.name).out("register", initial: false) { (name: String) in
            screen.calls.append("block \(name)")
            person.addTarget(screen, action: Screen.reload, forKeyPathChanges: [\.name, \.age], callImmediately: true)
            screen.calls.append("block end")
        }
        person.name = "Grace"
        #expect(screen.calls.values == ["block Grace", "reload", "block end"])
    }

    @Test("Rule 9: the chains that carry the property take a set before its target-actions hear it")
    func chainsFirst() {
        let person = Person()
        let label = Person()
        let probe = Probe { label.name }
        person.addTarget(probe, action: Probe.look, forKeyPathChange: \.name)
        Bind.in(person, \.name).out(label, \.name)
        person.name = "Grace"
        #expect(probe.seen.values == ["Grace"])
    }

    @Test("A set a chain makes is told as it is made: the chain's later receivers are written after the action")
    func chainWriteToldAtOnce() {
        let source = Person()
        let person = Person()
        let label = Person()
        let probe = Probe { label.name }
        person.addTarget(probe, action: Probe.look, forKeyPathChange: \.name)
        Bind.in(source, \.name).out(person, \.name).out(label, \.name)
        source.name = "Grace"
        // Binding wrote "Ada" into person, then label; the change wrote "Grace" likewise.
        #expect(probe.seen.values == ["Ada", "Ada"])
        #expect(label.name == "Grace")
    }

    @Test("An action on a route hears its last property's sets and a link replaced, then follows the new object only")
    func route() {
        let team = Team()
        let screen = Screen()
        let first = team.lead
        team.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.lead.name)
        first.name = "Grace"
        let next = Person()
        next.name = "Lin"
        team.lead = next
        first.name = "Ada"
        next.name = "Mae"
        #expect(screen.changes.values.map(\.new) == ["Grace", "Lin", "Mae"])
        #expect(screen.changes.values.map(\.old) == ["Ada", "Grace", "Lin"])
    }

    @Test("Rule 5: a set that a filter rejects is put back before the target-action hears it, so it is told the value put back")
    func rejectedSet() {
        let person = Person()
        let label = Person()
        let screen = Screen()
        Bind.inout(person, \.name).filter { !$0.isEmpty }.out(label, \.name)
        person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        person.name = ""
        #expect(person.name == "Ada")
        #expect(label.name == "Ada")
        // Two sets (the rejected one and the put-back), each told with what the property holds.
        #expect(screen.changes.values.map(\.new) == ["Ada", "Ada"])
    }

    @Test("A target-action counts as a binding of its object and outlives the chains of its property")
    func independentOfChains() {
        let source = Person()
        let person = Person()
        let screen = Screen()
        let registration = person.addTarget(screen, action: Screen.nameDidChange, forKeyPathChange: \.name)
        #expect(Bind.isBound(person))
        #expect(Bind.isBound(person, \.name))
        let chain = Bind.in(source, \.name).out(person, \.name)
        source.name = "Grace"
        chain.unbind()
        person.name = "Lin"
        // Binding sets the property to the chain's value ("Ada" again): a set like any other.
        #expect(screen.changes.values.map(\.new) == ["Ada", "Grace", "Lin"])
        #expect(registration.isBound)
        registration.unbind()
        #expect(!Bind.isBound(person))
    }

    @Test("Rule 10: changes from several threads each reach the action once, and the last call carries the last value", .timeLimit(.minutes(1)))
    func threads() async {
        let person = Person()
        let screen = Screen()
        person.addTarget(screen, action: Screen.ageDidChange, forKeyPathChange: \.age)
        // A stored property is not atomic: the lanes take turns to set it (each set, and the
        // action it calls, still runs on its own lane's thread).
        let turn = NSLock()
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    for step in 1...250 { turn.withLock { person.age = lane * 1000 + step } }
                }
            }
        }
        let changes = screen.ages.values
        #expect(changes.count == 1000)
        #expect(changes.last?.new == person.age)
        // Each change's old value is the previous change's new value: serialised, nothing lost.
        for (previous, next) in zip(changes, changes.dropFirst()) {
            #expect(next.old == previous.new)
        }
    }

    @Test("Rule 10: a main-actor target registered from main-actor code is called only on the main actor", .timeLimit(.minutes(1)))
    @MainActor
    func mainActorTarget() async {
        let person = Person()
        let screen = MainScreen()
        person.addTarget(screen, action: MainScreen.nameDidChange, forKeyPathChange: \.name)
        person.name = "on main"
        #expect(screen.names == ["on main"])    // at once, on the main thread
        await Task.detached {
            person.name = "from a task"
        }.value
        await drainMainQueue()
        #expect(screen.names == ["on main", "from a task"])
        #expect(screen.allOnMain)
    }

    @Test("A main-actor view model is observed from main-actor code, its key paths as they are")
    @MainActor
    func mainActorModel() {
        let model = MainModel()
        let screen = MainScreen()
        let titles = Recorder<Change<String>>()
        screen.onCall = { titles.append(Change(keyPath: \MainModel.title, old: nil, new: screen.names.last ?? "")) }
        model.addTarget(screen, action: MainScreen.nameDidChange, forKeyPathChange: \.title, callImmediately: true)
        model.title = "Draft"
        #expect(screen.names == ["untitled", "Draft"])
        #expect(titles.count == 2)
    }

    @Test("Unbinding drops a main-actor call already queued")
    @MainActor
    func unbindDropsQueuedCall() async {
        let person = Person()
        let screen = MainScreen()
        let registration = person.addTarget(screen, action: MainScreen.nameDidChange, forKeyPathChange: \.name)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            person.name = "queued"
            registration.unbind()
            done.signal()
        }
        done.wait()    // the main actor stays busy: the queued call cannot run before the unbind
        await drainMainQueue()
        #expect(screen.names.isEmpty)
    }
}

extension Recorder {
    func append(contentsOf elements: [Element]) {
        for element in elements { append(element) }
    }
}
