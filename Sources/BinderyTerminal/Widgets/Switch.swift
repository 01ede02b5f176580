import Bindery

/// An on/off switch: a `Control` whose designated property is ``isOn`` and whose
/// user toggles fire `.valueChanged`.
///
/// Space or Enter toggles it and fires `.valueChanged`, and so does a click (a left press on
/// it and the release still inside its frame); a program's own set fires nothing.
///
/// ```swift
/// Bind.inout(lottery, \.flashesOnWin).inout(flashSwitch, \.isOn, on: .valueChanged)
/// ```
@MainActor public final class Switch: FocusableWidget, ActivatableWidget, @MainActor Control {
    /// Whether it is on.
    public var isOn: Bool
    public var frame: Rect
    public var isVisible = true
    public let eventCenter = ControlEventCenter()
    public static var designatedKeyPath: ReferenceWritableKeyPath<Switch, Bool> { \.isOn }
    public static var designatedEvents: ControlEvents { .valueChanged }

    /// A switch at `frame`.
    public init(isOn: Bool = false, frame: Rect = .zero) {
        self.isOn = isOn
        self.frame = frame
    }

    public func handle(_ key: Key) -> Bool { handleActivation(key) }

    public func handle(_ event: MouseEvent) -> Bool { handleActivation(event) }

    func activate() { toggle() }

    /// A person's toggle: flips ``isOn`` and fires `.valueChanged`.
    private func toggle() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        let text = isOn ? "[● on ]" : "[○ off]"
        canvas.draw(text, at: frame.origin, style: Style(foreground: isOn ? .green : .default, isBold: context.isFocused, isReversed: context.isFocused))
    }
}
