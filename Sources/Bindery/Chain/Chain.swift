/// A chain: a set of endpoints that share one value, built by `Bind.in` / `Bind.inout` and
/// extended by continuations.
///
/// ```swift
/// Bind.inout(lottery, \.winCode)
///     .out(winCodeLabel, \.text)
///     .inout(winCodeField, \.text, on: .editingChanged)
///     .filter { $0.count <= 3 }
/// ```
///
/// `Value` is the type of the chain's first endpoint; every other endpoint converts to and
/// from it (automatic conversion, a convert closure, or negation).
///
/// **Retention.** Endpoints' objects are never retained, except for the length of one write
/// (they are held unowned, not weakly, so they get no side table; an Objective-C object is
/// held weakly); filters, convert closures and named blocks are held strongly by the chain
/// until it ends (capture objects weakly in them). You
/// need not keep the `Chain`: it is a handle, and the chain lives in Bindery's graph while one
/// sender and one receiver are alive (see <doc:Guarantees#Lifetime>).
///
/// **Threads.** A change propagates synchronously on the thread that made it; changes from
/// several threads to one chain are serialised (see <doc:Guarantees#Threads>).
///
/// **End.** ``unbind()`` ends this declaration: what it declared leaves the chain, and what
/// other declarations that joined it declared stays. A chain ends when its last sender or last
/// receiver goes (a `@Dynamic` object or control at once when it deinitialises; other objects at
/// the next dispatch, or unbound), or through `Bind.unbind`.
public struct Chain<Value>: @unchecked Sendable {
    // @unchecked: the core is only touched with the graph lock held.
    let core: any AnyChainCore
    /// This declaration's identity: what its continuations add is recorded as declared by it,
    /// and ``unbind()`` ends exactly that.
    let declaration: Declaration

    init(core: any AnyChainCore, declaration: Declaration) {
        self.core = core
        self.declaration = declaration
    }

    /// Starts a declaration at `spec`: joins the chain it is already in, if any (see <doc:Guarantees#Joins>).
    @usableFromInline
    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    init(head declared: consuming EndpointSpec<Value>) {
        // Kept apart from the work so that the entry's check for a pre-specialised type comes
        // before any lookup of a type derived from `Value` (`Value?`), which the optimiser
        // would otherwise hoist above it (as in `Endpoint.act`).
        (core, declaration) = Self.start(declared)
    }

    /// The chain a declaration's head starts or joins; see `init(head:)`.
    @inline(never)
    private static func start(_ declared: consuming EndpointSpec<Value>) -> (any AnyChainCore, Declaration) {
        var found = consume declared
        found.findLifetime()
        let spec = consume found
        if let problem = spec.problem { return refused(spec, problem) }
        let declaration = Declaration.make()
        if spec.accessors.isShared {
            // Shared accessors read a stored property (directly, or through the accessors
            // `@Dynamic` generated), which runs no user code and changes nothing: read before
            // the lock, so that a new chain takes the lock once. A join discards the value.
            let initial = Self.read(spec)
            let core = GraphLock.shared.locked { joinLocked(spec, declaration) ?? newLocked(spec, initial: initial, declaration) }
            return core.map { ($0, declaration) } ?? refused(spec, Report.Problem.unreadable)
        }
        // Any other head is read through user code (a getter, a converter): only for a new
        // chain, outside the lock. Joining a chain the endpoint is already in (see <doc:Guarantees#Joins>) reads
        // nothing: that chain keeps its value.
        let (joined, attachments) = GraphLock.shared.locked { (joinLocked(spec, declaration), Registry.shared.state.attachments) }
        if let joined { return (joined, declaration) }
        let initial = Self.read(spec)
        let made = GraphLock.shared.locked { () -> (any AnyChainCore)? in
            // Another thread may have bound the endpoint meanwhile: looked for again only if
            // anything was attached since.
            if Registry.shared.state.attachments != attachments, let joined = Self.joinLocked(spec, declaration) { return joined }
            return newLocked(spec, initial: initial, declaration)
        }
        return made.map { ($0, declaration) } ?? refused(spec, Report.Problem.unreadable)
    }

