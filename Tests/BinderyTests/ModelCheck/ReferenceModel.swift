// A reference model of Bindery's guarantees, written from the rules, not from the engine: plain
// values in dictionaries, one dispatch stack, no threads, no locks. The randomized model check
// runs a program on the real engine and on this model and compares every property, `isBound`,
// the blocks' log and the diagnostics after each step.
//
// What it encodes, rule by rule:
// - A chain has a type (its family's) and a value: its head's property, converted, when it is
//   made, then the last accepted change (rule 2). Every endpoint converts by the table of
//   `ModelConversion` (rule 6), a convert closure, or negation.
// - A change of a sender: if every filter passes (rule 5), the chain takes the value, every
//   receiver but the sender is written in join order (rules 4, 9), then every block runs in
//   order, with the value converted to the type it declares. A rejected change reaches nobody,
//   and the sender is put back to the chain's value; a read-only sender cannot be, keeps the
//   rejected value and is reported.
// - A change to a chain that is already dispatching (a block that sets a sender, binds or
//   unbinds) is queued, and dispatched after; its sender is written too if the chain has
//   written it since the change was queued, whatever it wrote (rule 3: Bindery compares no
//   values, rule 8). Other chains dispatch at once.
// - Writes made by a chain are never heard as changes; a set of an array is heard by its element
//   senders in the order they began to listen; an array element sends only when its own
//   element differs from the one its endpoint last saw; an element out of range is not
//   read or written, and that is reported (rule 11); a plain object is not observable.
// - A route follows its links: a set of the link sends the new object's value.
// - A declaration continues the chain its head is in; a continuation already in another chain
//   merges that chain into this one, which keeps its value (rule 7); newcomers (and merged
//   members) that want an initial value get it, receivers first, then blocks.
// - A chain is bound while it has a live sender and a live receiver or block, in two members.
//   A chain that has been bound ends when it loses that by an unbind or a `@Dynamic` object,
//   box or control going; a plain receiver that goes is dropped at the next change the chain
//   delivers (rule 1). A chain never bound yet (a declaration being written) is not ended by
//   losing a member. An object made anew in a released one's slot is a new object (rule 8).
// - Each endpoint, filter and block remembers the declarations that declared it (an endpoint
//   declared again, by a join or a continuation, is declared by both). A declaration's
//   `unbind()` ends what it declared: its filters and blocks, and its endpoints that no other
//   declaration declared; a chain left incomplete, or without members, ends. A chain whose
//   endpoints this declaration alone declared ends whole.
//
// Target-actions and coalescing (what the Observing changes and Coalescing articles promise):
// - `addTarget` registers one observer per key path. It takes no part in any chain: it never
//   writes its property, never sends it to a chain, and binding, joining or ending chains leaves
//   it as it is. With `callImmediately` it is called now, with what the property holds: a
//   change action once per key path with no old value, a zero-argument action on several key
//   paths once in all.
// - It hears every set of its property: a user's write, a chain's write (an initial value, a
//   change, a filter's put-back), a route's link set. Each is a call with what the property
//   holds when it is heard, the old value being the one before. A set reaches the property's
//   chain first, then its observers in the order they were registered; a set made meanwhile
//   (by that chain, or by a put-back) reaches them at once, nested. Observers registered while
//   a set is being told do not hear that set. An observer of a route follows a replaced link
//   when it hears the replacement, after the route's chain: what that chain writes into the
//   new object meanwhile, it does not hear (it is then told what the route holds).
// - A registration ends when its handle's `unbind()` or `removeTarget` removes it, when its
//   object goes, and when its object or property is unbound (`Bind.unbind(object)`,
//   `Bind.unbind(object, keyPath)`), which also counts it for `Bind.isBound(object)`. A dead
//   target is never called: the call that finds it gone removes its registration.
// - Inside a transaction (`Coalesce.begin` … `commit`, nested, `Coalesce.run`), a coalesced
//   registration's calls are held: one per registration and key path, the first old value
//   and the latest new one, made at the outermost commit in the order of their first change,
//   skipping registrations that ended and targets that died meanwhile (which the call then
//   removes). A commit with nothing open is reported. Nothing else is held back.

