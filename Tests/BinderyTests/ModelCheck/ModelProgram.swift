import Bindery

/// A random program over a pool of objects, and how to run it on the real engine.
struct ModelProgram: CustomStringConvertible {
    static let dynamicCount = 3
    static let plainCount = 2

    var steps: [Step]

    var description: String {
        steps.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    }

    /// A program of `length` steps drawn from `seed`.
    static func generate(seed: UInt64, length: Int) -> ModelProgram {
        var random = SplitMix64(seed: seed)
        var steps: [Step] = []
        var blockNumber = 0
        var declarations = 0
        for _ in 0..<length {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<30:
                let head = Self.head(&random)
                let rest = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    Self.continuation(&random, blockNumber: &blockNumber)
                }
                steps.append(.declare(head: head, rest: rest))
                declarations += 1
            case 30..<75:
                steps.append(.write(Self.writablePlace(&random), Int.random(in: 0..<60, using: &random)))
            case 75..<92:
                steps.append(.unbind(Self.unbindForm(&random, declarations: declarations, blocks: blockNumber)))
            default:
                steps.append(.release(Self.object(&random)))
            }
        }
        return ModelProgram(steps: steps)
    }

    private static func node(_ random: inout SplitMix64) -> Int { Int.random(in: 0..<dynamicCount, using: &random) }
    private static func plain(_ random: inout SplitMix64) -> Int { Int.random(in: 0..<plainCount, using: &random) }

    /// A place that can send: a `@Dynamic` property, an element, the control.
    private static func sendingPlace(_ random: inout SplitMix64) -> Place {
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: .dynamicA(node(&random))
        case 2, 3: .element(node(&random), index: Int.random(in: 0..<3, using: &random))
        default: .control
        }
    }

    private static func head(_ random: inout SplitMix64) -> Link {
        let place = sendingPlace(&random)
        return Bool.random(using: &random) ? .sender(place) : .twoWay(place, initial: true)
    }

    private static func continuation(_ random: inout SplitMix64, blockNumber: inout Int) -> Link {
        let initial = Int.random(in: 0..<4, using: &random) != 0
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return .sender(sendingPlace(&random))
        case 1, 2: return .twoWay(sendingPlace(&random), initial: initial)
        case 3: return .twoWay(.dynamicB(node(&random)), initial: initial)
        case 4:
            // Not the control: `.out(control, \.value)` listens to no events, so it is another
            // endpoint than the control's two-way one, which the model does not tell apart.
            let places: [Place] = [.dynamicA(node(&random)), .dynamicB(node(&random)),
                                   .element(node(&random), index: Int.random(in: 0..<3, using: &random))]
            return .receiver(places.randomElement(using: &random)!, initial: initial)
        case 5, 6:
            let places: [Place] = [.plainA(plain(&random)), .plainText(plain(&random)), .plainScaled(plain(&random))]
            return .receiver(places.randomElement(using: &random)!, initial: initial)
        case 7, 8:
            blockNumber += 1
            let writeBack = Int.random(in: 0..<3, using: &random) == 0
                ? (node: node(&random), residue: Int.random(in: 0..<10, using: &random)) : nil
            return .block(name: "b\(blockNumber)", initial: initial, writeBack: writeBack)
        case 9:
            return .filter
        default:
            return .twoWay(.dynamicA(node(&random)), initial: initial)
        }
    }

    private static func writablePlace(_ random: inout SplitMix64) -> Place {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: .dynamicA(node(&random))
        case 3: .dynamicB(node(&random))
        case 4..<7: .element(node(&random), index: Int.random(in: 0..<3, using: &random))
        case 7, 8: .control
        default: [.plainA(plain(&random)), .plainText(plain(&random)), .plainScaled(plain(&random))].randomElement(using: &random)!
        }
    }

    private static func object(_ random: inout SplitMix64) -> ObjectRef {
        switch Int.random(in: 0..<6, using: &random) {
        case 0..<3: .dynamic(node(&random))
        case 3, 4: .plain(plain(&random))
        default: .control
        }
    }

    private static func unbindForm(_ random: inout SplitMix64, declarations: Int, blocks: Int) -> UnbindForm {
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where declarations > 0: .chain(declaration: Int.random(in: 0..<declarations, using: &random))
        case 1: .object(object(&random))
        case 2 where blocks > 0:
            .block([.dynamicA(node(&random)), .control].randomElement(using: &random)!, name: "b\(Int.random(in: 1...blocks, using: &random))")
        case 3: .wholeList(node(&random))
        default: .place([sendingPlace(&random), .dynamicB(node(&random)), .plainText(plain(&random))].randomElement(using: &random)!)
        }
    }
}

