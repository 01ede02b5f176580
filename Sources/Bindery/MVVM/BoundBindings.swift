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
/// **Threads.** Used by ``BindableView/rebind()`` on the main actor only.
public final class BoundBindings {
    /// The bindings made by the last bind, in declaration order.
    private var parts: [OperatorParts] = []

    /// An empty record: the view shows no view model yet.
    public nonisolated init() {}

    /// Records a binding the view's declarations made.
    func append(_ made: OperatorParts) {
        parts.append(made)
    }

    /// Ends every binding recorded, with the graph lock taken once, and forgets them (keeping
    /// the room for the next view model's).
    func endAll() {
        guard !parts.isEmpty else { return }
        GraphLock.shared.locked {
            for made in parts { made.endLocked() }
        }
        parts.removeAll(keepingCapacity: true)
    }
}
