import Bindery
import Foundation

// The objects, properties and programs the randomized model check draws from. Every place has
// one way of being bound (its conversion is fixed), so that the reference model can say what
// each endpoint holds from the conversion table alone (`ModelConversion`), without asking
// Bindery.
//
// The places fall into four families, one per chain type: a family's objects are only ever
// bound in chains of its type, so two chains of different types never meet.
// - Int: `MNode`s (with their `Hub` routes), `PNode`s, the control, a `Dynamic<Int>` box.
// - String, Double, Bool: one `TNode` and one `TPlain` each.

/// A `@Dynamic` model object: senders and receivers of the Int family.
@Dynamic final class MNode: @unchecked Sendable {
    var a = 0
    /// Bound only with a convert pair: property = chain value + 100.
    var b = 100
    /// Resized by programs: element endpoints may fall out of range and come back.
    var list = [0, 0, 0]
    /// Two-way, lossy: `"12ab"` sends 12.
    var s = ""
    /// Bound only negated (`inoutNot`).
    var flag = false
    /// A route's link: `\.hub.a`.
    var hub = Hub(0)
    /// An optional route's link: `\.spare?.a`.
    var spare: Hub? = nil
}

/// The object a route reaches.
@Dynamic final class Hub: @unchecked Sendable {
    var a: Int
    init(_ a: Int) { self.a = a }
}

/// A plain receiver: not observable. Every set is logged (see `WriteLog`) before it is stored,
/// so a write into a released one is seen.
final class PNode: @unchecked Sendable {
    let serial = WriteLog.shared.serial()
    var a = 0 { willSet { WriteLog.shared.wrote(serial) } }
    /// Int → String?, automatic.
    var text: String? = nil { willSet { WriteLog.shared.wrote(serial) } }
    /// One-way convert: property = chain value * 2.
    var scaled = 0 { willSet { WriteLog.shared.wrote(serial) } }
    /// Bound only negated (`outNot`).
    var flag = false { willSet { WriteLog.shared.wrote(serial) } }
    /// Int → Double, automatic.
    var ratio = 0.0 { willSet { WriteLog.shared.wrote(serial) } }
    /// Bound only with main-actor delivery.
    var shown = 0 { willSet { WriteLog.shared.wrote(serial) } }
    deinit { WriteLog.shared.died(serial) }
}

/// A control whose user edits are events: `value` on `.valueChanged`, `text` on `.editingDidEnd`.
final class CNode: Control, @unchecked Sendable {
    var value = 0
    var text = ""
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<CNode, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    func edit(_ newValue: Int) {
        value = newValue
        sendActions(for: .valueChanged)
    }

    func finishEditing(_ newText: String) {
        text = newText
        sendActions(for: .editingDidEnd)
    }
}

/// A `@Dynamic` object of one typed family (String, Double or Bool): every scalar kind.
@Dynamic final class TNode: @unchecked Sendable {
    var s = ""
    var s2 = ""
    var f = 0.0
    var f2 = 0.0
    var flag = false
    var flag2 = false
    var i = 0
    var i8: Int8 = 0
    /// Bound only negated.
    var neg = false
}

/// A plain receiver of one typed family; logged like `PNode`.
final class TPlain: @unchecked Sendable {
    let serial = WriteLog.shared.serial()
    var i = 0 { willSet { WriteLog.shared.wrote(serial) } }
    var s = "" { willSet { WriteLog.shared.wrote(serial) } }
    var f = 0.0 { willSet { WriteLog.shared.wrote(serial) } }
    var flag = false { willSet { WriteLog.shared.wrote(serial) } }
    /// Bound only negated (`outNot`).
    var neg = false { willSet { WriteLog.shared.wrote(serial) } }
    /// Bound only with main-actor delivery.
    var shown = 0 { willSet { WriteLog.shared.wrote(serial) } }
    deinit { WriteLog.shared.died(serial) }
}

/// Which plain objects have died, and which were written after they died. A plain receiver
/// is written through its property setter, which logs by serial number (a plain `Int` the
/// object's memory keeps) before it stores.
final class WriteLog: @unchecked Sendable {
    // @unchecked: every field is guarded by `lock`.
    static let shared = WriteLog()
    private let lock = NSLock()
    private var next = 0
    private var dead: Set<Int> = []
    private var writesAfterDeath: [Int] = []

