// What the documentation's examples take for granted: widgets as UI kits have them, isolated
// to the main actor, and the app's helpers. Not part of any example.
import Bindery

/// A label: its designated property is its text.
@MainActor final class Label: @MainActor DesignatedProperty, BindingTarget {
    var text: String?
    var isVisible = true
    static var designatedKeyPath: ReferenceWritableKeyPath<Label, String?> { \.text }
}

/// A text field: reports user edits as events.
@MainActor final class TextField: @MainActor Control {
    var text = ""
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TextField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }
}

/// A slider.
@MainActor final class Slider: @MainActor Control {
    var value: Float = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<Slider, Float> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }
}

/// A colour.
struct Color: Sendable {
    static let red = Color(), blue = Color(), green = Color()
}

/// A coloured view.
@MainActor final class ColorView {
    var color = Color.red
    var background = Color.red
}

let colors: [Color] = [.red, .green, .blue]

/// A button: a control whose designated event is a press.
@MainActor final class Button: @MainActor Control {
    var taps = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<Button, Int> { \.taps }
    static var designatedEvents: ControlEvents { .touchUpInside }
}

/// An image, and a view that shows one.
struct Image: Sendable {
    init(downloading url: String) async throws {}
}

@MainActor final class ImageView {
    var image: Image?
}

/// A row of a list of past draws: a view model.
@Dynamic final class DrawRow {
    var code = ""
    var isWin = false
    var guess = ""
    init(code: String) { self.code = code }
}

@MainActor let winCodeLabel = Label(), rateLabel = Label(), snLabel = Label()
@MainActor let middleDigitLabel = Label(), loseBadge = Label(), progressLabel = Label()
@MainActor let winCodeField = TextField()
@MainActor let rateSlider = Slider(), slider = Slider()
@MainActor let panel = ColorView(), view = ColorView()

@MainActor func flash() {}
@MainActor func finish() {}

/// A logger, usable from any thread.
struct Logger: Sendable {
    func warning(_ message: String) {}
}

let logger = Logger()
