import Bindery

/// A push button: a `Control` whose designated property is ``taps``, the number of
/// presses, and whose presses fire `.touchUpInside`.
///
/// Enter or Space presses it: ``taps`` goes up by one and `.touchUpInside` fires. So does a
/// click: a left press on it and the release still inside its frame (a release elsewhere
/// presses nothing, as in every UI kit). While ``isEnabled`` is false it is drawn dim and a
/// press does nothing (it still takes the focus, so Tab does not skip it). Bind a
/// block to act on a press (`initial: false`, so binding does not press it):
///
/// ```swift
/// Bind.in(spinButton).out("spin", initial: false, delivery: .mainActor) { lottery.spin() }
/// Bind.in(form, \.isValid).out(submitButton, \.isEnabled)     // dim until the form is valid
/// ```
@MainActor public final class Button: FocusableWidget, ActivatableWidget, @MainActor Control {
    /// The caption.
    public var title: String
    /// How many times it was pressed.
    public var taps = 0
    /// Whether a person can press it; a disabled button is drawn dim, and ``press()`` does
    /// nothing.
    public var isEnabled = true
    public var frame: Rect
    public var isVisible = true
    public let eventCenter = ControlEventCenter()
    public static var designatedKeyPath: ReferenceWritableKeyPath<Button, Int> { \.taps }
    public static var designatedEvents: ControlEvents { .touchUpInside }

    /// A button captioned `title`, at `frame`.
    public init(_ title: String, frame: Rect = .zero) {
        self.title = title
        self.frame = frame
    }

    /// Presses the button, as Enter or Space does; nothing while it is disabled.
    public func press() {
        guard isEnabled else { return }
        taps += 1
        sendActions(for: .touchUpInside)
    }

    public func handle(_ key: Key) -> Bool { handleActivation(key) }

    public func handle(_ event: MouseEvent) -> Bool { handleActivation(event) }

    func activate() { press() }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        let style = isEnabled
            ? Style(isBold: true, isReversed: context.isFocused)
            : Style(foreground: .brightBlack, isUnderlined: context.isFocused, isDim: true)
        canvas.draw("[ \(title) ]", at: frame.origin, style: style, width: frame.size.columns)
    }
}
