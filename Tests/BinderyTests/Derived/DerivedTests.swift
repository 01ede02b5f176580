import Synchronization
import Observation
import Testing
@testable import Bindery

@Dynamic private final class SignUp: @unchecked Sendable {
    var email = ""
    var password = ""
    var useNickname = false
    var nickname = ""
    var fullName = ""
}

@Dynamic private final class SignUpWithValidity: @unchecked Sendable {
    var email = ""
    var password = ""
    var isValid: Bool { email.contains("@") && password.count >= 8 }
}

@Dynamic private final class JoinNode: @unchecked Sendable {
    var a = 0
    var list = [0, 0, 0]
}

/// Holds a derived value that a block lets go of.
private final class DerivedBox: @unchecked Sendable {
    var derived: Derived<Int>?
}

@Dynamic private final class DerivedHolder: @unchecked Sendable {
    var other: Derived<Int>? = nil
}

/// `Derived`: tracking, consistency, lifetime.
@Suite(.failOnUnexpectedDiagnostics) struct DerivedTests {
    @Test("Tracking: a derived value is computed now, and again after a set of anything it read")
    func tracksReads() {
        let form = SignUp()
        let isValid = Derived { form.email.contains("@") && form.password.count >= 8 }
        #expect(isValid.value == false)
        form.email = "ada@example.com"
        #expect(isValid.value == false)
        form.password = "correct horse"
        #expect(isValid.value == true)
        form.email = "ada"
        #expect(isValid.value == false)
    }

    @Test("Observation sees a derived value's changes, and its chains still hear them")
    func observationSeesValue() {
        let count = Dynamic(1)
        let doubled = Derived { count.value * 2 }
        let label = Label()
        Bind.in(doubled, \.value).out(label, \.text)
        let changed = Mutex(0)
        withObservationTracking { _ = doubled.value } onChange: { changed.withLock { $0 += 1 } }
        count.value = 5
        #expect(changed.withLock { $0 } == 1)
        #expect(doubled.value == 10)
        #expect(label.text == "10")
        count.value = 6                                   // Observation's tracking was one-shot
        #expect(changed.withLock { $0 } == 1)
        #expect(label.text == "12")
    }

    @Test("Observation tracks a computed property of a @Dynamic class through its getter's reads")
    func observationTracksComputed() {
        let form = SignUpWithValidity()
        form.email = "ada@example.com"                     // so that the getter reads both
        let changed = Mutex(0)
        withObservationTracking { _ = form.isValid } onChange: { changed.withLock { $0 += 1 } }
        form.password = "12345678"
        #expect(changed.withLock { $0 } == 1)
    }

    @Test("A derived value is a chain's sender: its receivers follow it")
    func sendsToChains() {
        let price = Dynamic(2.5), quantity = Dynamic(4)
        let total = Derived { price.value * Double(quantity.value) }
        let label = Label()
        Bind.in(total, \.value).out(label, \.text)
        #expect(label.text == "10.0")
        quantity.value = 6
        #expect(label.text == "15.0")
        price.value = 1
        #expect(label.text == "6.0")
    }

    @Test("Rule 13: an Equatable value is sent only when it changed; another value after every evaluation")
    func sendsOnlyChanges() {
        let form = SignUp()
        let isValid = Derived { form.email.contains("@") }
        struct Wrapped: Sendable { let length: Int }
        let length = Derived { Wrapped(length: form.email.count > 3 ? 1 : 0) }
        let equatable = Recorder<Bool>(), other = Recorder<Int>()
        Bind.in(isValid, \.value).out("seen") { (value: Bool) in equatable.append(value) }
        Bind.in(length, \.value).out("seen") { (value: Wrapped) in other.append(value.length) }
        form.email = "a"
        form.email = "a@"
        form.email = "a@b"
        #expect(equatable.values == [false, true])
        #expect(other.values == [0, 0, 0, 0])
    }

    @Test("Branches: a read the last evaluation did not make is not listened to")
    func branchesRetrack() {
        let form = SignUp()
        let count = Counter()
        let shown = Derived { () -> String in
            count.increment()
            return form.useNickname ? form.nickname : form.fullName
        }
        #expect(shown.value == "")
        form.nickname = "ada"                             // not read yet: not heard
        #expect(count.value == 1)
        form.useNickname = true
        #expect(shown.value == "ada")
        form.fullName = "Ada Lovelace"                    // no longer read: not heard
        #expect(count.value == 2)
        form.nickname = "countess"
        #expect(shown.value == "countess")
        #expect(count.value == 3)
    }