struct ModelEndpoint {
    var place: Place
    var generation: Int
    var sends: Bool
    var receives: Bool
    var wantsInitial: Bool
    /// The declarations that declared it, by number.
    var declarations: Set<Int>
    /// When it began listening to its property (it sends), counted across the model: a set of
    /// an array is heard by its element senders in that order, as a registrar's listeners are.
    var listenOrder: Int?
    /// An element endpoint's element as the chain last saw it (nil: out of range).
    var memo: Int?
}

/// Work a busy chain does after the current dispatch.
enum ModelWork {
    /// `writes`: how many times the chain had written the origin when the change was queued.
    case change(value: Scalar, origin: Place, writes: Int)
    case push(receivers: [Place], blocks: [BlockSpec])
}

final class ModelChain {
    let family: Family
    var value: Scalar
    var members: [ModelEndpoint]
    var filters: [FilterKind] = []
    /// The declaration that added each filter, in the same order.
    var filterDeclarations: [Int] = []
    var blocks: [BlockSpec] = []
    /// The declaration that added each block, by the block's name (one block per name).
    var blockDeclarations: [String: Int] = [:]
    var isEnded = false
    /// The chain it was merged into, which declarations that were continuing it go on with.
    var mergedInto: ModelChain?
    /// Whether it has been bound (a live sender and receiver) at some point: only a chain that
    /// has been bound ends by losing members.
    var hasBeenComplete = false
    var isDispatching = false
    var queue: [ModelWork] = []
    /// How many times this chain has written each member's property.
    var writes: [Place: Int] = [:]

    init(family: Family, value: Scalar, members: [ModelEndpoint]) {
        self.family = family
        self.value = value
        self.members = members
    }
}

/// What a program can see of a world (the engine's objects or the model's): enough to tell
/// whether a step can run.
protocol ModelWorld: AnyObject {
    func isAlive(_ object: ObjectRef) -> Bool
    func listCount(_ node: Int) -> Int
}

final class ReferenceModel: ModelWorld {
    private var values: [Place: Scalar] = [:]
    private var lists: [Int: [Int]] = [:]
    private var hubs: [Int: Int] = [:]
    private var spares: [Int: Int?] = [:]
    /// How many times each route's link has been replaced (a new object each time).
    private var links: [Place: Int] = [:]
    var alive: Set<ObjectRef> = []
    var generations: [ObjectRef: Int] = [:]
    var chains: [ModelChain] = []
    /// The chain each declaration made or continued, as its handle sees it (merges forward);
    /// nil while the declaration is still being made (a block it runs has no handle to it yet).
    var declarations: [ModelChain?] = []
    var log: [String] = []
    /// The diagnostics the rules call for, by what they say: "cannot read", "cannot write",
    /// "cannot put back", each with the place.
    var diagnostics: [String] = []
    /// Every target-action observer, in the order they were registered.
    private var actions: [ModelAction] = []
    /// Each registration's blocks, by its number.
    private var registrations: [Int: [ModelAction]] = [:]
    /// How many transactions are open.
    private(set) var transactionDepth = 0
    /// The coalesced calls held back, in the order of their first change.
    private var held: [(action: ModelAction, old: Scalar?, new: Scalar)] = []
    /// How many calls were made (see `ActionCalls`).
    var calls = ActionCalls()
    /// How many endpoints have begun listening (see `ModelEndpoint.listenOrder`).
    private var listenings = 0

    init() {
        for object in ObjectRef.all { create(object) }
    }

    // MARK: The objects

    func create(_ object: ObjectRef) {
        alive.insert(object)
        generations[object, default: -1] += 1
        for place in Self.places(of: object) { values[place.storage] = .zero(place.kind) }
        switch object {
        case .dynamic(let i):
            values[.dynamicB(i)] = .int(100)
            lists[i] = [0, 0, 0]
            hubs[i] = 0
            spares[i] = .some(nil)
        default: break
        }
    }

    /// Every place of `object` that holds a value of its own (not elements or routes).
    static func places(of object: ObjectRef) -> [Place] {
        switch object {
        case .dynamic(let i): [.dynamicA(i), .dynamicB(i), .dynamicS(i), .dynamicFlag(i)]
        case .plain(let i): [.plainA(i), .plainText(i), .plainScaled(i), .plainFlag(i), .plainRatio(i), .plainShown(i)]
        case .control: [.control, .controlText]
        case .box: [.box]
        case .typed(let f): TProp.allCases.map { .typed(f, $0) }
        case .typedPlain(let f): QProp.allCases.map { .typedPlain(f, $0) }
        case .target: []
        }
    }