/// The real objects a program runs on, and what the engine did.
final class EngineRun {
    var dynamics: [MNode?]
    var plains: [PNode?]
    var control: CNode?
    var chains: [Chain<Int>] = []
    let log = BlockLog()

    init() {
        dynamics = (0..<ModelProgram.dynamicCount).map { _ in MNode() }
        plains = (0..<ModelProgram.plainCount).map { _ in PNode() }
        control = CNode()
    }

    func run(_ step: Step) {
        switch step {
        case .declare(let head, let rest):
            var chain = self.head(head)
            for link in rest { chain = continuation(chain, link) }
            chains.append(chain)
        case .write(let place, let value):
            write(place, value)
        case .unbind(let form):
            unbind(form)
        case .release(let object):
            switch object {
            case .dynamic(let i): dynamics[i] = nil
            case .plain(let i): plains[i] = nil
            case .control: control = nil
            }
        }
    }

    private func head(_ link: Link) -> Chain<Int> {
        switch link {
        case .sender(.dynamicA(let i)): Bind.in(dynamics[i]!, \.a)
        case .twoWay(.dynamicA(let i), _): Bind.inout(dynamics[i]!, \.a)
        case .sender(.element(let i, let k)): Bind.in(dynamics[i]!, \.list, index: k)
        case .twoWay(.element(let i, let k), _): Bind.inout(dynamics[i]!, \.list, index: k)
        case .sender(.control): Bind.in(control!, \.value, on: .valueChanged)
        case .twoWay(.control, _): Bind.inout(control!, \.value, on: .valueChanged)
        default: preconditionFailure("not a head: \(link)")
        }
    }

    private func continuation(_ chain: Chain<Int>, _ link: Link) -> Chain<Int> {
        switch link {
        case .filter:
            return chain.filter { $0 % 7 != 3 }
        case .block(let name, let initial, let writeBack):
            let log = self.log
            weak let target = writeBack.map { dynamics[$0.node] } ?? nil
            let residue = writeBack?.residue
            return chain.out(name, initial: initial) { (value: Int) in
                log.append("\(name)(\(value))")
                if let residue, value % 10 == residue, value < 40 { target?.a = value + 1 }
            }
        case .sender(let place):
            switch place {
            case .dynamicA(let i): return chain.in(dynamics[i]!, \.a)
            case .element(let i, let k): return chain.in(dynamics[i]!, \.list, index: k)
            case .control: return chain.in(control!, \.value, on: .valueChanged)
            default: preconditionFailure("cannot send: \(place)")
            }
        case .twoWay(let place, let initial):
            switch place {
            case .dynamicA(let i): return chain.inout(dynamics[i]!, \.a, initial: initial)
            case .dynamicB(let i):
                return chain.inout(dynamics[i]!, \.b, initial: initial, convert: { $0 + 100 }, reverse: { $0 - 100 })
            case .element(let i, let k): return chain.inout(dynamics[i]!, \.list, index: k, initial: initial)
            case .control: return chain.inout(control!, \.value, on: .valueChanged, initial: initial)
            default: preconditionFailure("cannot be two-way: \(place)")
            }
        case .receiver(let place, let initial):
            switch place {
            case .dynamicA(let i): return chain.out(dynamics[i]!, \.a, initial: initial)
            case .dynamicB(let i): return chain.out(dynamics[i]!, \.b, initial: initial, convert: { $0 + 100 })
            case .element(let i, let k): return chain.out(dynamics[i]!, \.list, index: k, initial: initial)
            case .control: return chain.out(control!, \.value, initial: initial)
            case .plainA(let i): return chain.out(plains[i]!, \.a, initial: initial)
            case .plainText(let i): return chain.out(plains[i]!, \.text, initial: initial)
            case .plainScaled(let i): return chain.out(plains[i]!, \.scaled, initial: initial, convert: { $0 * 2 })
            }
        }
    }

