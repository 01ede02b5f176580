import Foundation
import Testing
import Bindery

/// Uppercases; reverses by lowercasing.
struct Uppercase: ReversibleTransformer {
    func transform(_ value: String) -> String { value.uppercased() }
    func reverseTransform(_ value: String) -> String { value.lowercased() }
}

/// A rate as a percentage, both ways.
struct Percent: ReversibleTransformer {
    func transform(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }
    func reverseTransform(_ text: String) -> Double { (Double(text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }) ?? 0) / 100 }
}

/// One way only.
struct Length: Transformer {
    func transform(_ value: String) -> Int { value.count }
}

/// An async transformer whose results a test releases one at a time, recording which inputs
/// were cancelled.
final class GatedLoader: AsyncTransformer, @unchecked Sendable {
    // @unchecked: `waiting`, `cancelled` and `started` are guarded by `lock`.
    private let lock = NSLock()
    private var waiting: [String: CheckedContinuation<String, Never>] = [:]
    private var cancelledInputs: [String] = []
    private var startedInputs: [String] = []

    var cancelled: [String] { lock.withLock { cancelledInputs } }
    var started: [String] { lock.withLock { startedInputs } }

    func transform(_ value: String) async throws -> String {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.withLock {
                    startedInputs.append(value)
                    waiting[value] = continuation
                }
            }
        } onCancel: {
            lock.withLock { cancelledInputs.append(value) }
        }
        try Task.checkCancellation()
        return result
    }

    /// Lets the transform of `input` finish with its uppercased text, once it has started.
    func release(_ input: String) async {
        while true {
            if let continuation = lock.withLock({ waiting.removeValue(forKey: input) }) {
                continuation.resume(returning: input.uppercased())
                return
            }
            await Task.yield()
        }
    }
}

/// Fails every time.
struct FailingLoader: AsyncTransformer {
    struct Failure: Error {}
    func transform(_ value: String) async throws -> String { throw Failure() }
}

/// Waits until `condition` holds, yielding between looks (until the test is cancelled: its time limit bounds it).
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async {
    while !condition(), !Task.isCancelled { await Task.yield() }
}

@Suite(.failOnUnexpectedDiagnostics) struct TransformerTests {
    @Test("A transformer converts a one-way binding, now and later; its output bridges to the target's type")
    func oneWay() {
        let box = Box(), label = Label()
        box.string = "ann"
        ((box, \.string) ~> (label, \.text)).transformed(by: Uppercase())
        #expect(label.text == "ANN")
        box.string = "bob"
        #expect(label.text == "BOB")
        let count = Box()
        ((box, \.string) ~> (count, \.string)).transformed(by: Length())   // Int output → String target
        #expect(count.string == "3")
    }

    @Test("reversed: true applies the reverse (BIND's ! flip)")
    func reversedOneWay() {
        let box = Box(), label = Label()
        box.string = "LOUD"
        ((box, \.string) ~> (label, \.text)).transformed(by: Uppercase(), reversed: true)
        #expect(label.text == "loud")
    }

    @Test("Rule 6: a reversible transformer converts a two-way binding both ways")
    func twoWay() {
        let lottery = Lottery(), field = TestField()
        lottery.winRate = 0.25
        ((lottery, \.winRate) <> field).transformed(by: Percent())
        #expect(field.text == "25%")
        field.type("70%")
        #expect(lottery.winRate == 0.7)
        lottery.winRate = 0.5
        #expect(field.text == "50%")
    }

    @Test("Rule 6, 11: a two-way binding through a transformer with no reverse is refused, reported with both sides, and binds nothing")
    func twoWayWithoutReverse() {
        let box = Box(), other = Box()
        let log = DiagnosticLog()
        let binding = log.capture { ((box, \.string) <> (other, \.int)).transformed(by: Length()) }
        let report = log.all.first
        #expect(log.all.count == 1)
        #expect(report?.rule == .conversion)
        #expect(report?.message.contains("Box.string") == true && report?.message.contains("Box.int") == true)
        #expect(report?.message.contains("Length") == true)
        #expect(!binding.isBound)
        other.int = 5
        box.string = "changed"
        #expect(other.int == 5 && box.string == "changed")
    }