    func serial() -> Int { lock.withLock { next += 1; return next } }
    func wrote(_ serial: Int) { lock.withLock { if dead.contains(serial) { writesAfterDeath.append(serial) } } }
    func died(_ serial: Int) { _ = lock.withLock { dead.insert(serial) } }
    func isDead(_ serial: Int) -> Bool { lock.withLock { dead.contains(serial) } }
    /// How many writes reached `serials` after they died.
    func writesAfterDeath(among serials: Set<Int>) -> Int {
        lock.withLock { writesAfterDeath.filter(serials.contains).count }
    }
}

/// The type a chain carries.
enum Family: Int, CaseIterable, Hashable, Sendable {
    case int, string, double, bool

    var kind: Kind {
        switch self {
        case .int: .int
        case .string: .string
        case .double: .double
        case .bool: .bool
        }
    }

    var swiftType: String { kind.swiftType }
}

/// Which object of the case's pool.
enum ObjectRef: Hashable, Sendable, CustomStringConvertible {
    case dynamic(Int)
    case plain(Int)
    case control
    case box
    case typed(Family)
    case typedPlain(Family)
    /// A target of target-actions (`ATarget`): in no chain, held weakly by its registrations.
    case target(Int)

    static var all: [ObjectRef] {
        (0..<ModelProgram.dynamicCount).map { .dynamic($0) } + (0..<ModelProgram.plainCount).map { .plain($0) }
            + [.control, .box] + [Family.string, .double, .bool].flatMap { [.typed($0), .typedPlain($0)] }
            + (0..<ModelProgram.targetCount).map { .target($0) }
    }

    /// Whether it leaves every chain the moment it goes (else it is dropped at the next change).
    var leavesAtOnce: Bool {
        switch self {
        case .plain, .typedPlain, .target: false
        default: true
        }
    }

    /// The properties a target-action may observe on it (a `@Dynamic` object's or box's), routes
    /// included.
    var observablePlaces: [Place] {
        switch self {
        case .dynamic(let i): [.dynamicA(i), .dynamicB(i), .dynamicS(i), .dynamicFlag(i), .route(i), .optionalRoute(i)]
        case .box: [.box]
        case .typed(let f): TProp.allCases.map { .typed(f, $0) }
        case .plain, .control, .typedPlain, .target: []
        }
    }

    var description: String {
        switch self {
        case .dynamic(let i): "d\(i)"
        case .plain(let i): "p\(i)"
        case .control: "c"
        case .box: "box"
        case .typed(let f): "t\(f)"
        case .typedPlain(let f): "q\(f)"
        case .target(let i): "T\(i)"
        }
    }

    /// The Swift expression for it in a reproducer.
    var code: String {
        switch self {
        case .dynamic(let i): ".dynamic(\(i))"
        case .plain(let i): ".plain(\(i))"
        case .control: ".control"
        case .box: ".box"
        case .typed(let f): ".typed(.\(f))"
        case .typedPlain(let f): ".typedPlain(.\(f))"
        case .target(let i): ".target(\(i))"
        }
    }
}

/// A property of a `TNode`.
enum TProp: String, CaseIterable, Hashable, Sendable {
    case s, s2, f, f2, flag, flag2, i, i8, neg

    var kind: Kind {
        switch self {
        case .s, .s2: .string
        case .f, .f2: .double
        case .flag, .flag2, .neg: .bool
        case .i: .int
        case .i8: .int8
        }
    }

    /// The properties a chain of `family` may start at.
    static func heads(_ family: Family) -> [TProp] {
        switch family {
        case .string: [.s, .s2]
        case .double: [.f, .f2]
        case .bool: [.flag, .flag2]
        case .int: []
        }
    }
}

/// A property of a `TPlain`.
enum QProp: String, CaseIterable, Hashable, Sendable {
    case i, s, f, flag, neg, shown

    var kind: Kind {
        switch self {
        case .i, .shown: .int
        case .s: .string
        case .f: .double
        case .flag, .neg: .bool
        }
    }
}

/// A bindable place: an endpoint's object and property (and events or index).
enum Place: Hashable, Sendable, CustomStringConvertible {
    case dynamicA(Int)
    case dynamicB(Int)
    case dynamicS(Int)
    case dynamicFlag(Int)
    case element(Int, index: Int)
    /// `\.hub.a`.
    case route(Int)
    /// `\.spare?.a`: a sender only.
    case optionalRoute(Int)
    case plainA(Int)
    case plainText(Int)
    case plainScaled(Int)
    case plainFlag(Int)
    case plainRatio(Int)
    case plainShown(Int)
    /// `c.value` on `.valueChanged`.
    case control
    /// `c.value` as a receiver: no events, so another endpoint than `.control`.
    case controlOut
    /// `c.text` on `.editingDidEnd`.
    case controlText
    case box
    case typed(Family, TProp)
    case typedPlain(Family, QProp)

