/// A chain's endpoints, in the order they joined, by name (`EndpointName`: a record, and the
/// host that keeps it).
///
/// One word: nearly every chain has a sender that is the chain itself (its head, `ChainCore`'s
/// record 0) and one receiver, the chain's second record, and the list keeps the two as a case
/// of their own, with no pointer, so that they cost no allocation and no word the chain already
/// is (see <doc:Guarantees#Cost>); a receiver of an object of its own (a `MemberEndpoint`, record
/// 0 of its host) is kept inline too. The list's owner, the chain, is handed to every call that
/// may need it; its head is a member only at the first position. From a third member on (or
/// any other shape) the members are in an array.
///
/// Noncopyable, so that the chain's list is always read in place. Guarded by the graph lock,
/// like the chain's other shape.
struct ChainMembers: ~Copyable {
    // Every member's host is retained once per member, by hand (released when the member is
    // taken out; the owner's own reference keeps the owner, as the chain keeps itself while its
    // head is in it), so that reading the list in place counts no reference. One word in all, the
    // cases told apart by the reference's spare bits: a measured trade, paid for in the "memory
    // per live chain" benchmark row, where the word it saves (with the head keeping no pointer to
    // its chain, see `MemberEndpoint`) brings a chain of an 8-byte value to 136 bytes (a 144-byte
    // block of the allocator instead of 160).
    private var storage: Storage = .none

    private enum Storage {
        case none
        /// The owner's head alone.
        case owner
        /// One member, record 0 of a host that is not the owner.
        case one(Unmanaged<AnyEndpoint>)
        /// The owner's head, then record 0 of another host.
        case ownerAndOne(Unmanaged<AnyEndpoint>)
        /// The owner's head, then the owner's second record: a two-endpoint chain, one object.
        case ownerAndSecond
        /// Any other list: two or more members, or one that none of the cases above names
        /// (the owner's second record alone, once its head has left).
        case more([EndpointName])
    }

    init() {}

    deinit {
        switch storage {
        case .one(let member):
            member.release()
        case .owner, .ownerAndOne, .ownerAndSecond:
            // The owner keeps itself while its head is a member, so it cannot go first.
            assertionFailure("Bindery: a chain's member list went while its owner was a member")
        case .more(let members):
            for member in members { member.host.release() }
        case .none:
            break
        }
    }

    /// The number of members.
    var count: Int {
        switch storage {
        case .none: 0
        case .owner, .one: 1
        case .ownerAndOne, .ownerAndSecond: 2
        case .more(let members): members.count
        }
    }

    /// Whether the members are in an array (`Storage.more`).
    private var isMore: Bool {
        if case .more = storage { return true }
        return false
    }

    /// Whether the chain has no member.
    var isEmpty: Bool {
        if case .none = storage { return true }
        return false
    }

    /// Every member's name, in order (unretained: the list keeps their hosts).
    func array(_ owner: AnyEndpoint) -> [EndpointName] {
        if case .more(let members) = storage { return members }
        var all: [EndpointName] = []
        all.reserveCapacity(count)
        forEachUnretained(owner) { all.append($0) }
        return all
    }

    /// Every member, each keeping its host.
    func held(_ owner: AnyEndpoint) -> [HeldName] {
        var all: [HeldName] = []
        all.reserveCapacity(count)
        forEachUnretained(owner) { all.append(HeldName($0)) }
        return all
    }

    /// The member at `position`.
    func member(at position: Int, _ owner: AnyEndpoint) -> EndpointName {
        switch storage {
        case .owner where position == 0: return EndpointName(owner)
        case .one(let member) where position == 0: return EndpointName(member)
        case .ownerAndOne where position == 0: return EndpointName(owner)
        case .ownerAndOne(let member) where position == 1: return EndpointName(member)
        case .ownerAndSecond where position < 2: return EndpointName(owner, record: position)
        case .more(let members): return members[position]
        default: preconditionFailure("Bindery: chain member index out of range")
        }
    }

    /// Puts `member` at `position` in place of the member there, whose host is let go of.
    mutating func replace(at position: Int, with member: EndpointName, _ owner: AnyEndpoint) {
        precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
        _ = member.host.retain()
        if case .ownerAndOne(let second) = storage, position == 1, member.record == 0 {
            storage = .ownerAndOne(member.host)
            second.release()
            return
        }
        var all = takeAll(owner)
        let replaced = all[position]
        all[position] = member
        storage = Self.storage(of: all, owner)
        replaced.host.release()
    }

    /// The position of the first member for which `predicate` is true.
    func firstIndex(_ owner: AnyEndpoint, where predicate: (EndpointName) -> Bool) -> Int? {
        var position = 0
        let found = containsUnretained(owner) { member in
            if predicate(member) { return true }
            position += 1
            return false
        }
        return found ? position : nil
    }

    /// The position of the last member for which `predicate` is true.
    func lastIndex(_ owner: AnyEndpoint, where predicate: (EndpointName) -> Bool) -> Int? {
        var position = count - 1
        while position >= 0 {
            if predicate(member(at: position, owner)) { return position }
            position -= 1
        }
        return nil
    }