    @Test("Rule 11: a two-way binding through an async transformer is refused, reported with both sides, and binds nothing")
    func twoWayAsyncRefused() {
        let box = Box(), field = TestField()
        let log = DiagnosticLog()
        let binding = log.capture { ((box, \.string) <> field).transformed(by: GatedLoader()) }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("async") == true)
        #expect(log.all.first?.message.contains("Box.string") == true && log.all.first?.message.contains("TestField") == true)
        #expect(!binding.isBound)
        field.type("typed")
        #expect(box.string == "")
    }

    @Test("A transformer registered by name is found by it; an unknown name is reported with the nearest registered one")
    func byName() {
        Bind.register(Uppercase(), as: "UppercaseForTest")
        let box = Box(), label = Label()
        box.string = "ann"
        ((box, \.string) ~> (label, \.text)).transformed(byName: "UppercaseForTest")
        #expect(label.text == "ANN")
        let log = DiagnosticLog()
        log.capture { ((box, \.string) ~> (label, \.text)).transformed(byName: "UppercaseForTset") }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("did you mean \"UppercaseForTest\"?") == true)
        #expect(label.text == "ANN")
    }

    @Test("A transformer whose types do not fit is reported, and the binding keeps its conversion")
    func mismatch() {
        let box = Box(), other = Box()
        let log = DiagnosticLog()
        let binding = log.capture { ((box, \.color) ~> (other, \.color)).transformed(by: Uppercase()) }
        #expect(log.all.count == 1)
        #expect(binding.isBound)
        box.color = Color(name: "red")
        #expect(other.color == Color(name: "red"))
    }

    @Test("An async transformer delivers the latest value's result; an older result is dropped and its task cancelled", .timeLimit(.minutes(1)))
    func asyncLatestWins() async {
        let box = Box(), label = Label()
        let loader = GatedLoader()
        box.string = "a"
        ((box, \.string) ~> (label, \.text)).transformed(by: loader)
        await eventually { loader.started.contains("a") }
        box.string = "b"
        await eventually { loader.started.contains("b") }
        await eventually { loader.cancelled.contains("a") }
        await loader.release("b")
        await eventually { label.text == "B" }
        await loader.release("a")          // finishes late: never written
        box.string = "c"
        await loader.release("c")
        await eventually { label.text == "C" }
        #expect(loader.cancelled == ["a"])
    }

    @Test("Rule 10: an async transformer's results reach a binding declared on the main actor on the main actor", .timeLimit(.minutes(1)))
    @MainActor
    func asyncOnMainActor() async {
        let box = Box()
        let label = IsolatedLabel()
        let loader = GatedLoader()
        box.string = "x"
        ((box, \.string) ~> (label, \.text)).transformed(by: loader)
        await loader.release("x")
        await eventually { label.writes.last == "X" }
        #expect(label.allOnMain)
    }

    @Test("An async transformer's task is cancelled when the binding ends, and nothing is written after", .timeLimit(.minutes(1)))
    func asyncCancelledOnUnbind() async {
        let box = Box(), label = Label()
        let loader = GatedLoader()
        box.string = "slow"
        let binding = ((box, \.string) ~> (label, \.text)).transformed(by: loader)
        let before = label.text    // what the binding wrote when bound, by automatic conversion
        await eventually { loader.started.contains("slow") }
        binding.unbind()
        await eventually { loader.cancelled.contains("slow") }
        await loader.release("slow")
        box.string = "later"
        #expect(label.text == before)
        #expect(loader.started == ["slow"])
    }

    @Test("Rule 11: an async transformer's error is reported as bad data, and the target keeps its value", .timeLimit(.minutes(1)))
    func asyncFailureReported() async {
        let box = Box(), panel = Panel()
        struct FailingColor: AsyncTransformer {
            func transform(_ value: String) async throws -> Color { throw FailingLoader.Failure() }
        }
        let log = DiagnosticLog()
        // The task the binding starts inherits the handler of the scope that declared it.
        log.capture { ((box, \.string) ~> (panel, \.background)).transformed(by: FailingColor()) }
        await eventually { log.all.count == 1 }
        #expect(log.all.first?.kind == .badData)
        #expect(panel.background == Color(name: "none"))
    }
}
