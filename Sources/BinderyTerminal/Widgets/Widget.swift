import Bindery

/// Something drawn on a terminal screen.
///
/// Widgets draw their current state each frame; the screen writes only the cells that
/// changed. They are isolated to the main actor, as every UI kit's widgets are. Every widget is a
/// `BindingTarget`: `label.bindKey(\.text, toKeyPath: \.name, of: user)` keeps it in step.
@MainActor public protocol Widget: BindingTarget {
    /// Where the widget is drawn.
    var frame: Rect { get set }
    /// Whether it is drawn.
    var isVisible: Bool { get set }
    /// Draws the widget into `canvas`.
    func draw(in canvas: inout Canvas, context: DrawContext)
}

/// A widget that takes keys while it has the focus.
@MainActor public protocol FocusableWidget: Widget {
    /// Handles `key`; answers whether it was used (an unused key goes to the screen: Tab
    /// moves the focus, Esc quits).
    func handle(_ key: Key) -> Bool
    /// Handles a mouse event, as a person's edit (the control events fire as for a key):
    /// ``TerminalScreen`` sends a left press inside the widget's frame, once it has the focus,
    /// then that press's drags and its release, wherever the pointer has gone; and a wheel
    /// notch over the widget, focused or not. Answers whether it was used; by default nothing
    /// is (a click only focuses the widget).
    func handle(_ event: MouseEvent) -> Bool
    /// Where the terminal's cursor stands while the widget has the focus, or nil to hide it.
    var cursor: Point? { get }
    /// The focus arrived (`true`) or left (`false`).
    func focusChanged(to isFocused: Bool)
}

extension FocusableWidget {
    public func handle(_ event: MouseEvent) -> Bool { false }
    public var cursor: Point? { nil }
    public func focusChanged(to isFocused: Bool) {}
}

/// What a widget needs to know to draw itself this frame.
public struct DrawContext: Sendable {
    /// Whether the widget has the focus.
    public var isFocused: Bool
    /// Whether blinking widgets show their highlighted phase; flips a few times a second.
    public var isBlinkPhase: Bool

    /// A context.
    public init(isFocused: Bool = false, isBlinkPhase: Bool = false) {
        self.isFocused = isFocused
        self.isBlinkPhase = isBlinkPhase
    }
}

/// A widget a person activates as a whole: a button presses, a switch toggles. Space or Enter
/// activates it, and so does a left click released on it.
@MainActor protocol ActivatableWidget: FocusableWidget {
    /// What a person's activation does (it fires the widget's control event).
    func activate()
}

extension ActivatableWidget {
    /// Activates on Space or Enter; answers whether the key was used.
    func handleActivation(_ key: Key) -> Bool {
        guard key == .character(" ") || key == .enter else { return false }
        activate()
        return true
    }

    /// Activates on a left click released inside the frame; answers whether the event was used.
    func handleActivation(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        if event.action == .release, frame.contains(event.position) { activate() }
        return true
    }
}
