import Testing
@testable import Bindery

/// Accessors shared by every endpoint on a property, kept for the life of the process by keys
/// made of addresses: whatever a key names must outlive it.
@Suite(.failOnUnexpectedDiagnostics) struct SharedAccessorsTests {
    @Test("A @Dynamic property's accessor object lives as long as the accessors shared under its address")
    func dynamicAccessorOutlivesItsKey() {
        weak var weakAccessor: _PropertyAccessor<Dynamic<Int>, Int>?
        do {
            // What a generic class's table hands out: a new accessor object each time it is asked.
            let accessor = _PropertyAccessor(\Dynamic<Int>.value, get: { $0.value }, set: { $0.value = $1 })
            weakAccessor = accessor
            let shared = SharedAccessors.property(direct: accessor, offset: nil, keyPath: \Dynamic<Int>.value, writes: true, explicit: false)
            #expect(shared != nil)
        }
        // Were it gone, another accessor could take its address and be handed these accessors,
        // typed for another property.
        #expect(weakAccessor != nil)
    }

    @Test("Two classes' properties stored at the same place share accessors, and each endpoint still names its own property")
    func sharedByLocationNamesOwnProperty() throws {
        // Both properties are an `Int` at the first stored offset of their class: one set of
        // accessors serves both, keeping the key path of the first as the one that stands for
        // them (see `Accessors.keyPath`).
        let box = Box()
        let first = TwinFirst(), second = TwinSecond()
        let chain = Bind.in(box, \.int).out(first, \.first).out(second, \.second)
        let accessors = GraphLock.shared.locked { () -> [AnyObject] in
            guard let core = chain.core.resolvedLocked() as? ChainCore<Int> else { return [] }
            return core.endpoints.array(core).map { $0.recordPointer.pointee.accessors }
        }
        try #require(accessors.count == 3)
        let isShared = accessors[1] === accessors[2]
        #expect(isShared)
        // Diagnostics and the graph name each receiver's own class and property.
        let members = chain.debugDescription.split(separator: ", ")
        #expect(members.contains { $0.hasPrefix("TwinFirst #") && $0.hasSuffix(".first (out)") })
        #expect(members.contains { $0.hasPrefix("TwinSecond #") && $0.hasSuffix(".second (out)") })
        #expect(Bind.isBound(first, \.first) && Bind.isBound(second, \.second))
        // Unbinding one by its key path ends that endpoint only.
        Bind.unbind(second, \.second)
        #expect(!Bind.isBound(second, \.second))
        #expect(Bind.isBound(first, \.first))
        box.int = 7
        #expect(first.first == 7 && second.second == 0)
        chain.unbind()
    }

    @Test("A property reached through a `let` is found by its key path, though its accessors were made for another class's")
    func nestedPropertySharedByLocation() {
        let box = Box()
        let first = NestedFirst(), second = NestedSecond()
        let chain = Bind.in(box, \.int).out(first, \.title.text).out(second, \.title.text)
        #expect(Bind.isBound(first, \.title.text) && Bind.isBound(second, \.title.text))
        Bind.unbind(second, \.title.text)
        #expect(!Bind.isBound(second, \.title.text))
        #expect(Bind.isBound(first, \.title.text))
        box.int = 3
        #expect(first.title.text == "3" && second.title.text == "0")
        chain.unbind()
    }

    @Test("Rule 7: a stored property named through a subclass's key path is the property its superclass's key path names")
    func storedPropertyThroughSubclass() {
        let box = Box()
        let plain = TwinSub()
        let chain = Bind.in(box, \.int).out(plain, \TwinBase.shared)
        #expect(Bind.isBound(plain, \TwinSub.shared))
        // Declared again through the subclass's key path, it joins the chain it is in.
        let other = Box()
        let again = Bind.in(other, \.int).out(plain, \TwinSub.shared)
        other.int = 5
        #expect(box.int == 0 && plain.shared == 5)
        box.int = 6
        #expect(plain.shared == 6)
        Bind.unbind(plain, \TwinSub.shared)
        #expect(!Bind.isBound(plain))
        chain.unbind()
        again.unbind()
    }
}

private final class TwinFirst {
    var first = 0
}

private final class TwinSecond {
    var second = 0
}

private class TwinBase {
    // Final: a key path through a subclass to a property it could override is computed.
    final var shared = 0
}

private final class TwinSub: TwinBase {}

private final class NestedLabel {
    var text = ""
}

private final class NestedFirst {
    let title = NestedLabel()
}

private final class NestedSecond {
    let title = NestedLabel()
}
