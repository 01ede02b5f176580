/// A chain's endpoints, in the order they joined.
///
/// One word: nearly every chain has a sender that is the chain itself (its head, `ChainCore`)
/// and one receiver, and the list keeps the receiver inline and the head as a case of its own,
/// with no pointer to it, so that they cost no allocation and no word the chain already is (see
/// <doc:Guarantees#Cost>). The list's owner, the chain, is handed to every call that may need
/// it; it is a member only at the first position, when it heads the chain. From a third member
/// on (or a second, when the first is not the owner) the members are in an array.
///
/// Noncopyable, so that the chain's list is always read in place: a copy would retain every
/// member it holds, and the chain reads its members several times per bind. Guarded by the
/// graph lock, like the chain's other shape.
struct ChainMembers<Element: AnyObject>: ~Copyable {
    // Every member is retained once: the inline ones by hand (released when removed; the
    // owner's own reference keeps the owner, as the chain keeps itself while its head is in it),
    // so that reading them in place counts no reference (a stored optional reference is retained
    // each time it is bound to a name, even to be lent). One word in all, the cases told apart
    // by the reference's spare bits: a measured trade, paid for in the "memory per live chain"
    // benchmark row, where the word it saves (with the head keeping no pointer to its chain, see
    // `MemberEndpoint`) brings a chain of an 8-byte value to 136 bytes (a 144-byte block of the
    // allocator instead of 160).
    private var storage: Storage = .none

    private enum Storage {
        case none
        /// The owner alone.
        case owner
        /// One member that is not the owner.
        case one(Unmanaged<Element>)
        /// The owner, then one member.
        case ownerAndOne(Unmanaged<Element>)
        /// Every other shape: two members or more, the owner first if it is a member.
        case more([Element])
    }

    init() {}

    deinit {
        switch storage {
        case .one(let member):
            member.release()
        case .owner, .ownerAndOne:
            // The owner keeps itself while it is a member, so it cannot go first.
            assertionFailure("Bindery: a chain's member list went while its owner was a member")
        case .none, .more:
            break
        }
    }

    var count: Int {
        switch storage {
        case .none: 0
        case .owner, .one: 1
        case .ownerAndOne: 2
        case .more(let members): members.count
        }
    }

    var isEmpty: Bool {
        if case .none = storage { return true }
        return false
    }

    /// The members, in order, in an array of their own.
    func array(_ owner: Element) -> [Element] {
        var all: [Element] = []
        all.reserveCapacity(count)
        forEachUnretained(owner) { all.append($0) }
        return all
    }

    /// The members, in order, in an array of their own, each downcast to `Typed`, which they
    /// all are.
    func array<Typed: AnyObject>(of _: Typed.Type, _ owner: Element) -> [Typed] {
        var all: [Typed] = []
        all.reserveCapacity(count)
        forEachUnretained(owner) { all.append(unsafeDowncast($0, to: Typed.self)) }
        return all
    }

    /// The member at `position`.
    func member(at position: Int, _ owner: Element) -> Element {
        switch storage {
        case .owner where position == 0: return owner
        case .one(let member) where position == 0: return member.takeUnretainedValue()
        case .ownerAndOne where position == 0: return owner
        case .ownerAndOne(let member) where position == 1: return member.takeUnretainedValue()
        case .more(let members): return members[position]
        default: preconditionFailure("Bindery: chain member index out of range")
        }
    }

    /// Puts `member` at `position`, in place of the one there.
    mutating func replace(at position: Int, with member: Element, _ owner: Element) {
        precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
        if case .ownerAndOne(let second) = storage, position == 1 {
            storage = .ownerAndOne(Unmanaged.passRetained(member))
            second.release()
            return
        }
        var all = takeAll(owner)
        all[position] = member
        storage = Self.storage(of: all, owner)
    }

    /// The position of the first member for which `predicate` is true.
    func firstIndex(_ owner: Element, where predicate: (Element) -> Bool) -> Int? {
        var position = 0
        let found = containsUnretained(owner) { member in
            if predicate(member) { return true }
            position += 1
            return false
        }
        return found ? position : nil
    }

    /// The position of the last member for which `predicate` is true.
    func lastIndex(_ owner: Element, where predicate: (Element) -> Bool) -> Int? {
        var position = count - 1
        while position >= 0 {
            if predicate(member(at: position, owner)) { return position }
            position -= 1
        }
        return nil
    }

