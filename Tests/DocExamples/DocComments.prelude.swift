// What the doc comments' examples in Sources/Bindery leave out: their models, their widgets
// beyond Widgets.swift's, and the app's helpers. Not part of any example.
import Bindery
import Foundation

// The view models.

@Dynamic final class Lottery {
    var sn = 0
    var code = ""
    var winCode = "222"
    var isWin = false
    var winRate = 0.5
    var digits = [2, 2, 2]
    var history = [""]
}

@Dynamic final class Model {
    var title = ""
    var name = ""
    var query = ""
    var volume = 0.5
    var total = 0
    var scores = [0]
    var hex = "#ff0000"
    var day = Day(Date())
}

@Dynamic final class Settings {
    var defaultRate = 0.5
    var isMuted = false
    var name = ""
}

/// Changed off the main actor.
@Dynamic final class Downloader {
    var progress = 0.0
    var bytes = 0
}

@Dynamic final class Machine {
    var lastDraw = ""
}

@Dynamic final class Document {
    var url = URL(fileURLWithPath: "/tmp/untitled.txt")
}

@Dynamic final class Swatch {
    var color = Color.red
}

/// A sound player that any thread may use (a real one keeps its state behind a lock).
@Dynamic final class Player: @unchecked Sendable {
    var isSoundOn = true
    func click() {}
}

/// A point.
struct Point: Sendable {
    var x = 0.0, y = 0.0
}

/// A calendar day.
struct Day: Sendable {
    var date: Date
    init(_ date: Date) { self.date = date }
}

extension Color {
    init(hex: String) { self = .red }
    var hex: String { "#ff0000" }
}

@MainActor let lottery = Lottery(), model = Model(), settings = Settings(), downloader = Downloader()
@MainActor let machine = Machine(), document = Document(), swatch = Swatch()
let player = Player()

// The widgets.

/// A switch.
@MainActor final class Switch: @MainActor Control {
    var isOn = false
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<Switch, Bool> { \.isOn }
    static var designatedEvents: ControlEvents { .valueChanged }
}

/// A date picker.
@MainActor final class DatePicker: @MainActor Control {
    var date = Date()
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<DatePicker, Date> { \.date }
    static var designatedEvents: ControlEvents { .valueChanged }
}

/// A progress bar.
@MainActor final class ProgressBar {
    var value = 0.0
}

/// A chart that redraws.
@MainActor final class Chart {
    func setNeedsDisplay() {}
}

/// A board of past draws.
@MainActor final class Board {
    var history = [""]
}

/// A table cell.
@MainActor final class Cell {
    let label = Label()
}

@MainActor let label = Label(), sizeLabel = Label(), counterLabel = Label(), greeting = Label()
@MainActor let searchField = TextField(), nameField = TextField(), firstDigitField = TextField()
@MainActor let volumeSlider = Slider(), soundSwitch = Switch(), picker = DatePicker()
@MainActor let progressBar = ProgressBar(), chart = Chart(), board = Board(), cell = Cell()

/// A formatter that lives on the main actor, as `ByteCountFormatter`s in apps do.
@MainActor final class SizeFormatter {
    func string(for bytes: Int) -> String { "\(bytes) bytes" }
}

@MainActor let sizeFormatter = SizeFormatter()

// The operators', transformers' and MVVM kit's examples.

@MainActor let vm = Model()
@MainActor let nameLabel = Label(), otherField = TextField(), rateField = TextField()
@MainActor let avatar = ImageView(), spinButton = Button(), spinner = Switch()

/// Uppercases; lowercases back.
struct Uppercase: ReversibleTransformer {
    func transform(_ value: String) -> String { value.uppercased() }
    func reverseTransform(_ value: String) -> String { value.lowercased() }
}

/// A rate as a percentage, both ways.
struct Percent: ReversibleTransformer {
    func transform(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }
    func reverseTransform(_ text: String) -> Double { (Double(text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }) ?? 0) / 100 }
}

/// Downloads an avatar.
struct AvatarLoader: AsyncTransformer {
    func transform(_ url: String) async throws -> Image { try await Image(downloading: url) }
}

/// A reusable cell of the draw history.
@MainActor class DrawCell: BindableView {
    let codeLabel = Label(), badge = Label(), guessField = TextField(), codeField = TextField()
    class var bindings: Bindings<DrawCell, DrawRow> { [.init(\.code, ~>, \.codeLabel.text)] }
    var viewModel: DrawRow? { didSet { rebind() } }
    let boundBindings = BoundBindings()
}

/// Makes the rows of the draw history.
@MainActor final class DrawHistory: DataController {
    func viewModels(for count: Int) async throws -> [DrawRow] { (0..<count).map { DrawRow(code: String($0)) } }
}

// Target-actions, key bindings and coalescing.

@Dynamic final class User: @unchecked Sendable {
    var name = "Ada"
    var nickname = ""
    var age = 0
}

/// A main-actor screen whose methods are actions.
@MainActor final class Screen: BindingTarget {
    func nameChanged() {}
    func nameDidChange(_ change: Change<String>) {}
    func reload() {}
    func layout() {}
    func expensiveLayout() {}
}

/// A view that does not adopt `BindingTarget`.
@MainActor final class TitleView {
    var text = ""
}

@MainActor let user = User()
@MainActor let screen = Screen()
@MainActor let titleView = TitleView()
@MainActor let registration = user.addTarget(screen, action: Screen.nameChanged, forKeyPathChange: \.name)

// Async sequences (Interop/): sequences of readings.

@MainActor let temperatureLabel = Label()
let temperatures = AsyncStream.makeStream(of: Double.self).stream
let readings = AsyncThrowingStream<Double, any Error> { $0.finish() }

// Lists.

/// A to-do item.
struct Todo: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var done = false
}

@Dynamic final class TodoList {
    var items: [Todo] = []
}

/// A row view model told apart by its id.
final class RowModel: Identifiable {
    let id: Int
    init(id: Int) { self.id = id }
}

@Dynamic final class RowStore {
    var rows: [RowModel] = []
    var models: [DrawRow] = []
}

@Dynamic final class Tags {
    var names: [String] = []
}

/// A row made of a to-do item.
final class TodoRow: Sendable {
    let todo: Todo
    init(todo: Todo) { self.todo = todo }
}

/// A list view: the rows it was sent.
@MainActor final class RowsView<Element>: @MainActor ListReceiver {
    var rows: [Element] = []
    func apply(_ change: ListChange<Element>) { change.apply(to: &rows) }
}

let milk = Todo(id: 7, title: "milk"), eggs = Todo(id: 8, title: "eggs")
@MainActor let list = TodoList(), store = RowStore(), tags = Tags()
@MainActor let todos = DynamicList<Todo>(), queue = DynamicList<Int>()
@MainActor let todoView = RowsView<Todo>(), historyView = RowsView<DrawRow>(), rowsView = RowsView<RowModel>()
@MainActor let tagsView = RowsView<String>(), listWidget = RowsView<TodoRow>()
@MainActor let rows = [RowModel(id: 1), RowModel(id: 2)], newRow = RowModel(id: 3)
@MainActor var shown: [Todo] = []
