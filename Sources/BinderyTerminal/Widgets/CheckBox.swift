import Bindery

/// A check box with a caption: a `Control` whose designated property is ``isOn`` and
/// whose user toggles fire `.valueChanged`.
///
/// Drawn `☑ caption` when on and `☐ caption` when off. Space or Enter toggles it and fires
/// `.valueChanged`, and so does a click (a left press on it and the release still inside its
/// frame); a program's own set of ``isOn`` fires nothing, so a two-way binding shows the
/// model's state without echo.
///
/// ```swift
/// let markAll = CheckBox("Mark all as complete")
/// Bind.inout(app, \.allCompleted).inout(markAll, \.isOn, on: .valueChanged)
/// ```
@MainActor public final class CheckBox: FocusableWidget, ActivatableWidget, @MainActor Control {
    /// Whether it is checked.
    public var isOn: Bool
    /// The caption, right of the box.
    public var title: String
    public var frame: Rect
    public var isVisible = true
    public let eventCenter = ControlEventCenter()
    public static var designatedKeyPath: ReferenceWritableKeyPath<CheckBox, Bool> { \.isOn }
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A check box captioned `title`, at `frame`.
    ///
    /// - Parameters:
    ///   - title: The caption.
    ///   - isOn: Whether it starts checked.
    ///   - frame: Where it is drawn.
    public init(_ title: String = "", isOn: Bool = false, frame: Rect = .zero) {
        self.title = title
        self.isOn = isOn
        self.frame = frame
    }

    public func handle(_ key: Key) -> Bool { handleActivation(key) }

    public func handle(_ event: MouseEvent) -> Bool { handleActivation(event) }

    func activate() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        canvas.draw(isOn ? "☑" : "☐", at: frame.origin, style: Style(foreground: isOn ? .green : .default, isBold: true, isReversed: context.isFocused))
        canvas.draw(" " + title, at: Point(column: frame.origin.column + 1, row: frame.origin.row), style: Style(isBold: context.isFocused), width: max(0, frame.size.columns - 1))
    }
}
