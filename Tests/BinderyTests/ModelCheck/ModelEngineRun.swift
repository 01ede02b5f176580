import Bindery
import Foundation

/// A chain of one of the families' types.
enum AnyModelChain {
    case int(Chain<Int>)
    case string(Chain<String>)
    case double(Chain<Double>)
    case bool(Chain<Bool>)

    func unbind() {
        switch self {
        case .int(let c): c.unbind()
        case .string(let c): c.unbind()
        case .double(let c): c.unbind()
        case .bool(let c): c.unbind()
        }
    }
}

/// The real objects a program runs on, and what the engine did.
final class EngineRun: ModelWorld, @unchecked Sendable {
    // @unchecked: used on one thread only (the case's); blocks that act call back on it.
    var dynamics: [MNode?]
    var plains: [PNode?]
    var control: CNode?
    var box: Dynamic<Int>?
    var typed: [Family: TNode] = [:]
    var typedPlains: [Family: TPlain] = [:]
    var targets: [ATarget?]
    /// Each registration's handles, by its number.
    var handles: [Int: [TargetAction]] = [:]
    /// Released targets' memory, kept (by unowned references) until the case ends, so that no
    /// new target takes a dead one's address: `removeTarget` finds a target's registrations by
    /// its address, and would also remove those a dead target at that address left behind.
    private var keptTargetMemory: [KeptMemory] = []
    /// Each declaration's chain, numbered in the order declarations start (one a block makes
    /// while another is being declared comes after it).
    var chains: [AnyModelChain?] = []
    let log = BlockLog()
    /// Serial numbers of the plain objects this run released.
    private(set) var releasedSerials: Set<Int> = []
    /// Every object this run released, weakly: none may be kept alive.
    private var released: [(ObjectRef, WeakObject)] = []
    /// The program's derived values that are still checked.
    private var derived: [DerivedRun] = []

    init() {
        dynamics = (0..<ModelProgram.dynamicCount).map { _ in MNode() }
        plains = (0..<ModelProgram.plainCount).map { _ in PNode() }
        control = CNode()
        box = Dynamic(0)
        targets = (0..<ModelProgram.targetCount).map { ATarget(slot: $0) }
        for family in [Family.string, .double, .bool] {
            typed[family] = TNode()
            typedPlains[family] = TPlain()
        }
    }

    // MARK: ModelWorld

    func isAlive(_ object: ObjectRef) -> Bool { self.object(object) != nil }

    func listCount(_ node: Int) -> Int { dynamics[node]?.list.count ?? 0 }

    func object(_ ref: ObjectRef) -> AnyObject? {
        switch ref {
        case .dynamic(let i): dynamics[i]
        case .plain(let i): plains[i]
        case .control: control
        case .box: box
        case .typed(let f): typed[f]
        case .typedPlain(let f): typedPlains[f]
        case .target(let i): targets[i]
        }
    }

    /// Released objects that something still keeps alive.
    func survivors() -> [ObjectRef] { released.filter { $0.1.object != nil }.map(\.0) }

    // MARK: Derived values

    /// A derived value of the program, its receiver, and the nodes it was made over.
    final class DerivedRun {
        let spec: DerivedSpec
        var value: Derived<Int>?
        let chain: Chain<Int>
        let receiver: IntReceiver
        let nodes: [WeakObject]

        init(spec: DerivedSpec, value: Derived<Int>, chain: Chain<Int>, receiver: IntReceiver, nodes: [WeakObject]) {
            self.spec = spec
            self.value = value
            self.chain = chain
            self.receiver = receiver
            self.nodes = nodes
        }
    }

    /// A plain receiver of a derived value.
    final class IntReceiver: @unchecked Sendable {
        var value = Int.min
    }

    private func derive(_ spec: DerivedSpec) {
        guard let c = dynamics[spec.condition], let t = dynamics[spec.then], let o = dynamics[spec.otherwise] else { return }
        let value = Derived { [weak c, weak t, weak o] () -> Int in
            guard let c, let t, let o else { return Int.min }
            return c.a % 2 == 0 ? t.a + spec.plus : o.hub.a
        }
        let receiver = IntReceiver()
        let chain = Bind.in(value, \.value).out(receiver, \.value)
        derived.append(DerivedRun(spec: spec, value: value, chain: chain, receiver: receiver, nodes: [c, t, o].map(WeakObject.init)))
    }

    /// Lets go of the derived values that can no longer be checked: one of their nodes was
    /// released or made anew (a derived value hears sets, not an object replaced in the
    /// program's pool), or an unbind reached one (`Bind.unbind(object)` ends its reads too).
    private func dropUncheckableDerived(after step: Step) {
        var touched: Set<Int> = []
        for each in step.flattened {
            guard case .unbind(let form) = each else { continue }
            switch form {
            case .chain: break
            case .object(let object): if case .dynamic(let i) = object { touched.insert(i) }
            case .place(let place), .block(let place, _): if case .dynamic(let i) = place.object { touched.insert(i) }
            case .wholeList(let i): touched.insert(i)
            }
        }
        derived.removeAll { run in
            let replaced = zip(run.spec.nodes, run.nodes).contains { index, node in node.object == nil || node.object !== dynamics[index] }
            guard replaced || !touched.isDisjoint(with: run.spec.nodes) else { return false }
            run.chain.unbind()
            run.value = nil
            return true
        }
    }

