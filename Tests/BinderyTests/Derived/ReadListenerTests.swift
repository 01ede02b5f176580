import Testing
@testable import Bindery

@Dynamic private final class Reading: @unchecked Sendable {
    var value = 0
}

/// Holds what a derived value reads without being observed itself (not `@Dynamic`).
private final class ReadHolder: @unchecked Sendable {
    var reading: Reading?
    init(_ reading: Reading?) { self.reading = reading }
}

/// `ReadListener`: a derived value's read hears its property without being a chain's endpoint.
@Suite(.failOnUnexpectedDiagnostics) struct ReadListenerTests {
    @Test("A read is no chain's member: the property's chain is bound and ends on its own, and the read hears every set throughout")
    func readBesideAChain() {
        let model = Reading(), receiver = Reading()
        let count = Counter()
        let derived = Derived { count.increment(); return model.value * 2 }
        #expect(!Bind.isBound(model))
        let chain = Bind.in(model, \.value).out(receiver, \.value)
        #expect(Bind.isBound(model))
        model.value = 3
        #expect(receiver.value == 3)
        #expect(derived.value == 6)
        chain.unbind()
        #expect(!Bind.isBound(model))
        model.value = 4
        #expect(receiver.value == 3)
        #expect(derived.value == 8)
        #expect(count.value == 3)
    }

    @Test("Rule 1: an object a derived value read goes: its read is forgotten, the value follows its other reads, and nothing keeps the object")
    func readObjectGoes() {
        let other = Reading()
        let holder = ReadHolder(Reading())
        weak let gone = holder.reading
        holder.reading?.value = 10
        let count = Counter()
        let derived = Derived { count.increment(); return (holder.reading?.value ?? -1) + other.value }
        #expect(derived.value == 10)
        holder.reading = nil
        #expect(gone == nil)
        // The read of the object that went is dropped by the next evaluation, which must not
        // reach the registrar that went with it.
        other.value = 5
        #expect(derived.value == 4)
        other.value = 6
        #expect(derived.value == 5)
        #expect(count.value == 3)
    }

    @Test("A control's events read by a derived value are heard under the lock, each edit once, until the value goes")
    func controlEventsRead() {
        let field = TrackedField()
        let count = Counter()
        var derived: Derived<Int>? = Derived { count.increment(); return field.text.count }
        #expect(derived?.value == 0)
        field.type("abc")
        #expect(derived?.value == 3)
        #expect(count.value == 2)
        derived = nil
        field.type("abcd")
        #expect(count.value == 2)
    }
}
