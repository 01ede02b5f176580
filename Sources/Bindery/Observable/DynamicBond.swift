/// A handle on one observer or bond of a ``Dynamic`` box, returned by `observe`,
/// `observeNew`, `bind(to:)` and `bidirectionalBind(to:)`.
///
/// You need not keep it: the box holds its observers, and a bond lives as long as the boxes
/// and objects it joins. Keep it to end that one observer or bond with ``unbind()``; the
/// handle holds neither the box nor the bond's objects.
///
/// ```swift
/// let count = Dynamic(0)
/// let printing = count.observe { print($0) }
/// printing.unbind()
/// ```
public struct DynamicBond: @unchecked Sendable {
    // @unchecked: the chain and the endpoint it refers to are only touched with the graph lock
    // held.

    /// What the handle ends.
    enum Part {
        /// An observer: a named block of a chain (which may have been merged into another since).
        case block(String, in: any AnyChainCore)
        /// A bond: a receiver (or a two-way endpoint) of a chain; it follows its replacement if
        /// the endpoint is declared again or moved by a join.
        case member(AnyEndpoint)
        /// Nothing: the bond was refused when it was declared.
        case none
    }

    let part: Part

    private init(part: Part) {
        self.part = part
    }

    init(block name: String, in chain: any AnyChainCore) {
        part = .block(name, in: chain)
    }

    /// The handle of the endpoint on `object`'s `keyPath` in `chain`, just bound.
    init(member object: AnyObject, _ keyPath: AnyKeyPath, in chain: any AnyChainCore) {
        let endpoint = Registry.shared.locked {
            chain.resolvedLocked().memberLocked(objectID: ObjectIdentifier(object), keyPath: keyPath)
        }
        part = endpoint.map { .member($0) } ?? .none
    }

    /// Reports a bond of `box` to itself, which is refused, and returns its inert handle.
    static func refusingSelfBond<Value>(of box: Dynamic<Value>) -> DynamicBond {
        let label = EndpointLabel.make(box, keyPath: \Dynamic<Value>.value, index: nil, events: [])
        Diagnostics.report(.misuse, rule: .loops, "cannot bind \(label) to itself: each set would set it again, without end; not bound")
        return DynamicBond(part: .none)
    }

    /// Ends this observer or bond. The rest of the box's chain stays, unless this was its only
    /// receiver. Calling it again does nothing.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// let bond = count.bind(to: counterLabel, \.text)
    /// bond.unbind()
    /// ```
    public func unbind() {
        Registry.shared.locked {
            switch part {
            case .block(let name, let chain):
                _ = chain.resolvedLocked().removeBlockLocked(named: name)
            case .member(let endpoint):
                guard let current = endpoint.activeLocked() else { return }
                current.anyCore.detachLocked(current)
            case .none:
                break
            }
        }
    }

    /// Whether the observer or bond is still in effect: it has not been unbound, and its chain
    /// has a live sender and a live receiver (see ``Chain/isBound``).
    public var isBound: Bool {
        Registry.shared.locked {
            switch part {
            case .block(let name, let chain):
                let core = chain.resolvedLocked()
                return core.isCompleteLocked && core.blockNames.contains(name)
            case .member(let endpoint):
                guard let current = endpoint.activeLocked() else { return false }
                return current.isAliveLocked() && current.anyCore.resolvedLocked().isCompleteLocked
            case .none:
                return false
            }
        }
    }
}

extension DynamicBond: CustomDebugStringConvertible {
    /// The observer or bond, and the chain it is part of, on one line (see
    /// ``Chain/debugDescription``).
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// print(count.observe { _ in }.debugDescription)
    /// ```
    public var debugDescription: String {
        // Values only under the lock; named after it is released.
        let found = Registry.shared.locked { () -> (ChainSnapshot, String?, ChainSnapshot.Member?)? in
            switch part {
            case .block(let name, let chain):
                return (chain.resolvedLocked().snapshotLocked(), name, nil)
            case .member(let endpoint):
                guard let current = endpoint.activeLocked() else { return nil }
                let chain = current.anyCore.resolvedLocked().snapshotLocked()
                let address = UInt(bitPattern: current.objectID)
                return (chain, nil, chain.members.first { $0.address == address && $0.keyPath == current.keyPath })
            case .none:
                return nil
            }
        }
        guard let (chain, block, member) = found else { return "DynamicBond (not bound)" }
        let what = block.map { "block \"\($0)\"" } ?? member.map { BindingGraph.name(of: $0) } ?? "?"
        return "DynamicBond (\(what)) in " + BindingGraph.line(for: chain)
    }
}