    /// The first derived value, or its receiver, that does not hold what it computes from the
    /// nodes' values now.
    func wrongDerivedValue() -> String? {
        for run in derived {
            guard let value = run.value else { continue }
            let expected = run.spec.value(a: { dynamics[$0]?.a ?? 0 }, hub: { dynamics[$0]?.hub.a ?? 0 })
            if value.value != expected {
                return "v\(run.spec.number).value is \(value.value), computed from the nodes now it is \(expected)"
            }
            if run.receiver.value != expected {
                return "v\(run.spec.number)'s receiver holds \(run.receiver.value), the derived value is \(expected)"
            }
        }
        return nil
    }

    // MARK: Steps

    func run(_ step: Step) {
        runStep(step)
        dropUncheckableDerived(after: step)
    }

    private func runStep(_ step: Step) {
        switch step {
        case .declare(let head, let rest):
            let number = chains.count
            chains.append(nil)
            chains[number] = declare(head, rest)
        case .write(let place, let value):
            write(place, value)
        case .resize(let node, let count, let fill):
            guard let d = dynamics[node] else { return }
            var list = d.list
            if count < list.count { list.removeLast(list.count - count) }
            while list.count < count { list.append(fill) }
            d.list = list
        case .replaceHub(let node, let value):
            dynamics[node]?.hub = Hub(value)
        case .setSpare(let node, let value):
            dynamics[node]?.spare = value.map(Hub.init)
        case .unbind(let form):
            unbind(form)
        case .release(let ref):
            if let object = object(ref) {
                released.append((ref, WeakObject(object)))
                if let p = object as? PNode { releasedSerials.insert(p.serial) }
                if let q = object as? TPlain { releasedSerials.insert(q.serial) }
                if let t = object as? ATarget { keptTargetMemory.append(KeptMemory(t)) }
            }
            switch ref {
            case .dynamic(let i): dynamics[i] = nil
            case .plain(let i): plains[i] = nil
            case .control: control = nil
            case .box: box = nil
            case .typed(let f): typed[f] = nil
            case .typedPlain(let f): typedPlains[f] = nil
            case .target(let i): targets[i] = nil
            }
        case .create(let ref):
            switch ref {
            case .dynamic(let i): dynamics[i] = MNode()
            case .plain(let i): plains[i] = PNode()
            case .control: control = CNode()
            case .box: box = Dynamic(0)
            case .typed(let f): typed[f] = TNode()
            case .typedPlain(let f): typedPlains[f] = TPlain()
            case .target(let i): targets[i] = ATarget(slot: i)
            }
        case .addTarget(let spec):
            addTarget(spec)
        case .removeTarget(let t, let ref, let place):
            guard let target = targets[t] else { return }
            switch ref {
            case .dynamic(let i):
                guard let d = dynamics[i] else { return }
                if let place { d.removeTarget(target, forKeyPathChange: Self.keyPath(of: place, in: MNode.self).partial) } else { d.removeTarget(target) }
            case .box:
                guard let b = box else { return }
                if place != nil { b.removeTarget(target, forKeyPathChange: \.value) } else { b.removeTarget(target) }
            case .typed(let f):
                guard let t = typed[f] else { return }
                if let place { t.removeTarget(target, forKeyPathChange: Self.keyPath(of: place, in: TNode.self).partial) } else { t.removeTarget(target) }
            default:
                preconditionFailure("no target-actions on \(ref)")
            }
        case .derive(let spec):
            derive(spec)
        case .unbindAction(let number):
            for handle in handles[number] ?? [] { handle.unbind() }
        case .begin:
            Coalesce.begin()
        case .commit:
            Coalesce.commit()
        case .transaction(let steps):
            Coalesce.run {
                for step in steps {
                    if let usable = ModelCheckTests.usable(step, self) { run(usable) }
                }
            }
        }
    }

    // MARK: Target-actions

    private func addTarget(_ spec: ActionSpec) {
        guard let target = targets[spec.target] else { return }
        let handle: TargetAction
        switch spec.object {
        case .dynamic(let i):
            handle = register(dynamics[i]!, target, spec, spec.places.map { Self.keyPath(of: $0, in: MNode.self) })
        case .box:
            handle = register(box!, target, spec, [.int(\.value)])
        case .typed(let f):
            handle = register(typed[f]!, target, spec, spec.places.map { Self.keyPath(of: $0, in: TNode.self) })
        default:
            preconditionFailure("no target-actions on \(spec.object)")
        }
        handles[spec.number, default: []].append(handle)
    }