    var object: ObjectRef {
        switch self {
        case .dynamicA(let i), .dynamicB(let i), .dynamicS(let i), .dynamicFlag(let i), .element(let i, _),
             .route(let i), .optionalRoute(let i): .dynamic(i)
        case .plainA(let i), .plainText(let i), .plainScaled(let i), .plainFlag(let i), .plainRatio(let i), .plainShown(let i):
            .plain(i)
        case .control, .controlOut, .controlText: .control
        case .box: .box
        case .typed(let f, _): .typed(f)
        case .typedPlain(let f, _): .typedPlain(f)
        }
    }

    var family: Family {
        switch self {
        case .typed(let f, _), .typedPlain(let f, _): f
        default: .int
        }
    }

    /// The property it reads and writes (two endpoints may share one).
    var storage: Place { self == .controlOut ? .control : self }

    /// The property's type.
    var kind: Kind {
        switch self {
        case .dynamicS: .string
        case .dynamicFlag, .plainFlag: .bool
        case .optionalRoute: .optionalInt
        case .plainText: .optionalString
        case .plainRatio: .double
        case .controlText: .string
        case .typed(_, let p): p.kind
        case .typedPlain(_, let p): p.kind
        default: .int
        }
    }

    /// Whether it holds the negation of the chain's value (`inoutNot`, `outNot`).
    var isNegated: Bool {
        switch self {
        case .dynamicFlag, .plainFlag, .typed(_, .neg), .typedPlain(_, .neg): true
        default: false
        }
    }

    /// Whether it is written on the main actor (`delivery: .mainActor`).
    var isMainActor: Bool {
        switch self {
        case .plainShown, .typedPlain(_, .shown): true
        default: false
        }
    }

    /// Whether a user's write is heard (a `@Dynamic` property or a control's event).
    var isObservable: Bool {
        switch object {
        case .dynamic, .control, .box, .typed: self != .controlOut
        case .plain, .typedPlain, .target: false
        }
    }

    /// Whether the chain can put a rejected value back (an optional route is read-only).
    var isWritable: Bool {
        if case .optionalRoute = self { return false }
        return true
    }

    var description: String {
        switch self {
        case .dynamicA(let i): "d\(i).a"
        case .dynamicB(let i): "d\(i).b"
        case .dynamicS(let i): "d\(i).s"
        case .dynamicFlag(let i): "d\(i).flag"
        case .element(let i, let index): "d\(i).list[\(index)]"
        case .route(let i): "d\(i).hub.a"
        case .optionalRoute(let i): "d\(i).spare?.a"
        case .plainA(let i): "p\(i).a"
        case .plainText(let i): "p\(i).text"
        case .plainScaled(let i): "p\(i).scaled"
        case .plainFlag(let i): "p\(i).flag"
        case .plainRatio(let i): "p\(i).ratio"
        case .plainShown(let i): "p\(i).shown"
        case .control: "c.value"
        case .controlOut: "c.value(out)"
        case .controlText: "c.text"
        case .box: "box.value"
        case .typed(let f, let p): "t\(f).\(p.rawValue)"
        case .typedPlain(let f, let p): "q\(f).\(p.rawValue)"
        }
    }

    var code: String {
        switch self {
        case .dynamicA(let i): ".dynamicA(\(i))"
        case .dynamicB(let i): ".dynamicB(\(i))"
        case .dynamicS(let i): ".dynamicS(\(i))"
        case .dynamicFlag(let i): ".dynamicFlag(\(i))"
        case .element(let i, let index): ".element(\(i), index: \(index))"
        case .route(let i): ".route(\(i))"
        case .optionalRoute(let i): ".optionalRoute(\(i))"
        case .plainA(let i): ".plainA(\(i))"
        case .plainText(let i): ".plainText(\(i))"
        case .plainScaled(let i): ".plainScaled(\(i))"
        case .plainFlag(let i): ".plainFlag(\(i))"
        case .plainRatio(let i): ".plainRatio(\(i))"
        case .plainShown(let i): ".plainShown(\(i))"
        case .control: ".control"
        case .controlOut: ".controlOut"
        case .controlText: ".controlText"
        case .box: ".box"
        case .typed(let f, let p): ".typed(.\(f), .\(p.rawValue))"
        case .typedPlain(let f, let p): ".typedPlain(.\(f), .\(p.rawValue))"
        }
    }