    func isAlive(_ object: ObjectRef) -> Bool { alive.contains(object) }
    func listCount(_ node: Int) -> Int { lists[node]?.count ?? 0 }

    /// What the place's property holds now; nil for an element out of range.
    func get(_ place: Place) -> Scalar? {
        switch place {
        case .element(let i, let k):
            guard let list = lists[i], list.indices.contains(k) else { return nil }
            return .int(list[k])
        case .route(let i): return .int(hubs[i] ?? 0)
        case .optionalRoute(let i): return .optionalInt(spares[i] ?? nil)
        default: return values[place.storage]
        }
    }

    /// Sets the place's property; false for an element out of range (or an unset optional link).
    @discardableResult
    private func set(_ place: Place, _ value: Scalar) -> Bool {
        switch place {
        case .element(let i, let k):
            guard lists[i]?.indices.contains(k) == true, case .int(let v) = value else { return false }
            lists[i]![k] = v
        case .route(let i):
            guard case .int(let v) = value else { return false }
            hubs[i] = v
        case .optionalRoute(let i):
            guard spares[i] != .some(nil), case .optionalInt(let v?) = value else { return false }
            spares[i] = v
        default:
            values[place.storage] = value
        }
        return true
    }

    /// Every place and value a live object shows, for the comparison.
    func snapshot() -> [Place: Scalar] {
        var result: [Place: Scalar] = [:]
        for object in alive {
            for place in Self.places(of: object) { result[place.storage] = values[place.storage] }
            if case .dynamic(let i) = object {
                for (k, v) in (lists[i] ?? []).enumerated() { result[.element(i, index: k)] = .int(v) }
                result[.route(i)] = .int(hubs[i] ?? 0)
                result[.optionalRoute(i)] = .optionalInt(spares[i] ?? nil)
            }
        }
        return result
    }

    // MARK: Conversions (each place has one)

    static func property(_ place: Place, holding value: Scalar) -> Scalar {
        switch place {
        case .dynamicB: if case .int(let v) = value { return .int(v + 100) }
        case .plainScaled: if case .int(let v) = value { return .int(v &* 2) }
        default: break
        }
        if place.isNegated, case .bool(let b) = ModelConversion.convert(value, to: .bool) { return .bool(!b) }
        return ModelConversion.convert(value, to: place.kind)
    }

    /// The value `place` holds, as its member of `chain` sends it.
    func chainValue(_ place: Place, from held: Scalar, in chain: ModelChain) -> Scalar {
        Self.chainValue(place, from: held, family: chain.family)
    }

    static func chainValue(_ place: Place, from held: Scalar, family: Family) -> Scalar {
        if case .dynamicB = place, case .int(let v) = held { return .int(v - 100) }
        if place.isNegated, case .bool(let b) = held { return ModelConversion.convert(.bool(!b), to: family.kind) }
        return ModelConversion.convert(held, to: family.kind)
    }

    // MARK: Queries

    func generation(_ object: ObjectRef) -> Int { generations[object] ?? 0 }

    func isAlive(_ member: ModelEndpoint) -> Bool {
        alive.contains(member.place.object) && generation(member.place.object) == member.generation
    }

    /// The live chain `place` (of the object as it is now) is in.
    func chain(of place: Place) -> ModelChain? {
        let current = generation(place.object)
        return chains.first { !$0.isEnded && $0.members.contains { $0.place == place && $0.generation == current } }
    }

    private func memberIndex(_ chain: ModelChain, _ place: Place) -> Int? {
        let current = generation(place.object)
        return chain.members.firstIndex { $0.place == place && $0.generation == current }
    }

    func isComplete(_ chain: ModelChain) -> Bool {
        guard !chain.isEnded else { return false }
        let live = chain.members.filter(isAlive)
        let senders = live.filter(\.sends).count
        let receivers = live.filter(\.receives).count + chain.blocks.count
        return senders > 0 && receivers > 0 && live.count + chain.blocks.count >= 2
    }

