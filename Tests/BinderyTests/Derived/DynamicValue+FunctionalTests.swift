import Testing
@testable import Bindery

/// `map` and `removingDuplicates` on `Dynamic` and `Derived`.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicValueFunctionalTests {
    @Test("map follows its source, on Dynamic and on Derived")
    func map() {
        let name = Dynamic("ada")
        let greeting = name.map { "Hello, \($0)" }
        let shout = greeting.map { $0.uppercased() }
        #expect(greeting.value == "Hello, ada")
        name.value = "grace"
        #expect(greeting.value == "Hello, grace")
        #expect(shout.value == "HELLO, GRACE")
    }

    @Test("An Equatable map is sent only when its result changed; another map after every change")
    func mapSends() {
        let count = Dynamic(1)
        let isEmpty = count.map { $0 == 0 }
        struct Parity: Sendable { let even: Bool }
        let parity = count.map { Parity(even: $0 % 2 == 0) }
        let empties = Recorder<Bool>(), parities = Recorder<Bool>()
        isEmpty.observeNew(isolation: nil) { empties.append($0) }
        parity.observeNew(isolation: nil) { parities.append($0.even) }
        count.value = 2
        count.value = 3
        count.value = 0
        #expect(empties.values == [true])
        #expect(parities.values == [true, false, true])
    }

    @Test("Rule 1: a map holds its source weakly and keeps its last value once the source has gone")
    func mapHoldsWeakly() {
        weak var weakSource: Dynamic<Int>?
        var source: Dynamic<Int>? = Dynamic(2)
        weakSource = source
        let doubled = source!.map { $0 * 2 }
        source!.value = 5
        source = nil
        #expect(weakSource == nil)
        #expect(doubled.value == 10)
    }

    @Test("removingDuplicates sends a box's sets only when the value changed")
    func removingDuplicates() {
        let query = Dynamic("")
        let distinct = query.removingDuplicates()
        let seen = Recorder<String>()
        distinct.observeNew(isolation: nil) { seen.append($0) }
        query.value = "a"
        query.value = "a"
        query.value = "ab"
        #expect(seen.values == ["a", "ab"])
    }

    @Test("removingDuplicates(by:) decides what a change is for a value that is not Equatable")
    func removingDuplicatesBy() {
        struct Point: Sendable { var x: Int, y: Int }
        let position = Dynamic(Point(x: 0, y: 0))
        let moved = position.removingDuplicates { $0.x == $1.x && $0.y == $1.y }
        let seen = Recorder<Int>()
        moved.observeNew(isolation: nil) { seen.append($0.x) }
        position.value = Point(x: 0, y: 0)
        position.value = Point(x: 1, y: 0)
        #expect(seen.values == [1])
    }

    @Test("A derived value's observers and values work as a box's")
    func observers() async {
        let a = Dynamic(1)
        let sum = Derived { a.value + 1 }
        let seen = Recorder<Int>()
        let bond = sum.observe(isolation: nil) { seen.append($0) }
        a.value = 2
        bond.unbind()
        a.value = 3
        #expect(seen.values == [2, 3])
        var iterator = sum.values.makeAsyncIterator()
        #expect(await iterator.next() == 4)
        a.value = 9
        #expect(await iterator.next() == 10)
    }
}
