import Foundation
import Observation
import Testing
@testable import Bindery

/// A Swift Observation model, as an app writes one for SwiftUI.
@Observable final class Preferences {
    var theme = "light"
    var size = 12
    var inner = Inner()
    @ObservationIgnored var scratch = 0
}

/// An observable object reached through another.
@Observable final class Inner {
    var level = 1
}

/// A main-actor Observation model.
@MainActor @Observable final class MainPreferences {
    var theme = "light"
}

/// A generic `@Dynamic` class.
@Dynamic final class Tagged<Tag>: @unchecked Sendable {
    var tag: Tag
    var count = 0
    init(_ tag: Tag) { self.tag = tag }
}

/// Every `@Dynamic` class, and the `Dynamic` box, is also Observation's `Observable`.
@Suite(.failOnUnexpectedDiagnostics) struct ObservationTests {
    @Test("withObservationTracking fires once per arming when a tracked @Dynamic property is set, before the store")
    func trackingFiresOncePerArming() async {
        let user = User(name: "Ada")
        let seen = Recorder<String>()
        await confirmation(expectedCount: 1) { fired in
            withObservationTracking { _ = user.name } onChange: {
                seen.append(user.name)    // Observation reports before the value is stored
                fired()
            }
            user.name = "Grace"
            user.name = "Joan"            // the arming was used up by the first set
        }
        #expect(seen.values == ["Ada"])
        #expect(user.name == "Joan")
        await confirmation(expectedCount: 1) { fired in
            withObservationTracking { _ = user.name } onChange: { fired() }
            user.name += "!"              // an in-place mutation (`_modify`)
        }
    }

    @Test("A set of a property that was not read does not fire the tracking")
    func untrackedPropertyDoesNotFire() async {
        let user = User(name: "Ada")
        await confirmation(expectedCount: 0) { fired in
            withObservationTracking { _ = user.name } onChange: { fired() }
            user.nickname = "A"
            user.manager = User(name: "Grace")
        }
    }

    @Test("The Dynamic box's value is tracked, set and mutated in place")
    func dynamicBoxIsObservable() async {
        let count = Dynamic(0)
        await confirmation(expectedCount: 2) { fired in
            withObservationTracking { _ = count.value } onChange: { fired() }
            count.value = 1
            withObservationTracking { _ = count.value } onChange: { fired() }
            count.value += 1
        }
        #expect(count.value == 2)
    }

    @Test("Rule 1: a chain's write into a @Dynamic receiver fires the tracking of that property")
    func engineWritesAreObserved() async {
        let box = Box(), user = User(name: "Ada")
        Bind.in(box, \.string).out(user, \.name)
        await confirmation(expectedCount: 1) { fired in
            withObservationTracking { _ = user.name } onChange: { fired() }
            box.string = "Grace"
        }
        #expect(user.name == "Grace")
    }

    @Test("Rule 10: a set on another thread fires the tracking there, once, before the setter returns")
    func setOnAnotherThread() async {
        let user = User(name: "Ada")
        let onWriter = Recorder<Bool>()
        await confirmation(expectedCount: 1) { fired in
            withObservationTracking { _ = user.name } onChange: {
                onWriter.append(!MainQueue.isCurrent)
                fired()
            }
            await Task.detached { user.name = "Grace" }.value
        }
        #expect(onWriter.values == [true])
    }