    /// Its key path as written after the object (`\.hub.a`), for target-actions.
    var keyPathName: String {
        switch self {
        case .dynamicA: "a"
        case .dynamicB: "b"
        case .dynamicS: "s"
        case .dynamicFlag: "flag"
        case .element: "list"
        case .route: "hub.a"
        case .optionalRoute: "spare?.a"
        case .plainA: "a"
        case .plainText: "text"
        case .plainScaled: "scaled"
        case .plainFlag: "flag"
        case .plainRatio: "ratio"
        case .plainShown: "shown"
        case .control, .controlOut: "value"
        case .controlText: "text"
        case .box: "value"
        case .typed(_, let p): p.rawValue
        case .typedPlain(_, let p): p.rawValue
        }
    }

    /// Its kind of form, for the distribution.
    var form: String {
        switch self {
        case .dynamicA: "dynamic.a"
        case .dynamicB: "dynamic.b(convert pair)"
        case .dynamicS: "dynamic.s(String, lossy)"
        case .dynamicFlag: "dynamic.flag(not)"
        case .element: "element"
        case .route: "route"
        case .optionalRoute: "optional route"
        case .plainA: "plain.a"
        case .plainText: "plain.text(String?)"
        case .plainScaled: "plain.scaled(convert)"
        case .plainFlag: "plain.flag(outNot)"
        case .plainRatio: "plain.ratio(Double)"
        case .plainShown, .typedPlain(_, .shown): "main-actor receiver"
        case .control: "control.value"
        case .controlOut: "control as receiver"
        case .controlText: "control.text(.editingDidEnd)"
        case .box: "Dynamic box"
        case .typed(let f, let p): "\(f) chain: t.\(p.kind.swiftType)\(p == .neg ? "(not)" : "")"
        case .typedPlain(let f, let p): "\(f) chain: q.\(p.kind.swiftType)\(p == .neg ? "(outNot)" : "")"
        }
    }
}

/// A filter; each is a different predicate, so "all must pass" differs from "any passes".
enum FilterKind: String, CaseIterable, Hashable, Sendable {
    case notThreeModSeven, belowFifty, notMultipleOfFive
    case atMostThreeCharacters, notABC
    case belowHundred, notNegative
    case onlyTrue

    static func kinds(_ family: Family) -> [FilterKind] {
        switch family {
        case .int: [.notThreeModSeven, .belowFifty, .notMultipleOfFive]
        case .string: [.atMostThreeCharacters, .notABC]
        case .double: [.belowHundred, .notNegative]
        case .bool: [.onlyTrue]
        }
    }

    func passes(_ value: Scalar) -> Bool {
        switch (self, value) {
        case (.notThreeModSeven, .int(let v)): v % 7 != 3
        case (.belowFifty, .int(let v)): v < 50
        case (.notMultipleOfFive, .int(let v)): v % 5 != 0
        case (.atMostThreeCharacters, .string(let s)): s.count <= 3
        case (.notABC, .string(let s)): s != "abc"
        case (.belowHundred, .double(let d)): d < 100
        case (.notNegative, .double(let d)): d >= 0
        case (.onlyTrue, .bool(let b)): b
        default: preconditionFailure("filter \(self) on \(value)")
        }
    }

    /// The filter's body, as Swift.
    var source: String {
        switch self {
        case .notThreeModSeven: "{ $0 % 7 != 3 }"
        case .belowFifty: "{ $0 < 50 }"
        case .notMultipleOfFive: "{ $0 % 5 != 0 }"
        case .atMostThreeCharacters: "{ $0.count <= 3 }"
        case .notABC: "{ $0 != \"abc\" }"
        case .belowHundred: "{ $0 < 100 }"
        case .notNegative: "{ $0 >= 0 }"
        case .onlyTrue: "{ $0 }"
        }
    }
}

