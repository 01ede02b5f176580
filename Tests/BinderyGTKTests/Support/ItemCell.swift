#if GTK
import Bindery
import BinderyGTK
import CGtk

/// A row of the list box's tests: a named item.
@MainActor @Dynamic final class Item {
    var name: String

    init(_ name: String) {
        self.name = name
    }
}

/// A model with a list of items, to bind a list box to.
@MainActor @Dynamic final class Shelf {
    var items: [Item] = []
}

/// A list box cell for the tests: shows its item's name in a label, and counts how many times
/// it was given a view model (a rebinding).
@MainActor final class ItemCell: ListBoxCell {
    let label = Label()
    private(set) var assignments = 0

    static let bindings: Bindings<ItemCell, Item> = [.init(\.name, ~>, \.label.text)]

    var viewModel: Item? {
        didSet {
            assignments += 1
            rebind()
        }
    }

    let boundBindings = BoundBindings()

    var widget: UnsafeMutablePointer<GtkWidget>? { label.widget }
}

/// Items named "0", "1", … for `range`.
@MainActor func items(_ range: Range<Int>) -> [Item] {
    range.map { Item("\($0)") }
}
#endif