    @Test("Rule 13: in a diamond, one set evaluates the bottom once, never with half-updated inputs")
    func diamond() {
        let a = Dynamic(1)
        let b = Derived { a.value * 10 }
        let c = Derived { a.value * 100 }
        let seen = Recorder<(Int, Int)>()
        let d = Derived { () -> Int in
            seen.append((b.value, c.value))
            return b.value + c.value
        }
        seen.removeAll()
        a.value = 2
        #expect(d.value == 220)
        #expect(seen.values.count == 1)
        #expect(seen.values.first.map { $0 == (20, 200) } == true)
    }

    @Test("Rule 13: derived values read through chains see every receiver written first")
    func afterChains() {
        let a = Dynamic(1)
        let x = Dynamic(0), y = Dynamic(0)
        Bind.in(a, \.value).out(x, \.value).out(y, \.value)
        let seen = Recorder<(Int, Int)>()
        let sum = Derived { () -> Int in
            seen.append((x.value, y.value))
            return x.value + y.value
        }
        seen.removeAll()
        a.value = 5
        #expect(sum.value == 10)
        #expect(seen.values.count == 1)
        #expect(seen.values.first.map { $0 == (5, 5) } == true)
    }

    @Test("Derived values of derived values update in order")
    func chainOfDerived() {
        let name = Dynamic("ada")
        let upper = Derived { name.value.uppercased() }
        let greeting = Derived { "Hello, \(upper.value)" }
        let label = Label()
        Bind.in(greeting, \.value).out(label, \.text)
        name.value = "grace"
        #expect(label.text == "Hello, GRACE")
    }

    @Test("Rules 1, 13: a derived value retains nothing it reads, and nothing retains it")
    func lifetime() {
        weak var weakDerived: Derived<Int>?
        weak var weakSource: Dynamic<Int>?
        do {
            let source = Dynamic(1)
            weakSource = source
            let derived = Derived { [weak source] in (source?.value ?? 0) + 1 }
            weakDerived = derived
            #expect(derived.value == 2)
        }
        #expect(weakDerived == nil)
        #expect(weakSource == nil)
    }

    @Test("Lifetime: a derived value that goes stops listening; its sources' sets evaluate nothing")
    func stopsListening() {
        let source = Dynamic(1)
        let count = Counter()
        var derived: Derived<Int>? = Derived { count.increment(); return source.value }
        #expect(derived?.value == 1)
        derived = nil
        source.value = 2
        #expect(count.value == 1)
        #expect(!Bind.isBound(source))
    }

    @Test("Lifetime: a derived value let go while a set has scheduled it is evaluated once more, then goes and stops listening")
    func goesWhileScheduled() {
        let source = Dynamic(1), trigger = Dynamic(0)
        let count = Counter()
        let box = DerivedBox()
        weak var weakDerived: Derived<Int>?
        do {
            let derived = Derived { count.increment(); return source.value }
            weakDerived = derived
            box.derived = derived
        }
        // Inside the trigger's dispatch, the set schedules the derived value (evaluated once the
        // dispatch ends), and then its last reference goes.
        let chain = Bind.in(trigger, \.value).out("drop", initial: false) { (_: Int) in
            source.value = 2
            box.derived = nil
        }
        trigger.value = 1
        // The schedule held it: the evaluation ran, then the value went.
        #expect(weakDerived == nil)
        #expect(count.value == 2)
        source.value = 3
        #expect(count.value == 2)
        #expect(!Bind.isBound(source))
        chain.unbind()
    }

    @Test("A derived value and a derived list have no superclass: nothing outside Bindery names or subclasses their machinery")
    func noSuperclass() {
        let derived = Derived { 1 }
        let list = DynamicList([1, 2, 3]).filter { $0 > 1 }
        #expect(Mirror(reflecting: derived).superclassMirror == nil)
        #expect(Mirror(reflecting: list).superclassMirror == nil)
        #expect(derived.value == 1 && list.elements == [2, 3])
    }

