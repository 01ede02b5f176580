import Testing
import Bindery

/// `Dynamic<Value>`, the standalone observable box.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicTests {
    @Test("A box binds like a @Dynamic property, both ways")
    func boxBinds() {
        let count = Dynamic(0)
        let label = Label()
        let other = Box()
        Bind.inout(count, \.value).out(label, \.text).inout(other, \.int)
        count.value += 1
        #expect(label.text == "1")
        other.int = 5
        #expect(count.value == 5)
    }

    @Test("Rule 1: a box leaves its chains when it deinitialises")
    func boxLifetime() {
        let label = Label()
        weak var weakBox: Dynamic<String>?
        do {
            let box = Dynamic("x")
            weakBox = box
            Bind.in(box, \.value).out(label, \.text)
            #expect(Bind.isBound(label))
        }
        #expect(weakBox == nil)
        #expect(!Bind.isBound(label))
    }

    @Test("A box of a custom type binds through a convert closure")
    func customType() {
        let color = Dynamic(Color(name: "red"))
        let label = Label()
        Bind.in(color, \.value).out(label, \.text, convert: { $0.name })
        color.value = Color(name: "blue")
        #expect(label.text == "blue")
    }

    @Test("Rule 10: a box of a Sendable value is Sendable: threads set it, and every set propagates", .timeLimit(.minutes(1)))
    func sendableBoxAcrossThreads() async {
        let count = Dynamic(0)
        let seen = Counter()
        Bind.in(count, \.value).out("seen", initial: false) { seen.increment() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {                        // compiles only because the box is Sendable
                    for _ in 0..<1_000 { count.value += 1 }
                }
            }
        }
        #expect(seen.value == 4_000)
        #expect(count.value > 0)
    }
}
