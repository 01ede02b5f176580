/// A binding made by a one-way operator (`~>`, `<~`, `!~>`, `<~!`): values flow from a source
/// property to a target property.
///
/// ```swift
/// ((vm, \.name) ~> (nameLabel, \.text)).transform { $0.uppercased() }
/// ```
///
/// The binding is a chain (see ``Chain``) headed by the source; the target is converted
/// automatically when the conversion table has the pair (see <doc:AutomaticConversion>), and
/// otherwise writes nothing until ``transform(_:)`` or `transformed(by:)` gives it a
/// function.
///
/// **Retention.** Neither object is retained, by the binding or by this handle, which keeps
/// only key paths and the objects' identities; you need not keep it. Functions given to
/// ``transform(_:)``, transformers and `observe(_:)` blocks are held by the chain until it
/// ends.
///
/// **Threads.** Declared on the main thread (from main-actor code), the target is written only
/// on the main actor; declared on any other thread, on the thread that changed the source.
///
/// **End.** The binding ends with ``unbind()``, or when either object goes (see
/// <doc:Lifetime>).
public struct OneWayBinding<Source, Target>: Sendable {
    @usableFromInline let link: OperatorLink<Source, Target>

    @inlinable
    init(_ link: OperatorLink<Source, Target>) {
        self.link = link
    }

    /// Writes the target with `forward(value)` from now on, instead of the automatic
    /// conversion: the target is declared again with the function (and gets the source's value
    /// through it now, unless the binding was made with a `!` operator).
    ///
    /// - Parameter forward: Source value → target value. Held by the chain; it runs where the
    ///   target is written (the changing thread, or the main actor), so it is `@Sendable`.
    /// - Returns: The binding.
    ///
    /// ```swift
    /// ((vm, \.name) ~> (nameLabel, \.text)).transform { $0.uppercased() }
    /// ```
    @discardableResult
    public func transform(_ forward: @escaping @Sendable (Source) -> Target) -> OneWayBinding {
        link.redeclare(toChain: nil, fromChain: forward, doing: "transform")
        return self
    }

    /// Adds a block run with each value the source sends, after the target is written: now too,
    /// unless the binding was made with a `!` operator.
    ///
    /// - Parameter body: Held by the chain until the binding ends. It runs where the target is
    ///   written: on the main actor when the binding was declared there, else on the changing
    ///   thread (so it is `@Sendable`).
    /// - Returns: The binding; its ``unbind()`` removes the block too.
    ///
    /// ```swift
    /// ((vm, \.name) ~> (nameLabel, \.text)).observe { print("name is now", $0) }
    /// ```
    @discardableResult
    public func observe(_ body: @escaping @Sendable (Source) -> Void) -> OneWayBinding {
        OneWayBinding(link.observing(delivery: link.delivery, body))
    }

    /// Adds a block isolated to the main actor, run there with each value the source sends.
    ///
    /// - Parameter body: Held by the chain until the binding ends; runs on the main actor, at
    ///   once for a change made on the main thread, queued in order for one made elsewhere.
    /// - Returns: The binding; its ``unbind()`` removes the block too.
    ///
    /// ```swift
    /// ((vm, \.name) ~> (nameLabel, \.text)).observe { @MainActor name in nameLabel.text = name }
    /// ```
    @discardableResult
    public func observe(_ body: @escaping @MainActor (Source) -> Void) -> OneWayBinding where Source: Sendable {
        // Safe: a block delivered on the main actor only ever runs there.
        OneWayBinding(link.observing(delivery: .mainActor) { value in MainActor.assumeIsolated { body(value) } })
    }

    /// Ends the binding: the target leaves the chain, with the blocks `observe(_:)` added.
    /// Other bindings of the source stay. Calling it again does nothing.
    ///
    /// ```swift
    /// let binding = (vm, \.name) ~> (nameLabel, \.text)
    /// binding.unbind()
    /// ```
    @inlinable
    public func unbind() { link.unbind() }

    /// Whether the binding is in effect: its target is in a chain with a live source.
    public var isBound: Bool { link.isBound }
}

extension OneWayBinding: BindingHandle {}