    /// Registers `spec`'s action on `object`'s key paths, in the form the spec names.
    private func register<Root: DynamicObject & Sendable>(_ object: Root, _ target: ATarget, _ spec: ActionSpec, _ keyPaths: [ObservedKeyPath<Root>]) -> TargetAction {
        if spec.several, !spec.takesChange {
            let action = zeroArgumentAction(spec.number)
            let partials = keyPaths.map(\.partial)
            if spec.coalesced {
                return object.addTarget(coalesced(target, spec), action: action, forKeyPathChanges: partials, callImmediately: spec.callImmediately)
            }
            return object.addTarget(target, action: action, forKeyPathChanges: partials, callImmediately: spec.callImmediately)
        }
        if spec.several {
            switch keyPaths[0] {
            case .int: return several(object, target, spec, keyPaths.map { if case .int(let k) = $0 { k } else { preconditionFailure() } })
            case .int8: return several(object, target, spec, keyPaths.map { if case .int8(let k) = $0 { k } else { preconditionFailure() } })
            case .double: return several(object, target, spec, keyPaths.map { if case .double(let k) = $0 { k } else { preconditionFailure() } })
            case .string: return several(object, target, spec, keyPaths.map { if case .string(let k) = $0 { k } else { preconditionFailure() } })
            case .bool: return several(object, target, spec, keyPaths.map { if case .bool(let k) = $0 { k } else { preconditionFailure() } })
            case .optionalInt:
                return several(object, target, spec, keyPaths.map { if case .optionalInt(let k) = $0 { k } else { preconditionFailure() } })
            }
        }
        switch keyPaths[0] {
        case .int(let k): return single(object, target, spec, k)
        case .int8(let k): return single(object, target, spec, k)
        case .double(let k): return single(object, target, spec, k)
        case .string(let k): return single(object, target, spec, k)
        case .bool(let k): return single(object, target, spec, k)
        case .optionalInt(let k): return single(object, target, spec, k)
        }
    }

    /// `addTarget(_:action:forKeyPathChange:callImmediately:)`, with a zero-argument or a
    /// change action, on the target or its coalesced form.
    private func single<Root: DynamicObject & Sendable, V: Sendable>(
        _ object: Root, _ target: ATarget, _ spec: ActionSpec, _ keyPath: KeyPath<Root, V> & Sendable
    ) -> TargetAction {
        switch (spec.takesChange, spec.coalesced) {
        case (false, false):
            object.addTarget(target, action: zeroArgumentAction(spec.number), forKeyPathChange: keyPath, callImmediately: spec.callImmediately)
        case (false, true):
            object.addTarget(coalesced(target, spec), action: zeroArgumentAction(spec.number), forKeyPathChange: keyPath,
                             callImmediately: spec.callImmediately)
        case (true, false):
            object.addTarget(target, action: changeAction(spec.number, object) as @Sendable (ATarget) -> (Change<V>) -> Void,
                             forKeyPathChange: keyPath, callImmediately: spec.callImmediately)
        case (true, true):
            object.addTarget(coalesced(target, spec), action: changeAction(spec.number, object) as @Sendable (ATarget) -> (Change<V>) -> Void,
                             forKeyPathChange: keyPath, callImmediately: spec.callImmediately)
        }
    }

    /// `addTarget(_:action:forKeyPathChanges:callImmediately:)` with a change action.
    private func several<Root: DynamicObject & Sendable, V: Sendable>(
        _ object: Root, _ target: ATarget, _ spec: ActionSpec, _ keyPaths: [KeyPath<Root, V> & Sendable]
    ) -> TargetAction {
        object.addTarget(target, action: changeAction(spec.number, object) as @Sendable (ATarget) -> (Change<V>) -> Void,
                         forKeyPathChanges: keyPaths, callImmediately: spec.callImmediately)
    }

    /// The target as a coalesced target, by either spelling.
    private func coalesced(_ target: ATarget, _ spec: ActionSpec) -> Coalesced<ATarget> {
        spec.number.isMultiple(of: 2) ? target.coalesced : Bind.coalesced(target)
    }

    private func zeroArgumentAction(_ number: Int) -> @Sendable (ATarget) -> () -> Void {
        let log = self.log
        return { target in { log.append(ActionSpec.entry(number, target: target.slot, nil)) } }
    }

    /// A change action that logs its change, and also what the property holds when the new
    /// value is not that (which the model never logs): an action is told the value its property
    /// holds.
    private func changeAction<Root: AnyObject & Sendable, V: Sendable>(_ number: Int, _ object: Root) -> @Sendable (ATarget) -> (Change<V>) -> Void {
        let log = self.log
        return { [weak object] target in
            { change in
                let entry = (Self.name(of: change.keyPath), change.old.map { Self.anyScalar($0) }, Self.anyScalar(change.new))
                log.append(ActionSpec.entry(number, target: target.slot, entry))
                let holds = object.map { Self.anyScalar($0[keyPath: change.keyPath] as! V) }
                if let holds, holds != entry.2 { log.append("the property holds \(holds), not \(entry.2)") }
            }
        }
    }

