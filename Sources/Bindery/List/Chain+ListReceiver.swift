// Layer 8 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). List: `ListChange`, the diff, `DynamicList`,
// list operators and receivers. Names `Derived` and `DSL` (`Change`) besides `Chain` and the
// layers below.

// Continuations that feed a list receiver with the steps of each change of an array.

extension Chain {
    /// Adds a list receiver: each change of the chain's array reaches it as the steps from the
    /// list it has to the new one, elements told apart by their `id`.
    ///
    /// It gets the whole list now, as a reset, unless `initial` is false (it is then taken to
    /// show the chain's list already). The receiver is not retained; once it is gone, its
    /// binding ends at the next change. Declared from main-actor code, it is applied only on
    /// the main actor; declared anywhere else, on the thread that changed the list. The steps
    /// are computed on the changing thread, with no Bindery lock held. See <doc:Lists>.
    ///
    /// - Parameters:
    ///   - receiver: The list receiver.
    ///   - initial: Whether it gets the chain's list now.
    ///   - delivery: Where it applies changes: by default, on the main actor when declared from
    ///     main-actor code and on the changing thread otherwise.
    ///   - isolation: Where the receiver is declared; leave it out (it is the caller's).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(list, \.items).out(todoView)
    /// ```
    @inlinable @discardableResult
    public func out<Receiver: ListReceiver>(
        _ receiver: Receiver, initial: Bool = true, delivery: Delivery = .automatic, isolation: (any Actor)? = #isolation
    ) -> Chain where Value == [Receiver.Element], Receiver.Element: Identifiable {
        adding(
            receiver, initial: initial, delivery: delivery.resolved(declaredIn: isolation),
            diff: .byID)
    }

    /// Adds a list receiver of objects, told apart by identity (`===`).
    ///
    /// As `out(_:initial:delivery:isolation:)` for `Identifiable` elements;
    /// an object that stays in the list is never an update (bind its own properties to follow
    /// it).
    ///
    /// - Parameters:
    ///   - receiver: The list receiver, not retained.
    ///   - initial: Whether it gets the chain's list now.
    ///   - delivery: Where it applies changes.
    ///   - isolation: Where the receiver is declared; leave it out.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(store, \.models).out(historyView)
    /// ```
    @inlinable @discardableResult
    public func out<Receiver: ListReceiver>(
        _ receiver: Receiver, initial: Bool = true, delivery: Delivery = .automatic, isolation: (any Actor)? = #isolation
    ) -> Chain where Value == [Receiver.Element], Receiver.Element: AnyObject {
        adding(
            receiver, initial: initial, delivery: delivery.resolved(declaredIn: isolation),
            diff: .byObject)
    }

    /// Adds a list receiver of objects that are `Identifiable`, told apart by their `id`.
    ///
    /// As `out(_:initial:delivery:isolation:)` for `Identifiable` elements.
    ///
    /// - Parameters:
    ///   - receiver: The list receiver, not retained.
    ///   - initial: Whether it gets the chain's list now.
    ///   - delivery: Where it applies changes.
    ///   - isolation: Where the receiver is declared; leave it out.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(store, \.rows).out(rowsView)
    /// ```
    @inlinable @discardableResult
    public func out<Receiver: ListReceiver>(
        _ receiver: Receiver, initial: Bool = true, delivery: Delivery = .automatic, isolation: (any Actor)? = #isolation
    ) -> Chain where Value == [Receiver.Element], Receiver.Element: AnyObject & Identifiable {
        adding(
            receiver, initial: initial, delivery: delivery.resolved(declaredIn: isolation),
            diff: .byID)
    }

    /// Adds a list receiver whose elements are told apart by `id(element)`: for elements that
    /// are neither `Identifiable` nor objects (`id: \.self` for `Hashable` values).
    ///
    /// As `out(_:initial:delivery:isolation:)` for `Identifiable` elements.
    ///
    /// - Parameters:
    ///   - receiver: The list receiver, not retained.
    ///   - id: An element's identity; called on the changing thread, held by the chain.
    ///   - initial: Whether it gets the chain's list now.
    ///   - delivery: Where it applies changes.
    ///   - isolation: Where the receiver is declared; leave it out.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(tags, \.names).out(tagsView, id: \.self)
    /// ```
    @inlinable @discardableResult
    public func out<Receiver: ListReceiver, ID: Hashable>(
        _ receiver: Receiver, id: @escaping @Sendable (Receiver.Element) -> ID, initial: Bool = true, delivery: Delivery = .automatic,
        isolation: (any Actor)? = #isolation
    ) -> Chain where Value == [Receiver.Element] {
        adding(
            receiver, initial: initial, delivery: delivery.resolved(declaredIn: isolation),
            diff: .by(id))
    }

    /// Adds a list receiver whose changes `diff` finds: the overloads above differ only in how
    /// elements are told apart. Inlinable, so that the diff is specialised where it is bound.
    @inlinable
    func adding<Receiver: ListReceiver, Key: Hashable>(
        _ receiver: Receiver, initial: Bool, delivery: Delivery, diff: ListDiff<Receiver.Element, Key>
    ) -> Chain where Value == [Receiver.Element] {
        adding(
            listReceiver: receiver, initial: initial, delivery: delivery,
            diff: { old, new in let found = diff.steps(from: old, to: new); return (found.steps, found.hasDuplicates) },
            hasDuplicates: { diff.hasDuplicates(in: $0) },
            deliver: { [weak receiver] change in
                guard let receiver else { return false }
                receiver.apply(change)
                return true
            })
    }

    /// Adds a list receiver: an endpoint on the receiver object itself (`\Receiver.self`),
    /// written through a `ListFeed`, so that it is bound, found, unbound and pruned as any
    /// receiver is (`Bind.isBound(receiver)`, `Bind.unbind(receiver)`, gone at the next change
    /// once the receiver is).
    @usableFromInline
    func adding<Element, Receiver: AnyObject>(
        listReceiver receiver: Receiver, initial: Bool, delivery: Delivery,
        diff: @escaping ([Element], [Element]) -> (steps: [ListChange<Element>.Step], hasDuplicates: Bool),
        hasDuplicates: @escaping ([Element]) -> Bool, deliver: @escaping (ListChange<Element>) -> Bool
    ) -> Chain where Value == [Element] {
        let feed = ListFeed<Element>(
            label: "\(Receiver.self)", initial: initial, onMainActor: delivery == .mainActor, diff: diff,
            hasDuplicates: hasDuplicates, deliver: deliver)
        // A list that knows its steps (a `DynamicList` heading this declaration) gives them.
        let head = GraphLock.shared.locked { core.resolvedLocked().endpointLocked(declaredBy: declaration)?.targetLocked() }
        if let source = head as? any ListSource<Element> { feed.reads(source) }
        // Written on the changing thread, one change at a time: the steps are computed there,
        // and the feed takes a main-actor receiver's changes to the main actor. It always gets
        // the chain's list when bound: the feed sends it as a reset, or, for `initial: false`,
        // takes it as what the receiver shows.
        let keyPath = \Receiver.self
        var spec = EndpointSpec<[Element]>(
            object: receiver, keyPath: keyPath, role: .receives,
            accessors: Accessors(keyPath: keyPath, read: nil, write: { _, elements in
                feed.receive(elements)
                return true
            }))
        spec.delivery = .immediate
        return adding(consume spec)
    }
}
