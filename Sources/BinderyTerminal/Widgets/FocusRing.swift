/// The order in which widgets take the focus, and which one has it: Tab and ↓ move to the
/// next, Shift-Tab and ↑ to the previous, wrapping around. Draws a `▸` marker left of the
/// focused widget.
@MainActor public final class FocusRing {
    /// The widgets, in focus order.
    public private(set) var members: [any FocusableWidget]
    /// The position of the focused widget in ``members``.
    public private(set) var index = 0

    /// A ring over `members`; the first one has the focus.
    public init(_ members: [any FocusableWidget]) {
        self.members = members
    }

    /// The focused widget.
    public var focused: (any FocusableWidget)? {
        members.indices.contains(index) ? members[index] : nil
    }

    /// Moves the focus to `widget`, if it is a member.
    public func focus(_ widget: any FocusableWidget) {
        guard let target = members.firstIndex(where: { $0 === widget }) else { return }
        move(to: target)
    }

    /// Moves the focus `offset` places along the ring.
    public func advance(by offset: Int) {
        guard !members.isEmpty else { return }
        move(to: ((index + offset) % members.count + members.count) % members.count)
    }

    private func move(to target: Int) {
        guard target != index else { return }
        focused?.focusChanged(to: false)
        index = target
        focused?.focusChanged(to: true)
    }

    /// Handles the keys that move the focus; answers whether `key` was one.
    public func handle(_ key: Key) -> Bool {
        switch key {
        case .tab, .down: advance(by: 1)
        case .backTab, .up: advance(by: -1)
        default: return false
        }
        return true
    }

    /// Draws the marker.
    func draw(in canvas: inout Canvas) {
        guard let focused, focused.isVisible, focused.frame.origin.column > 0 else { return }
        let origin = focused.frame.origin
        canvas.draw("▸", at: Point(column: origin.column - 1, row: origin.row), style: Style(foreground: .brightYellow, isBold: true))
    }
}
