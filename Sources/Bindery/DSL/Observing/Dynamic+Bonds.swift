import Synchronization

// SwiftBond's API on `Dynamic`: observers and bonds. Each is a chain, or a part of one, so
// that lifetime, threads, loops and errors work as they do for every chain:
//
// - The box's observers, and its one-way bonds, are one chain headed by `\.value` (the chain
//   `Bind.in(box, \.value)` starts or continues): observers are named blocks in it, a bond to
//   an object's property is a receiver, and a bond to another box is a receiver on that box
//   under a key path of the bond's own (`DynamicBondPort.oneWay`), so that it is never taken
//   for another endpoint and never joins another chain: the other box's own changes stay its
//   own.
// - Two-way bonds are a chain of their own, apart from the observers: each box takes part
//   through one endpoint (`DynamicBondPort.twoWay`) that all its two-way bonds share, so that
//   boxes bound two-way, directly or through others, are one chain sharing one value.

/// Where a bond reads and writes a ``Dynamic`` box's `value`: a key path of its own, never
/// `\.value`, so that the bond's endpoint is told apart from the box's other endpoints (see
/// <doc:Guarantees#Joins>).
enum DynamicBondPort: Hashable, Sendable {
    /// The box's endpoint in its two-way bonds' chain; one per box.
    case twoWay
    /// The receiving end of one one-way bond from another box; one per bond.
    case oneWay(UInt64)

    private static let serial = Atomic<UInt64>(0)

    /// A number no other bond or observer of this process has.
    static func nextSerial() -> UInt64 {
        serial.add(1, ordering: .relaxed).newValue
    }
}

extension Dynamic: DynamicBondNaming {
    static func bondName(of keyPath: AnyKeyPath) -> String? {
        if keyPath == \Dynamic<Value>.[bond: .twoWay] { return "value (two-way bonds)" }
        guard keyPath is KeyPath<Dynamic<Value>, Value>, keyPath != \Dynamic<Value>.value else { return nil }
        return "value (bond)"
    }
}

extension Dynamic {
    /// `value`, under a key path that names `port`: the key path of a bond's endpoint (the
    /// chain reads and writes `value` through its own accessors).
    subscript(bond port: DynamicBondPort) -> Value {
        get { value }
        set { value = newValue }
    }

    /// An endpoint on this box's `value` through `port`, heard on `value`'s slot when it sends.
    func bondSpec(_ port: DynamicBondPort, role: Role, initial: Bool) -> EndpointSpec<Value> {
        let keyPath = \Dynamic<Value>.[bond: port]
        let accessors = Accessors<Value>(
            keyPath: keyPath,
            read: { object in unsafeDowncast(object, to: Dynamic<Value>.self).untrackedValue },
            write: { object, value in
                unsafeDowncast(object, to: Dynamic<Value>.self).value = value
                return true
            })
        var spec = EndpointSpec(object: self, keyPath: keyPath, role: role, accessors: accessors)
        spec.initial = initial
        if role.contains(.sends) { spec.hearing = .slot(_$registrar, 0) }
        return spec
    }

    // MARK: Bonds

    /// Sets `other` to this box's value now (unless `fire` is false) and on every change: a
    /// one-way bond.
    ///
    /// The bond is a receiver in this box's chain, on `other`'s value. `other` is not
    /// retained: the bond ends the moment `other` deinitialises, and when this box does. It is
    /// never taken for another endpoint of `other`: `other`'s own changes, and its own bonds
    /// and observers, stay its own (they run when the bond sets it, as for any set). `other`
    /// is set on the thread that set this box. Bonds that form a cycle of one-way bonds stop
    /// after a bounded number of rounds with a diagnostic (see <doc:Guarantees#Loops>); for
    /// boxes that must follow each other, use ``bidirectionalBind(to:fire:)``. A box cannot be
    /// bound to itself: that is reported, and nothing is bound.
    ///
    /// - Parameters:
    ///   - other: The box to set.
    ///   - fire: Whether `other` takes this box's value now.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` ends the bond.
    ///
    /// ```swift
    /// let total = Dynamic(0), shown = Dynamic(-1)
    /// total.bind(to: shown)                         // shown.value == 0
    /// total.value = 3                               // shown.value == 3
    /// ```
    @discardableResult
    public func bind(to other: Dynamic<Value>, fire: Bool = true) -> DynamicBond {
        guard other !== self else { return DynamicBond.refusingSelfBond(of: self) }
        let spec = other.bondSpec(.oneWay(DynamicBondPort.nextSerial()), role: .receives, initial: fire)
        let chain = Bind.in(self, \.value).adding(consume spec)
        return DynamicBond(bond: chain, to: other)
    }

    /// Keeps this box and `other` at the same value, whichever of them is set: a two-way bond.
    /// With `fire` (the default), `other` takes this box's value now: this box's value wins.
    ///
    /// Boxes bound two-way, directly or through other boxes, share one chain, apart from their
    /// observers' chains: a set of any of them sets all the others once (never back to the one
    /// set, and never in a loop), on the setting thread, and each box's observers and one-way
    /// bonds run as for any set of it. Neither box is retained; a box leaves the bond the moment
    /// it deinitialises. If `other` is already bound two-way to other boxes, the two groups
    /// join, and `other`'s group takes the value of this box's group now, whatever `fire` says
    /// (see <doc:Guarantees#Joins>). A box cannot be bound to itself: that is reported, and
    /// nothing is bound.
    ///
    /// - Parameters:
    ///   - other: The box to keep in step.
    ///   - fire: Whether `other` takes this box's value now.
    /// - Returns: A handle whose ``DynamicBond/unbind()`` ends this bond: a box that no other
    ///   two-way bond holds leaves the group, and the others stay in step.
    ///
    /// ```swift
    /// let celsius = Dynamic(20), shownCelsius = Dynamic(0)
    /// celsius.bidirectionalBind(to: shownCelsius)   // shownCelsius.value == 20
    /// shownCelsius.value = 25                       // celsius.value == 25
    /// ```
    @discardableResult
    public func bidirectionalBind(to other: Dynamic<Value>, fire: Bool = true) -> DynamicBond {
        guard other !== self else { return DynamicBond.refusingSelfBond(of: self) }
        let spec = other.bondSpec(.twoWay, role: [.sends, .receives], initial: fire)
        let chain = Chain(head: bondSpec(.twoWay, role: [.sends, .receives], initial: true)).adding(consume spec)
        return DynamicBond(bond: chain, to: other)
    }

    /// Removes every observer and bond of the box: the box leaves every chain it is in, as
    /// with `Bind.unbind(box)`.
    ///
    /// Its observers, its one-way bonds, the bonds that set it, its two-way bonds and any
    /// chain you declared on it let go of it; chains left without a sender or a receiver end.
    /// Bonds of other boxes that set this one end too. The value is not touched.
    ///
    /// ```swift
    /// let count = Dynamic(0)
    /// count.observe { print($0) }
    /// count.unbindAll()
    /// count.value = 1                               // prints nothing
    /// ```
    public func unbindAll() {
        Bind.unbind(self)
    }
}
