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
public struct DynamicBond: Sendable {
    /// The declaration the observer or bond made, which ``unbind()`` ends; nil when the bond
    /// was refused.
    let part: DeclaredPart?
    /// What `debugDescription` names.
    let what: What

    /// An observer's block, or a bond's other side, found by its object's address among the
    /// chain's members when the description is made.
    enum What {
        case block(String)
        case side(address: UInt)
    }

    private init(part: DeclaredPart?, what: What) {
        self.part = part
        self.what = what
    }

    /// The handle of an observer: a named block of the box's chain.
    init<Value>(block name: String, of chain: Chain<Value>) {
        self.init(part: chain.part, what: .block(name))
    }

    /// The handle of a bond just declared, with `other` its other side.
    init<Value>(bond chain: Chain<Value>, to other: AnyObject) {
        self.init(part: chain.part, what: .side(address: UInt(bitPattern: ObjectIdentifier(other))))
    }

    /// Reports a bond of `box` to itself, which is refused, and returns its inert handle.
    static func refusingSelfBond<Value>(of box: Dynamic<Value>) -> DynamicBond {
        let label = EndpointLabel.make(box, keyPath: \Dynamic<Value>.value, index: nil, events: [])
        Report.selfBond(label)
        return DynamicBond(part: nil, what: .block(label))
    }

    /// Ends this observer or bond, and nothing else: another observer, bond or chain of the
    /// same box or object stays, even one that declared the same property. The box's chain
    /// ends if it is left without a receiver. Calling it again does nothing.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// let bond = count.bind(to: counterLabel, \.text)
    /// bond.unbind()
    /// ```
    public func unbind() {
        part?.end()
    }

    /// Whether the observer or bond is still in effect: it has not been unbound, and its chain
    /// has a live sender and a live receiver (see ``Chain/isBound``).
    public var isBound: Bool { part?.isInEffect ?? false }
}

extension DynamicBond: BindingHandle {}