    /// The name of an observed key path, to read a change's key path back.
    static func name(of keyPath: AnyKeyPath) -> String {
        let observed: [(AnyKeyPath, String)] = [
            (\MNode.a, "a"), (\MNode.b, "b"), (\MNode.s, "s"), (\MNode.flag, "flag"), (\MNode.hub.a, "hub.a"), (\MNode.spare?.a, "spare?.a"),
            (\Dynamic<Int>.value, "value"),
        ] + TProp.allCases.map { (EngineRun.keyPath(of: .typed(.string, $0), in: TNode.self).partial as AnyKeyPath, $0.rawValue) }
        return observed.first { $0.0 == keyPath }?.1 ?? "unknown key path \(keyPath)"
    }

    /// A change's value as the model writes it.
    static func anyScalar<V>(_ value: V) -> Scalar {
        if V.self == Int?.self { return .optionalInt(value as! Int?) }
        switch value {
        case let v as Int: return .int(v)
        case let v as Int8: return .int8(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        default: preconditionFailure("no scalar for \(value)")
        }
    }

    /// The key path of an observable place of `Root` (an `MNode` or a `TNode`).
    static func keyPath<Root>(of place: Place, in _: Root.Type) -> ObservedKeyPath<Root> {
        let found: Any = switch place {
        case .dynamicA: ObservedKeyPath<MNode>.int(\.a)
        case .dynamicB: ObservedKeyPath<MNode>.int(\.b)
        case .dynamicS: ObservedKeyPath<MNode>.string(\.s)
        case .dynamicFlag: ObservedKeyPath<MNode>.bool(\.flag)
        case .route: ObservedKeyPath<MNode>.int(\.hub.a)
        case .optionalRoute: ObservedKeyPath<MNode>.optionalInt(\.spare?.a)
        case .typed(_, let p):
            switch p {
            case .s: ObservedKeyPath<TNode>.string(\.s)
            case .s2: ObservedKeyPath<TNode>.string(\.s2)
            case .f: ObservedKeyPath<TNode>.double(\.f)
            case .f2: ObservedKeyPath<TNode>.double(\.f2)
            case .flag: ObservedKeyPath<TNode>.bool(\.flag)
            case .flag2: ObservedKeyPath<TNode>.bool(\.flag2)
            case .neg: ObservedKeyPath<TNode>.bool(\.neg)
            case .i: ObservedKeyPath<TNode>.int(\.i)
            case .i8: ObservedKeyPath<TNode>.int8(\.i8)
            }
        default: preconditionFailure("\(place) is not observed")
        }
        return found as! ObservedKeyPath<Root>
    }

    private func declare(_ head: Link, _ rest: [Link]) -> AnyModelChain {
        let twoWay: Bool
        let place: Place
        switch head {
        case .sender(let p): place = p; twoWay = false
        case .twoWay(let p, _): place = p; twoWay = true
        default: preconditionFailure("not a head: \(head)")
        }
        switch place.family {
        case .int:
            var chain = intHead(place, twoWay: twoWay)
            for link in rest { chain = extend(chain, link) }
            return .int(chain)
        case .string:
            let t = typed[.string]!
            let keyPath = place == .typed(.string, .s) ? \TNode.s : \TNode.s2
            var chain = twoWay ? Bind.inout(t, keyPath) : Bind.in(t, keyPath)
            for link in rest { chain = extend(chain, link) }
            return .string(chain)
        case .double:
            let t = typed[.double]!
            let keyPath = place == .typed(.double, .f) ? \TNode.f : \TNode.f2
            var chain = twoWay ? Bind.inout(t, keyPath) : Bind.in(t, keyPath)
            for link in rest { chain = extend(chain, link) }
            return .double(chain)
        case .bool:
            let t = typed[.bool]!
            let keyPath = place == .typed(.bool, .flag) ? \TNode.flag : \TNode.flag2
            var chain = twoWay ? Bind.inout(t, keyPath) : Bind.in(t, keyPath)
            for link in rest { chain = extend(chain, link) }
            return .bool(chain)
        }
    }

    private func intHead(_ place: Place, twoWay: Bool) -> Chain<Int> {
        switch place {
        case .dynamicA(let i): twoWay ? Bind.inout(dynamics[i]!, \.a) : Bind.in(dynamics[i]!, \.a)
        case .element(let i, let k): twoWay ? Bind.inout(dynamics[i]!, \.list, index: k) : Bind.in(dynamics[i]!, \.list, index: k)
        case .control: twoWay ? Bind.inout(control!, \.value, on: .valueChanged) : Bind.in(control!, \.value, on: .valueChanged)
        case .box: twoWay ? Bind.inout(box!, \.value) : Bind.in(box!, \.value)
        case .route(let i): twoWay ? Bind.inout(dynamics[i]!, \.hub.a) : Bind.in(dynamics[i]!, \.hub.a)
        default: preconditionFailure("not a head: \(place)")
        }
    }

    /// The chain with one more link.
    private func extend<V: Sendable>(_ chain: Chain<V>, _ link: Link) -> Chain<V> {
        switch link {
        case .filter(let kind):
            return chain.filter { kind.passes(Self.scalar($0)) }
        case .block(let spec):
            return block(chain, spec)
        case .sender(let place):
            switch place {
            case .dynamicA(let i): return chain.in(dynamics[i]!, \.a)
            case .dynamicS(let i): return chain.in(dynamics[i]!, \.s)
            case .element(let i, let k): return chain.in(dynamics[i]!, \.list, index: k)
            case .route(let i): return chain.in(dynamics[i]!, \.hub.a)
            case .optionalRoute(let i): return chain.in(dynamics[i]!, \.spare?.a)
            case .control: return chain.in(control!, \.value, on: .valueChanged)
            case .controlText: return chain.in(control!, \.text, on: .editingDidEnd)
            case .box: return chain.in(box!, \.value)
            case .typed(let f, let p):
                let t = typed[f]!
                switch p {
                case .s: return chain.in(t, \.s)
                case .s2: return chain.in(t, \.s2)
                case .f: return chain.in(t, \.f)
                case .f2: return chain.in(t, \.f2)
                case .flag: return chain.in(t, \.flag)
                case .flag2: return chain.in(t, \.flag2)
                case .i: return chain.in(t, \.i)
                case .i8: return chain.in(t, \.i8)
                case .neg: preconditionFailure("cannot send negated")
                }
            default: preconditionFailure("cannot send: \(place)")
            }
        case .twoWay(let place, let initial):
            switch place {
            case .dynamicA(let i): return chain.inout(dynamics[i]!, \.a, initial: initial)
            case .dynamicB(let i):
                let ints = chain as! Chain<Int>
                return ints.inout(dynamics[i]!, \.b, initial: initial, convert: { $0 + 100 }, reverse: { $0 - 100 }) as! Chain<V>
            case .dynamicS(let i): return chain.inout(dynamics[i]!, \.s, initial: initial)
            case .dynamicFlag(let i): return chain.inoutNot(dynamics[i]!, \.flag, initial: initial)
            case .element(let i, let k): return chain.inout(dynamics[i]!, \.list, index: k, initial: initial)
            case .route(let i): return chain.inout(dynamics[i]!, \.hub.a, initial: initial)
            case .control: return chain.inout(control!, \.value, on: .valueChanged, initial: initial)
            case .controlText: return chain.inout(control!, \.text, on: .editingDidEnd, initial: initial)
            case .box: return chain.inout(box!, \.value, initial: initial)
            case .typed(let f, let p):
                let t = typed[f]!
                switch p {
                case .s: return chain.inout(t, \.s, initial: initial)
                case .s2: return chain.inout(t, \.s2, initial: initial)
                case .f: return chain.inout(t, \.f, initial: initial)
                case .f2: return chain.inout(t, \.f2, initial: initial)
                case .flag: return chain.inout(t, \.flag, initial: initial)
                case .flag2: return chain.inout(t, \.flag2, initial: initial)
                case .i: return chain.inout(t, \.i, initial: initial)
                case .i8: return chain.inout(t, \.i8, initial: initial)
                case .neg: return chain.inoutNot(t, \.neg, initial: initial)
                }
            default: preconditionFailure("cannot be two-way: \(place)")
            }
        case .receiver(let place, let initial):
            switch place {
            case .dynamicA(let i): return chain.out(dynamics[i]!, \.a, initial: initial)
            case .dynamicB(let i):
                let ints = chain as! Chain<Int>
                return ints.out(dynamics[i]!, \.b, initial: initial, convert: { $0 + 100 }) as! Chain<V>
            case .dynamicS(let i): return chain.out(dynamics[i]!, \.s, initial: initial)
            case .dynamicFlag(let i): return chain.outNot(dynamics[i]!, \.flag, initial: initial)
            case .element(let i, let k): return chain.out(dynamics[i]!, \.list, index: k, initial: initial)
            case .route(let i): return chain.out(dynamics[i]!, \.hub.a, initial: initial)
            case .box: return chain.out(box!, \.value, initial: initial)
            case .controlOut: return chain.out(control!, initial: initial)
            case .plainA(let i): return chain.out(plains[i]!, \.a, initial: initial)
            case .plainText(let i): return chain.out(plains[i]!, \.text, initial: initial)
            case .plainScaled(let i):
                let ints = chain as! Chain<Int>
                return ints.out(plains[i]!, \.scaled, initial: initial, convert: { $0 &* 2 }) as! Chain<V>
            case .plainFlag(let i): return chain.outNot(plains[i]!, \.flag, initial: initial)
            case .plainRatio(let i): return chain.out(plains[i]!, \.ratio, initial: initial)
            case .plainShown(let i): return chain.out(plains[i]!, \.shown, initial: initial, delivery: .mainActor)
            case .typed(let f, let p):
                let t = typed[f]!
                switch p {
                case .s: return chain.out(t, \.s, initial: initial)
                case .s2: return chain.out(t, \.s2, initial: initial)
                case .f: return chain.out(t, \.f, initial: initial)
                case .f2: return chain.out(t, \.f2, initial: initial)
                case .flag: return chain.out(t, \.flag, initial: initial)
                case .flag2: return chain.out(t, \.flag2, initial: initial)
                case .i: return chain.out(t, \.i, initial: initial)
                case .i8: return chain.out(t, \.i8, initial: initial)
                case .neg: return chain.outNot(t, \.neg, initial: initial)
                }
            case .typedPlain(let f, let p):
                let q = typedPlains[f]!
                switch p {
                case .i: return chain.out(q, \.i, initial: initial)
                case .s: return chain.out(q, \.s, initial: initial)
                case .f: return chain.out(q, \.f, initial: initial)
                case .flag: return chain.out(q, \.flag, initial: initial)
                case .neg: return chain.outNot(q, \.neg, initial: initial)
                case .shown: return chain.out(q, \.shown, initial: initial, delivery: .mainActor)
                }
            default: preconditionFailure("cannot receive: \(place)")
            }
        }
    }

    /// A named block that logs what it gets and may act (see `BlockAction`).
    private func block<V: Sendable>(_ chain: Chain<V>, _ spec: BlockSpec) -> Chain<V> {
        let log = self.log
        let name = spec.name
        let main = spec.isMainActor
        @Sendable func record(_ argument: Scalar?) {
            log.append(argument.map { "\(name)(\($0))" } ?? "\(name)()")
            if main && !OnMainQueue.isCurrent { log.append("\(name) ran off the main thread") }
        }
        switch spec.argument {
        case nil:
            if main { return chain.out(name, initial: spec.initial) { @MainActor () in record(nil) } }
            return chain.out(name, initial: spec.initial) { () in record(nil) }
        case .string?:
            if main { return chain.out(name, initial: spec.initial) { @MainActor (x: String) in record(.string(x)) } }
            return chain.out(name, initial: spec.initial) { (x: String) in record(.string(x)) }
        case .bool?:
            if main { return chain.out(name, initial: spec.initial) { @MainActor (x: Bool) in record(.bool(x)) } }
            return chain.out(name, initial: spec.initial) { (x: Bool) in record(.bool(x)) }
        case .double?:
            if main { return chain.out(name, initial: spec.initial) { @MainActor (x: Double) in record(.double(x)) } }
            return chain.out(name, initial: spec.initial) { (x: Double) in record(.double(x)) }
        case .int?:
            let ints = chain as? Chain<Int>
            guard let ints, let action = spec.action else {
                if main { return chain.out(name, initial: spec.initial) { @MainActor (x: Int) in record(.int(x)) } }
                return chain.out(name, initial: spec.initial) { (x: Int) in record(.int(x)) }
            }
            // The chain's own Int: the block may act.
            let residue = spec.residue
            return ints.out(name, initial: spec.initial) { [weak self] (x: Int) in
                record(.int(x))
                guard x % 10 == residue, x < 40, let self else { return }
                self.act(action, x)
            } as! Chain<V>
        default:
            preconditionFailure("no block of \(String(describing: spec.argument))")
        }
    }

    /// A block's action, run inside the dispatch.
    private func act(_ action: BlockAction, _ value: Int) {
        switch action {
        case .writeBack(let node):
            dynamics[node]?.a = value + 1
        case .declare(let head, let rest):
            if let step = ModelCheckTests.usable(.declare(head: head, rest: rest), self) { run(step) }
        case .unbind(let form):
            if let step = ModelCheckTests.usable(.unbind(form), self) { run(step) }
        case .addTarget(let spec):
            if let step = ModelCheckTests.usable(.addTarget(spec), self) { run(step) }
        }
    }

    private func write(_ place: Place, _ value: Scalar) {
        switch (place, value) {
        case (.dynamicA(let i), .int(let v)): dynamics[i]?.a = v
        case (.dynamicB(let i), .int(let v)): dynamics[i]?.b = v
        case (.dynamicS(let i), .string(let v)): dynamics[i]?.s = v
        case (.dynamicFlag(let i), .bool(let v)): dynamics[i]?.flag = v
        case (.element(let i, let k), .int(let v)): dynamics[i]?.list[k] = v
        case (.route(let i), .int(let v)): dynamics[i]?.hub.a = v
        case (.optionalRoute(let i), .optionalInt(let v?)): dynamics[i]?.spare?.a = v
        case (.plainA(let i), .int(let v)): plains[i]?.a = v
        case (.plainText(let i), .optionalString(let v)): plains[i]?.text = v
        case (.plainScaled(let i), .int(let v)): plains[i]?.scaled = v
        case (.plainFlag(let i), .bool(let v)): plains[i]?.flag = v
        case (.plainRatio(let i), .double(let v)): plains[i]?.ratio = v
        case (.plainShown(let i), .int(let v)): plains[i]?.shown = v
        case (.control, .int(let v)): control?.edit(v)
        case (.controlText, .string(let v)): control?.finishEditing(v)
        case (.box, .int(let v)): box?.value = v
        case (.typed(let f, let p), _):
            guard let t = typed[f] else { return }
            switch (p, value) {
            case (.s, .string(let v)): t.s = v
            case (.s2, .string(let v)): t.s2 = v
            case (.f, .double(let v)): t.f = v
            case (.f2, .double(let v)): t.f2 = v
            case (.flag, .bool(let v)): t.flag = v
            case (.flag2, .bool(let v)): t.flag2 = v
            case (.neg, .bool(let v)): t.neg = v
            case (.i, .int(let v)): t.i = v
            case (.i8, .int8(let v)): t.i8 = v
            default: preconditionFailure("cannot write \(value) to \(place)")
            }
        case (.typedPlain(let f, let p), _):
            guard let q = typedPlains[f] else { return }
            switch (p, value) {
            case (.i, .int(let v)): q.i = v
            case (.s, .string(let v)): q.s = v
            case (.f, .double(let v)): q.f = v
            case (.flag, .bool(let v)): q.flag = v
            case (.neg, .bool(let v)): q.neg = v
            case (.shown, .int(let v)): q.shown = v
            default: preconditionFailure("cannot write \(value) to \(place)")
            }
        default: preconditionFailure("cannot write \(value) to \(place)")
        }
    }

    private func unbind(_ form: UnbindForm) {
        switch form {
        case .chain(let declaration):
            if chains.indices.contains(declaration) { chains[declaration]?.unbind() }
        case .object(let ref):
            if let object = object(ref) { Bind.unbind(object) }
        case .place(let place):
            switch place {
            case .dynamicA(let i): if let d = dynamics[i] { Bind.unbind(d, \.a) }
            case .dynamicB(let i): if let d = dynamics[i] { Bind.unbind(d, \.b) }
            case .dynamicS(let i): if let d = dynamics[i] { Bind.unbind(d, \.s) }
            case .dynamicFlag(let i): if let d = dynamics[i] { Bind.unbind(d, \.flag) }
            case .element(let i, let k): if let d = dynamics[i] { Bind.unbind(d, \.list, index: k) }
            case .route(let i): if let d = dynamics[i] { Bind.unbind(d, \.hub.a) }
            case .optionalRoute(let i): if let d = dynamics[i] { Bind.unbind(d, \.spare?.a) }
            case .plainA(let i): if let p = plains[i] { Bind.unbind(p, \.a) }
            case .plainText(let i): if let p = plains[i] { Bind.unbind(p, \.text) }
            case .plainScaled(let i): if let p = plains[i] { Bind.unbind(p, \.scaled) }
            case .plainFlag(let i): if let p = plains[i] { Bind.unbind(p, \.flag) }
            case .plainRatio(let i): if let p = plains[i] { Bind.unbind(p, \.ratio) }
            case .plainShown(let i): if let p = plains[i] { Bind.unbind(p, \.shown) }
            case .control: if let c = control { Bind.unbind(c, \.value, on: .valueChanged) }
            case .controlOut: if let c = control { Bind.unbind(c, \.value) }
            case .controlText: if let c = control { Bind.unbind(c, \.text, on: .editingDidEnd) }
            case .box: if let b = box { Bind.unbind(b, \.value) }
            case .typed(let f, let p): if let t = typed[f] { Bind.unbind(t, Self.keyPath(p)) }
            case .typedPlain(let f, let p): if let q = typedPlains[f] { Bind.unbind(q, Self.keyPath(p)) }
            }
        case .wholeList(let i):
            if let d = dynamics[i] { Bind.unbind(d, \.list) }
        case .block(let place, let name):
            switch place {
            case .dynamicA(let i): if let d = dynamics[i] { Bind.unbind(d, \.a, block: name) }
            case .control: if let c = control { Bind.unbind(c, \.value, block: name) }
            case .box: if let b = box { Bind.unbind(b, \.value, block: name) }
            case .typed(let f, let p): if let t = typed[f] { Bind.unbind(t, Self.keyPath(p), block: name) }
            default: preconditionFailure("no block unbinding on \(place)")
            }
        }
    }

    static func keyPath(_ p: TProp) -> PartialKeyPath<TNode> {
        switch p {
        case .s: \.s
        case .s2: \.s2
        case .f: \.f
        case .f2: \.f2
        case .flag: \.flag
        case .flag2: \.flag2
        case .i: \.i
        case .i8: \.i8
        case .neg: \.neg
        }
    }

    static func keyPath(_ p: QProp) -> PartialKeyPath<TPlain> {
        switch p {
        case .i: \.i
        case .s: \.s
        case .f: \.f
        case .flag: \.flag
        case .neg: \.neg
        case .shown: \.shown
        }
    }

    static func scalar<V>(_ value: V) -> Scalar {
        switch value {
        case let v as Int: .int(v)
        case let v as String: .string(v)
        case let v as Double: .double(v)
        case let v as Bool: .bool(v)
        default: preconditionFailure("no scalar for \(value)")
        }
    }

    /// What every live object holds, in the model's terms.
    func snapshot() -> [Place: Scalar] {
        var result: [Place: Scalar] = [:]
        for (i, d) in dynamics.enumerated() {
            guard let d else { continue }
            result[.dynamicA(i)] = .int(d.a)
            result[.dynamicB(i)] = .int(d.b)
            result[.dynamicS(i)] = .string(d.s)
            result[.dynamicFlag(i)] = .bool(d.flag)
            for (k, v) in d.list.enumerated() { result[.element(i, index: k)] = .int(v) }
            result[.route(i)] = .int(d.hub.a)
            result[.optionalRoute(i)] = .optionalInt(d.spare?.a)
        }
        for (i, p) in plains.enumerated() {
            guard let p else { continue }
            result[.plainA(i)] = .int(p.a)
            result[.plainText(i)] = .optionalString(p.text)
            result[.plainScaled(i)] = .int(p.scaled)
            result[.plainFlag(i)] = .bool(p.flag)
            result[.plainRatio(i)] = .double(p.ratio)
            result[.plainShown(i)] = .int(p.shown)
        }
        if let control {
            result[.control] = .int(control.value)
            result[.controlText] = .string(control.text)
        }
        if let box { result[.box] = .int(box.value) }
        for (f, t) in typed {
            result[.typed(f, .s)] = .string(t.s)
            result[.typed(f, .s2)] = .string(t.s2)
            result[.typed(f, .f)] = .double(t.f)
            result[.typed(f, .f2)] = .double(t.f2)
            result[.typed(f, .flag)] = .bool(t.flag)
            result[.typed(f, .flag2)] = .bool(t.flag2)
            result[.typed(f, .i)] = .int(t.i)
            result[.typed(f, .i8)] = .int8(t.i8)
            result[.typed(f, .neg)] = .bool(t.neg)
        }
        for (f, q) in typedPlains {
            result[.typedPlain(f, .i)] = .int(q.i)
            result[.typedPlain(f, .s)] = .string(q.s)
            result[.typedPlain(f, .f)] = .double(q.f)
            result[.typedPlain(f, .flag)] = .bool(q.flag)
            result[.typedPlain(f, .neg)] = .bool(q.neg)
            result[.typedPlain(f, .shown)] = .int(q.shown)
        }
        return result
    }

    func isBound(_ ref: ObjectRef) -> Bool? {
        object(ref).map { Bind.isBound($0) }
    }
}

/// A key path of an observed object, with its value type.
enum ObservedKeyPath<Root> {
    case int(KeyPath<Root, Int> & Sendable)
    case int8(KeyPath<Root, Int8> & Sendable)
    case double(KeyPath<Root, Double> & Sendable)
    case string(KeyPath<Root, String> & Sendable)
    case bool(KeyPath<Root, Bool> & Sendable)
    case optionalInt(KeyPath<Root, Int?> & Sendable)

    var partial: PartialKeyPath<Root> & Sendable {
        switch self {
        case .int(let k): k
        case .int8(let k): k
        case .double(let k): k
        case .string(let k): k
        case .bool(let k): k
        case .optionalInt(let k): k
        }
    }
}

/// A released object's memory, kept allocated (not the object: it has deinitialised).
final class KeptMemory {
    unowned let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}

/// A weak reference to a released object.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The blocks' log.
final class BlockLog: @unchecked Sendable {
    // @unchecked: `entries` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: [String] = []
    var entries: [String] { lock.withLock { stored } }
    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
}

/// Whether code runs on the main queue, where main-actor work runs (on Linux, once the main
/// thread has handed the main queue over, not necessarily on the main thread).
enum OnMainQueue {
    private struct Key: @unchecked Sendable {
        // @unchecked: immutable; Dispatch compares its address only.
        let key = DispatchSpecificKey<UInt8>()
    }

    private static let marker: Key = {
        let marker = Key()
        DispatchQueue.main.setSpecific(key: marker.key, value: 1)
        return marker
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker.key) != nil }
}
