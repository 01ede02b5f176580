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
            let shared = SharedAccessors.property(direct: accessor, offset: nil, writes: true, explicit: false)
            #expect(shared != nil)
        }
        // Were it gone, another accessor could take its address and be handed these accessors,
        // typed for another property.
        #expect(weakAccessor != nil)
    }
}
