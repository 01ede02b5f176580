import Bindery
import BinderyTerminal
import LotteryModel

/// A history cell for the list's tests: shows a draw's code, and counts how many times it was
/// given a view model (a rebinding).
@MainActor final class RowCell: ListCell {
    let codeLabel = Label()
    private(set) var rebinds = 0

    static let bindings: Bindings<RowCell, DrawRow> = [.init(\.code, ~>, \.codeLabel.text)]

    var viewModel: DrawRow? { didSet { rebind() } }

    let boundBindings = BoundBindings()
    var isVisible = true
    var frame = Rect.zero { didSet { codeLabel.frame = frame } }

    func viewModelDidChange() { rebinds += 1 }

    func draw(in canvas: inout Canvas, context: DrawContext) {
        codeLabel.draw(in: &canvas, context: context)
    }
}

/// Rows numbered `range`, each showing its number as its code ("c7").
@MainActor func drawRows(_ range: Range<Int>) -> [DrawRow] {
    range.map { DrawRow(sn: $0, code: "c\($0)", isWin: false) }
}
