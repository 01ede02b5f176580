/// The identity of one declaration: a `Bind.in` / `Bind.inout` with its continuations, an
/// operator's binding, a target-action's registration. Every endpoint, filter and named block
/// records the declarations that declared it, so that a handle ends exactly what its own
/// declaration made (see `ChainCore.endLocked(_:)`): an endpoint that another live declaration
/// also declared stays in the chain.
///
/// A number, never reused in a process (64 bits: a process that declares a billion bindings a
/// second takes centuries to run out), counted atomically, so that it needs no lock.
@usableFromInline
struct Declaration: Hashable, Sendable {
    @usableFromInline let number: UInt64

    /// A new declaration's identity.
    @usableFromInline
    static func make() -> Declaration {
        Declaration(number: Registry.shared.declarationsMade.add(1, ordering: .relaxed).newValue)
    }
}

/// The declarations that declared one endpoint. Nearly always one: an endpoint keeps the first
/// inline, one word, and the others, when two declarations share it, in its extras. Guarded by
/// the graph lock, like the endpoint's other lists.
///
/// In order of their numbers: `first` is the lowest and `more` ascends, so that a lookup is a
/// binary search and a new declaration, which has the highest number yet, is appended. A head
/// that join after join declares again gains one declaration each time (kept: a join's handle
/// may end it later), and each join's copy of the set looked every member up one by one, with
/// the graph lock held.
struct DeclarationSet {
    /// The lowest declaration's number, or 0 (numbers start at 1): an optional would take a
    /// word more in every endpoint.
    private(set) var first: UInt64 = 0
    /// The others, ascending; an endpoint keeps them in its extras (see
    /// `AnyEndpoint.declarations`).
    private(set) var more: [Declaration] = []

    init() {}

    /// The set `first` and `more` were read from (see `first` and `more`).
    init(first: UInt64, more: [Declaration]) {
        self.first = first
        self.more = more
    }

    init(_ declaration: Declaration) {
        first = declaration.number
    }

    var isEmpty: Bool { first == 0 }

    /// Whether exactly one declaration declared the endpoint.
    var isSingle: Bool { first != 0 && more.isEmpty }

    func contains(_ declaration: Declaration) -> Bool {
        first == declaration.number || (!more.isEmpty && position(of: declaration.number).found)
    }

    /// Adds `declaration`, unless it is there already.
    mutating func insert(_ declaration: Declaration) {
        let number = declaration.number
        if first == 0 {
            first = number
        } else if number < first {
            more.insert(Declaration(number: first), at: 0)
            first = number
        } else if number != first {
            // Nearly always the newest declaration: appended, with no search.
            if let last = more.last, number <= last.number {
                let (index, found) = position(of: number)
                if !found { more.insert(declaration, at: index) }
            } else {
                more.append(declaration)
            }
        }
    }

    /// Adds every declaration of `other`.
    mutating func formUnion(_ other: DeclarationSet) {
        if other.first != 0 { insert(Declaration(number: other.first)) }
        for declaration in other.more { insert(declaration) }
    }

    /// Removes `declaration`, if it is there.
    mutating func remove(_ declaration: Declaration) {
        if first == declaration.number {
            first = more.isEmpty ? 0 : more.removeFirst().number
        } else if !more.isEmpty {
            let (index, found) = position(of: declaration.number)
            if found { more.remove(at: index) }
        }
    }

    /// Where `number` is in `more`, or would go.
    private func position(of number: UInt64) -> (index: Int, found: Bool) {
        var low = 0, high = more.count
        while low < high {
            let middle = (low + high) / 2
            let each = more[middle].number
            if each == number { return (middle, true) }
            if each < number { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}

/// A declaration as a handle holds it, whatever its chain's value type: the chain it made or
/// continued (followed through merges) and its identity. What every handle that ends one
/// declaration keeps (`Chain`, operator bindings, `Dynamic` bonds, target-actions).
struct DeclaredPart: @unchecked Sendable {
    // @unchecked: the chain is only touched with the graph lock held.
    let core: any AnyChainCore
    let declaration: Declaration

    /// Ends what the declaration declared (see `ChainCore.endLocked(_:)`).
    func end() {
        GraphLock.shared.locked { core.withResolvedLocked { $0.endLocked(declaration) } }
    }

    /// Whether what the declaration declared is still in a chain with a live sender and a live
    /// receiver.
    var isInEffect: Bool {
        GraphLock.shared.locked {
            core.withResolvedLocked { chain in chain.isCompleteLocked && chain.hasPartsLocked(of: declaration) }
        }
    }
}
