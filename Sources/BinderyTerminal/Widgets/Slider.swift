import Bindery

/// A horizontal slider: a `Control` whose designated property is ``value`` and
/// whose user moves fire `.valueChanged`.
///
/// ← and → move it one step, Home and End to its ends; a click or a drag sets the step under
/// the pointer (the `[` is the left end, the `]` the right, a drag past them stops there).
/// Each move fires `.valueChanged`; a move to where it already is fires nothing. The
/// value is always `minimum + (maximum - minimum) * i / steps` for a whole `i`, computed so
/// that a step of a tenth shows as `0.1` (not `0.10000000149011612`) wherever it is bound. A
/// program's own set of ``value`` fires nothing (it is drawn at the nearest step).
///
/// ```swift
/// Bind.inout(lottery, \.winRate).inout(rateSlider, \.value, on: .valueChanged)
/// ```
@MainActor public final class Slider: FocusableWidget, @MainActor Control {
    /// The value, from ``minimum`` to ``maximum``.
    public var value: Float
    /// The left end.
    public let minimum: Float
    /// The right end.
    public let maximum: Float
    /// How many steps from one end to the other.
    public let steps: Int
    public var frame: Rect
    public var isVisible = true
    public let eventCenter = ControlEventCenter()
    public static var designatedKeyPath: ReferenceWritableKeyPath<Slider, Float> { \.value }
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A slider from `minimum` to `maximum` in `steps` steps, at `value`.
    public init(value: Float = 0, minimum: Float = 0, maximum: Float = 1, steps: Int = 20, frame: Rect = .zero) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.steps = max(1, steps)
        self.value = value
        self.frame = frame
    }

    /// The step nearest the value.
    private var step: Int {
        guard maximum > minimum, value.isFinite else { return 0 }
        let position = ((value - minimum) / (maximum - minimum) * Float(steps)).rounded()
        return Int(min(max(position, 0), Float(steps)))
    }

    /// The value at step `index`.
    private func value(atStep index: Int) -> Float {
        minimum + (maximum - minimum) * Float(index) / Float(steps)
    }

    public func handle(_ key: Key) -> Bool {
        let target: Int
        switch key {
        case .left: target = step - 1
        case .right: target = step + 1
        case .home: target = 0
        case .end: target = steps
        default: return false
        }
        move(toStep: target)
        return true
    }

    public func handle(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        if event.action != .release { move(toStep: step(atColumn: event.position.column)) }
        return true
    }

    /// The step a click at `column` picks: the track's `n`-th cell fills the track up to it.
    func step(atColumn column: Int) -> Int {
        let track = frame.size.columns - 2
        guard track > 0 else { return 0 }
        let offset = min(max(column - frame.origin.column, 0), track)
        return Int((Double(offset) * Double(steps) / Double(track)).rounded())
    }

    /// A person's move to step `target` (clamped to the ends); fires `.valueChanged` if the
    /// value changed.
    private func move(toStep target: Int) {
        let clamped = min(max(target, 0), steps)
        guard value(atStep: clamped) != value else { return }
        value = value(atStep: clamped)
        sendActions(for: .valueChanged)
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        let track = max(0, frame.size.columns - 2)
        let filled = steps == 0 ? 0 : (track * step + steps / 2) / steps
        let style = Style(isBold: context.isFocused)
        var point = frame.origin
        point.column += canvas.draw("[", at: point, style: style)
        point.column += canvas.draw(String(repeating: "■", count: filled), at: point, style: Style(foreground: context.isFocused ? .brightGreen : .green))
        point.column += canvas.draw(String(repeating: "·", count: track - filled), at: point, style: Style(foreground: .brightBlack))
        canvas.draw("]", at: point, style: style)
    }
}
