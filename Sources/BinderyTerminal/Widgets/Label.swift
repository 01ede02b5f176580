import Bindery

/// A line of text: a receiver for any chain of text (`Bind.in(model, \.name).out(label, \.text)`).
///
/// Not a control: a person does not edit it. Text longer than the frame is cut.
@MainActor public final class Label: Widget, @MainActor DesignatedProperty {
    /// The text; nil shows nothing.
    public var text: String?
    /// How it is drawn.
    public var style: Style
    /// Whether it blinks (reverse video every other phase), as a winning reel does.
    public var isBlinking = false
    public var frame: Rect
    public var isVisible = true

    /// A label at `frame`.
    public init(_ text: String? = nil, frame: Rect = .zero, style: Style = .plain) {
        self.text = text
        self.frame = frame
        self.style = style
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        var style = style
        if isBlinking, context.isBlinkPhase { style.isReversed.toggle() }
        canvas.draw(text ?? "", at: frame.origin, style: style, width: frame.size.columns)
    }
}

extension Label {
    /// The property the operators' shorthands bind: `field ~> label` shows the field's text.
    public static var designatedKeyPath: ReferenceWritableKeyPath<Label, String?> { \.text }
}