    /// Whether `predicate` is true of a member, asked of each in order until it is.
    @inline(__always)
    func containsUnretained(_ owner: AnyEndpoint, where predicate: (EndpointName) -> Bool) -> Bool {
        switch storage {
        case .none:
            return false
        case .owner:
            return predicate(EndpointName(owner))
        case .one(let member):
            return predicate(EndpointName(member))
        case .ownerAndOne(let member):
            return predicate(EndpointName(owner)) || predicate(EndpointName(member))
        case .ownerAndSecond:
            return predicate(EndpointName(owner)) || predicate(EndpointName(owner, record: 1))
        case .more(let members):
            return members.withUnsafeBufferPointer { $0.contains(where: predicate) }
        }
    }

    /// Runs `body` on each member, in order.
    @inline(__always)
    func forEachUnretained(_ owner: AnyEndpoint, _ body: (EndpointName) -> Void) {
        _ = containsUnretained(owner) { member in
            body(member)
            return false
        }
    }

    /// Adds `member` last, retaining its host.
    mutating func append(_ member: EndpointName, _ owner: AnyEndpoint) {
        _ = member.host.retain()
        if isMore {
            // Taken out of the list first, so that the array is not copied to be changed.
            // Outside the switch below: the switch's subject is a copy of the list that lives
            // through the case's body, so that the array would be shared while it changes (a
            // copy of every member at every bind into a chain of many).
            var members = takeAll(owner)
            members.append(member)
            storage = .more(members)
            return
        }
        let isOwnerHead = member == EndpointName(owner)
        switch storage {
        case .none where isOwnerHead:
            storage = .owner
        case .none where member.record == 0:
            storage = .one(member.host)
        case .owner where member == EndpointName(owner, record: 1):
            storage = .ownerAndSecond
        case .owner where member.record == 0 && !isOwnerHead:
            storage = .ownerAndOne(member.host)
        default:
            var all = takeAll(owner)
            all.append(member)
            storage = .more(all)
        }
    }

    /// Adds `members` last, in order.
    mutating func append(contentsOf members: some Sequence<EndpointName>, _ owner: AnyEndpoint) {
        for member in members { append(member, owner) }
    }

    /// Takes out the member at `position`, handing its host's retain to the caller.
    @discardableResult
    mutating func remove(at position: Int, _ owner: AnyEndpoint) -> HeldName {
        precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
        if isMore {
            // Taken out of the list first, outside a switch, as in `append(_:_:)`.
            var members = takeAll(owner)
            let removed = members.remove(at: position)
            storage = Self.storage(of: members, owner)
            return HeldName(taking: removed)
        }
        switch storage {
        case .owner:
            storage = .none
            return HeldName(taking: EndpointName(owner))
        case .one(let member):
            storage = .none
            return HeldName(taking: EndpointName(member))
        case .ownerAndOne(let member):
            if position == 0 {
                storage = .one(member)
                return HeldName(taking: EndpointName(owner))
            }
            storage = .owner
            return HeldName(taking: EndpointName(member))
        case .ownerAndSecond:
            storage = position == 0 ? .more([EndpointName(owner, record: 1)]) : .owner
            return HeldName(taking: EndpointName(owner, record: position))
        case .more:
            preconditionFailure("Bindery: a chain's member array is taken out above")
        case .none:
            preconditionFailure("Bindery: chain member index out of range")
        }
    }

    /// Takes out every member, handing each host's retain to `body`, in order.
    mutating func removeAll(_ owner: AnyEndpoint, _ body: (HeldName) -> Void) {
        let taken = storage
        storage = .none
        switch taken {
        case .none:
            break
        case .owner:
            body(HeldName(taking: EndpointName(owner)))
        case .one(let member):
            body(HeldName(taking: EndpointName(member)))
        case .ownerAndOne(let member):
            body(HeldName(taking: EndpointName(owner)))
            body(HeldName(taking: EndpointName(member)))
        case .ownerAndSecond:
            body(HeldName(taking: EndpointName(owner)))
            body(HeldName(taking: EndpointName(owner, record: 1)))
        case .more(let members):
            for member in members { body(HeldName(taking: member)) }
        }
    }

    /// Takes out every member, letting go of their hosts.
    mutating func removeAll(_ owner: AnyEndpoint) {
        removeAll(owner) { _ in }
    }

    /// Every member, the list left empty; each host's retain goes with its name.
    private mutating func takeAll(_ owner: AnyEndpoint) -> [EndpointName] {
        let taken = storage
        storage = .none
        switch taken {
        case .none:
            return []
        case .owner:
            return [EndpointName(owner)]
        case .one(let member):
            return [EndpointName(member)]
        case .ownerAndOne(let member):
            return [EndpointName(owner), EndpointName(member)]
        case .ownerAndSecond:
            return [EndpointName(owner), EndpointName(owner, record: 1)]
        case .more(let members):
            return members
        }
    }

    /// The storage for `members`, whose hosts are retained once each.
    private static func storage(of members: consuming [EndpointName], _ owner: AnyEndpoint) -> Storage {
        let head = EndpointName(owner)
        switch members.count {
        case 0:
            return .none
        case 1 where members[0] == head:
            return .owner
        case 1 where members[0].record == 0:
            return .one(members[0].host)
        case 2 where members[0] == head && members[1] == EndpointName(owner, record: 1):
            return .ownerAndSecond
        case 2 where members[0] == head && members[1].record == 0 && members[1] != head:
            return .ownerAndOne(members[1].host)
        default:
            return .more(members)
        }
    }
}