    /// Whether `predicate` is true for a member, asked in order until it is; each member is
    /// lent to `predicate` without being retained, so `predicate` must leave the list as it is.
    @inline(__always)
    func containsUnretained(_ owner: Element, where predicate: (Element) -> Bool) -> Bool {
        switch storage {
        case .none:
            return false
        case .owner:
            return predicate(owner)
        case .one(let member):
            return member._withUnsafeGuaranteedRef(predicate)
        case .ownerAndOne(let member):
            return predicate(owner) || member._withUnsafeGuaranteedRef(predicate)
        case .more(let members):
            return members.withUnsafeBufferPointer { members in
                members.contains { Unmanaged.passUnretained($0)._withUnsafeGuaranteedRef(predicate) }
            }
        }
    }

    /// Calls `body` with each member, in order, lent without being retained: `body` must leave
    /// the list as it is.
    @inline(__always)
    func forEachUnretained(_ owner: Element, _ body: (Element) -> Void) {
        _ = containsUnretained(owner) { member in
            body(member)
            return false
        }
    }

    mutating func append(_ member: Element, _ owner: Element) {
        switch storage {
        case .none:
            if member === owner {
                _ = Unmanaged.passRetained(owner)
                storage = .owner
            } else {
                storage = .one(Unmanaged.passRetained(member))
            }
        case .owner:
            storage = .ownerAndOne(Unmanaged.passRetained(member))
        case .one, .ownerAndOne:
            var all = takeAll(owner)
            all.append(member)
            storage = .more(all)
        case .more(var members):
            storage = .none
            members.append(member)
            storage = .more(members)
        }
    }

    mutating func append(contentsOf members: some Sequence<Element>, _ owner: Element) {
        for member in members { append(member, owner) }
    }

    /// Removes the member at `position`; the ones after it move up, keeping their order.
    @discardableResult
    mutating func remove(at position: Int, _ owner: Element) -> Element {
        precondition(position >= 0 && position < count, "Bindery: chain member index out of range")
        switch storage {
        case .owner:
            storage = .none
            return Unmanaged.passUnretained(owner).takeRetainedValue()
        case .one(let member):
            storage = .none
            return member.takeRetainedValue()
        case .ownerAndOne(let member):
            if position == 0 {
                storage = .one(member)
                return Unmanaged.passUnretained(owner).takeRetainedValue()
            }
            storage = .owner
            return member.takeRetainedValue()
        case .more(var members):
            // Taken out first, so that the array is not copied to be changed.
            storage = .none
            let removed = members.remove(at: position)
            storage = Self.storage(of: members, owner)
            return removed
        case .none:
            preconditionFailure("Bindery: chain member index out of range")
        }
    }

    /// Empties the list, handing each member, in order, to `body` with the list's reference
    /// to it.
    mutating func removeAll(_ owner: Element, _ body: (consuming Element) -> Void) {
        let taken = storage
        storage = .none
        switch taken {
        case .none:
            break
        case .owner:
            body(Unmanaged.passUnretained(owner).takeRetainedValue())
        case .one(let member):
            body(member.takeRetainedValue())
        case .ownerAndOne(let member):
            body(Unmanaged.passUnretained(owner).takeRetainedValue())
            body(member.takeRetainedValue())
        case .more(let members):
            for member in members { body(member) }
        }
    }

    mutating func removeAll(_ owner: Element) {
        removeAll(owner) { _ in }
    }

    /// Empties the list, giving its references to the members, in order, to the array.
    private mutating func takeAll(_ owner: Element) -> [Element] {
        let taken = storage
        storage = .none
        switch taken {
        case .none:
            return []
        case .owner:
            return [Unmanaged.passUnretained(owner).takeRetainedValue()]
        case .one(let member):
            return [member.takeRetainedValue()]
        case .ownerAndOne(let member):
            return [Unmanaged.passUnretained(owner).takeRetainedValue(), member.takeRetainedValue()]
        case .more(let members):
            return members
        }
    }

    /// The storage for `members`, in order, taking the array's references to them.
    private static func storage(of members: consuming [Element], _ owner: Element) -> Storage {
        switch members.count {
        case 0:
            return .none
        case 1:
            let only = Unmanaged.passRetained(members[0])
            return only.toOpaque() == Unmanaged.passUnretained(owner).toOpaque() ? .owner : .one(only)
        case 2 where members[0] === owner:
            _ = Unmanaged.passRetained(owner)
            return .ownerAndOne(Unmanaged.passRetained(members[1]))
        default:
            return .more(members)
        }
    }
}
