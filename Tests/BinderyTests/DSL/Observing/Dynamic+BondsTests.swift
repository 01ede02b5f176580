import Foundation
import Testing
@testable import Bindery

/// SwiftBond's API on `Dynamic`: observers, one-way and two-way bonds, `unbindAll`, with no
/// handle to keep and no lost update.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicBondsTests {
    @Test("The issue's shapes compile and run as written, from any code and from main-actor code")
    @MainActor
    func issueShapes() {
        let count = Dynamic(0), other = Dynamic(0)
        let seen = Recorder<Int>()
        count.observe { seen.append($0) }             // from main-actor code: runs on the main actor
        count.observeNew { seen.append($0) }
        count.observe { @MainActor value in seen.append(value) }
        count.bind(to: other, fire: false)
        count.bind(to: Label(), \.text)
        count.bidirectionalBind(to: Dynamic(0))
        count.value = 1
        #expect(seen.values == [0, 0, 1, 1, 1])
        #expect(other.value == 1)
        count.unbindAll()
    }

    // MARK: Observers

    @Test("observe fires now with the current value, then once per change")
    func observeFiresNowThenOnChanges() async {
        let count = Dynamic(5)
        let seen = Recorder<Int>()
        await confirmation("observer calls", expectedCount: 3) { called in
            count.observe { value in
                seen.append(value)
                called()
            }
            count.value = 6
            count.value += 1
        }
        #expect(seen.values == [5, 6, 7])
    }

    @Test("observeNew fires on later changes only")
    func observeNewSkipsTheCurrentValue() async {
        let count = Dynamic(5)
        let seen = Recorder<Int>()
        await confirmation("observer calls", expectedCount: 2) { called in
            count.observeNew { value in
                seen.append(value)
                called()
            }
            count.value = 6
            count.value = 7
        }
        #expect(seen.values == [6, 7])
    }

    @Test("Several observers run in the order they were added, each once per change")
    func observersRunInOrder() {
        let count = Dynamic(0)
        let order = Recorder<String>()
        count.observeNew { order.append("first \($0)") }
        count.observeNew { order.append("second \($0)") }
        count.value = 1
        #expect(order.values == ["first 1", "second 1"])
    }

    @Test("The handle's unbind removes that observer only; the others keep running")
    func unbindOneObserver() {
        let count = Dynamic(0)
        let first = Recorder<Int>(), second = Recorder<Int>()
        let handle = count.observeNew { first.append($0) }
        count.observeNew { second.append($0) }
        #expect(handle.isBound)
        handle.unbind()
        handle.unbind()    // again: nothing
        #expect(!handle.isBound)
        count.value = 1
        #expect(first.values == [])
        #expect(second.values == [1])
    }

    @Test("Rule 10: a @MainActor observer set from a background task runs on the main actor, in order", .timeLimit(.minutes(1)))
    func mainActorObserver() async {
        let count = Dynamic(0)
        let log = MainLog()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            count.observeNew { @MainActor value in
                log.append(value, onMain: MainQueue.isCurrent)
                if value == 3 { done.resume() }
            }
            Task.detached {
                #expect(!MainQueue.isCurrent)
                for value in 1...3 { count.value = value }
            }
        }
        #expect(await log.values == [1, 2, 3])
        #expect(await log.allOnMain)
    }

    @Test("Rule 10: an observer declared from main-actor code runs on the main actor; at once on the main thread", .timeLimit(.minutes(1)))
    @MainActor
    func observerDeclaredOnMainActor() async {
        let count = Dynamic(0)
        let onMain = Recorder<Bool>()
        count.observe { _ in onMain.append(MainQueue.isCurrent) }
        count.value = 1                                    // on the main thread: at once
        #expect(onMain.values == [true, true])
        await Task.detached { count.value = 2 }.value
        await drainMainQueue()
        #expect(onMain.values == [true, true, true])
    }

    // MARK: No lost updates

    @Test("Rule 3: a value set by an observer while the box dispatches reaches every observer afterwards; all end at the last value")
    func reentrantSetIsDelivered() async {
        let count = Dynamic(0)
        let first = Recorder<Int>(), second = Recorder<Int>()
        await confirmation("second observer's calls", expectedCount: 3) { called in
            count.observe { value in
                first.append(value)
                if value == 1 { count.value = 10 }       // while the box is dispatching 1
            }
            count.observe { value in
                second.append(value)
                called()
            }
            count.value = 1
        }
        #expect(count.value == 10)
        #expect(first.values == [0, 1, 10])
        #expect(second.values == [0, 1, 10])
    }

    @Test("Rule 10: many threads set a box with observers and bonds; every observer and bonded box ends at the box's last value", .timeLimit(.minutes(1)))
    func hammer() async {
        let count = Dynamic(0)
        let follower = Dynamic(-1)          // one-way from count
        let partner = Dynamic(-2)           // two-way with count, and set by threads too
        let label = Label()
        let observers = (0..<3).map { _ in Recorder<Int>() }
        for observer in observers { count.observe { observer.append($0) } }
        let followerSeen = Recorder<Int>()
        follower.observe { followerSeen.append($0) }
        count.bind(to: follower)
        count.bind(to: label, \.number)
        count.bidirectionalBind(to: partner)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for step in 1...500 {
                        let value = task * 10_000 + step
                        if step % 3 == 0 { partner.value = value } else { count.value = value }
                    }
                }
            }
        }
        let last = count.value
        #expect(partner.value == last)
        #expect(follower.value == last)
        #expect(label.number == last)
        for observer in observers { #expect(observer.last == last) }
        #expect(followerSeen.last == last)
    }

    // MARK: One-way bonds

    @Test("bind(to:) sets the other box now and on every change; fire: false waits for the next change")
    func oneWayToBox() {
        let count = Dynamic(1)
        let fired = Dynamic(0), unfired = Dynamic(0)
        count.bind(to: fired)
        count.bind(to: unfired, fire: false)
        #expect(fired.value == 1)
        #expect(unfired.value == 0)
        count.value = 2
        #expect(fired.value == 2)
        #expect(unfired.value == 2)
    }

    @Test("A one-way bond is one way: the other box's own sets stay its own, and its observers run on the bond's sets")
    func oneWayStaysOneWay() {
        let count = Dynamic(1)
        let other = Dynamic(0)
        let otherSeen = Recorder<Int>()
        other.observe { otherSeen.append($0) }
        count.bind(to: other)
        other.value = 9
        #expect(count.value == 1)
        count.value = 2
        #expect(other.value == 2)
        #expect(otherSeen.values == [0, 1, 9, 2])
    }

    @Test("Two boxes bound one-way to one box, and one box bound one-way onwards, never join: each follows only its source")
    func oneWayBondsNeverJoin() {
        let a = Dynamic(0), b = Dynamic(0), c = Dynamic(0), d = Dynamic(0)
        a.bind(to: c)
        b.bind(to: c)
        c.bind(to: d)
        b.value = 2
        #expect((a.value, c.value, d.value) == (0, 2, 2))
        c.value = 3
        #expect((a.value, b.value, d.value) == (0, 2, 3))
        a.value = 1
        #expect((b.value, c.value, d.value) == (2, 1, 1))
    }

    @Test("Rule 6: bind(to:_:) writes an object's property, converted automatically; fire: false waits")
    func oneWayToKeyPath() {
        let count = Dynamic(3)
        let label = Label(), other = Label()
        count.bind(to: label, \.text)
        count.bind(to: other, \.text, fire: false)
        #expect(label.text == "3")
        #expect(other.text == nil)
        count.value = 4
        #expect(label.text == "4")
        #expect(other.text == "4")
        #expect(Bind.isBound(label, \.text))
    }

    @Test("The handle of a bond ends that bond only")
    func unbindOneBond() {
        let count = Dynamic(0)
        let label = Label(), other = Dynamic(0)
        let toLabel = count.bind(to: label, \.text)
        let toOther = count.bind(to: other)
        toLabel.unbind()
        count.value = 1
        #expect(label.text == "0")
        #expect(other.value == 1)
        toOther.unbind()
        #expect(!toOther.isBound)
        count.value = 2
        #expect(other.value == 1)
    }

    @Test("Rule 11: a box bound to itself is refused and reported; nothing is bound")
    func selfBondRefused() {
        let count = Dynamic(0)
        let log = DiagnosticLog()
        let (oneWay, twoWay) = log.capture { (count.bind(to: count), count.bidirectionalBind(to: count)) }
        #expect(log.all.count == 2)
        #expect(log.all.allSatisfy { $0.kind == .misuse && $0.message.contains("Dynamic<Int>.value to itself") })
        #expect(!oneWay.isBound)
        #expect(!twoWay.isBound)
        count.value = 1
        #expect(count.value == 1)
    }

    // MARK: Two-way bonds

    @Test("bidirectionalBind: the other box takes this box's value now; a set of either sets the other once")
    func twoWay() async {
        let celsius = Dynamic(20), shown = Dynamic(0)
        let seen = Recorder<Int>()
        celsius.bidirectionalBind(to: shown)
        #expect(shown.value == 20)
        await confirmation("shown's observer calls", expectedCount: 2) { called in
            shown.observeNew { value in
                seen.append(value)
                called()
            }
            shown.value = 25
            celsius.value = 30
        }
        #expect(celsius.value == 30)
        #expect(seen.values == [25, 30])
    }

    @Test("bidirectionalBind with fire: false leaves both values until one is set")
    func twoWayWithoutFiring() {
        let a = Dynamic(1), b = Dynamic(2)
        a.bidirectionalBind(to: b, fire: false)
        #expect((a.value, b.value) == (1, 2))
        b.value = 3
        #expect(a.value == 3)
    }

    @Test("Rule 7: boxes bound two-way through another box are one group; a triangle of two-way bonds never loops")
    func twoWayGroups() {
        let a = Dynamic(1), b = Dynamic(0), c = Dynamic(0)
        let sets = Counter()
        c.observeNew { _ in sets.increment() }
        a.bidirectionalBind(to: b)
        b.bidirectionalBind(to: c)
        c.bidirectionalBind(to: a)
        #expect((a.value, b.value, c.value) == (1, 1, 1))
        let setsBefore = sets.value
        a.value = 7
        #expect((b.value, c.value) == (7, 7))
        #expect(sets.value == setsBefore + 1)
    }

    @Test("A two-way bond's unbind takes the other box out; the box's observers and one-way bonds stay")
    func unbindTwoWay() {
        let a = Dynamic(0), b = Dynamic(0), follower = Dynamic(0)
        let seen = Recorder<Int>()
        a.observeNew { seen.append($0) }
        a.bind(to: follower)
        let bond = a.bidirectionalBind(to: b)
        bond.unbind()
        b.value = 5
        #expect(a.value == 0)
        a.value = 1
        #expect(b.value == 5)
        #expect(follower.value == 1)
        #expect(seen.values == [1])
    }

    // MARK: unbindAll

    @Test("unbindAll removes every observer and bond of the box")
    func unbindAll() {
        let count = Dynamic(0), follower = Dynamic(0), partner = Dynamic(0), feeder = Dynamic(0)
        let label = Label()
        let seen = Recorder<Int>()
        count.observeNew { seen.append($0) }
        count.bind(to: follower)
        count.bind(to: label, \.text)
        count.bidirectionalBind(to: partner)
        feeder.bind(to: count, fire: false)
        count.unbindAll()
        #expect(!Bind.isBound(count))
        count.value = 1
        feeder.value = 2
        partner.value = 3
        #expect(count.value == 1)
        #expect(seen.values == [])
        #expect((follower.value, label.text) == (0, "0"))
    }

    // MARK: Lifetime

    @Test("Rule 1: the box holds its observers; they go with it, and a kept handle keeps neither")
    func observersGoWithTheBox() {
        weak var weakBox: Dynamic<Int>?
        weak var weakCapture: Label?
        var handle: DynamicBond?
        do {
            let count = Dynamic(0)
            let captured = Label()
            weakBox = count
            weakCapture = captured
            handle = count.observe { captured.number = $0 }
            count.value = 1
            #expect(captured.number == 1)
        }
        #expect(weakBox == nil)
        #expect(weakCapture == nil)
        #expect(handle?.isBound == false)
    }

    @Test("Rule 1: a bond holds the other box weakly and ends the moment it goes")
    func bondEndsWhenTheOtherBoxGoes() {
        let count = Dynamic(0)
        weak var weakOther: Dynamic<Int>?
        weak var weakPartner: Dynamic<Int>?
        let oneWay: DynamicBond, twoWay: DynamicBond
        do {
            let other = Dynamic(0), partner = Dynamic(0)
            weakOther = other
            weakPartner = partner
            oneWay = count.bind(to: other)
            twoWay = count.bidirectionalBind(to: partner)
            count.value = 1
            #expect((other.value, partner.value) == (1, 1))
        }
        #expect(weakOther == nil)
        #expect(weakPartner == nil)
        #expect(!oneWay.isBound)
        #expect(!twoWay.isBound)
        count.value = 2
    }

    @Test("Rule 1: a box bound to others goes when its last reference does, and its bonds end")
    func boundBoxGoes() {
        let follower = Dynamic(0), partner = Dynamic(0), label = Label()
        weak var weakBox: Dynamic<Int>?
        do {
            let count = Dynamic(1)
            weakBox = count
            count.bind(to: follower)
            count.bind(to: label, \.text)
            count.bidirectionalBind(to: partner)
            count.observe { _ in }
        }
        #expect(weakBox == nil)
        #expect(!Bind.isBound(follower))
        #expect(!Bind.isBound(partner))
        #expect(!Bind.isBound(label))
        partner.value = 5
        #expect(follower.value == 1)
    }
}
