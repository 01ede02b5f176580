import Bindery

/// A row of a ``List``: a widget that shows one view model at a time, and is given another as
/// the list scrolls (a `BindableView` whose `viewModel` the list can set).
///
/// The list makes a cell only for a row it has to show, never more cells than it has visible
/// rows, and gives each a frame one row high. It sets `viewModel` to the row the cell shows now,
/// or to nil when the cell shows none; the cell's `didSet` calls `rebind()`, which moves its
/// declared bindings to the new row. A cell holds its view model strongly while it shows it,
/// and the bindings hold neither, so a row the list dropped goes as soon as no cell shows it.
///
/// ```swift
/// final class DrawCell: ListCell {
///     let codeLabel = Label()
///     static let bindings: Bindings<DrawCell, DrawRow> = [.init(\.code, ~>, \.codeLabel.text)]
///     var viewModel: DrawRow? { didSet { rebind() } }
///     let boundBindings = BoundBindings()
///     var frame = Rect.zero { didSet { codeLabel.frame = frame } }
///     var isVisible = true
///     func draw(in canvas: inout Canvas, context: DrawContext) { codeLabel.draw(in: &canvas, context: context) }
/// }
/// ```
@MainActor public protocol ListCell: Widget, BindableView {
    /// The row the cell shows; nil while it shows none. Call `rebind()` in its `didSet`.
    var viewModel: ViewModel? { get set }
}
