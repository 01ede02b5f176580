/// A binding made by a two-way operator (`<>`, `<!>`): values flow both ways between a left and
/// a right property, and the right one gets the left one's value now (unless `<!>`).
///
/// ```swift
/// ((vm, \.hex) <> (swatch, \.color)).transform(Color.init(hex:), reverse: \.hex)
/// ```
///
/// The binding is a chain (see ``Chain``) headed by the left property; the right one converts
/// automatically when the conversion table has the pair both ways (see
/// <doc:AutomaticConversion>), and otherwise reads and writes nothing until
/// ``transform(_:reverse:)`` or `transformed(by:)` gives it a pair of functions. A side's
/// own change is never written back to it (see <doc:Guarantees#No-echo>).
///
/// **Retention.** Neither object is retained, by the binding or by this handle; you need not
/// keep it. Functions and transformers are held by the chain until it ends.
///
/// **Threads.** Declared on the main thread (from main-actor code), both sides are written only
/// on the main actor; declared on any other thread, on the thread that made the change.
///
/// **End.** The binding ends with ``unbind()``, or when either object goes (see
/// <doc:Lifetime>).
public struct TwoWayBinding<Left, Right>: Sendable {
    @usableFromInline let link: OperatorLink<Left, Right>

    @inlinable
    init(_ link: OperatorLink<Left, Right>) {
        self.link = link
    }

    /// Converts with a pair of functions from now on, instead of the automatic conversion: the
    /// right side is declared again with them (and gets the left side's value through
    /// `forward` now, unless the binding was made with `<!>`).
    ///
    /// - Parameters:
    ///   - forward: Left value → right value; run where the right side is written.
    ///   - reverse: Right value → left value; run on the thread that changed the right side.
    ///   Both are held by the chain and `@Sendable`.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((vm, \.name) <> (nameField, \.text)).transform({ $0.uppercased() }, reverse: { $0.lowercased() })
    /// ```
    @discardableResult
    public func transform(
        _ forward: @escaping @Sendable (Left) -> Right, reverse: @escaping @Sendable (Right) -> Left
    ) -> TwoWayBinding {
        link.redeclare(toChain: reverse, fromChain: forward, doing: "transform")
        return self
    }

    /// Adds a block run with each value of the binding (the left side's, after both sides are
    /// written): now too, unless the binding was made with `<!>`.
    ///
    /// - Parameter body: Held by the chain until the binding ends; runs where the sides are
    ///   written (so it is `@Sendable`).
    /// - Returns: The binding; its ``unbind()`` removes the block too.
    ///
    /// ```swift
    /// ((vm, \.name) <> (nameField, \.text)).observe { print("name is now", $0) }
    /// ```
    @discardableResult
    public func observe(_ body: @escaping @Sendable (Left) -> Void) -> TwoWayBinding {
        TwoWayBinding(link.observing(delivery: link.delivery, body))
    }

    /// Adds a block isolated to the main actor, run there with each value of the binding.
    ///
    /// - Parameter body: Held by the chain until the binding ends; runs on the main actor.
    /// - Returns: The binding; its ``unbind()`` removes the block too.
    @discardableResult
    public func observe(_ body: @escaping @MainActor (Left) -> Void) -> TwoWayBinding where Left: Sendable {
        // Safe: a block delivered on the main actor only ever runs there.
        TwoWayBinding(link.observing(delivery: .mainActor) { value in MainActor.assumeIsolated { body(value) } })
    }

    /// Ends the binding: the right side leaves the chain, with the blocks `observe(_:)`
    /// added. Other bindings of the left side stay. Calling it again does nothing.
    @inlinable
    public func unbind() { link.unbind() }

    /// Whether the binding is in effect: its right side is in a chain with the left side.
    public var isBound: Bool { link.isBound }
}

extension TwoWayBinding: BindingHandle {}
