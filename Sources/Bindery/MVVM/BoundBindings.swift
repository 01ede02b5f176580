/// What a ``BindableView``'s declared bindings made for the view model it shows: kept by the
/// view, so that ``BindableView/rebind()`` ends exactly those bindings, by their identity,
/// before it binds the next view model. Nothing is looked up by object and key path: another
/// binding of the same view property (a target-action on a label, a chain declared elsewhere)
/// is never touched.
///
/// A view declares one, and never reads or writes it itself:
///
/// ```swift
/// final class NameCell: BindableView {
///     let nameLabel = Label()
///     static let bindings: Bindings<NameCell, DrawRow> = [.init(\.code, ~>, \.nameLabel.text)]
///     var viewModel: DrawRow? { didSet { rebind() } }
///     let boundBindings = BoundBindings()
/// }
/// ```
///
/// **Retention.** It holds the identities of the chains the bindings made (not the view, the
/// view model or any object in the chains), until the next ``BindableView/rebind()``; the
/// bindings end then, or when the view or the view model goes (see <doc:Lifetime>).
///
/// **Threads.** ``BindableView/rebind()`` uses it on the main actor. As a ``BindingHandle`` it
/// may be asked and ended from any thread: ``unbind()`` ends what the view bound for the view
/// model it shows now, as the view's next ``BindableView/rebind()`` would, and a later
/// `rebind()` binds afresh. Its record is behind a lock of its own, never held while the
/// bindings end.
///
/// ```swift
/// let drawCell = DrawCell()
/// var bindings: [any BindingHandle] = [Bind.in(vm, \.name).out(nameLabel, \.text)]
/// bindings.append(drawCell.boundBindings)   // the cell's declared bindings, ended with the rest
/// for binding in bindings { binding.unbind() }
/// ```
public final class BoundBindings: BindingHandle, @unchecked Sendable {
    // @unchecked: `parts` and `spare`, its only mutable state, are behind `lock`.

    /// Guards `parts` and `spare`; never held while a binding ends (that takes the graph lock).
    private let lock = Lock()
    /// The bindings made by the last bind, in declaration order.
    @exclusivity(unchecked) private var parts: [OperatorParts] = []
    /// The room the bindings ended last had, kept empty for the next view model's: a reused cell
    /// that ends its bindings and binds the next row's allocates no record for them.
    @exclusivity(unchecked) private var spare: [OperatorParts] = []

    /// An empty record: the view shows no view model yet.
    public nonisolated init() {}

    /// Records a binding the view's declarations made.
    func append(_ made: OperatorParts) {
        lock.withLock { parts.append(made) }
    }

    /// Ends every binding recorded, with the graph lock taken once, and forgets them (keeping
    /// the room for the next view model's).
    func endAll() {
        var ending = lock.withLock { () -> [OperatorParts] in
            var taken = spare
            spare = []
            swap(&taken, &parts)
            return taken
        }
        if !ending.isEmpty {
            GraphLock.shared.locked {
                for made in ending { made.endLocked() }
            }
            // Let go of after the lock (what they held may have deinits that bind).
            ending.removeAll(keepingCapacity: true)
        }
        lock.withLock { if spare.capacity < ending.capacity { swap(&spare, &ending) } }
    }

    /// Ends the bindings the view made for the view model it shows now, and nothing else (see
    /// ``BindingHandle/unbind()``). The view model stays shown, unbound, until the view's next
    /// ``BindableView/rebind()``. Calling it again does nothing.
    public func unbind() {
        endAll()
    }

    /// Whether any binding the view made for the view model it shows now is still in effect:
    /// not unbound, and its objects still there.
    public var isBound: Bool {
        let recorded = lock.withLock { parts }
        guard !recorded.isEmpty else { return false }
        return GraphLock.shared.locked { recorded.contains { $0.isInEffectLocked() } }
    }
}
