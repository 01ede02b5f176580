/// A random program over a pool of objects.
struct ModelProgram: CustomStringConvertible, Sendable {
    static let dynamicCount = 3
    static let plainCount = 2
    static let targetCount = 3

    var steps: [Step]

    var description: String {
        steps.enumerated().map { offset, step in
            step.lines.enumerated().map { ($0.offset == 0 ? "  \(offset): " : "     ") + $0.element }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Whether a step binds something on the main actor: such a case runs on the main actor,
    /// where those endpoints are written at once.
    var usesMainActor: Bool {
        steps.flatMap(\.flattened).contains { step in Self.links(of: step).contains(where: \.isMainActor) }
    }

    /// Every link a step declares, its blocks' actions included.
    static func links(of step: Step) -> [Link] {
        guard case .declare(let head, let rest) = step else { return [] }
        return ([head] + rest).flatMap { link -> [Link] in
            guard case .block(let spec) = link, case .declare(let h, let r)? = spec.action else { return [link] }
            return [link] + links(of: .declare(head: h, rest: r))
        }
    }

    // MARK: Generating

    /// A program of `length` steps drawn from `seed`.
    /// A program of `length` steps drawn from `seed` (a transaction's steps count towards it).
    static func generate(seed: UInt64, length: Int) -> ModelProgram {
        var g = Generator(random: SplitMix64(seed: seed))
        var steps: [Step] = []
        var left = length
        while left > 0 {
            let step = g.step()
            left -= step.weight
            steps.append(step)
        }
        return ModelProgram(steps: steps)
    }

    private struct Generator {
        var random: SplitMix64
        var blockNumber = 0
        var declarations = 0
        var derivedCount = 0
        var registrations: [ActionSpec] = []
        /// The places the program's declarations have bound so far: target-actions observe
        /// them more often than others, so that their chains' changes reach them.
        var bound: [Place] = []
        /// How many `Coalesce.run` groups the step being generated is inside.
        var nesting = 0

        mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(0..<100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
        mutating func node() -> Int { int(0..<ModelProgram.dynamicCount) }
        mutating func plain() -> Int { int(0..<ModelProgram.plainCount) }
        mutating func typedFamily() -> Family { pick([.string, .double, .bool]) }

        mutating func step() -> Step {
            let roll = int(0..<100)
            switch roll {
            case 0..<25:
                let family: Family = chance(70) ? .int : typedFamily()
                let head = self.head(family)
                let rest = (0..<int(1..<4)).map { _ in continuation(family, depth: 0, head: head) }
                declarations += 1
                for link in [head] + rest {
                    if case .sender(let p) = link { bound.append(p) }
                    if case .twoWay(let p, _) = link { bound.append(p) }
                    if case .receiver(let p, _) = link { bound.append(p) }
                }
                return .declare(head: head, rest: rest)
            case 25..<58:
                return write()
            case 58..<60:
                derivedCount += 1
                return .derive(DerivedSpec(number: derivedCount - 1, condition: node(), then: node(), otherwise: node(), plus: int(0..<10)))
            case 60..<63:
                return .resize(node: node(), count: int(0..<5), fill: int(0..<60))
            case 63..<65:
                return .replaceHub(node: node(), value: int(0..<60))
            case 65..<67:
                return .setSpare(node: node(), value: chance(70) ? int(0..<60) : nil)
            case 67..<79:
                return .unbind(unbindForm())
            case 79..<84:
                return .release(object())
            case 84..<88:
                return .create(object())
            case 88..<94:
                return .addTarget(actionSpec())
            case 94..<96:
                return targetEnd()
            default:
                return coalescing()
            }
        }

        mutating func write() -> Step {
            let place = writablePlace()
            return .write(place, value(for: place))
        }

        // MARK: Target-actions and transactions

        /// A registration: mostly a new one, sometimes one made before made again (registering
        /// twice: same target, object and key paths, a label of its own).
        mutating func actionSpec() -> ActionSpec {
            let number = registrations.count
            if !registrations.isEmpty, chance(12) {
                var again = pick(registrations)
                again.number = number
                registrations.append(again)
                return again
            }
            let observableBound = bound.filter { !$0.object.observablePlaces.isEmpty && $0.object.observablePlaces.contains($0) }
            var first: Place?
            let object: ObjectRef
            if !observableBound.isEmpty, chance(50) {
                first = pick(observableBound)
                object = first!.object
            } else {
                object = switch int(0..<10) {
                case 0..<7: .dynamic(node())
                case 7: .box
                default: .typed(typedFamily())
                }
            }
            let places = object.observablePlaces
            let takesChange = chance(55)
            let coalesced = chance(35)
            // There is no `forKeyPathChanges:` for a coalesced target's change action.
            let several = chance(30) && !(coalesced && takesChange)
            var chosen: [Place]
            if several {
                let start = first ?? observedPlace(object)
                // A change action's key paths share one type.
                chosen = [start] + places.filter { $0 != start && (!takesChange || $0.kind == start.kind) && chance(40) }
                chosen.shuffle(using: &random)
            } else {
                chosen = [first ?? observedPlace(object)]
            }
            let spec = ActionSpec(number: number, target: int(0..<ModelProgram.targetCount), coalesced: coalesced, object: object,
                                  places: chosen, takesChange: takesChange, callImmediately: chance(35), several: several)
            registrations.append(spec)
            return spec
        }

        /// A property of `object` to observe: mostly ones that chains of its family carry as they
        /// are (and that other steps bind and write most), then routes, then the others.
        mutating func observedPlace(_ object: ObjectRef) -> Place {
            let places = object.observablePlaces
            switch object {
            case .dynamic(let i):
                return switch int(0..<20) {
                case 0..<8: .dynamicA(i)
                case 8..<11: .route(i)
                case 11..<13: .optionalRoute(i)
                case 13..<15: .dynamicB(i)
                case 15..<18: .dynamicS(i)
                default: .dynamicFlag(i)
                }
            case .typed(let f):
                let heads = TProp.heads(f).map { Place.typed(f, $0) }
                return chance(60) ? pick(heads) : pick(places)
            default:
                return pick(places)
            }
        }

        /// A way a registration ends: `removeTarget` on a key path or everywhere on an object, a
        /// handle's `unbind()`, or its target going (and a new one made in its slot).
        mutating func targetEnd() -> Step {
            switch int(0..<10) {
            case 0..<3:
                let spec = registrations.isEmpty ? nil : pick(registrations)
                let object = spec?.object ?? .dynamic(node())
                let place = spec.map { pick($0.places) } ?? observedPlace(object)
                return .removeTarget(target: spec?.target ?? int(0..<ModelProgram.targetCount), object: object, place: place)
            case 3, 4:
                let spec = registrations.isEmpty ? nil : pick(registrations)
                return .removeTarget(target: spec?.target ?? int(0..<ModelProgram.targetCount), object: spec?.object ?? .dynamic(node()),
                                     place: nil)
            case 5..<7 where !registrations.isEmpty:
                return .unbindAction(int(0..<registrations.count))
            case 7, 8:
                return .release(.target(int(0..<ModelProgram.targetCount)))
            default:
                return .create(.target(int(0..<ModelProgram.targetCount)))
            }
        }

        /// `Coalesce.begin()`, `commit()` (sometimes with nothing open: reported), or
        /// `Coalesce.run { … }` around a few steps, mostly writes, sometimes nested.
        mutating func coalescing() -> Step {
            switch int(0..<10) {
            case 0, 1: return .begin
            case 2, 3: return .commit
            case _ where nesting >= 2: return chance(50) ? .begin : .commit
            default:
                nesting += 1
                defer { nesting -= 1 }
                let steps = (0..<int(1..<5)).map { _ -> Step in
                    switch int(0..<20) {
                    case 0..<11: write()
                    case 11, 12: .addTarget(actionSpec())
                    case 13: targetEnd()
                    case 14: coalescing()
                    case 15: .unbind(unbindForm())
                    default: step()
                    }
                }
                return .transaction(steps)
            }
        }

        mutating func head(_ family: Family) -> Link {
            let place: Place
            if family == .int {
                place = pick([.dynamicA(node()), .dynamicA(node()), .element(node(), index: int(0..<4)), .control, .box, .route(node())])
            } else {
                place = .typed(family, pick(TProp.heads(family)))
            }
            return chance(50) ? .sender(place) : .twoWay(place, initial: true)
        }

        mutating func continuation(_ family: Family, depth: Int, head: Link) -> Link {
            let initial = int(0..<4) != 0
            if family != .int {
                let props = TProp.allCases
                switch int(0..<10) {
                case 0: return .sender(.typed(family, pick(props.filter { $0 != .neg })))
                case 1, 2, 3: return .twoWay(.typed(family, pick(props)), initial: initial)
                case 4: return .receiver(.typed(family, pick(props)), initial: initial)
                case 5, 6: return .receiver(.typedPlain(family, pick(QProp.allCases)), initial: initial)
                case 7, 8: return .block(block(family, initial: initial, depth: depth, head: head))
                default: return .filter(pick(FilterKind.kinds(family)))
                }
            }
            switch int(0..<20) {
            case 0:
                return .sender(pick([.dynamicA(node()), .element(node(), index: int(0..<4)), .control, .controlText, .box,
                                     .route(node()), .optionalRoute(node()), .dynamicS(node())]))
            case 1, 2:
                return .twoWay(pick([.dynamicA(node()), .dynamicB(node()), .dynamicS(node()), .dynamicFlag(node()),
                                     .element(node(), index: int(0..<4)), .route(node()), .control, .controlText, .box]),
                               initial: initial)
            case 3:
                return .twoWay(pick([.dynamicS(node()), .controlText]), initial: initial)
            case 4:
                return .receiver(pick([.dynamicA(node()), .dynamicB(node()), .element(node(), index: int(0..<4)),
                                       .box, .dynamicS(node()), .dynamicFlag(node()), .route(node())]), initial: initial)
            case 5, 6:
                return .receiver(pick([.plainA(plain()), .plainText(plain()), .plainScaled(plain()), .plainFlag(plain()),
                                       .plainRatio(plain())]), initial: initial)
            case 7:
                return .receiver(pick([.plainShown(plain()), .controlOut]), initial: initial)
            case 8, 9, 10:
                return .block(block(.int, initial: initial, depth: depth, head: head))
            case 11:
                return .filter(pick(FilterKind.kinds(.int)))
            default:
                return .twoWay(.dynamicA(node()), initial: initial)
            }
        }

        mutating func block(_ family: Family, initial: Bool, depth: Int, head: Link) -> BlockSpec {
            blockNumber += 1
            let name = "b\(blockNumber)"
            let arguments: [Kind?] = family == .int
                ? [.int, .int, .int, .string, .bool, .double, nil]
                : [family.kind, family.kind, .int, .string, nil]
            let argument = pick(arguments)
            let isMainActor = chance(15)
            var action: BlockAction?
            if family == .int, argument == .int, !isMainActor, depth == 0, chance(45) {
                switch int(0..<5) {
                case 0, 1: action = .writeBack(node: node())
                case 4: action = .addTarget(actionSpec())
                case 2:
                    // A small declaration, bound from inside the block: mostly one that goes on
                    // with the block's own chain (through its head) while it dispatches.
                    let nested = chance(70) ? head : self.head(.int)
                    action = .declare(head: nested, rest: [continuation(.int, depth: 1, head: nested)])
                default: action = .unbind(unbindForm())
                }
            }
            return BlockSpec(name: name, initial: initial, argument: argument, isMainActor: isMainActor,
                             action: action, residue: int(0..<10))
        }

        mutating func writablePlace() -> Place {
            // Once target-actions observe properties, a write is often to one of them.
            let observed = registrations.flatMap(\.places)
            if !observed.isEmpty, chance(25) { return pick(observed) }
            if chance(20) {
                let family = typedFamily()
                return chance(85) ? .typed(family, pick(TProp.allCases)) : .typedPlain(family, pick(QProp.allCases))
            }
            switch int(0..<100) {
            case 0..<25: return .dynamicA(node())
            case 25..<40: return .element(node(), index: int(0..<4))
            case 40..<52: return .control
            case 52..<58: return .controlText
            case 58..<64: return .dynamicS(node())
            case 64..<68: return .dynamicFlag(node())
            case 68..<71: return .dynamicB(node())
            case 71..<79: return .box
            case 79..<87: return .route(node())
            case 87..<90: return .optionalRoute(node())
            default:
                return pick([.plainA(plain()), .plainText(plain()), .plainScaled(plain()), .plainFlag(plain()),
                             .plainRatio(plain()), .plainShown(plain())])
            }
        }

        static let texts = ["12ab", "abc", "3.7", " -4", "yes", "0", "On", "-0", "1e2", "true", "7", "300", "", "0.5",
                            "FALSE", ".5x", "42", "ab"]
        static let doubles = [0.5, -3.7, 2.0, 300.9, 1e20, -0.25, 7.0, 49.99, 0.0, 12.5]

        mutating func value(for place: Place) -> Scalar {
            switch place.kind {
            case .int: return .int(chance(85) ? int(0..<60) : pick([300, -7, 1000, 127, -128]))
            case .int8: return .int8(pick([-128, 0, 5, 127, 12, 43]))
            case .double: return .double(pick(Self.doubles))
            case .string: return .string(pick(Self.texts))
            case .optionalString: return .optionalString(chance(20) ? nil : pick(Self.texts))
            case .optionalInt: return .optionalInt(int(0..<60))
            case .bool: return .bool(chance(50))
            }
        }

        mutating func object() -> ObjectRef {
            switch int(0..<11) {
            case 0..<3: .dynamic(node())
            case 3, 4: .plain(plain())
            case 5: .control
            case 6: .box
            case 7: .typed(typedFamily())
            case 8, 9: .typedPlain(typedFamily())
            default: .target(int(0..<ModelProgram.targetCount))
            }
        }

        mutating func unbindForm() -> UnbindForm {
            switch int(0..<6) {
            case 0 where declarations > 0: return .chain(declaration: int(0..<declarations))
            case 1: return .object(object())
            case 2 where blockNumber > 0:
                let place: Place = pick([.dynamicA(node()), .control, .box, .typed(.string, .s), .typed(.double, .f), .typed(.bool, .flag)])
                return .block(place, name: "b\(int(1..<(blockNumber + 1)))")
            case 3: return .wholeList(node())
            default:
                return .place(pick([.dynamicA(node()), .element(node(), index: int(0..<4)), .control, .controlOut, .controlText,
                                    .dynamicB(node()), .dynamicS(node()), .plainText(plain()), .route(node()), .box,
                                    .typed(.string, .s), .typedPlain(.double, .i)]))
            }
        }
    }

    // MARK: The distribution

    /// The forms a step exercises, for the distribution report.
    static func forms(of step: Step) -> Set<String> {
        var forms: Set<String> = []
        switch step {
        case .declare(let head, _):
            forms.insert("declare")
            if case .sender(let p) = head { forms.insert("head .in: \(p.form)") }
            if case .twoWay(let p, _) = head { forms.insert("head .inout: \(p.form)") }
            for link in links(of: step).dropFirst() {
                switch link {
                case .sender(let p): forms.insert(".in: \(p.form)")
                case .twoWay(let p, let initial):
                    forms.insert(".inout\(p.isNegated ? "Not" : ""): \(p.form)")
                    if !initial { forms.insert("initial: false") }
                case .receiver(let p, let initial):
                    forms.insert(".out\(p.isNegated ? "Not" : ""): \(p.form)")
                    if !initial { forms.insert("initial: false") }
                case .filter(let kind): forms.insert("filter \(kind.rawValue)")
                case .block(let spec):
                    forms.insert("block taking \(spec.argument?.swiftType ?? "no argument")")
                    if spec.isMainActor { forms.insert("block @MainActor") }
                    switch spec.action {
                    case .writeBack?: forms.insert("block writes a sender")
                    case .declare?: forms.insert("block binds")
                    case .unbind?: forms.insert("block unbinds")
                    case .addTarget?: forms.insert("block registers a target-action")
                    case nil: break
                    }
                }
            }
        case .write(let place, _): forms.insert("write \(place.form)")
        case .resize: forms.insert("array resized")
        case .replaceHub: forms.insert("route link replaced")
        case .setSpare: forms.insert("optional route link set or cleared")
        case .unbind(let form):
            switch form {
            case .chain: forms.insert("unbind chain")
            case .object: forms.insert("unbind object")
            case .place: forms.insert("unbind property")
            case .wholeList: forms.insert("unbind whole array")
            case .block: forms.insert("unbind block")
            }
        case .release(let object): forms.insert("release \(object.kindName)")
        case .create(let object): forms.insert("create \(object.kindName) anew")
        case .addTarget(let spec):
            forms.insert("addTarget")
            forms.insert("addTarget action: " + (spec.takesChange ? "(Change<Value>)" : "()"))
            if spec.several { forms.insert("addTarget forKeyPathChanges:") }
            if spec.callImmediately { forms.insert("addTarget callImmediately") }
            if spec.coalesced { forms.insert("addTarget coalesced target") }
            for place in spec.places { forms.insert("addTarget on \(place.form)") }
        case .removeTarget(_, _, let place): forms.insert(place == nil ? "removeTarget(_:)" : "removeTarget(_:forKeyPathChange:)")
        case .unbindAction: forms.insert("target-action unbind()")
        case .begin: forms.insert("Coalesce.begin()")
        case .commit: forms.insert("Coalesce.commit()")
        case .transaction: forms.insert("Coalesce.run")
        case .derive: forms.insert("derived value")
        }
        return forms
    }

    /// The forms a program exercises that no single step shows: registering twice, nested
    /// transactions, unbalanced commits, changes inside a transaction.
    static func programForms(of steps: [Step]) -> [String] {
        var forms: [String] = []
        var seen: [(Int, ObjectRef, [Place])] = []
        var depth = 0
        func visit(_ step: Step) {
            switch step {
            case .addTarget(let spec):
                if seen.contains(where: { $0.0 == spec.target && $0.1 == spec.object && $0.2 == spec.places }) {
                    forms.append("addTarget again (registering twice)")
                }
                seen.append((spec.target, spec.object, spec.places))
            case .begin:
                if depth > 0 { forms.append("nested transaction") }
                depth += 1
            case .commit:
                if depth == 0 { forms.append("unbalanced commit") } else { depth -= 1 }
            case .transaction(let inner):
                if depth > 0 { forms.append("nested transaction") }
                depth += 1
                inner.forEach(visit)
                if depth == 0 { forms.append("unbalanced commit") } else { depth -= 1 }
            case .write where depth > 0:
                forms.append("write inside a transaction")
            default:
                break
            }
        }
        steps.forEach(visit)
        return forms
    }
}

extension ObjectRef {
    var kindName: String {
        switch self {
        case .dynamic: "@Dynamic object"
        case .plain, .typedPlain: "plain object"
        case .control: "control"
        case .box: "Dynamic box"
        case .typed: "typed @Dynamic object"
        case .target: "target"
        }
    }
}
