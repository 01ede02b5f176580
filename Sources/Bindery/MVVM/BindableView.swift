/// A view whose bindings to its view model are declared once for the type, and bound anew
/// each time it is given a view model (BIND's `BINDINGS`, for cells that are reused).
///
/// ```swift
/// final class DrawCell: BindableView {
///     let codeLabel = Label(), guessField = TextField()
///     static let bindings: Bindings<DrawCell, DrawRow> = [
///         .init(\.code, ~>, \.codeLabel.text),
///         .init(\.guess, <>, \.guessField),
///     ]
///     var viewModel: DrawRow? { didSet { rebind() } }
/// }
/// ```
///
/// ``rebind()`` removes the view's side of every declared binding, then, if there is a view
/// model, binds each once, and calls ``viewModelDidChange()``. Assigning `nil` unbinds. Nothing
/// is stored per view: the bindings are found again by the view's objects and key paths, so a
/// view that is reassigned ten thousand times leaves nothing behind, and neither the view nor
/// the view model is retained by its bindings.
///
/// A subclass adds to its superclass's bindings: declare them in a `class var` in the
/// superclass and override it (see ``ViewBinding/subclass(_:_:)``).
///
/// The kit is isolated to the main actor, as views are: the view is written there.
@MainActor
public protocol BindableView: AnyObject {
    /// The view model's type: a `@Dynamic` class.
    associatedtype ViewModel: DynamicObject
    /// The class the bindings are typed by: the view itself, or for a subclass, the class that
    /// first adopted the protocol.
    associatedtype BindingRoot: AnyObject = Self

    /// The bindings, declared once for the type.
    static var bindings: Bindings<BindingRoot, ViewModel> { get }

    /// The view model the view shows, if any. Call ``rebind()`` when it changes (in `didSet`).
    /// Settable, so that a list that reuses its cells can hand each one its row's view model.
    var viewModel: ViewModel? { get set }

    /// Called after ``rebind()`` bound the new view model (or unbound for `nil`). Does nothing
    /// unless the view implements it.
    func viewModelDidChange()
}

extension BindableView {
    /// Does nothing: implement it to react to a new view model.
    public func viewModelDidChange() {}

    /// Unbinds the view's declared bindings, binds them to ``viewModel`` if it is not nil, then
    /// calls ``viewModelDidChange()``. Call it from `viewModel`'s `didSet`.
    ///
    /// Only the bindings in ``bindings`` are touched: for each, the view's side (its property, or
    /// its control's designated property) leaves whatever chain it is in, which ends a chain
    /// left with no receiver. Other bindings of the view model stay.
    ///
    /// ```swift
    /// DrawCell().viewModel = DrawRow(code: "123")   // its didSet calls rebind()
    /// ```
    public func rebind() {
        guard let view = self as? BindingRoot else { return }
        let bindings = type(of: self).bindings
        Bind.unbind(sides: bindings.compactMap { $0.viewSide(view) })
        if let viewModel {
            for binding in bindings { binding.bind(view, viewModel) }
        }
        viewModelDidChange()
    }
}
