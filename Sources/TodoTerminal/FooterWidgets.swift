import Bindery
import BinderyTerminal
import TodoModel

/// The counter: "**2** items left", the number bold.
@MainActor final class Counter: Widget {
    /// How many todos are active, as bound.
    var count = 0
    var frame = Rect.zero
    var isVisible = true

    func draw(in canvas: inout Canvas, context: DrawContext) {
        let number = String(count)
        canvas.draw(number, at: frame.origin, style: Style(isBold: true))
        let rest = " \(TodoApp.items(count)) left"
        canvas.draw(rest, at: Point(column: frame.origin.column + number.count, row: frame.origin.row), style: .plain, width: max(0, frame.size.columns - number.count))
    }
}

/// A filter's link: Enter, Space or a click chooses it; the chosen one is drawn `[All]`,
/// underlined, the others ` All `.
@MainActor final class FilterTab: FocusableWidget {
    let filter: TodoFilter
    /// Whether it is the chosen filter, as bound.
    var isSelected = false
    var frame = Rect.zero
    var isVisible = true
    /// Chooses the filter.
    let choose: @MainActor (TodoFilter) -> Void

    init(_ filter: TodoFilter, choose: @escaping @MainActor (TodoFilter) -> Void) {
        self.filter = filter
        self.choose = choose
    }

    /// Its width on the screen.
    var width: Int { filter.title.count + 2 }

    func handle(_ key: Key) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        choose(filter)
        return true
    }

    func handle(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        if event.action == .release, frame.contains(event.position) { choose(filter) }
        return true
    }

    func draw(in canvas: inout Canvas, context: DrawContext) {
        let text = isSelected ? "[\(filter.title)]" : " \(filter.title) "
        let style = Style(foreground: isSelected ? .brightWhite : .default, isBold: isSelected, isReversed: context.isFocused, isUnderlined: isSelected)
        canvas.draw(text, at: frame.origin, style: style, width: frame.size.columns)
    }
}
