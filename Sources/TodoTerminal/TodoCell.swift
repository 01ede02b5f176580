import Bindery
import BinderyTerminal
import TodoModel

/// A row of the todo list: `☐ Buy milk ✕`, the title dim and struck through once the todo is
/// completed. The list reuses it for another todo as it scrolls, by assigning ``viewModel``;
/// its state follows the todo through the bindings declared once in ``bindings``.
@MainActor final class TodoCell: ListCell {
    /// The todo's title, as bound.
    var title: String? = ""
    /// Whether the todo is completed, as bound.
    var isCompleted = false

    static let bindings: Bindings<TodoCell, Todo> = [
        .init(\.title, ~>, \.title),
        .init(\.completed, ~>, \.isCompleted),
    ]

    var viewModel: Todo? { didSet { rebind() } }

    let boundBindings = BoundBindings()

    var isVisible = true
    var frame = Rect.zero

    /// Columns from the row's left: the check box (after the list's selection mark), the title.
    static let checkColumn = 2, titleColumn = 4

    /// Whether `column` (of the screen) is the check box's, or the ✕'s.
    func isCheck(_ column: Int) -> Bool { column - frame.origin.column == Self.checkColumn }
    func isDestroy(_ column: Int) -> Bool { column == frame.origin.column + frame.size.columns - 2 }

    func draw(in canvas: inout Canvas, context: DrawContext) {
        let row = frame.origin.row, left = frame.origin.column
        canvas.draw(isCompleted ? "☑" : "☐", at: Point(column: left + Self.checkColumn, row: row), style: Style(foreground: isCompleted ? .green : .default, isBold: true))
        let style = isCompleted ? Style(foreground: .brightBlack, isDim: true, isStruckThrough: true) : Style.plain
        canvas.draw(title ?? "", at: Point(column: left + Self.titleColumn, row: row), style: style, width: max(0, frame.size.columns - Self.titleColumn - 3))
        canvas.draw("✕", at: Point(column: left + frame.size.columns - 2, row: row), style: Style(foreground: .red))
    }
}
