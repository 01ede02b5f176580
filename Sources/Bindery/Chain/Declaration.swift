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
struct DeclarationSet {
    /// The first declaration's number, or 0 (numbers start at 1): an optional would take a
    /// word more in every endpoint.
    private(set) var first: UInt64 = 0
    /// The others; an endpoint keeps them in its extras (see `AnyEndpoint.declarations`).
    private(set) var more: [Declaration] = []

    init() {}

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
        first == declaration.number || (!more.isEmpty && more.contains(declaration))
    }

    /// Whether every declaration here is `first` or `second`.
    func isWithin(_ first: Declaration, _ second: Declaration?) -> Bool {
        guard self.first == first.number || self.first == second?.number else { return false }
        return more.isEmpty || more.allSatisfy { $0 == first || $0 == second }
    }

    /// Adds `declaration`, unless it is there already.
    mutating func insert(_ declaration: Declaration) {
        guard !contains(declaration) else { return }
        if first == 0 { first = declaration.number } else { more.append(declaration) }
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
            more.removeAll { $0 == declaration }
        }
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
