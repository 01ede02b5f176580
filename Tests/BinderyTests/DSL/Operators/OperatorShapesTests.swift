import Testing
import Bindery

/// The view model the shapes are written against.
@Dynamic final class ShapesViewModel {
    var name = "ann"
    var avatarURL = "a.png"
}

/// A picture, as an image view shows one.
struct Picture: Sendable, Equatable {
    let url: String
}

/// An image view; not a control.
final class PictureView: @unchecked Sendable {
    var image: Picture? = nil
}

/// A label whose designated property is its text.
final class ShapesLabel: DesignatedProperty, @unchecked Sendable {
    var text: String? = nil
    static var designatedKeyPath: ReferenceWritableKeyPath<ShapesLabel, String?> { \.text }
}

/// A button: pressed by `press()`.
final class ShapesButton: Control, @unchecked Sendable {
    var taps = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<ShapesButton, Int> { \.taps }
    static var designatedEvents: ControlEvents { .touchUpInside }
    func press() {
        taps += 1
        sendActions(for: .touchUpInside)
    }
}

struct UppercaseTransformer: ReversibleTransformer {
    func transform(_ value: String) -> String { value.uppercased() }
    func reverseTransform(_ value: String) -> String { value.lowercased() }
}

struct ImageLoader: AsyncTransformer {
    func transform(_ url: String) async throws -> Picture { Picture(url: url) }
}

/// A cell of the shapes' history.
@Dynamic final class ShapesRow {
    var code = "123"
    var isWin = true
}

final class ShapesBadge {
    var isVisible = false
}

@MainActor final class ShapesCell: BindableView {
    let codeLabel = ShapesLabel(), badge = ShapesBadge()
    static let bindings: Bindings<ShapesCell, ShapesRow> = [
        .init(\.code, ~>, \.codeLabel.text),
        .init(\.isWin, ~>, \.badge.isVisible),
    ]
    var viewModel: ShapesRow? { didSet { rebind() } }
    let boundBindings = BoundBindings()
}

/// The "what a user writes", line for line (with its widgets declared above): it
/// compiles in Swift 6 mode, and each line does what its comment says.
@Suite(.failOnUnexpectedDiagnostics) struct OperatorShapesTests {
    @Test("The shapes of BIND's half, as written, compile and bind", .timeLimit(.minutes(1)))
    @MainActor
    func shapes() async throws {
        let vm = ShapesViewModel(), nameLabel = ShapesLabel(), nameField = TestField(), avatar = PictureView()
        let spinButton = ShapesButton(), cell = ShapesCell()
        var spins = 0

        (vm, \.name) ~> (nameLabel, \.text)
        #expect(nameLabel.text == "ann")
        (vm, \.name) <~ (nameField, \.text)
        #expect(vm.name == "")
        (vm, \.name) <> (nameField, \.text)
        (vm, \.name) !~> (nameLabel, \.text)
        (vm, \.name) <~! (nameField, \.text)
        (vm, \.name) <!> (nameField, \.text)
        nameField.type("bob")
        #expect(vm.name == "bob" && nameLabel.text == "bob")

        ((vm, \.name) ~> (nameLabel, \.text)).transform { $0.uppercased() }
        #expect(nameLabel.text == "BOB")
        ((vm, \.name) <> (nameField, \.text)).transformed(by: UppercaseTransformer())
        #expect(nameField.text == "BOB")
        ((vm, \.name) ~> (nameLabel, \.text)).transformed(by: UppercaseTransformer(), reversed: true)
        #expect(nameLabel.text == "bob")
        ((vm, \.avatarURL) ~> (avatar, \.image)).transformed(by: ImageLoader())
        ((vm, \.name) ~> (nameLabel, \.text)).observe { value in print("name is now", value) }

        nameField ~> nameLabel
        (vm, \.name) ~> nameLabel
        nameField ~> (vm, \.name)
        spinButton.observe { spins += 1 }
        spinButton.press()
        #expect(spins == 1)

        Bind.register(UppercaseTransformer(), as: "Uppercase")
        try Bind.expression("name ~> code | Uppercase").bind(vm, ShapesRow())

        cell.viewModel = ShapesRow()
        #expect(cell.codeLabel.text == "123" && cell.badge.isVisible)

        while avatar.image == nil, !Task.isCancelled { await Task.yield() }
        #expect(avatar.image == Picture(url: "a.png"))
    }
}
