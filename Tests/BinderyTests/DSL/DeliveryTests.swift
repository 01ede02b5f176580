import Testing
@testable import Bindery

/// DESIGN rule 10: endpoints may ask for delivery on the main actor.
@Suite struct DeliveryTests {
    @Test("Rule 10: a .mainActor receiver and block changed off the main actor run on it, in order")
    func mainActorDeliveryFromBackground() async {
        let box = Box()
        let label = MainLabel()
        let seen = MainLog()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Bind.in(box, \.int)
                .out(label, \.text, initial: false, delivery: .mainActor)
                .out("main", initial: false, delivery: .mainActor) { (value: Int) in
                    seen.append(value, onMain: MainQueue.isCurrent)
                    if value == 3 { done.resume() }
                }
            Task.detached {
                #expect(!MainQueue.isCurrent)
                for value in 1...3 { box.int = value }
            }
        }
        #expect(seen.values == [1, 2, 3])
        #expect(seen.allOnMain)
        #expect(label.text == "3")
        #expect(label.allOnMain)
    }

    @Test("Rule 10: on the main actor, .mainActor delivery is immediate")
    @MainActor
    func mainActorDeliveryOnMain() {
        #expect(MainQueue.isCurrent)
        let box = Box()
        let label = MainLabel()
        Bind.in(box, \.int).out(label, \.text, delivery: .mainActor)
        box.int = 4
        #expect(label.text == "4")
    }
}

/// A label that records whether each write came on the main actor.
final class MainLabel: @unchecked Sendable {
    // @unchecked: written only on the main actor by the tests that use it.
    private(set) var allOnMain = true
    var text: String? {
        didSet { allOnMain = allOnMain && MainQueue.isCurrent }
    }
}

/// Values a main-actor block saw.
final class MainLog: @unchecked Sendable {
    // @unchecked: appended to only on the main actor, read after the continuation resumes.
    private(set) var values: [Int] = []
    private(set) var allOnMain = true

    func append(_ value: Int, onMain: Bool) {
        values.append(value)
        allOnMain = allOnMain && onMain
    }
}
