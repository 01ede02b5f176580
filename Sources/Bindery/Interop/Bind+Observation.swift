import Observation

// Layer 7 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Interop: Observation and `AsyncSequence`.
// Names `Chain` and the layers below.

extension Bind {
    /// Starts a chain at a property of an `@Observable` object, heard through Swift's
    /// Observation; the chain's value is the property's type.
    ///
    /// The receivers get the property's value now, read on this call (see
    /// <doc:Guarantees#Initial-value>). Observation tells observers of a set *before* the value
    /// is stored, and has no public signal after the store, so a change reaches the chain
    /// **asynchronously, on the main actor**: the set queues a re-read of the property on the
    /// main queue, which runs once the main-actor code that made the set has returned (the
    /// value is stored by then); the re-read propagates the value synchronously, there. Sets
    /// made before the re-read runs are coalesced into it: the chain gets the latest value,
    /// once. The re-read arms Observation's tracking again before the chain propagates, so a
    /// set made while it does (by a receiver, a block) is heard and re-read after it, as the
    /// next cause of that change (see <doc:Guarantees#Loops>). The key path may read several
    /// observable objects (`\.session.user.name`): a set of any property it reads is heard.
    ///
    /// Write the object on the main actor, as SwiftUI does. A set made on another thread is
    /// re-read when the main queue gets to it; if that thread has not stored the value by then
    /// (it is suspended between Observation's report and its store), the chain gets the value
    /// with the property's next change. A ``Dynamic()`` class has neither limit: bind it with
    /// ``in(_:_:)-(Root,KeyPath<Root,Value>)``, which propagates on the setting thread before
    /// the setter returns.
    ///
    /// The object is held weakly, through Observation's tracking; nothing else need be kept.
    /// The chain ends when the object goes (its endpoint leaves on the main queue), when its
    /// receivers go (at the next change), with ``Chain/unbind()``, or with `Bind.unbind`. A
    /// property that Observation does not track (`@ObservationIgnored`) cannot be heard: that
    /// is reported (see <doc:Guarantees#Bad-input>) and nothing is bound.
    ///
    /// - Parameters:
    ///   - object: An `@Observable` object.
    ///   - keyPath: Its property.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// import Observation
    ///
    /// @Observable final class Appearance {
    ///     var theme = "light"
    /// }
    /// let appearance = Appearance()
    /// let themeLabel = Label()
    /// Bind.in(observable: appearance, \.theme).out(themeLabel, \.text)   // "light" now
    /// appearance.theme = "dark"   // themeLabel.text is "dark" once the main queue runs
    /// ```
    @MainActor @discardableResult
    public static func `in`<Root: AnyObject & Observable, Value>(observable object: Root, _ keyPath: KeyPath<Root, Value>) -> Chain<Value> {
        let sender = ObservationSender(object) { _ = unsafeDowncast($0, to: Root.self)[keyPath: keyPath] }
        let isHeard = sender.arm() == true
        // The chain holds the sender weakly: Observation's tracking holds it, for as long as
        // the object lives (see `ObservationSender`).
        let writable = keyPath as? ReferenceWritableKeyPath<Root, Value>
        var spec = EndpointSpec<Value>(
            object: object, keyPath: keyPath, role: .sends,
            accessors: Accessors(
                keyPath: keyPath,
                read: { unsafeDowncast($0, to: Root.self)[keyPath: keyPath] },
                write: writable.map { writable in
                    { [weak sender] object, value in
                        guard let sender else { return false }
                        sender.writing { unsafeDowncast(object, to: Root.self)[keyPath: writable] = value }
                        return true
                    }
                }))
        spec.hearing = .kind(RelayKind(registrar: sender.registrar))
        if !isHeard { spec.problem = Report.Problem.untrackedByObservation }
        return Chain(head: spec)
    }
}
