// A reference model of Bindery's guarantees, written from the rules, not from the engine: plain
// values in dictionaries, one dispatch stack, no threads, no locks. The randomized model check
// runs a program on the real engine and on this model and compares every property, `isBound`
// and the blocks' log after each step.
//
// What it encodes:
// - A chain has a value: its head's property when it is made, then the last accepted change.
// - A change of a sender: if every filter passes, the chain takes the value, every receiver
//   but the sender is written (in join order), then every block runs (in order). A rejected
//   change reaches nobody, and the sender is put back to the chain's value.
// - A change to a chain that is already dispatching is queued, and dispatched after; its sender
//   is written too unless it still holds the value it sent. Other chains dispatch at once.
// - Writes made by a chain are never heard as changes; an array element sends only when its
//   own element changes; a plain object's property is not observable at all.
// - A declaration continues the chain its head is in; a continuation already in another chain
//   merges that chain into this one, which keeps its value; newcomers (and merged members)
//   that want an initial value get it, receivers first, then blocks.
// - A chain is bound while it has a live sender and a live receiver or block, in two members.
//   A chain that has been bound ends when it loses that by an unbind or a `@Dynamic` object or
//   control going; a plain receiver that goes is dropped at the next change the chain delivers.
//   A chain never bound yet (a declaration being written) is not ended by losing a member.

struct ModelEndpoint {
    var place: Place
    var sends: Bool
    var receives: Bool
    var wantsInitial: Bool
}

struct ModelBlock {
    var name: String
    var initial: Bool
    var writeBack: (node: Int, residue: Int)?
}

/// Work a busy chain does after the current dispatch.
enum ModelWork {
    case change(value: Int, origin: Place)
    case push(receivers: [Place], blocks: [ModelBlock])
}

final class ModelChain {
    var value: Int
    var members: [ModelEndpoint]
    var filters = 0
    var blocks: [ModelBlock] = []
    var isEnded = false
    /// Whether it has been bound (a live sender and receiver) at some point: only a chain that
    /// has been bound ends by losing members.
    var hasBeenComplete = false
    var isDispatching = false
    var queue: [ModelWork] = []

    init(value: Int, members: [ModelEndpoint]) {
        self.value = value
        self.members = members
    }
}

final class ReferenceModel {
    var held: [Place: Held] = [:]
    var alive: Set<ObjectRef>
    var chains: [ModelChain] = []
    /// The chain each declaration made or continued, as its handle sees it (merges forward).
    var declarations: [ModelChain] = []
    var log: [String] = []

    init(dynamicCount: Int, plainCount: Int) {
        alive = [.control]
        for i in 0..<dynamicCount {
            alive.insert(.dynamic(i))
            held[.dynamicA(i)] = .int(0)
            held[.dynamicB(i)] = .int(100)
            for k in 0..<3 { held[.element(i, index: k)] = .int(0) }
        }
        for i in 0..<plainCount {
            alive.insert(.plain(i))
            held[.plainA(i)] = .int(0)
            held[.plainText(i)] = .text(nil)
            held[.plainScaled(i)] = .int(0)
        }
        held[.control] = .int(0)
    }

    // MARK: Conversions (each place has one)

    static func property(_ place: Place, holding value: Int) -> Held {
        switch place {
        case .dynamicB: .int(value + 100)
        case .plainText: .text("\(value)")
        case .plainScaled: .int(value * 2)
        default: .int(value)
        }
    }

    static func chainValue(_ place: Place, from held: Held) -> Int {
        guard case .int(let value) = held else { return 0 }
        if case .dynamicB = place { return value - 100 }
        return value
    }

    // MARK: Queries

    /// The live chain `place` is in.
    func chain(of place: Place) -> ModelChain? {
        chains.first { !$0.isEnded && $0.members.contains { $0.place == place } }
    }

    func isAlive(_ place: Place) -> Bool { alive.contains(place.object) }

    func isComplete(_ chain: ModelChain) -> Bool {
        guard !chain.isEnded else { return false }
        let live = chain.members.filter { isAlive($0.place) }
        let senders = live.filter(\.sends).count
        let receivers = live.filter(\.receives).count + chain.blocks.count
        return senders > 0 && receivers > 0 && live.count + chain.blocks.count >= 2
    }

    func isBound(_ object: ObjectRef) -> Bool {
        chains.contains { chain in isComplete(chain) && chain.members.contains { $0.place.object == object } }
    }

    // MARK: Steps

