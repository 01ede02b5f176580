#if GTK
import Bindery
import CGtk

/// A row of a ``ListBox``: a wrapped widget that shows one view model at a time, and is given
/// another as the list scrolls (a `BindableView` whose `viewModel` the list can set).
///
/// The list box makes a cell only for a row it has to show, never more cells than its visible
/// rows, and places each cell's ``WrappedWidget/widget`` in a row of its `GtkListBox` for good:
/// a cell stays where it is and is given the row now shown there. It sets `viewModel` to that
/// row, or to nil when the place is empty (the place is hidden); the cell's `didSet` calls
/// `rebind()`, which moves its declared bindings to the new row. A cell holds its view model
/// strongly while it shows it, and the bindings hold neither.
///
/// ```swift
/// final class DrawCell: ListBoxCell {
///     let codeLabel = Label()
///     static let bindings: Bindings<DrawCell, DrawRow> = [.init(\.code, ~>, \.codeLabel.text)]
///     var viewModel: DrawRow? { didSet { rebind() } }
///     let boundBindings = BoundBindings()
///     var widget: UnsafeMutablePointer<GtkWidget>? { codeLabel.widget }
/// }
/// ```
@MainActor public protocol ListBoxCell: WrappedWidget, BindableView {
    /// The row the cell shows; nil while it shows none. Call `rebind()` in its `didSet`.
    var viewModel: ViewModel? { get set }
}
#endif
