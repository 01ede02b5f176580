import Testing
@testable import Bindery

/// `DynamicBond`, the handle of a box's observer or bond.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicBondTests {
    @Test("isBound follows the observer: true while it runs, false once unbound or the box is gone")
    func isBound() {
        var count: Dynamic<Int>? = Dynamic(0)
        let kept = count!.observe { _ in }
        let unbound = count!.observeNew { _ in }
        unbound.unbind()
        #expect(kept.isBound)
        #expect(!unbound.isBound)
        count = nil
        #expect(!kept.isBound)
        kept.unbind()                                   // the box has gone: nothing to do
    }

    @Test("Ending a bond ends what it declared: a receiver that another declaration also declared stays bound")
    func endsOnlyItsOwnDeclaration() {
        let count = Dynamic(0)
        let label = Label(), other = Label()
        let bond = count.bind(to: label, \.text)
        let chain = Bind.in(count, \.value).out(label, \.text)   // the same receiver, declared again
        let second = count.bind(to: other, \.text)
        bond.unbind()
        count.value = 1
        #expect(label.text == "1")                     // still the chain's receiver
        #expect(other.text == "1")                     // the other bond is untouched
        #expect(!bond.isBound && chain.isBound && second.isBound)
        chain.unbind()
        count.value = 2
        #expect(label.text == "1")                     // no declaration holds it now
        #expect(other.text == "2")
        #expect(!Bind.isBound(label))
    }

    @Test("debugDescription names the observer or bond and its chain on one line")
    func debugDescription() {
        let count = Dynamic(0), other = Dynamic(0)
        let observer = count.observe { _ in }
        let bond = count.bind(to: other)
        let box = BindingGraph.name(of: Dynamic<Int>.self, at: UInt(bitPattern: ObjectIdentifier(count)), isAlive: true)
        let target = BindingGraph.name(of: Dynamic<Int>.self, at: UInt(bitPattern: ObjectIdentifier(other)), isAlive: true)
        #expect(observer.debugDescription.hasPrefix("DynamicBond (block \"observe\") in Chain<Int> (bound)"))
        #expect(bond.debugDescription == "DynamicBond (\(target).value (bond)) in Chain<Int> (bound): \(box).value (in), \(target).value (bond) (out); block \"observe\"")
        bond.unbind()
        #expect(bond.debugDescription == "DynamicBond (not bound)")
    }
}
