import Bindery
import BinderyTerminal
import LotteryModel

/// A row of the history list: `#12   317  WIN!`. The list reuses it for another draw as it
/// scrolls, by assigning ``viewModel``; its labels follow the draw through the bindings
/// declared once in ``bindings``, never by a copy.
@MainActor final class DrawCell: ListCell {
    let hash = Label("#", style: Style(foreground: .brightBlack))
    let snLabel = Label()
    let codeLabel = Label(style: Style(isBold: true))
    let winBadge = Label("WIN!", style: Style(foreground: .brightYellow, isBold: true))

    static let bindings: Bindings<DrawCell, DrawRow> = [
        .init(\.sn, ~>, \.snLabel.text),             // Int -> String, automatic
        .init(\.code, ~>, \.codeLabel.text),
        .init(\.isWin, ~>, \.winBadge.isVisible),
    ]

    var viewModel: DrawRow? { didSet { rebind() } }

    let boundBindings = BoundBindings()

    var isVisible = true
    /// One row: the labels stand at fixed columns in it.
    var frame = Rect.zero {
        didSet {
            let row = frame.origin.row, left = frame.origin.column
            hash.frame = Rect(column: left, row: row, columns: 1)
            snLabel.frame = Rect(column: left + 1, row: row, columns: 5)
            codeLabel.frame = Rect(column: left + 7, row: row, columns: 3)
            winBadge.frame = Rect(column: left + 12, row: row, columns: 4)
        }
    }

    func draw(in canvas: inout Canvas, context: DrawContext) {
        for label in [hash, snLabel, codeLabel, winBadge] where label.isVisible {
            label.draw(in: &canvas, context: context)
        }
    }
}