    func isBound(_ object: ObjectRef) -> Bool {
        actions.contains { $0.isLive && $0.place.object == object && $0.placeGeneration == generation(object) && isAlive(object) }
            || chains.contains { chain in
                isComplete(chain) && chain.members.contains { $0.place.object == object && isAlive($0) }
            }
    }

    // MARK: Steps

    func apply(_ step: Step) {
        switch step {
        case .declare(let head, let rest): declare(head: head, rest: rest)
        case .write(let place, let value): write(place, value)
        case .resize(let node, let count, let fill): resize(node, count: count, fill: fill)
        case .replaceHub(let node, let value): relink(.route(node), to: .int(value)) { hubs[node] = value }
        case .setSpare(let node, let value): relink(.optionalRoute(node), to: .optionalInt(value)) { spares[node] = .some(value) }
        case .unbind(let form): unbind(form)
        case .release(let object): release(object)
        case .create(let object): create(object)
        case .addTarget(let spec): addTarget(spec)
        case .removeTarget(let target, let object, let place): removeTarget(target, from: object, at: place)
        case .unbindAction(let number): unbindAction(number)
        case .derive: break                        // checked against the engine's own values
        case .begin: transactionDepth += 1
        case .commit: commit()
        case .transaction(let steps):
            transactionDepth += 1
            for step in steps {
                if let usable = ModelCheckTests.usable(step, self) { apply(usable) }
            }
            commit()
        }
    }

    func declare(head: Link, rest: [Link]) {
        declarations.append(nil)
        let number = declarations.count - 1
        let chain: ModelChain
        switch head {
        case .sender(let place): chain = declareHead(place, receives: false, number)
        case .twoWay(let place, _): chain = declareHead(place, receives: true, number)
        default: preconditionFailure("a head is a sender")
        }
        var current = chain
        for link in rest {
            current = continuation(current, link, number)
        }
        declarations[number] = current
    }

    /// `place` declared as a declaration's head: declared again as a sender of its chain, or
    /// the head of a new one.
    private func declareHead(_ place: Place, receives: Bool, _ number: Int) -> ModelChain {
        if let chain = self.chain(of: place) {
            reopen(chain)
            let index = memberIndex(chain, place)!
            chain.members[index].declarations.insert(number)
            if !chain.members[index].sends { chain.members[index].listenOrder = nextListenOrder() }
            chain.members[index].sends = true
            chain.members[index].receives = chain.members[index].receives || receives
            chain.members[index].wantsInitial = true
            renew(&chain.members[index])
            noteCompleteness(chain)
            return chain
        }
        let family = place.family
        let chain = ModelChain(
            family: family, value: Self.chainValue(place, from: get(place)!, family: family),
            members: [endpoint(place, sends: true, receives: receives, initial: true, number)])
        chains.append(chain)
        return chain
    }

    private func endpoint(_ place: Place, sends: Bool, receives: Bool, initial: Bool, _ number: Int) -> ModelEndpoint {
        var memo: Int?
        if case .element = place, case .int(let v)? = get(place) { memo = v }
        return ModelEndpoint(place: place, generation: generation(place.object), sends: sends, receives: receives,
                             wantsInitial: initial, declarations: [number], listenOrder: sends ? nextListenOrder() : nil, memo: memo)
    }

    private func nextListenOrder() -> Int {
        listenings += 1
        return listenings
    }

    /// An endpoint declared again takes the new declaration's conversion; an element's starts
    /// from the element as it is now.
    private func renew(_ member: inout ModelEndpoint) {
        guard case .element = member.place else { return }
        if case .int(let v)? = get(member.place) { member.memo = v } else { member.memo = nil }
    }