/// What a block does besides logging, when the chain's value `v` has `v % 10 == residue` and
/// `v < 40` (Int chains only).
enum BlockAction: Equatable, Sendable {
    /// Sets `d<node>.a = v + 1`: a change made during a dispatch.
    case writeBack(node: Int)
    /// Binds a declaration from inside the block.
    case declare(head: Link, rest: [Link])
    /// Unbinds from inside the block.
    case unbind(UnbindForm)
    /// Registers a target-action from inside the block (once each time it acts).
    case addTarget(ActionSpec)
}

/// A named block.
struct BlockSpec: Equatable, Sendable {
    var name: String
    var initial: Bool
    /// The type its parameter declares, or nil for a block that takes no argument.
    var argument: Kind?
    /// Written `{ @MainActor … }`.
    var isMainActor: Bool
    var action: BlockAction?
    var residue: Int

    /// Whether the action runs for `value`.
    func triggers(_ value: Scalar) -> Bool {
        guard action != nil, case .int(let v) = value else { return false }
        return v % 10 == residue && v < 40
    }
}

/// One endpoint of a declaration.
indirect enum Link: Equatable, Sendable, CustomStringConvertible {
    /// `.in` (sends) on an observable place.
    case sender(Place)
    /// `.inout` on an observable place (`inoutNot` on a negated one).
    case twoWay(Place, initial: Bool)
    /// `.out` on any place (`outNot` on a negated one).
    case receiver(Place, initial: Bool)
    case block(BlockSpec)
    case filter(FilterKind)

    /// Whether it is written or run on the main actor.
    var isMainActor: Bool {
        switch self {
        case .receiver(let p, _): p.isMainActor
        case .block(let b): b.isMainActor
        default: false
        }
    }

    var description: String {
        switch self {
        case .sender(let p): ".in(\(p))"
        case .twoWay(let p, let i): ".inout\(p.isNegated ? "Not" : "")(\(p)\(i ? "" : ", initial: false"))"
        case .receiver(let p, let i): ".out\(p.isNegated ? "Not" : "")(\(p)\(i ? "" : ", initial: false"))"
        case .block(let b):
            ".out(\"\(b.name)\"\(b.initial ? "" : ", initial: false")) { \(b.isMainActor ? "@MainActor " : "")(\(b.argument?.swiftType ?? "")) }"
                + (b.action.map { " [when v%10==\(b.residue) && v<40: \($0)]" } ?? "")
        case .filter(let f): ".filter \(f.source)"
        }
    }

    var code: String {
        switch self {
        case .sender(let p): ".sender(\(p.code))"
        case .twoWay(let p, let i): ".twoWay(\(p.code), initial: \(i))"
        case .receiver(let p, let i): ".receiver(\(p.code), initial: \(i))"
        case .block(let b):
            ".block(BlockSpec(name: \"\(b.name)\", initial: \(b.initial), argument: \(b.argument.map { "." + $0.caseName } ?? "nil"), "
                + "isMainActor: \(b.isMainActor), action: \(b.action.map(\.code) ?? "nil"), residue: \(b.residue)))"
        case .filter(let f): ".filter(.\(f.rawValue))"
        }
    }
}

extension BlockAction: CustomStringConvertible {
    var description: String {
        switch self {
        case .writeBack(let node): "d\(node).a = v + 1"
        case .declare(let head, let rest): "Bind" + head.description + rest.map(\.description).joined()
        case .unbind(let form): form.description
        case .addTarget(let spec): spec.description
        }
    }

    var code: String {
        switch self {
        case .writeBack(let node): ".writeBack(node: \(node))"
        case .declare(let head, let rest): ".declare(head: \(head.code), rest: [\(rest.map(\.code).joined(separator: ", "))])"
        case .unbind(let form): ".unbind(\(form.code))"
        case .addTarget(let spec): ".addTarget(\(spec.code))"
        }
    }
}

/// The ways a binding ends that the check exercises.
enum UnbindForm: Equatable, Sendable, CustomStringConvertible {
    case chain(declaration: Int)
    case object(ObjectRef)
    /// `Bind.unbind(object, keyPath)` (with `on:` for a control's event endpoint): every
    /// endpoint on the property.
    case place(Place)
    /// `Bind.unbind(d, \.list)`: every element endpoint of the array.
    case wholeList(Int)
    case block(Place, name: String)

    var description: String {
        switch self {
        case .chain(let d): "chain #\(d).unbind()"
        case .object(let o): "Bind.unbind(\(o))"
        case .place(let p): "Bind.unbind(\(p))"
        case .wholeList(let i): "Bind.unbind(d\(i), \\.list)"
        case .block(let p, let n): "Bind.unbind(\(p), block: \"\(n)\")"
        }
    }