    @Test("Rule 10: changes from several threads end with the value computed from the last writes", .timeLimit(.minutes(1)))
    func threads() async {
        let a = Dynamic(0), b = Dynamic(0)
        let sum = Derived { a.value + b.value }
        let seen = Recorder<Int>()
        Bind.in(sum, \.value).out("seen") { (value: Int) in seen.append(value) }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for value in 0..<500 {
                        if thread % 2 == 0 { a.value = value } else { b.value = value }
                    }
                }
            }
        }
        #expect(sum.value == 998)
        #expect(seen.last == 998)
    }

    @Test("Rule 10: an evaluation runs with no Bindery lock held: it may call Bindery", .timeLimit(.minutes(1)))
    func noLockHeld() {
        let a = Dynamic(1)
        let label = Label()
        let answers = Recorder<Bool>()
        let derived = Derived { () -> Int in
            answers.append(Bind.isBound(label))            // takes the graph lock: a deadlock if held
            return a.value
        }
        Bind.in(derived, \.value).out(label, \.number)
        a.value = 2
        #expect(label.number == 2)
        #expect(answers.values == [false, true])
    }

    @Test("Rule 13: a derived value that reads itself through another is reported as a cycle and stops listening to that read")
    func cycleThroughAnother() {
        let holder = DerivedHolder()
        let d = Derived { (holder.other?.value ?? 0) + 1 }
        let e = Derived { d.value + 1 }
        let log = DiagnosticLog()
        log.capture { holder.other = e }
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .cycle)
        #expect(log.all.first?.message.contains("reads its own value") == true)
        #expect(d.value == 3)
        #expect(e.value == 4)
        log.capture { holder.other = nil }              // the cycle is gone: evaluated again
        #expect(d.value == 1)
    }

    @Test("Rule 13: a derived value that reads itself is reported as a cycle, never hangs")
    func readsItself() {
        let holder = DerivedHolder()
        let d = Derived { (holder.other?.value ?? 0) + 1 }
        let log = DiagnosticLog()
        log.capture { holder.other = d }
        #expect(log.all.contains { $0.kind == .cycle })
        #expect(d.value == 2)
    }

    @MainActor
    @Test("Rule 10: a main-actor derived value is evaluated only on the main actor; a change from another thread reaches it there", .timeLimit(.minutes(1)))
    func mainActor() async {
        let form = SignUp()
        let offMain = Counter()
        let length = Derived { @MainActor in
            if !MainQueue.isCurrent { offMain.increment() }
            return form.email.count
        }
        let seen = Recorder<Int>()
        Bind.in(length, \.value).out("seen") { (value: Int) in seen.append(value) }
        form.email = "a"                                  // on the main actor: at once
        #expect(length.value == 1)
        await Task.detached { form.email = "abc" }.value  // on another thread: queued on the main actor
        while length.value != 3, !Task.isCancelled { await Task.yield() }
        #expect(offMain.value == 0)
        #expect(seen.values == [0, 1, 3])
    }

    @Test("A plain closure and a main-actor closure pick their initialisers in main-actor code")
    @MainActor
    func overloads() {
        let a = Dynamic(1)
        let anywhere = Derived { a.value + 1 }
        let onMain = Derived { @MainActor in a.value + 2 }
        #expect(!anywhere.isMainActor)
        #expect(onMain.isMainActor)
    }

    @Test("Rule 7: a join that gives an input another chain's value re-evaluates the derived value (model check seed 44)")
    func joinReevaluates() {
        let d0 = JoinNode(), d1 = JoinNode(), d2 = JoinNode()
        Bind.in(d2, \.a).out(d1, \.a)
        let v0 = Derived { d1.a + 2 }
        d2.a = 1
        #expect(v0.value == 3)
        Bind.inout(d0, \.list, index: 1).inout(d1, \.a)       // d1.a takes the new declaration's 0
        #expect(d1.a == 0)
        #expect(v0.value == 2)
    }

    @Test("Rule 1: a chain a derived value sends into keeps it alive while the chain lives; its end lets it go")
    func keptByItsChain() {
        let a = Dynamic(1)
        let label = Label()
        weak var weakDerived: Derived<Int>?
        var chain: Chain<Int>?
        do {
            let doubled = Derived { a.value * 2 }
            weakDerived = doubled
            chain = Bind.in(doubled, \.value).out(label, \.number)
        }
        #expect(weakDerived != nil)
        a.value = 3
        #expect(label.number == 6)
        chain?.unbind()
        #expect(weakDerived == nil)
        a.value = 4
        #expect(label.number == 6)
    }

    @Test("Rule 1: an observer keeps a derived value alive until its handle ends it")
    func keptByItsObserver() {
        let a = Dynamic(1)
        let seen = Recorder<Int>()
        weak var weakDerived: Derived<Int>?
        var bond: DynamicBond?
        do {
            let doubled = a.map { $0 * 2 }
            weakDerived = doubled
            bond = doubled.observeNew(isolation: nil) { seen.append($0) }
        }
        a.value = 5
        #expect(seen.values == [10])
        bond?.unbind()
        #expect(weakDerived == nil)
    }
}
