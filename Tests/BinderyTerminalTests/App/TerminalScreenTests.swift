import Testing
@testable import BinderyTerminal

/// The screen: keys go to the focused widget first, then the focus ring, then the quit keys.
@MainActor @Suite struct TerminalScreenTests {
    @Test("A key the focused widget uses never quits or moves the focus")
    func routing() {
        let field = TextField(), button = Button("b")
        let screen = TerminalScreen(widgets: [field, button], focus: [field, button])
        screen.quitKeys.append(.character("q"))
        #expect(!screen.handle(.character("q")))   // typed into the field
        #expect(field.text == "q")
        #expect(!screen.handle(.tab))
        #expect(screen.focus.focused === button)
        #expect(screen.handle(.character("q")))    // the button does not use it: quit
        #expect(screen.handle(.escape))
        #expect(screen.handle(.control("c")))
    }

    @Test("A frame draws every visible widget in order, and the focus marker")
    func render() {
        let hidden = Label("hidden", frame: Rect(column: 0, row: 0, columns: 6))
        hidden.isVisible = false
        let button = Button("Go", frame: Rect(column: 1, row: 1, columns: 6))
        let screen = TerminalScreen(widgets: [hidden, button], focus: [button])
        let frame = screen.render(size: Size(columns: 8, rows: 2))
        #expect(frame.text(ofRow: 0) == "        ")
        #expect(frame.text(ofRow: 1) == "▸[ Go ] ")
        #expect(frame[1, 1].style.isReversed)   // the focused button
    }

    @Test("Hit-testing finds the topmost visible widget whose frame holds the cell")
    func hitTesting() {
        let panel = Panel(frame: Rect(column: 0, row: 0, columns: 10, rows: 3))
        let label = Label("on top", frame: Rect(column: 2, row: 1, columns: 6))
        let hidden = Button("hidden", frame: Rect(column: 0, row: 0, columns: 10))
        hidden.isVisible = false
        let screen = TerminalScreen(widgets: [panel, label, hidden], focus: [hidden])
        #expect(screen.widget(at: Point(column: 3, row: 1)) === label)
        #expect(screen.widget(at: Point(column: 1, row: 1)) === panel)
        #expect(screen.widget(at: Point(column: 0, row: 0)) === panel)
        #expect(screen.widget(at: Point(column: 10, row: 1)) == nil)
    }

    @Test("A click focuses the widget under the pointer and acts on it; drags and the release go to the widget pressed")
    func clicks() {
        let field = TextField(frame: Rect(column: 0, row: 0, columns: 6))
        let slider = Slider(value: 0, steps: 10, frame: Rect(column: 0, row: 1, columns: 12))
        let toggle = Switch(frame: Rect(column: 0, row: 2, columns: 7))
        let button = Button("Go", frame: Rect(column: 0, row: 3, columns: 6))
        let caption = Label("caption", frame: Rect(column: 8, row: 0, columns: 7))
        let screen = TerminalScreen(widgets: [field, slider, toggle, button, caption], focus: [field, slider, toggle, button], focused: button)
        let taps = EventCount(button, on: .touchUpInside)
        let moves = EventCount(slider, on: .valueChanged)
        func click(_ column: Int, _ row: Int) {
            #expect(!screen.handle(.mouse(MouseEvent(.press, .left, at: Point(column: column, row: row)))))
            #expect(!screen.handle(.mouse(MouseEvent(.release, .left, at: Point(column: column, row: row)))))
        }
        click(2, 0)
        #expect(screen.focus.focused === field)
        click(9, 0)                                   // a label: the focus stays
        #expect(screen.focus.focused === field)
        click(3, 2)
        #expect(screen.focus.focused === toggle && toggle.isOn)
        click(1, 3)
        #expect(screen.focus.focused === button && taps.value == 1)
        // A drag from the slider moves it even off its row; the release ends the drag.
        _ = screen.handle(.mouse(MouseEvent(.press, .left, at: Point(column: 1, row: 1))))
        #expect(screen.focus.focused === slider && slider.value == 0.1)
        _ = screen.handle(.mouse(MouseEvent(.drag, .left, at: Point(column: 6, row: 3))))
        #expect(slider.value == 0.6)
        _ = screen.handle(.mouse(MouseEvent(.release, .left, at: Point(column: 1, row: 3))))
        _ = screen.handle(.mouse(MouseEvent(.drag, .left, at: Point(column: 9, row: 1))))   // no button held any more
        #expect(slider.value == 0.6 && moves.value == 2)
        #expect(taps.value == 1)                        // the release over the button pressed nothing
        // Other buttons do nothing.
        _ = screen.handle(.mouse(MouseEvent(.press, .right, at: Point(column: 1, row: 3))))
        #expect(screen.focus.focused === slider)
    }

    @Test("A wheel notch goes to the focusable widget under the pointer (a list scrolls), and the focus stays")
    func wheelThroughTheScreen() {
        let list = List(frame: Rect(column: 0, row: 0, columns: 12, rows: 4)) { RowCell() }
        list.rows = drawRows(0..<10)
        let button = Button("Go", frame: Rect(column: 0, row: 5, columns: 6))
        let screen = TerminalScreen(widgets: [list, button], focus: [list, button], focused: button)
        _ = screen.handle(.mouse(MouseEvent(.press, .wheelDown, at: Point(column: 2, row: 2))))
        #expect(list.offset == 3 && screen.focus.focused === button)
        _ = screen.handle(.mouse(MouseEvent(.press, .wheelDown, at: Point(column: 2, row: 5))))   // over the button
        #expect(list.offset == 3)
    }

    @Test("The key handler sees each key before the focused widget; a key it uses goes no further")
    func keyHandler() {
        let field = TextField()
        let button = Button("OK")
        let screen = TerminalScreen(widgets: [field, button], focus: [field, button], focused: field)
        var seen: [Key] = []
        screen.keyHandler = { key in
            seen.append(key)
            return key == .character("1")
        }
        #expect(!screen.handle(.character("1")))
        #expect(!screen.handle(.character("2")))
        #expect(field.text == "2" && seen == [.character("1"), .character("2")])
        _ = screen.handle(.mouse(MouseEvent(.press, .left, at: Point(column: 0, row: 0))))
        #expect(seen.count == 2)                       // mouse reports go to the widgets
    }
}