    func declare(head: Link, rest: [Link]) {
        let chain: ModelChain
        switch head {
        case .sender(let place), .twoWay(let place, _):
            let receives: Bool
            if case .twoWay = head { receives = true } else { receives = false }
            if let existing = self.chain(of: place) {
                chain = existing
                reopen(chain)
                let index = chain.members.firstIndex { $0.place == place }!
                chain.members[index].sends = true
                chain.members[index].receives = chain.members[index].receives || receives
                chain.members[index].wantsInitial = true
                noteCompleteness(chain)
            } else {
                chain = ModelChain(
                    value: Self.chainValue(place, from: held[place]!),
                    members: [ModelEndpoint(place: place, sends: true, receives: receives, wantsInitial: true)])
                chains.append(chain)
            }
        default:
            preconditionFailure("a head is a sender")
        }
        declarations.append(chain)
        var current = chain
        for link in rest {
            current = continuation(current, link)
        }
        declarations[declarations.count - 1] = current
    }

    /// Applies one continuation; returns the chain the declaration goes on with.
    private func continuation(_ chain: ModelChain, _ link: Link) -> ModelChain {
        guard !chain.isEnded else { return chain }
        if case .filter = link {} else { reopen(chain) }
        switch link {
        case .filter:
            chain.filters += 1
        case .block(let name, let initial, let writeBack):
            let block = ModelBlock(name: name, initial: initial, writeBack: writeBack)
            chain.blocks.append(block)
            noteCompleteness(chain)
            if initial { push(chain, receivers: [], blocks: [block]) }
        case .sender(let place):
            join(chain, place, sends: true, receives: false, initial: true)
        case .twoWay(let place, let initial):
            join(chain, place, sends: true, receives: true, initial: initial)
        case .receiver(let place, let initial):
            join(chain, place, sends: false, receives: true, initial: initial)
        }
        return chain
    }

    /// A continuation on an endpoint: the chain changes shape first (a merge, the endpoint's
    /// new roles), then the newcomers get the chain's value.
    private func join(_ chain: ModelChain, _ place: Place, sends: Bool, receives: Bool, initial: Bool) {
        guard let other = self.chain(of: place) else {
            chain.members.append(ModelEndpoint(place: place, sends: sends, receives: receives, wantsInitial: initial))
            noteCompleteness(chain)
            if initial, receives { push(chain, receivers: [place], blocks: []) }
            return
        }
        var pushedByMerge = false
        var merged: (receivers: [Place], blocks: [ModelBlock])?
        if other !== chain {
            pushedByMerge = other.members.first { $0.place == place }!.wantsInitial
            merged = merge(other, into: chain)
        }
        let index = chain.members.firstIndex { $0.place == place }!
        chain.members[index].sends = chain.members[index].sends || sends
        chain.members[index].receives = chain.members[index].receives || receives
        chain.members[index].wantsInitial = initial
        noteCompleteness(chain)
        if let merged, !merged.receivers.isEmpty || !merged.blocks.isEmpty {
            push(chain, receivers: merged.receivers, blocks: merged.blocks)
        }
        if !pushedByMerge, initial, receives { push(chain, receivers: [place], blocks: []) }
    }

    /// Moves `other`'s members into `chain`; returns those that get the chain's value.
    private func merge(_ other: ModelChain, into chain: ModelChain) -> (receivers: [Place], blocks: [ModelBlock]) {
        chain.members += other.members
        chain.filters += other.filters
        chain.blocks += other.blocks
        other.isEnded = true
        for index in declarations.indices where declarations[index] === other { declarations[index] = chain }
        return (other.members.filter { $0.wantsInitial && $0.receives }.map(\.place), other.blocks.filter(\.initial))
    }

    /// Newcomers get the chain's value: a dispatch of its own, queued if the chain is busy.
    private func push(_ chain: ModelChain, receivers: [Place], blocks: [ModelBlock]) {
        guard !chain.isEnded else { return }
        if chain.isDispatching {
            chain.queue.append(.push(receivers: receivers, blocks: blocks))
            return
        }
        chain.isDispatching = true
        deliverPush(chain, receivers: receivers, blocks: blocks)
        drain(chain)
        chain.isDispatching = false
    }

    private func deliverPush(_ chain: ModelChain, receivers: [Place], blocks: [ModelBlock]) {
        guard !chain.isEnded else { return }
        var dead = false
        for place in receivers where chain.members.contains(where: { $0.place == place }) {
            if isAlive(place) { held[place] = Self.property(place, holding: chain.value) } else { dead = true }
        }
        run(blocks, chain.value)
        if dead { prune(chain) }
    }

