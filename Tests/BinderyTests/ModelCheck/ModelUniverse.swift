import Bindery
import Foundation

// The objects, properties and programs the randomized model check draws from. Every property
// has one way of being bound (its conversion is fixed), so that the reference model can say
// what each endpoint holds without re-deriving Bindery's conversion rules.

/// A `@Dynamic` model object: senders and receivers.
@Dynamic final class MNode: @unchecked Sendable {
    var a = 0
    /// Bound only two-way with a convert pair: property = chain value + 100.
    var b = 100
    var list = [0, 0, 0]
}

/// A plain receiver: not observable.
final class PNode: @unchecked Sendable {
    var a = 0
    /// Int → String?, automatic.
    var text: String? = nil
    /// One-way convert: property = chain value * 2.
    var scaled = 0
}

/// A control whose user edits are events.
final class CNode: Control, @unchecked Sendable {
    var value = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<CNode, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    func edit(_ newValue: Int) {
        value = newValue
        sendActions(for: .valueChanged)
    }
}

/// Which object of the case's pool.
enum ObjectRef: Hashable, Sendable, CustomStringConvertible {
    case dynamic(Int)
    case plain(Int)
    case control

    var description: String {
        switch self {
        case .dynamic(let i): "d\(i)"
        case .plain(let i): "p\(i)"
        case .control: "c"
        }
    }
}

/// A bindable place: an object and one of its properties.
enum Place: Hashable, Sendable, CustomStringConvertible {
    case dynamicA(Int)
    case dynamicB(Int)
    case element(Int, index: Int)
    case plainA(Int)
    case plainText(Int)
    case plainScaled(Int)
    case control

    var object: ObjectRef {
        switch self {
        case .dynamicA(let i), .dynamicB(let i), .element(let i, _): .dynamic(i)
        case .plainA(let i), .plainText(let i), .plainScaled(let i): .plain(i)
        case .control: .control
        }
    }

    /// Whether a user's write is heard (a `@Dynamic` property or a control's event).
    var isObservable: Bool {
        switch object {
        case .dynamic, .control: true
        case .plain: false
        }
    }

    var description: String {
        switch self {
        case .dynamicA(let i): "d\(i).a"
        case .dynamicB(let i): "d\(i).b"
        case .element(let i, let index): "d\(i).list[\(index)]"
        case .plainA(let i): "p\(i).a"
        case .plainText(let i): "p\(i).text"
        case .plainScaled(let i): "p\(i).scaled"
        case .control: "c.value"
        }
    }
}

/// What a property holds: an Int, or a label's text.
enum Held: Equatable, Sendable, CustomStringConvertible {
    case int(Int)
    case text(String?)

    var description: String {
        switch self {
        case .int(let v): "\(v)"
        case .text(let t): t.map { "\"\($0)\"" } ?? "nil"
        }
    }
}

/// One endpoint of a declaration.
enum Link: Equatable, Sendable, CustomStringConvertible {
    /// `.in` (sends) on an observable place.
    case sender(Place)
    /// `.inout` on an observable place (for `.dynamicB`, with its convert pair).
    case twoWay(Place, initial: Bool)
    /// `.out` on any place.
    case receiver(Place, initial: Bool)
    /// A named block; `writeBack` sets `d<i>.a = value + 1` when `value % 10 == residue`.
    case block(name: String, initial: Bool, writeBack: (node: Int, residue: Int)?)
    /// `.filter { $0 % 7 != 3 }`.
    case filter

    static func == (lhs: Link, rhs: Link) -> Bool { lhs.description == rhs.description }

    var description: String {
        switch self {
        case .sender(let p): ".in(\(p))"
        case .twoWay(let p, let i): ".inout(\(p)\(i ? "" : ", initial: false"))"
        case .receiver(let p, let i): ".out(\(p)\(i ? "" : ", initial: false"))"
        case .block(let n, let i, let w):
            ".out(\"\(n)\"\(i ? "" : ", initial: false"))" + (w.map { " writes d\($0.node).a when v%10==\($0.residue)" } ?? "")
        case .filter: ".filter { $0 % 7 != 3 }"
        }
    }
}

/// The ways a binding ends that the check exercises.
enum UnbindForm: Equatable, Sendable, CustomStringConvertible {
    case chain(declaration: Int)
    case object(ObjectRef)
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
}

/// One step of a program.
enum Step: Equatable, Sendable, CustomStringConvertible {
    case declare(head: Link, rest: [Link])
    case write(Place, Int)
    case unbind(UnbindForm)
    case release(ObjectRef)

    var description: String {
        switch self {
        case .declare(let head, let rest):
            "Bind" + head.description + rest.map(\.description).joined()
        case .write(let place, let value): "\(place) = \(value)"
        case .unbind(let form): form.description
        case .release(let object): "release \(object)"
        }
    }
}