    var code: String {
        switch self {
        case .chain(let d): ".chain(declaration: \(d))"
        case .object(let o): ".object(\(o.code))"
        case .place(let p): ".place(\(p.code))"
        case .wholeList(let i): ".wholeList(\(i))"
        case .block(let p, let n): ".block(\(p.code), name: \"\(n)\")"
        }
    }
}

/// One step of a program.
enum Step: Equatable, Sendable, CustomStringConvertible {
    case declare(head: Link, rest: [Link])
    /// A user's write (a control's edit, with its event).
    case write(Place, Scalar)
    /// `d.list = ` a list of `count` elements: the first ones kept, new ones `fill`.
    case resize(node: Int, count: Int, fill: Int)
    /// `d.hub = Hub(value)`: a route's link replaced.
    case replaceHub(node: Int, value: Int)
    /// `d.spare = value.map(Hub.init)`: an optional route's link set or cleared.
    case setSpare(node: Int, value: Int?)
    case unbind(UnbindForm)
    case release(ObjectRef)
    /// A new object in a released one's slot (address reuse).
    case create(ObjectRef)
    /// `object.addTarget(…)`.
    case addTarget(ActionSpec)
    /// `object.removeTarget(target, forKeyPathChange: keyPath)`, or `object.removeTarget(target)`
    /// when `place` is nil.
    case removeTarget(target: Int, object: ObjectRef, place: Place?)
    /// `unbind()` on the handles of registration `r<number>`.
    case unbindAction(Int)
    /// `Coalesce.begin()`.
    case begin
    /// `Coalesce.commit()`: unbalanced (reported) when no transaction is open.
    case commit
    /// `Coalesce.run { steps }`.
    case transaction([Step])
    /// A derived value over three nodes, with a branch, bound into a receiver of its own.
    case derive(DerivedSpec)

    /// The step and the steps it runs, in order.
    var flattened: [Step] {
        if case .transaction(let steps) = self { return [self] + steps.flatMap(\.flattened) }
        return [self]
    }

    /// How many steps it counts for in a program's length.
    var weight: Int { flattened.count }

    /// Its description over several lines: a transaction's steps one a line, indented.
    var lines: [String] {
        guard case .transaction(let steps) = self else { return [description] }
        return ["Coalesce.run {"] + steps.flatMap(\.lines).map { "    " + $0 } + ["}"]
    }

    var description: String {
        switch self {
        case .declare(let head, let rest): "Bind" + head.description + rest.map(\.description).joined()
        case .write(let place, let value): "\(place) = \(value)"
        case .resize(let node, let count, let fill): "d\(node).list resized to \(count) (new elements \(fill))"
        case .replaceHub(let node, let value): "d\(node).hub = Hub(\(value))"
        case .setSpare(let node, let value): "d\(node).spare = \(value.map { "Hub(\($0))" } ?? "nil")"
        case .unbind(let form): form.description
        case .release(let object): "release \(object)"
        case .create(let object): "create \(object) anew"
        case .addTarget(let spec): spec.description
        case .removeTarget(let target, let object, let place):
            "\(object).removeTarget(T\(target)\(place.map { ", forKeyPathChange: \\.\($0.keyPathName)" } ?? ""))"
        case .unbindAction(let number): "r\(number).unbind()"
        case .begin: "Coalesce.begin()"
        case .commit: "Coalesce.commit()"
        case .transaction(let steps): "Coalesce.run { " + steps.map(\.description).joined(separator: "; ") + " }"
        case .derive(let spec): spec.description
        }
    }

    var code: String {
        switch self {
        case .declare(let head, let rest): ".declare(head: \(head.code), rest: [\(rest.map(\.code).joined(separator: ", "))])"
        case .write(let place, let value): ".write(\(place.code), \(value.code))"
        case .resize(let node, let count, let fill): ".resize(node: \(node), count: \(count), fill: \(fill))"
        case .replaceHub(let node, let value): ".replaceHub(node: \(node), value: \(value))"
        case .setSpare(let node, let value): ".setSpare(node: \(node), value: \(value.map(String.init) ?? "nil"))"
        case .unbind(let form): ".unbind(\(form.code))"
        case .release(let object): ".release(\(object.code))"
        case .create(let object): ".create(\(object.code))"
        case .addTarget(let spec): ".addTarget(\(spec.code))"
        case .removeTarget(let target, let object, let place):
            ".removeTarget(target: \(target), object: \(object.code), place: \(place?.code ?? "nil"))"
        case .unbindAction(let number): ".unbindAction(\(number))"
        case .begin: ".begin"
        case .commit: ".commit"
        case .transaction(let steps): ".transaction([\(steps.map(\.code).joined(separator: ", "))])"
        case .derive(let spec): ".derive(\(spec.code))"
        }
    }
}