    @Test("Rule 10: sets from many threads at once fire one arming exactly once, and every chain still hears each set")
    func concurrentSetsFireOnce() async {
        let box = Box()
        let heard = Counter()
        Bind.in(box, \.int).out("heard", initial: false) { (_: Int) in heard.increment() }
        await confirmation(expectedCount: 1) { fired in
            withObservationTracking { _ = box.int } onChange: { fired() }
            // A stored property is not atomic: the writers take turns to set it (the sets, and
            // what Observation and the chain hear of them, still come from eight threads).
            let turn = NSLock()
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for step in 1...50 { turn.withLock { box.int = writer * 1000 + step } }
                    }
                }
            }
        }
        #expect(heard.value == 400)
    }

    @Test("Inherited, generic and main-actor @Dynamic classes are tracked too")
    @MainActor
    func inheritedGenericAndMainActorClasses() async {
        let car = Car(), tagged = Tagged("a"), viewModel = TitleViewModel()
        await confirmation(expectedCount: 4) { fired in
            withObservationTracking { _ = car.name } onChange: { fired() }
            car.name = "Beetle"                  // declared by the superclass
            withObservationTracking { _ = car.doors } onChange: { fired() }
            car.doors = 2
            withObservationTracking { _ = tagged.tag } onChange: { fired() }
            tagged.tag = "b"
            withObservationTracking { _ = viewModel.title } onChange: { fired() }
            viewModel.title = "Hello"
        }
        await confirmation(expectedCount: 0) { fired in
            withObservationTracking { _ = tagged.tag } onChange: { fired() }
            tagged.count = 1                     // another property of the generic class
        }
    }

    @Test("Rule 12: Bindery's own reads are not tracked, and give no object Observation's registrar")
    func binderyReadsAreUntracked() async {
        let box = Box(), label = Label()
        await confirmation(expectedCount: 0) { fired in
            withObservationTracking {
                _ = Bind.in(box, \.int).out(label, \.number)
            } onChange: { fired() }
            box.int = 3
        }
        #expect(label.number == 3)
        // A key path across objects is read through getters, as Bindery's own reads.
        let app = App(session: Session(user: User(name: "Ada")))
        Bind.in(app, \.session.user.name).out(label, \.text)
        app.session.user.name = "Grace"
        #expect(label.text == "Grace")
        #expect(!box._$registrar.hasObservationRegistrar)
        #expect(!app.session.user._$registrar.hasObservationRegistrar)
        _ = box.int                              // the program's read
        #expect(box._$registrar.hasObservationRegistrar)
    }
}

/// `Bind.in(observable:_:)`: an `@Observable` object as a chain's sender.
extension ObservationTests {
    @Test("Rule 2, 10: the receiver gets the value now; a set reaches it on the main actor once the setting code has returned")
    @MainActor
    func observableSenderUpdates() async {
        let preferences = Preferences(), label = Label()
        Bind.in(observable: preferences, \.theme).out(label, \.text)
        #expect(label.text == "light")
        preferences.theme = "dark"
        #expect(label.text == "light")           // Observation reported before the store
        await drainMainQueue()
        #expect(label.text == "dark")
        preferences.theme = "sepia"              // re-armed by the re-read
        await drainMainQueue()
        #expect(label.text == "sepia")
    }

    @Test("Sets made before the re-read are coalesced: one delivery, the latest value; other properties deliver nothing")
    @MainActor
    func observableSenderCoalesces() async {
        let preferences = Preferences()
        let seen = Recorder<String>()
        Bind.in(observable: preferences, \.theme).out("seen", initial: false) { (theme: String) in seen.append(theme) }
        preferences.theme = "a"
        preferences.theme = "b"
        preferences.theme = "c"
        preferences.size = 14
        await drainMainQueue()
        #expect(seen.values == ["c"])
        preferences.size = 16
        await drainMainQueue()
        #expect(seen.values == ["c"])
        preferences.theme = "d"
        await drainMainQueue()
        #expect(seen.values == ["c", "d"])
    }

    @Test("Rule 3: a set made while the chain propagates is heard, and delivered after it")
    @MainActor
    func observableSenderSetDuringDispatch() async {
        let preferences = MainPreferences()
        let seen = Recorder<String>()
        Bind.in(observable: preferences, \.theme).out("seen", initial: false) { @MainActor (theme: String) in
            seen.append(theme)
            if theme == "x" { preferences.theme = "y" }
        }
        preferences.theme = "x"
        await drainMainQueue()
        await drainMainQueue()
        #expect(seen.values == ["x", "y"])
    }

    @Test("A key path through several observable objects hears a set of any of them")
    @MainActor
    func observableSenderNestedKeyPath() async {
        let preferences = Preferences(), label = Label()
        Bind.in(observable: preferences, \.inner.level).out(label, \.number)
        #expect(label.number == 1)
        preferences.inner.level = 2
        await drainMainQueue()
        #expect(label.number == 2)
        preferences.inner = Inner()
        await drainMainQueue()
        #expect(label.number == 1)
    }

