/// The widgets that can take the focus, and which one has it: Tab and ↓ move to the next in
/// drawn order, Shift-Tab and ↑ to the previous, wrapping around. Draws a `▸` marker left of
/// the focused widget.
///
/// Drawn order is the order a person reads the screen in: by the widgets' frames, top to
/// bottom, then left to right; it follows the layout as it is now, so a new layout needs no
/// new ring. Hidden widgets are passed over; widgets at the same place keep the order of
/// ``members``.
///
/// ```swift
/// let ring = FocusRing([spinButton, nameField, rateSlider], focused: spinButton)
/// ring.handle(.tab)   // the focus goes to the widget drawn after the button, wrapping to the top
/// ```
@MainActor public final class FocusRing {
    /// The widgets that can take the focus.
    public private(set) var members: [any FocusableWidget]
    /// The position of the focused widget in ``members``.
    public private(set) var index = 0

    /// A ring over `members`.
    ///
    /// - Parameters:
    ///   - members: The widgets that can take the focus, in any order.
    ///   - focused: The one that has it first; the first member if nil or not a member.
    public init(_ members: [any FocusableWidget], focused: (any FocusableWidget)? = nil) {
        self.members = members
        if let focused, let start = members.firstIndex(where: { $0 === focused }) { index = start }
    }

    /// The positions in ``members`` in drawn order: visible widgets by frame, top to bottom,
    /// then left to right (all of them if none is visible).
    var drawnOrder: [Int] {
        let visible = members.indices.filter { members[$0].isVisible }
        return (visible.isEmpty ? Array(members.indices) : visible).sorted { a, b in
            let first = members[a].frame.origin, second = members[b].frame.origin
            return (first.row, first.column, a) < (second.row, second.column, b)
        }
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

    /// Moves the focus `offset` places along the ring, in drawn order (negative: backwards).
    public func advance(by offset: Int) {
        let order = drawnOrder
        guard !order.isEmpty else { return }
        // A hidden focused widget is not in the order: Tab goes to the first, Shift-Tab to the last.
        let here = order.firstIndex(of: index) ?? (offset > 0 ? order.count - 1 : 0)
        let count = order.count
        move(to: order[((here + offset % count) % count + count) % count])
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
