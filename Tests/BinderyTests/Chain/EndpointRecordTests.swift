import Testing
@testable import Bindery

/// What an endpoint's record keeps in shared words and bytes comes back as it was given: the
/// role and the control events (one in the record, several in its extras), the first
/// declaration and the first slot listened to (a slot too large for the record in its extras).
@Suite(.failOnUnexpectedDiagnostics) struct EndpointRecordTests {
    /// The members of `chain`'s core, by name. Lock taken.
    private static func members<Value>(of chain: Chain<Value>) -> [EndpointName] {
        GraphLock.shared.locked {
            guard let core = chain.core.resolvedLocked() as? ChainCore<Value> else { return [] }
            return core.endpoints.array(core)
        }
    }

    /// `name`'s declarations and subscriptions. Lock taken.
    private static func state(of name: EndpointName) -> (declarations: DeclarationSet, slots: [Int]) {
        GraphLock.shared.locked {
            let subscriptions = name.recordPointer.pointee.subscriptions
            return (name.declarations, (subscriptions.first.map { [$0.slot] } ?? []) + subscriptions.more.map(\.slot))
        }
    }

    @Test("A control endpoint keeps the events it hears: one event of any bit, or several, and joins only an endpoint on the same events")
    func eventsComeBack() {
        let highest = ControlEvents(rawValue: 1 << 31)
        // None of them `.touchDown`, the events of the endpoint that must not join.
        for events: ControlEvents in [.editingChanged, .editingDidEnd, .valueChanged, highest, [.editingChanged, .editingDidEnd], [.valueChanged, highest]] {
            let field = TestField(), model = Box()
            let chain = Bind.in(field, \.text, on: events).out(model, \.string)
            let members = Self.members(of: chain)
            #expect(members.count == 2)
            #expect(members.first?.events == events, "\(events)")
            #expect(members.first?.role == .sends)
            #expect(members.last?.events == [])
            #expect(members.last?.role == .receives)
            // The same events join the chain; others make an endpoint of their own.
            let same = Box(), other = Box()
            Bind.in(field, \.text, on: events).out(same, \.string)
            Bind.in(field, \.text, on: .touchDown).out(other, \.string)
            field.text = "x"
            field.sendActions(for: events)
            #expect(model.string == "x", "\(events)")
            #expect(same.string == "x", "\(events)")
            #expect(other.string == "", "\(events)")
            Bind.unbind(field)
        }
    }

    @Test("A two-way endpoint keeps both roles, and a receiver declared again as a sender gains the role")
    func rolesComeBack() {
        let a = Box(), b = Box()
        let chain = Bind.inout(a, \.int).out(b, \.int)
        #expect(Self.members(of: chain).map(\.role) == [[.sends, .receives], .receives])
        Bind.in(b, \.int)
        #expect(Self.members(of: chain).map(\.role) == [[.sends, .receives], [.sends, .receives]])
        chain.unbind()
    }

    @Test("An endpoint's first declaration and first slot share a word: setting either leaves the other as it was")
    func declarationAndSlotKeepEachOther() {
        let lottery = Lottery(), label = Label()
        // A property past the first, so that its slot is not 0.
        let chain = Bind.in(lottery, \.winCode).out(label, \.text)
        let head = Self.members(of: chain)[0]
        let before = Self.state(of: head)
        #expect(before.slots.count == 1)
        #expect(before.slots.first.map { $0 > 0 } == true)
        #expect(before.declarations.first > 0)
        // A second declaration of the head (a join, which declares the head again: it is
        // replaced by a copy that both declarations declared) changes its declarations, not
        // its slot.
        let other = Label()
        let joined = Bind.in(lottery, \.winCode).out(other, \.text)
        let after = Self.state(of: Self.members(of: joined)[0])
        #expect(after.slots == before.slots)
        #expect(after.declarations.first == before.declarations.first)
        #expect(after.declarations.more.count == 1)
        lottery.winCode = "42"
        #expect(label.text == "42")
        #expect(other.text == "42")
        // Ending the first declaration keeps the head for the second: it still hears its slot.
        chain.unbind()
        lottery.winCode = "43"
        #expect(other.text == "43")
        joined.unbind()
        #expect(!Bind.isBound(lottery))
    }

    @Test("A slot too large for the record is listened to all the same, and let go of at unbind", arguments: [65_535, 65_536, 1 << 20])
    func largeSlotIsHeard(slot: Int) {
        let box = Box(), label = Label()
        let registrar = _ChangeRegistrar()
        var spec = EndpointSpec<Int>(
            object: box, keyPath: \Box.int, role: .sends,
            accessors: Accessors(keyPath: \Box.int, read: { ($0 as? Box)?.int }, write: nil))
        spec.hearing = .slot(registrar, slot)
        let chain = Chain(head: spec).out(label, \.text)
        let head = Self.members(of: chain)[0]
        #expect(Self.state(of: head).slots == [slot])
        #expect(GraphLock.shared.locked { registrar.listenersLocked(slot: slot).count } == 1)
        box.int = 7
        registrar.didSet(slot)
        #expect(label.text == "7")
        chain.unbind()
        #expect(GraphLock.shared.locked { registrar.listenersLocked(slot: slot).count } == 0)
        box.int = 8
        registrar.didSet(slot)
        #expect(label.text == "7")
    }
}