    /// Whether the program may use `link` now: its objects are alive.
    func isUsable(_ link: Link) -> Bool {
        switch link {
        case .sender(let place), .twoWay(let place, _), .receiver(let place, _): isAlive(place.object)
        case .block, .filter: true
        }
    }

    func isAlive(_ object: ObjectRef) -> Bool {
        switch object {
        case .dynamic(let i): dynamics[i] != nil
        case .plain(let i): plains[i] != nil
        case .control: control != nil
        }
    }

    private func write(_ place: Place, _ value: Int) {
        switch place {
        case .dynamicA(let i): dynamics[i]?.a = value
        case .dynamicB(let i): dynamics[i]?.b = value
        case .element(let i, let k): dynamics[i]?.list[k] = value
        case .plainA(let i): plains[i]?.a = value
        case .plainText(let i): plains[i]?.text = "\(value)"
        case .plainScaled(let i): plains[i]?.scaled = value
        case .control: control?.edit(value)
        }
    }

    private func unbind(_ form: UnbindForm) {
        switch form {
        case .chain(let declaration):
            if chains.indices.contains(declaration) { chains[declaration].unbind() }
        case .object(let object):
            switch object {
            case .dynamic(let i): if let d = dynamics[i] { Bind.unbind(d) }
            case .plain(let i): if let p = plains[i] { Bind.unbind(p) }
            case .control: if let c = control { Bind.unbind(c) }
            }
        case .place(let place):
            switch place {
            case .dynamicA(let i): if let d = dynamics[i] { Bind.unbind(d, \.a) }
            case .dynamicB(let i): if let d = dynamics[i] { Bind.unbind(d, \.b) }
            case .element(let i, let k): if let d = dynamics[i] { Bind.unbind(d, \.list, index: k) }
            case .plainA(let i): if let p = plains[i] { Bind.unbind(p, \.a) }
            case .plainText(let i): if let p = plains[i] { Bind.unbind(p, \.text) }
            case .plainScaled(let i): if let p = plains[i] { Bind.unbind(p, \.scaled) }
            case .control: if let c = control { Bind.unbind(c, \.value, on: .valueChanged) }
            }
        case .wholeList(let i):
            if let d = dynamics[i] { Bind.unbind(d, \.list) }
        case .block(let place, let name):
            switch place {
            case .dynamicA(let i): if let d = dynamics[i] { Bind.unbind(d, \.a, block: name) }
            case .control: if let c = control { Bind.unbind(c, \.value, block: name) }
            default: break
            }
        }
    }

    /// What every live object holds, in the model's terms.
    func snapshot() -> [Place: Held] {
        var result: [Place: Held] = [:]
        for (i, d) in dynamics.enumerated() {
            guard let d else { continue }
            result[.dynamicA(i)] = .int(d.a)
            result[.dynamicB(i)] = .int(d.b)
            for k in 0..<3 { result[.element(i, index: k)] = .int(d.list[k]) }
        }
        for (i, p) in plains.enumerated() {
            guard let p else { continue }
            result[.plainA(i)] = .int(p.a)
            result[.plainText(i)] = .text(p.text)
            result[.plainScaled(i)] = .int(p.scaled)
        }
        if let control { result[.control] = .int(control.value) }
        return result
    }

    func isBound(_ object: ObjectRef) -> Bool? {
        switch object {
        case .dynamic(let i): dynamics[i].map { Bind.isBound($0) }
        case .plain(let i): plains[i].map { Bind.isBound($0) }
        case .control: control.map { Bind.isBound($0) }
        }
    }
}

/// The blocks' log.
final class BlockLog: @unchecked Sendable {
    // @unchecked: appended to by blocks on the test's own thread only.
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
