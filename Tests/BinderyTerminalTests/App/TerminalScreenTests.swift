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
}
