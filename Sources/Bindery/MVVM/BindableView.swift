// Layer 9 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). MVVM: bindable views, view bindings,
// commands, data controllers. Names `DSL`, `Chain` and the layers below.

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
///     let boundBindings = BoundBindings()
/// }
/// ```
///
/// ``rebind()`` ends the bindings it made for the previous view model, then, if there is a
/// view model, binds each declared binding once, and calls ``viewModelDidChange()``. Assigning
/// `nil` unbinds. The view keeps what its bindings made in ``boundBindings`` and ends exactly
/// that, by identity: other bindings of the same view properties stay. A view that is
/// reassigned ten thousand times leaves nothing behind, and neither the view nor the view
/// model is retained by its bindings.
///
/// A view side written through `let` properties of plain classes (`\.codeLabel.text`, where
/// `codeLabel` is a `let` and `text` a stored property without observers) is resolved when it
/// binds, and written directly, with no key path applied.
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

    /// What the bindings made for the view model shown now: declare it as
    /// `let boundBindings = BoundBindings()`, and leave it to ``rebind()``.
    var boundBindings: BoundBindings { get }

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
    /// Only what the last `rebind()` made is ended (recorded in ``boundBindings``): other
    /// bindings of the view's properties and of the view model stay.
    ///
    /// ```swift
    /// DrawCell().viewModel = DrawRow(code: "123")   // its didSet calls rebind()
    /// ```
    public func rebind() {
        let bound = boundBindings
        bound.endAll()
        if let viewModel, let view = self as? BindingRoot {
            for binding in type(of: self).bindings {
                if let made = binding.bind(view, viewModel) { bound.append(made) }
            }
        }
        viewModelDidChange()
    }
}