    /// The head's value, or nil when it cannot be read. Called directly: passed through
    /// `Optional.flatMap`, the read closure would be wrapped in a thunk made on the heap.
    @inline(__always)
    private static func read(_ spec: borrowing EndpointSpec<Value>) -> Value? {
        guard let read = spec.accessors.read else { return nil }
        return read(spec.object)
    }

    /// A new chain headed by `spec`, with the head's value `initial`; nil if it could not be
    /// read. Lock held.
    private static func newLocked(_ spec: EndpointSpec<Value>, initial: Value?, _ declaration: Declaration) -> (any AnyChainCore)? {
        guard let initial else { return nil }
        return ChainCore<Value>.makeLocked(headedBy: spec, acceptedValue: initial, declaration: declaration)
    }


    /// Reports why a declaration's head was refused, and returns the chain that stands for it:
    /// ended from the start, so that the declaration's continuations are dropped silently.
    private static func refused(_ spec: borrowing EndpointSpec<Value>, _ problem: String) -> (any AnyChainCore, Declaration) {
        Self.report(problem, spec: spec)
        // A refused declaration declares nothing: number 0 is never given to one that does.
        return (RefusedChain(), Declaration(number: 0))
    }

    /// The chain `spec`'s endpoint is already in, declared again with `spec`; nil if it is in
    /// none. Lock held.
    private static func joinLocked(_ spec: EndpointSpec<Value>, _ declaration: Declaration) -> (any AnyChainCore)? {
        guard let existing = Registry.shared.endpointLocked(for: spec) else { return nil }
        let core = existing.anyCore.resolvedLocked()
        core.reopenLocked()
        core.replaceLocked(existing, with: spec, declaration: declaration)
        return core
    }