    /// A user's write to a property.
    func write(_ place: Place, _ value: Int) {
        guard isAlive(place) else { return }
        let old = held[place]
        if case .plainText = place { held[place] = .text("\(value)") } else { held[place] = .int(value) }
        guard place.isObservable, let chain = self.chain(of: place),
              let member = chain.members.first(where: { $0.place == place }), member.sends else { return }
        if case .element = place, old == held[place] { return }
        change(chain, Self.chainValue(place, from: held[place]!), from: place)
    }

    private func change(_ chain: ModelChain, _ value: Int, from origin: Place) {
        if chain.isDispatching {
            chain.queue.append(.change(value: value, origin: origin))
            return
        }
        chain.isDispatching = true
        deliver(chain, value, from: origin, skippingOrigin: true)
        drain(chain)
        chain.isDispatching = false
    }

    /// Runs what was queued while the chain was busy, in order.
    private func drain(_ chain: ModelChain) {
        while !chain.queue.isEmpty {
            switch chain.queue.removeFirst() {
            case .change(let value, let origin):
                guard !chain.isEnded, chain.members.contains(where: { $0.place == origin }) else { continue }
                let stillHolds = held[origin] == Self.property(origin, holding: value)
                deliver(chain, value, from: origin, skippingOrigin: stillHolds)
            case .push(let receivers, let blocks):
                deliverPush(chain, receivers: receivers, blocks: blocks)
            }
        }
    }

    private func deliver(_ chain: ModelChain, _ value: Int, from origin: Place, skippingOrigin: Bool) {
        guard !chain.isEnded else { return }
        if chain.filters > 0, value % 7 == 3 {
            // Rejected: the sender is put back to the chain's value.
            if isAlive(origin) { held[origin] = Self.property(origin, holding: chain.value) }
            return
        }
        chain.value = value
        var dead = false
        for member in chain.members where member.receives {
            if member.place == origin, skippingOrigin { continue }
            if isAlive(member.place) {
                held[member.place] = Self.property(member.place, holding: value)
            } else {
                dead = true
            }
        }
        run(chain.blocks, value)
        if dead { prune(chain) }
    }

    private func run(_ blocks: [ModelBlock], _ value: Int) {
        for block in blocks {
            log.append("\(block.name)(\(value))")
            if let writeBack = block.writeBack, value % 10 == writeBack.residue, value < 40 {
                write(.dynamicA(writeBack.node), value + 1)
            }
        }
    }

    /// Drops members whose objects have gone; a chain left without a sender or receiver ends.
    private func prune(_ chain: ModelChain) {
        chain.members.removeAll { !isAlive($0.place) }
        endIfIncomplete(chain)
    }

    /// A declaration joins or continues `chain`: it is being declared again, so losing a
    /// member does not end it until it is complete again (a chain whose receivers died
    /// unnoticed is revived by a declaration that goes on to add one).
    private func reopen(_ chain: ModelChain) {
        chain.hasBeenComplete = isComplete(chain)
    }

    private func endIfIncomplete(_ chain: ModelChain) {
        if !chain.isEnded, chain.hasBeenComplete, !isComplete(chain) { end(chain) }
    }

    private func noteCompleteness(_ chain: ModelChain) {
        if !chain.hasBeenComplete { chain.hasBeenComplete = isComplete(chain) }
    }

    private func end(_ chain: ModelChain) {
        chain.isEnded = true
        chain.members.removeAll()
        chain.blocks.removeAll()
        chain.filters = 0
    }

    func unbind(_ form: UnbindForm) {
        switch form {
        case .chain(let declaration):
            guard declarations.indices.contains(declaration) else { return }
            end(declarations[declaration])
        case .object(let object):
            detach { $0.object == object }
        case .place(let place):
            detach { $0 == place }
        case .wholeList(let node):
            detach { if case .element(node, _) = $0 { true } else { false } }
        case .block(let place, let name):
            guard let chain = self.chain(of: place) else { return }
            let count = chain.blocks.count
            chain.blocks.removeAll { $0.name == name }
            if chain.blocks.count != count { endIfIncomplete(chain) }
        }
    }

    /// Takes matching endpoints out of their chains one by one, ending chains left incomplete.
    private func detach(where matches: (Place) -> Bool) {
        for chain in chains where !chain.isEnded {
            for member in chain.members where matches(member.place) {
                guard !chain.isEnded, let index = chain.members.firstIndex(where: { $0.place == member.place }) else { continue }
                chain.members.remove(at: index)
                endIfIncomplete(chain)
            }
        }
    }

    func release(_ object: ObjectRef) {
        guard alive.remove(object) != nil else { return }
        switch object {
        case .dynamic, .control:
            // Leaves every chain at once.
            detach { $0.object == object }
        case .plain:
            break   // dropped at the next change its chain delivers
        }
    }
}
