// What the examples of ViewBinding.swift leave out: the cell their subclass extends. Not part
// of any example.
import Bindery

@MainActor class DrawCell: BindableView {
    let codeLabel = Label()
    class var bindings: Bindings<DrawCell, DrawRow> { [.init(\.code, ~>, \.codeLabel.text)] }
    var viewModel: DrawRow? { didSet { rebind() } }
    let boundBindings = BoundBindings()
}
