/// Every misuse and bad-data message Bindery reports while a program runs, in one place (the
/// compile-time ones are the `unavailable` overloads' messages, `DSL/Bind+Misuse.swift`; a
/// string binding's errors are `Expression/BindingExpressionError+Messages.swift`). Each names
/// the object and the property as the program wrote them (`EndpointLabel`), says what Bindery
/// did about it, and carries the guarantee it falls under as the diagnostic's rule (see
/// <doc:Guarantees>). Reported through `Diagnostics`, never trapped.
@usableFromInline
enum Report {
    // MARK: Binding (misuse is reported, and nothing half-bound is left: Guarantees, Bad input)

    /// A declaration's endpoint that cannot be bound, with why (one of `Problem`'s).
    static func cannotBind(_ label: String, _ problem: String) {
        Diagnostics.report(.misuse, rule: .badInput, "cannot bind \(label): \(problem). Not bound")
    }

    /// An endpoint whose chain carries a type it does not convert to and from.
    static func wrongType(_ label: String, chain: Any.Type, endpoint: Any.Type, rebinding: Bool) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            rebinding
                ? "cannot rebind \(label): its chain carries \(chain), which does not convert to and from \(endpoint); kept as it was"
                : "cannot bind \(label): its chain carries \(chain), which does not convert to and from \(endpoint); not bound")
    }

    /// A filter whose input type the chain's value does not convert to.
    static func wrongFilterType(_ filter: Any.Type, chain: Any.Type) {
        Diagnostics.report(.misuse, rule: .conversion, "cannot add a filter on \(filter) to a chain of \(chain): not added")
    }

    /// A block whose argument type the chain's value does not convert to.
    static func wrongBlockType(_ name: String, _ argument: Any.Type, chain: Any.Type) {
        Diagnostics.report(.misuse, rule: .order, "cannot add block \"\(name)\" taking \(argument) to a chain of \(chain): not added")
    }

    /// A continuation of a declaration whose chain has ended (see <doc:Guarantees#Lifetime>).
    static func chainEnded(_ refusal: String) {
        Diagnostics.report(.misuse, rule: .lifetime, refusal)
    }

    /// A `Dynamic` box bound to itself (it would loop, see <doc:Guarantees#Loops>).
    static func selfBond(_ label: String) {
        Diagnostics.report(.misuse, rule: .loops, "cannot bind \(label) to itself: each set would set it again, without end; not bound")
    }

    /// `bindKey` between types that do not convert automatically.
    static func keyDoesNotConvert(_ target: String, _ source: String, _ value: Any.Type, _ property: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot bind key \(target) to \(source): \(value) does not convert to \(property) automatically; pass a transform. Not bound")
    }

    // MARK: Joins (Guarantees, Joins)

    /// A chain whose members do not convert to the chain it would join.
    static func cannotJoin(_ label: String, _ chain: Any.Type, into target: Any.Type) {
        Diagnostics.report(.misuse, rule: .join, "cannot join the chain of \(label) (\(chain)) to a chain of \(target): the types do not convert; not joined")
    }

    /// A chain with filters or blocks that cannot take the joined chain's values.
    static func cannotJoinExtras(_ chain: Any.Type, into target: Any.Type) {
        Diagnostics.report(.misuse, rule: .join, "cannot join a chain of \(chain) with filters or blocks to a chain of \(target); not joined")
    }

    /// A joined chain's block whose name the chain it joined has already.
    static func blockDropped(_ name: String) {
        Diagnostics.report(.misuse, rule: .join, "the block \"\(name)\" of a joined chain was dropped: the chain it joined has a block of that name")
    }

    // MARK: Bad data at run time (never a trap: Guarantees, Bad input)

    /// A sender whose value could not be read after it changed.
    static func unreadable(_ label: String) {
        Diagnostics.report(.badData, rule: .badInput, "cannot read \(label): skipped this change")
    }

    /// A receiver that could not be written.
    static func unwritable(_ label: String) {
        Diagnostics.report(.badData, rule: .badInput, "cannot write \(label): skipped this receiver")
    }

    /// A rejected source that converts one way only, so it cannot be put back (see <doc:Guarantees#Filters>).
    static func cannotPutBack(_ label: String) {
        Diagnostics.report(
            .badData, rule: .filters,
            "a filter rejected a change of \(label), which cannot be put back: it converts one way only; it keeps the rejected value")
    }

    /// A cycle across chains stopped at the depth bound (see <doc:Guarantees#Loops>).
    static func cycle(_ chain: Any.Type, depth: Int) {
        Diagnostics.report(
            .cycle, rule: .loops,
            "a change of a chain of \(chain) kept causing changes \(depth) levels deep across chains; dropped it to stop the cycle")
    }

    /// A derived value kept being changed by what its own change caused, as deep as the
    /// depth bound.
    static func derivedCycle(_ label: String, depth: Int) {
        Diagnostics.report(
            .cycle, rule: .loops,
            "\(label) kept changing what it is computed from, \(depth) levels deep; stopped evaluating it for this change to end the cycle")
    }

    /// A derived value that reads itself, directly or through other derived values.
    static func derivedReadsItself(_ label: String, through path: [String]) {
        let via = path.isEmpty ? "" : " through \(path.joined(separator: " → "))"
        Diagnostics.report(
            .cycle, rule: .loops,
            "\(label) reads its own value\(via): a derived value cannot depend on itself; it does not listen to that read, and keeps the value it computed")
    }

    /// A list whose elements' identities repeat: reported once per list receiver.
    static func duplicatedIdentities(_ label: String) {
        Diagnostics.report(
            .badData, rule: .lists,
            "the list sent to \(label) has elements of the same identity; they are told apart by their positions, first to first, so nothing is lost, but a move between them may show as another")
    }

    /// A `DynamicList` mutation at an index out of range: skipped.
    static func listIndex(_ index: Int, count: Int, _ what: String) {
        Diagnostics.report(
            .badData, rule: .badInput, "cannot \(what) index \(index) of a DynamicList of \(count) elements: out of range; the list is left as it was")
    }

    /// An async transformer that threw.
    static func transformFailed(_ transformer: Any.Type, _ label: String, _ error: any Error) {
        Diagnostics.report(.badData, rule: .conversion, "\(transformer) failed for a value sent to \(label): \(error); it keeps its value")
    }

    // MARK: Operators and transformers (Guarantees, Conversion)

    /// A binding that ended, asked to change its conversion.
    static func bindingEnded(_ what: String, _ label: String) {
        Diagnostics.report(.misuse, rule: .lifetime, "cannot \(what) the binding to \(label): it has ended; nothing changed")
    }

    /// A two-way binding refused after the fact, with why.
    static func notBothWays(_ head: String, _ label: String, _ why: String, rule: BindingDiagnostic.Rule) {
        Diagnostics.report(.misuse, rule: rule, "cannot bind \(head) and \(label) both ways: \(why). Not bound")
    }

    /// A transformer whose types do not bridge to the binding's.
    static func transformerMismatch(
        _ head: String, _ label: String, _ transformer: Any.Type, reads input: Any.Type, makes output: Any.Type,
        from source: Any.Type, to target: Any.Type, binding: Bool
    ) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot transform the binding of \(head) to \(label) by \(transformer): it converts \(input) to \(output), "
                + "and the binding needs \(source) to \(target) (automatic conversion may bridge either end). "
                + (binding ? "Not bound" : "Nothing changed"))
    }

    /// A registered transformer asked for reversed, which has no reverse.
    static func noReverse(_ head: String, _ label: String, named name: String, isAsync: Bool) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot transform the binding of \(head) to \(label) by \"\(name)\" reversed: "
                + (isAsync ? "an async transformer has no reverse" : "it has no reverse") + ". Nothing changed")
    }

    /// A transformer name nobody registered.
    static func unknownTransformer(_ head: String, _ label: String, _ name: String, nearest: String?) {
        var message = "cannot transform the binding of \(head) to \(label): no transformer is registered as \"\(name)\""
        if let nearest { message += "; did you mean \"\(nearest)\"?" }
        Diagnostics.report(.misuse, rule: .badInput, message + " (register one with Bind.register(_:as:)). Nothing changed")
    }

    // MARK: Views' declared bindings

    /// A view-side property (not a control) given a direction that sends from the view.
    static func viewSideCannotSend(_ source: String, _ direction: String, _ target: String) {
        Diagnostics.report(
            .misuse, rule: .badInput,
            "cannot bind \(source) \(direction) \(target): "
                + "the view's side of a binding that sends from the view must be a control (a property of the view is not heard). Not bound")
    }

    /// A read-only view-model property given a direction that writes it.
    static func readOnlySource(_ source: String, _ direction: String, _ control: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .badInput,
            "cannot bind \(source) \(direction) \(control): the view model's property is read-only, so it cannot receive from the view. Not bound")
    }

    /// A transformer without a reverse given to a view's two-way binding.
    static func viewNoReverse(_ transformer: Any.Type, _ source: String, _ direction: String, _ control: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot bind \(source) \(direction) \(control) through \(transformer): "
                + "it has no reverse (it is not a ReversibleTransformer), and a two-way binding converts both ways; "
                + "give a reverse, or bind one way with ~> or <~. Not bound")
    }

    /// A transformer whose types do not bridge to a view binding's.
    @usableFromInline
    static func viewTransformerMismatch(_ transformer: Any.Type, _ input: Any.Type, _ output: Any.Type, _ source: Any.Type, _ target: Any.Type) {
        Diagnostics.report(
            .misuse, rule: .conversion,
            "cannot bind through \(transformer): it converts \(input) to \(output), and the binding needs \(source) to \(target) "
                + "(automatic conversion may bridge either end). Not bound")
    }

    // MARK: Controls and coalescing

    /// A control that sent events through another control's event center.
    static func foreignEventCenter(_ control: Any.Type, _ events: String) {
        Diagnostics.report(
            .misuse, rule: .badInput,
            "\(control) sent \(events) through a ControlEventCenter that belongs to another control; ignored. Give each control its own event center")
    }

    /// `Coalesce.commit()` with no `begin()`.
    static func unmatchedCommit() {
        Diagnostics.report(
            .misuse, rule: .coalescing, "Coalesce.commit() without a matching Coalesce.begin() on this thread: nothing to commit, ignored")
    }

    // MARK: Why an endpoint cannot be bound (for `cannotBind`)

    /// The texts of `EndpointSpec.problem`.
    @usableFromInline
    enum Problem {
        @usableFromInline
        static func indexOutOfRange(_ index: Int, count: Int) -> String {
            "index \(index) is out of range (the array has \(count) elements), so the element cannot be read"
        }

        static func noConversion(_ from: Any.Type, _ to: Any.Type) -> String {
            "\(from) does not convert to \(to) automatically (the pair is not in the conversion table); give a convert closure, or convert: and reverse: for a two-way endpoint"
        }

        static var noEvents: String {
            "no control events given, so user edits cannot be heard; add `on:` with the events that report an edit"
        }

        static var foreignEventCenter: String {
            "its ControlEventCenter belongs to another control; give each control its own"
        }

        static var unreadable: String { "its value could not be read when the chain was made" }

        /// Why the property at `keyPath` of a `@Dynamic` class cannot be heard, in one phrase;
        /// `isDynamic` tells whether a class is `@Dynamic` (a question for the layer above).
        static func unobservable(_ keyPath: AnyKeyPath, in type: AnyObject.Type, isDynamic: (Any.Type) -> Bool) -> String {
            if KeyPathLayout.components(of: keyPath)?.contains(.optionalForce) == true {
                return "it force-unwraps a link, which would trap while the link is nil; write ? instead of ! and the chain's value is nil while a link is"
            }
            if let offset = StoredProperty.offset(ofAny: keyPath), let field = StoredProperty.field(in: type, at: offset) {
                if !isDynamic(field.declaredBy) {
                    return "'\(field.name)' is declared in \(field.declaredBy), which is not @Dynamic, so its sets are not reported; mark \(field.declaredBy) @Dynamic"
                }
                if let superclass = _getSuperclass(field.declaredBy), isDynamic(superclass), !StoredProperty.declaresTrackedStorage(field.declaredBy) {
                    return "'\(field.name)' is declared in \(field.declaredBy), a subclass of a @Dynamic class that is not marked @Dynamic itself, so its sets are not reported; mark \(field.declaredBy) @Dynamic too"
                }
                return "'\(field.name)' is marked @DynamicIgnored, so its sets are not reported; remove @DynamicIgnored to bind it as a sender"
            }
            return "it is not a stored property of a @Dynamic class, nor a computed property that reads one (a wrapped property, a path through an object that is not @Dynamic or through a computed property, or a computed property that reads nothing Bindery can hear), so its changes cannot be heard; bind what it is computed from, or mark the class that holds it @Dynamic"
        }

        /// Why an `@Observable` object's property bound with `Bind.in(observable:_:)` cannot be
        /// heard, in one phrase.
        static var untrackedByObservation: String {
            "reading it reads no property that Observation tracks (one marked @ObservationIgnored, or of a class that is not @Observable), so its changes cannot be heard; bind a property that @Observable tracks"
        }
    }
}