    @Test("A main-actor @Observable class binds from main-actor code")
    @MainActor
    func mainActorObservableSender() async {
        let preferences = MainPreferences(), label = Label()
        Bind.in(observable: preferences, \.theme).out(label, \.text)
        preferences.theme = "dark"
        await drainMainQueue()
        #expect(label.text == "dark")
    }

    @Test("Rule 7: the same property bound twice is one chain; each receiver gets each change once")
    @MainActor
    func observableSenderBoundTwiceJoins() async {
        let preferences = Preferences()
        let first = Recorder<String>(), second = Recorder<String>()
        Bind.in(observable: preferences, \.theme).out("first", initial: false) { (theme: String) in first.append(theme) }
        Bind.in(observable: preferences, \.theme).out("second", initial: false) { (theme: String) in second.append(theme) }
        preferences.theme = "dark"
        await drainMainQueue()
        #expect(first.values == ["dark"])
        #expect(second.values == ["dark"])
    }

    @Test("Rule 5: a rejected value puts the source back, and the put-back does not propagate")
    @MainActor
    func observableSenderPutBack() async {
        let preferences = Preferences(), label = Label()
        let seen = Recorder<Int>()
        Bind.in(observable: preferences, \.size)
            .filter { $0 < 100 }
            .out(label, \.number)
            .out("seen", initial: false) { (size: Int) in seen.append(size) }
        preferences.size = 500
        await drainMainQueue()
        await drainMainQueue()
        #expect(preferences.size == 12)
        #expect(label.number == 12)
        #expect(seen.values.isEmpty)
        preferences.size = 20                    // heard: re-armed after the put-back
        await drainMainQueue()
        #expect(seen.values == [20])
        #expect(label.number == 20)
    }

    @Test("Rule 11: a property Observation does not track is reported, and nothing is bound")
    @MainActor
    func observableSenderUntrackedProperty() {
        let preferences = Preferences(), label = Label()
        let log = DiagnosticLog()
        log.capture {
            Bind.in(observable: preferences, \.scratch).out(label, \.number)
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .misuse)
        #expect(log.all.first?.message.contains("Observation") == true)
        #expect(!Bind.isBound(label))
        #expect(!Bind.isBound(preferences))
    }
}

/// Lifetime of a chain whose sender is an `@Observable` object.
extension ObservationTests {
    @Test("Rule 1: the observable object is not retained; when it goes, its endpoint leaves and the chain ends")
    @MainActor
    func observableObjectGoes() async {
        let label = Label()
        weak var gone: Preferences?
        do {
            let preferences = Preferences()
            gone = preferences
            Bind.in(observable: preferences, \.theme).out(label, \.text)
            #expect(Bind.isBound(label))
        }
        #expect(gone == nil)
        await drainMainQueue()
        #expect(!Bind.isBound(label))
    }

    @Test("Rule 1: when the receivers go, the chain ends at the next change, and the object is still not retained")
    @MainActor
    func observableReceiversGo() async {
        let preferences = Preferences()
        weak var goneLabel: Label?
        do {
            let label = Label()
            goneLabel = label
            Bind.in(observable: preferences, \.theme).out(label, \.text)
        }
        #expect(goneLabel == nil)
        preferences.theme = "dark"
        await drainMainQueue()
        #expect(!Bind.isBound(preferences))
        weak var gonePreferences: Preferences?
        do {
            let other = Preferences()
            gonePreferences = other
            Bind.in(observable: other, \.theme).out(Label(), \.text)
        }
        #expect(gonePreferences == nil)
    }

    @Test("Rule 1: unbind() and Bind.unbind(object) end the chain; later sets deliver nothing")
    @MainActor
    func observableUnbind() async {
        let preferences = Preferences(), label = Label(), other = Label()
        let chain = Bind.in(observable: preferences, \.theme).out(label, \.text)
        chain.unbind()
        preferences.theme = "dark"
        await drainMainQueue()
        #expect(label.text == "light")
        #expect(!Bind.isBound(preferences))

        Bind.in(observable: preferences, \.size).out(other, \.number)
        #expect(Bind.isBound(preferences))
        Bind.unbind(preferences)
        #expect(!Bind.isBound(other))
        preferences.size = 40
        await drainMainQueue()
        #expect(other.number == 12)
    }
}