    /// Applies one continuation; returns the chain the declaration goes on with.
    private func continuation(_ chain: ModelChain, _ link: Link, _ number: Int) -> ModelChain {
        // A chain merged into another meanwhile (by a block this declaration ran) goes on as it.
        var chain = chain
        while let merged = chain.mergedInto { chain = merged }
        guard !chain.isEnded else {
            // Ended meanwhile (by a block this declaration ran): the rest is refused and
            // reported, but for filters, which have nothing left to filter.
            if case .filter = link {} else { diagnostics.append("chain ended: \(link)") }
            return chain
        }
        if case .filter = link {} else { reopen(chain) }
        switch link {
        case .filter(let kind):
            chain.filters.append(kind)
            chain.filterDeclarations.append(number)
        case .block(let block):
            chain.blockDeclarations[block.name] = number
            // A block of a name the chain has replaces that block (a block that binds may
            // declare its own declaration again).
            if let index = chain.blocks.firstIndex(where: { $0.name == block.name }) {
                chain.blocks[index] = block
            } else {
                chain.blocks.append(block)
            }
            noteCompleteness(chain)
            if block.initial { push(chain, receivers: [], blocks: [block]) }
        case .sender(let place):
            join(chain, place, sends: true, receives: false, initial: true, number)
        case .twoWay(let place, let initial):
            join(chain, place, sends: true, receives: true, initial: initial, number)
        case .receiver(let place, let initial):
            join(chain, place, sends: false, receives: true, initial: initial, number)
        }
        return chain
    }

