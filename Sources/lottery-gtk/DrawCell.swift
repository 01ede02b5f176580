#if GTK
import Bindery
import BinderyGTK
import CGtk
import LotteryModel

/// A row of the history list: `#12  317  WIN!`. The list box reuses it for another draw as it
/// scrolls, by assigning ``viewModel``; its labels follow the draw through the bindings
/// declared once in ``bindings``, never by a copy (the terminal's `DrawCell`, in GTK widgets).
@MainActor final class DrawCell: ListBoxCell {
    let box = ColorBox(orientation: .horizontal)
    let hash = Label("#", cssClasses: ["lottery-history-sn"])
    let snLabel = Label(cssClasses: ["lottery-history-sn"])
    let codeLabel = Label(cssClasses: ["lottery-history-code"])
    let winBadge = Label("WIN!", cssClasses: ["lottery-history-win"])

    static let bindings: Bindings<DrawCell, DrawRow> = [
        .init(\.sn, ~>, \.snLabel.text),             // Int -> String, automatic
        .init(\.code, ~>, \.codeLabel.text),
        .init(\.isWin, ~>, \.winBadge.isVisible),
    ]

    var viewModel: DrawRow? { didSet { rebind() } }

    let boundBindings = BoundBindings()

    /// The row's box, which the list box places in one of its rows.
    var widget: UnsafeMutablePointer<GtkWidget>? { box.widget }

    init() {
        for label in [hash, snLabel, codeLabel, winBadge] { box.append(label) }
        if let sn = snLabel.widget { gtk_label_set_width_chars(OpaquePointer(sn), 5); gtk_label_set_xalign(OpaquePointer(sn), 0) }
        winBadge.isVisible = false
    }
}
#endif