/// A target of target-actions. Its actions log into the case's log, each under its
/// registration's label, with the slot of the target they were called on.
final class ATarget: BindingTarget, Sendable {
    let slot: Int
    init(slot: Int) { self.slot = slot }
}

/// A target-action registration: `object.addTarget(T<target>[.coalesced], action: r<number>,
/// forKeyPathChange(s): …, callImmediately: …)`. The action is a closure that logs
/// `r<number>→T<slot>`, with the change's key path, old and new value when it takes a `Change`.
struct ActionSpec: Equatable, Sendable, CustomStringConvertible {
    /// Its label in the log; each registration has its own.
    var number: Int
    var target: Int
    /// Registered through `target.coalesced` (or `Bind.coalesced(target)`).
    var coalesced: Bool
    var object: ObjectRef
    /// The observed properties, all of `object`.
    var places: [Place]
    /// The action takes a `Change<Value>` (else it takes no argument).
    var takesChange: Bool
    var callImmediately: Bool
    /// Registered with `forKeyPathChanges:` (else `forKeyPathChange:`, one place).
    var several: Bool

    var description: String {
        let target = "T\(self.target)" + (coalesced ? ".coalesced" : "")
        let action = "r\(number)" + (takesChange ? "(Change<\(places.first?.kind.swiftType ?? "")>)" : "()")
        let keyPaths = several
            ? "forKeyPathChanges: [" + places.map { "\\.\($0.keyPathName)" }.joined(separator: ", ") + "]"
            : "forKeyPathChange: \\.\(places.first?.keyPathName ?? "")"
        return "\(object).addTarget(\(target), action: \(action), \(keyPaths)\(callImmediately ? ", callImmediately: true" : ""))"
    }

    var code: String {
        "ActionSpec(number: \(number), target: \(target), coalesced: \(coalesced), object: \(object.code), "
            + "places: [\(places.map(\.code).joined(separator: ", "))], takesChange: \(takesChange), "
            + "callImmediately: \(callImmediately), several: \(several))"
    }

    /// The log entry of a call of its action on `target` (the slot of the object the action got),
    /// for `place` (nil for an action without a `Change`) from `old` to `new`.
    static func entry(_ number: Int, target: Int, _ change: (place: String, old: Scalar?, new: Scalar)?) -> String {
        guard let change else { return "r\(number)→T\(target)" }
        return "r\(number)→T\(target) .\(change.place): \(change.old?.description ?? "(none)") → \(change.new)"
    }
}

/// `v<number> = Derived { d<condition>.a % 2 == 0 ? d<then>.a + plus : d<otherwise>.hub.a }`:
/// a derived value whose branch decides what it reads (a route, in one branch), bound into a
/// receiver of its own. Checked after every step against the engine's values, which the
/// snapshot checks against the model's.
struct DerivedSpec: Equatable, Sendable, CustomStringConvertible {
    let number: Int
    let condition: Int
    let then: Int
    let otherwise: Int
    let plus: Int

    /// The nodes it may read.
    var nodes: [Int] { [condition, then, otherwise] }

    /// Its value over these values of `a` and `hub.a`.
    func value(a: (Int) -> Int, hub: (Int) -> Int) -> Int {
        a(condition) % 2 == 0 ? a(then) + plus : hub(otherwise)
    }

    /// The nodes its current branch reads.
    func reads(a: (Int) -> Int) -> Set<Int> {
        a(condition) % 2 == 0 ? [condition, then] : [condition, otherwise]
    }

    var description: String {
        "v\(number) = Derived { d\(condition).a % 2 == 0 ? d\(then).a + \(plus) : d\(otherwise).hub.a } → its own receiver"
    }

    var code: String {
        "DerivedSpec(number: \(number), condition: \(condition), then: \(then), otherwise: \(otherwise), plus: \(plus))"
    }
}
