import Testing
@testable import Bindery

/// Named blocks: a user's block is found by its name; a block Bindery adds for a handle is
/// anonymous, so no user block can replace or remove it.
@Suite(.failOnUnexpectedDiagnostics) struct NamedBlockTests {
    @Test("A user's block named like a handle's block neither replaces nor removes it")
    func anonymousBlocksAreNotFoundByName() {
        let count = Dynamic(0)
        let observed = Recorder<Int>(), named = Recorder<Int>()
        let observer = count.observe { observed.append($0) }
        Bind.in(count, \.value).out("observe", initial: false) { (value: Int) in named.append(value) }
        count.value = 1
        #expect(observed.values == [0, 1])
        #expect(named.values == [1])
        // By its name, only the user's block goes.
        Bind.unbind(count, \.value, block: "observe")
        count.value = 2
        #expect(observed.values == [0, 1, 2])
        #expect(named.values == [1])
        #expect(observer.isBound)
        observer.unbind()
        count.value = 3
        #expect(observed.values == [0, 1, 2])
    }

    @Test("Two observers of one box are two blocks: each handle ends its own")
    func twoObserversEndApart() {
        let count = Dynamic(0)
        let first = Recorder<Int>(), second = Recorder<Int>()
        let a = count.observe { first.append($0) }
        _ = count.observe { second.append($0) }
        a.unbind()
        count.value = 1
        #expect(first.values == [0])
        #expect(second.values == [0, 1])
    }
}
