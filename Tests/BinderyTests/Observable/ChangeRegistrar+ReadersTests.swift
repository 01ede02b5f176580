import Dispatch
import Foundation
import Testing
@testable import Bindery

/// An update reads a registrar's listeners with no lock; a bind or unbind that changes them
/// meanwhile never waits for it, and what it lets go of outlives the read.
@Suite(.failOnUnexpectedDiagnostics) struct ChangeRegistrarReadersTests {
    /// The slot of `object`'s registrar that has a sole listener, and that listener.
    func soleListener(of object: AnyObject) throws -> (registrar: _ChangeRegistrar, slot: Int) {
        let registrar = try #require(Registry.lifetimeRegistrar(of: object))
        let slot = GraphLock.shared.locked {
            (0..<registrar.slotCapacity).first { registrar.soleListener(slot: $0) != nil }
        }
        return (registrar, try #require(slot))
    }

    @Test("Rule 10: an unbind never waits for an update reading the listeners; the listener it let go of lives until that read ends",
          .timeLimit(.minutes(1)))
    func unbindDoesNotWaitForAReader() throws {
        let head = Box(), box = Box(), other = Box()
        // `box` third, so that its endpoint is an object of its own (a chain's second member
        // is a record of the chain, which `chain` keeps).
        let chain = Bind.in(head, \.int).out(other, \.int).inout(box, \.int)
        let (registrar, slot) = try soleListener(of: box)
        // An update that has just read the listener, held at that point (as a thread
        // descheduled there would be).
        registrar.beginRead()
        weak let listener = registrar.soleListener(slot: slot)?.object.takeUnretainedValue()
        #expect(listener != nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            chain.unbind()
            finished.signal()
        }.start()
        let unbound = finished.wait(timeout: .now() + 10) == .success
        #expect(unbound, "the unbind waited for the read")
        #expect(listener != nil, "the listener was released under the read")
        registrar.endRead()
        if !unbound { finished.wait() }
        #expect(listener == nil, "the listener outlived the read")
        #expect(!chain.isBound)
    }

    @Test("Rule 10: a second listener joining, then the first leaving, never waits for a reader that holds the first; it lives until that read ends",
          .timeLimit(.minutes(1)))
    func listenerMovedToAListOutlivesTheRead() throws {
        let head = Box(), box = Box(), receiver = Box(), other = Box()
        // `box` third, so that its endpoint is an object of its own (see above).
        let first = Bind.in(head, \.int).out(other, \.int).inout(box, \.int)
        let (registrar, slot) = try soleListener(of: box)
        registrar.beginRead()
        weak let listener = registrar.soleListener(slot: slot)?.object.takeUnretainedValue()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            // Another chain hears the same property: the slot gets a list of two listeners.
            Bind.in(box, \.int).out(receiver, \.int)
            first.unbind()
            finished.signal()
        }.start()
        let done = finished.wait(timeout: .now() + 10) == .success
        #expect(done, "the bind or the unbind waited for the read")
        #expect(listener != nil, "the first listener was released under the read")
        registrar.endRead()
        if !done { finished.wait() }
        #expect(listener == nil)
        box.int = 6
        #expect(receiver.int == 6 && head.int == 0)
    }
}