    /// A continuation on an endpoint: the chain changes shape first (a merge, the endpoint's
    /// new roles), then the newcomers get the chain's value.
    private func join(_ chain: ModelChain, _ place: Place, sends: Bool, receives: Bool, initial: Bool, _ number: Int) {
        guard let other = self.chain(of: place) else {
            chain.members.append(endpoint(place, sends: sends, receives: receives, initial: initial, number))
            noteCompleteness(chain)
            if initial, receives { push(chain, receivers: [place], blocks: []) }
            return
        }
        var pushedByMerge = false
        var merged: (receivers: [Place], blocks: [BlockSpec])?
        if other !== chain {
            // The merge gives the chain's value only to members that received in their old
            // chain; a sender declared again as a receiver gets it from this declaration.
            let member = other.members[memberIndex(other, place)!]
            pushedByMerge = member.wantsInitial && member.receives
            merged = merge(other, into: chain)
        }
        let index = memberIndex(chain, place)!
        renew(&chain.members[index])
        chain.members[index].declarations.insert(number)
        if sends, !chain.members[index].sends { chain.members[index].listenOrder = nextListenOrder() }
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
    private func merge(_ other: ModelChain, into chain: ModelChain) -> (receivers: [Place], blocks: [BlockSpec]) {
        chain.members += other.members
        chain.filters += other.filters
        chain.filterDeclarations += other.filterDeclarations
        // A joined chain's block of a name this chain has is dropped, and reported.
        let kept = other.blocks.filter { block in !chain.blocks.contains { $0.name == block.name } }
        for _ in 0..<(other.blocks.count - kept.count) { diagnostics.append("block dropped") }
        chain.blocks += kept
        for block in kept { chain.blockDeclarations[block.name] = other.blockDeclarations[block.name] }
        other.isEnded = true
        other.mergedInto = chain
        for index in declarations.indices where declarations[index] === other { declarations[index] = chain }
        let receivers = other.members.filter { $0.wantsInitial && $0.receives && isAlive($0) }.map(\.place)
        return (receivers, kept.filter(\.initial))
    }

    /// Newcomers get the chain's value: a dispatch of its own, queued if the chain is busy.
    private func push(_ chain: ModelChain, receivers: [Place], blocks: [BlockSpec]) {
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

    private func deliverPush(_ chain: ModelChain, receivers: [Place], blocks: [BlockSpec]) {
        guard !chain.isEnded else { return }
        var dead = false
        for place in receivers {
            guard let index = memberIndex(chain, place) else {
                if chain.members.contains(where: { $0.place == place }) { dead = true }
                continue
            }
            receive(chain, at: index)
        }
        run(blocks.filter { block in chain.blocks.contains { $0.name == block.name } }, chain)
        if dead { prune(chain) }
    }

    /// The chain writes its value into the member at `index`.
    private func receive(_ chain: ModelChain, at index: Int) {
        let place = chain.members[index].place
        chain.writes[place, default: 0] += 1
        let property = Self.property(place, holding: chain.value)
        if set(place, property) {
            if case .element(let node, _) = place, case .int(let v) = property {
                chain.members[index].memo = v
                // The array was set: its other element senders read their elements.
                listChanged(node, except: place)
            }
            // Not heard by this chain (its own write), but by the property's observers.
            tell(observersOf: place)
        } else if case .element = place {
            diagnostics.append("cannot write \(place)")
        }
    }

    /// A user's write to a property.
    func write(_ place: Place, _ value: Scalar) {
        guard isAlive(place.object) else { return }
        guard set(place, value) else { return }
        if case .element(let node, _) = place {
            listChanged(node)
            return
        }
        notify(place)
    }

    /// `place` was set: its sender hears the change, then its observers do (see `tell`). A
    /// route's link replaced (`relinked`) is heard by all its observers, each following the new
    /// link as it hears it.
    private func notify(_ place: Place, relinked: Bool = false) {
        guard place.isObservable else { return }
        let observers = relinked ? self.observers(of: place, anyLink: true) : self.observers(of: place)
        if let chain = self.chain(of: place), let index = memberIndex(chain, place), chain.members[index].sends, let held = get(place) {
            change(chain, chainValue(place, from: held, in: chain), from: place)
        }
        tell(observers)
    }

    /// `d.list` was set: every element sender of it reads its element.
    private func listChanged(_ node: Int, except written: Place? = nil) {
        let count = listCount(node)
        // The element senders as they listen when the set is made, in the order they began to.
        let listening = (0..<4).compactMap { index -> (index: Int, order: Int)? in
            let place = Place.element(node, index: index)
            guard let chain = self.chain(of: place), let m = memberIndex(chain, place), let order = chain.members[m].listenOrder else { return nil }
            return (index, order)
        }
        for index in listening.sorted(by: { $0.order < $1.order }).map(\.index) {
            let place = Place.element(node, index: index)
            guard place != written, let chain = self.chain(of: place), let m = memberIndex(chain, place), chain.members[m].sends else { continue }
            guard index < count, case .int(let v)? = get(place) else {
                diagnostics.append("cannot read \(place)")
                continue
            }
            guard chain.members[m].memo != v else { continue }
            chain.members[m].memo = v
            change(chain, Self.chainValue(place, from: .int(v), family: chain.family), from: place)
        }
    }

    private func resize(_ node: Int, count: Int, fill: Int) {
        guard isAlive(.dynamic(node)), var list = lists[node] else { return }
        if count < list.count { list.removeLast(list.count - count) }
        while list.count < count { list.append(fill) }
        lists[node] = list
        listChanged(node)
    }

    /// A route's link is set: the route reads its value again and sends it.
    private func relink(_ place: Place, to value: Scalar, _ store: () -> Void) {
        guard isAlive(place.object) else { return }
        store()
        links[place, default: 0] += 1
        notify(place, relinked: true)
    }

    private func change(_ chain: ModelChain, _ value: Scalar, from origin: Place) {
        if chain.isDispatching {
            chain.queue.append(.change(value: value, origin: origin, writes: chain.writes[origin] ?? 0))
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
            case .change(let value, let origin, let writes):
                guard !chain.isEnded, memberIndex(chain, origin) != nil else { continue }
                // Written by the chain since it was queued: written again, like every member.
                deliver(chain, value, from: origin, skippingOrigin: (chain.writes[origin] ?? 0) == writes)
            case .push(let receivers, let blocks):
                deliverPush(chain, receivers: receivers, blocks: blocks)
            }
        }
    }

    private func deliver(_ chain: ModelChain, _ value: Scalar, from origin: Place, skippingOrigin: Bool) {
        guard !chain.isEnded else { return }
        if !chain.filters.allSatisfy({ $0.passes(value) }) {
            // Rejected: the sender is put back to the chain's value, if it can be written.
            if isAlive(origin.object) {
                if origin.isWritable {
                    if let index = memberIndex(chain, origin) { receive(chain, at: index) }
                } else {
                    diagnostics.append("cannot put back \(origin)")
                }
            }
            return
        }
        chain.value = value
        var dead = false
        for index in chain.members.indices where chain.members[index].receives {
            let member = chain.members[index]
            if member.place == origin, skippingOrigin, isAlive(member) { continue }
            if isAlive(member) { receive(chain, at: index) } else { dead = true }
        }
        run(chain.blocks, chain)
        if dead { prune(chain) }
    }

    private func run(_ blocks: [BlockSpec], _ chain: ModelChain) {
        let value = chain.value
        for block in blocks {
            log.append(Self.entry(block, value))
            guard block.triggers(value), case .int(let v) = value, let action = block.action else { continue }
            switch action {
            case .writeBack(let node):
                write(.dynamicA(node), .int(v + 1))
            case .declare(let head, let rest):
                if let step = ModelCheckTests.usable(.declare(head: head, rest: rest), self) { apply(step) }
            case .unbind(let form):
                if let step = ModelCheckTests.usable(.unbind(form), self) { apply(step) }
            case .addTarget(let spec):
                if let step = ModelCheckTests.usable(.addTarget(spec), self) { apply(step) }
            }
        }
    }

    /// The log entry of `block` run with the chain's `value`.
    static func entry(_ block: BlockSpec, _ value: Scalar) -> String {
        guard let argument = block.argument else { return "\(block.name)()" }
        return "\(block.name)(\(ModelConversion.convert(value, to: argument)))"
    }

    /// Drops members whose objects have gone; a chain left without a sender or receiver ends.
    private func prune(_ chain: ModelChain) {
        chain.members.removeAll { !isAlive($0) }
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
        chain.blockDeclarations.removeAll()
        chain.filters.removeAll()
        chain.filterDeclarations.removeAll()
        chain.queue.removeAll()
    }

    func unbind(_ form: UnbindForm) {
        switch form {
        case .chain(let declaration):
            guard declarations.indices.contains(declaration), var chain = declarations[declaration] else { return }
            // The handle follows its chain into the chains it was merged into.
            while let merged = chain.mergedInto { chain = merged }
            endDeclaration(declaration, of: chain)
        case .object(let object):
            detach { $0.object == object }
        case .place(let place):
            switch place {
            case .controlOut: detach { $0.storage == .control }   // `Bind.unbind(c, \.value)`: whatever the events
            default: detach { $0 == place }
            }
        case .wholeList(let node):
            detach { if case .element(node, _) = $0 { true } else { false } }
        case .block(let place, let name):
            for chain in chains where !chain.isEnded && chain.members.contains(where: { $0.place.storage == place.storage && isAlive($0) }) {
                let count = chain.blocks.count
                chain.blocks.removeAll { $0.name == name }
                if chain.blocks.count != count { endIfIncomplete(chain) }
            }
        }
    }

    /// Ends what declaration `number` declared in `chain`.
    private func endDeclaration(_ number: Int, of chain: ModelChain) {
        guard !chain.isEnded else { return }
        if chain.members.allSatisfy({ $0.declarations == [number] }) {
            end(chain)
            return
        }
        let filters = zip(chain.filters, chain.filterDeclarations).filter { $0.1 != number }
        chain.filters = filters.map(\.0)
        chain.filterDeclarations = filters.map(\.1)
        chain.blocks.removeAll { chain.blockDeclarations[$0.name] == number }
        chain.blockDeclarations = chain.blockDeclarations.filter { $0.value != number }
        for index in chain.members.indices { chain.members[index].declarations.remove(number) }
        chain.members.removeAll { $0.declarations.isEmpty }
        if chain.members.isEmpty { end(chain) } else { endIfIncomplete(chain) }
    }

    /// Takes matching endpoints of live objects out of their chains one by one, ending chains
    /// left incomplete, and ends the target-actions observing matching places.
    private func detach(where matches: (Place) -> Bool) {
        for chain in chains where !chain.isEnded {
            for member in chain.members where matches(member.place) && isAlive(member) {
                guard !chain.isEnded,
                      let index = chain.members.firstIndex(where: { $0.place == member.place && $0.generation == member.generation })
                else { continue }
                chain.members.remove(at: index)
                endIfIncomplete(chain)
            }
        }
        for action in actions where action.isLive && matches(action.place) && isAlive(action.place.object) {
            action.isLive = false
        }
    }

    // MARK: Target-actions

    func addTarget(_ spec: ActionSpec) {
        // A zero-argument action on several key paths is called once in all, not once per key
        // path: by the first key path's observer.
        let callsOnceInAll = spec.several && !spec.takesChange
        var made: [ModelAction] = []
        for (index, place) in spec.places.enumerated() {
            let action = ModelAction(
                spec: spec, place: place, placeGeneration: generation(place.object), targetGeneration: generation(.target(spec.target)))
            action.link = links[place, default: 0]
            actions.append(action)
            made.append(action)
            let value = get(place)!
            action.last = value
            if spec.callImmediately, !callsOnceInAll || index == 0 { deliver(action, old: nil, new: value) }
        }
        registrations[spec.number, default: []] += made
    }

    /// The live observers of `place`, in the order they were registered: of a route, those that
    /// follow its current link, unless `anyLink`.
    private func observers(of place: Place, anyLink: Bool = false) -> [ModelAction] {
        actions.filter {
            $0.isLive && $0.place == place && $0.placeGeneration == generation(place.object) && (anyLink || $0.link == links[place, default: 0])
        }
    }

    /// `place` was set by a chain: its observers hear it.
    private func tell(observersOf place: Place) {
        guard place.isObservable else { return }
        tell(observers(of: place))
    }

    /// Observers hear a set of their property, one by one, each what the property holds then;
    /// one that ended meanwhile hears nothing.
    private func tell(_ observers: [ModelAction]) {
        for action in observers where action.isLive {
            action.link = links[action.place, default: 0]
            guard let value = get(action.place) else { continue }
            let old = action.last
            action.last = value
            if action.spec.coalesced, transactionDepth > 0 {
                if let index = held.firstIndex(where: { $0.action === action }) {
                    held[index].new = value
                } else {
                    held.append((action, old, value))
                }
            } else {
                deliver(action, old: old, new: value)
            }
        }
    }

    /// Calls the action, unless its registration ended; a target found gone ends it.
    private func deliver(_ action: ModelAction, old: Scalar?, new: Scalar) {
        guard action.isLive else { return }
        let target = ObjectRef.target(action.spec.target)
        guard isAlive(target), generation(target) == action.targetGeneration else {
            action.isLive = false
            return
        }
        let change = action.spec.takesChange ? (action.place.keyPathName, old, new) : nil
        log.append(ActionSpec.entry(action.spec.number, target: action.spec.target, change))
        calls.made += 1
    }

    /// `object.removeTarget(target, forKeyPathChange:)` (every key path when `place` is nil):
    /// every registration of that target on that property.
    func removeTarget(_ target: Int, from object: ObjectRef, at place: Place?) {
        let targetGeneration = generation(.target(target)), objectGeneration = generation(object)
        for action in actions where action.isLive && action.spec.target == target && action.targetGeneration == targetGeneration
            && action.place.object == object && action.placeGeneration == objectGeneration && (place == nil || action.place == place) {
            action.isLive = false
        }
    }

    /// A handle's `unbind()`: each of the registration's key paths.
    func unbindAction(_ number: Int) {
        for action in registrations[number] ?? [] { action.isLive = false }
    }

    /// `Coalesce.commit()`: the outermost one makes the held calls, in order.
    func commit() {
        guard transactionDepth > 0 else {
            diagnostics.append("unbalanced commit")
            return
        }
        transactionDepth -= 1
        guard transactionDepth == 0 else { return }
        let due = held
        held = []
        for call in due { deliver(call.action, old: call.old, new: call.new) }
    }

    func release(_ object: ObjectRef) {
        guard object.leavesAtOnce else {
            alive.remove(object)    // dropped at the next change its chain delivers
            return
        }
        // Leaves every chain at once.
        detach { $0.object == object }
        alive.remove(object)
    }
}


/// One key path of a target-action registration: an observer of its property.
final class ModelAction {
    let spec: ActionSpec
    let place: Place
    /// The generations of the observed object and of the target when it was registered.
    let placeGeneration: Int
    let targetGeneration: Int
    /// Whether it is still registered.
    var isLive = true
    /// What its property held when it last heard it (or was registered): the next call's old
    /// value.
    var last: Scalar?
    /// For a route, how many times its link had been replaced when it last heard it: it hears
    /// the object that link names.
    var link = 0

    init(spec: ActionSpec, place: Place, placeGeneration: Int, targetGeneration: Int) {
        self.spec = spec
        self.place = place
        self.placeGeneration = placeGeneration
        self.targetGeneration = targetGeneration
    }
}

/// How many target-action calls a run made, for the run's report.
struct ActionCalls: Sendable {
    var made = 0

    mutating func add(_ other: ActionCalls) {
        made += other.made
    }

    var report: String { "model check: \(made) target-action calls" }
}