    /// Adds `spec` to this chain, merging the chain it is already in, if any (see <doc:Guarantees#Joins>).
    @usableFromInline
    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Float)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == ())
    func adding(_ declared: consuming EndpointSpec<Value>) -> Chain {
        var found = consume declared
        found.findLifetime()
        let spec = consume found
        if let problem = spec.problem {
            Self.report(problem, spec: spec)
            return self
        }
        let (core, work) = GraphLock.shared.locked { () -> (any AnyChainCore, AfterLock?) in
            guard let core = continuedLocked(refusing: "cannot add \(spec.label): the chain it continues has ended; not bound") else {
                return (self.core.resolvedLocked(), nil)
            }
            guard let existing = Registry.shared.endpointLocked(for: spec) else {
                return (core, core.addLocked(spec, declaration: declaration, sendingInitial: true))
            }
            let other = existing.anyCore.resolvedLocked()
            let merge = other === core ? nil : core.absorbLocked(other)
            // The declaration's own initial value, unless the merge already gives it one: the
            // merge gives one only to an endpoint that received in its old chain (a sender
            // declared again as a receiver, as `(vm, \.name) <~ field` after
            // `(vm, \.name) ~> label` does, gets the chain's value from this declaration).
            let sentByMerge = other !== core && existing.wantsInitial && existing.role.contains(.receives)
            var initialValue: AfterLock?
            if let member = Registry.shared.endpointLocked(for: spec), member.anyCore === core {
                initialValue = core.replaceLocked(member, with: spec, declaration: declaration, sendingInitial: !sentByMerge)
            }
            return (core, AfterLock.sequence(merge, initialValue))
        }
        work?.run()
        return Chain(core: core, declaration: declaration)
    }

    /// Adds a filter; see ``filter(_:)``.
    func adding(filter: @escaping (Value) -> Bool) -> Chain {
        let core = GraphLock.shared.locked { () -> any AnyChainCore in
            let core = self.core.resolvedLocked()
            core.addFilterLocked(filter, declaration: declaration)
            return core
        }
        return Chain(core: core, declaration: declaration)
    }

    /// Adds a named block; see ``out(_:initial:isolation:_:)-(_,_,_,(Value)->Void)``.
    ///
    /// - Parameter liveness: Ended when the block leaves the chain (removed, replaced, or the
    ///   chain ended), for a caller that must know; by default a main-actor block gets one.
    /// - Parameter owner: What adds the block, for a layer that must find it again among the
    ///   chain's blocks (see `NamedBlock.owner`).
    /// - Parameter isAnonymous: Whether `name` only labels the block (see `NamedBlock`): a
    ///   handle's block, ended by its declaration.
    func adding<Argument>(
        block name: String, isAnonymous: Bool = false, initial: Bool, delivery: Delivery, liveness: EndAction? = nil,
        owner: AnyObject? = nil, _ body: @escaping (Argument) -> Void
    ) -> Chain {
        let (chain, initialRun) = addingBlock(
            name, isAnonymous: isAnonymous, initial: initial, delivery: delivery, liveness: liveness, owner: owner, body)
        initialRun?.run()
        return chain
    }

    /// `adding(block:…)`, leaving the block's initial run to the caller, who must run it on
    /// this thread once it has recorded the chain returned (a `values` loop registers first).
    ///
    /// - Parameter reportsEnded: Whether adding to a chain that has ended is reported as misuse;
    ///   a `values` loop on an ended chain just ends.
    func addingBlock<Argument>(
        _ name: String, isAnonymous: Bool = false, initial: Bool, delivery: Delivery, liveness: EndAction? = nil,
        owner: AnyObject? = nil, reportsEnded: Bool = true, _ body: @escaping (Argument) -> Void
    ) -> (Chain, initialRun: AfterLock?) {
        let (core, work) = GraphLock.shared.locked { () -> (any AnyChainCore, AfterLock?) in
            guard let core = continuedLocked(
                refusing: "cannot add block \"\(name)\": the chain it continues has ended; not added", reports: reportsEnded)
            else {
                return (self.core.resolvedLocked(), nil)
            }
            return (core, core.addBlockLocked(
                name: name, isAnonymous: isAnonymous, initial: initial, delivery: delivery, liveness: liveness,
                declared: Value.self, declaration: declaration, owner: owner, body))
        }
        return (Chain(core: core, declaration: declaration), work)
    }

    /// The chain a continuation extends, reopened for it; nil if it has ended, reported with
    /// `refusal` unless the declaration's head was refused already. Lock held.
    private func continuedLocked(refusing refusal: @autoclosure () -> String, reports: Bool = true) -> (any AnyChainCore)? {
        let core = self.core.resolvedLocked()
        guard !core.isDissolved else {
            if reports, !core.isRefused { Report.chainEnded(refusal()) }
            return nil
        }
        core.reopenLocked()
        return core
    }

    static func report(_ problem: String, spec: EndpointSpec<Value>) {
        Report.cannotBind(spec.label, problem)
    }

    /// Ends this declaration: the endpoints, filters and named blocks it declared leave the
    /// chain. An endpoint that another declaration also declared (a view model's property that
    /// two screens bind, each with a declaration of its own) stays, with what the other
    /// declarations added, so ending one screen's binding never ends the other's. A chain left
    /// without a live sender and a live receiver ends. Objects are not touched. Calling it
    /// again does nothing; `Bind.unbind(_:)` ends everything bound to an object.
    ///
    /// ```swift
    /// let chain = Bind.in(model, \.title).out(label, \.text)
    /// chain.unbind()
    /// ```
    public func unbind() {
        part.end()
    }

    /// The same chain, continued as another declaration: what that handle adds is recorded as
    /// declared by `other` (an operator declares its second endpoint so, see `OperatorLink`).
    @usableFromInline
    func declaring(_ other: Declaration) -> Chain {
        Chain(core: core, declaration: other)
    }

    /// How many changes the chain has accepted (see `AnyChainCore.acceptedChanges`).
    @usableFromInline
    var acceptedChanges: UInt32 { core.acceptedChanges }

    /// The declaration as the handles built on chains keep it.
    var part: DeclaredPart { DeclaredPart(core: core, declaration: declaration) }

    /// Whether the declaration is in effect: what it declared is still in a chain with a live
    /// sender and a live receiver (a named block counts), and it has not been unbound.
    ///
    /// A declaration that stopped at its head (`Bind.in(model, \.title)` alone), or whose
    /// receivers were all refused, is not bound yet; a continuation can still complete it.
    public var isBound: Bool { part.isInEffect }
}
