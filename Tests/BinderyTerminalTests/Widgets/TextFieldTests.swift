import Bindery
import LotteryModel
import Testing
@testable import BinderyTerminal

/// The text field: user edits fire `.editingChanged`, a program's sets fire nothing.
@MainActor @Suite struct TextFieldTests {
    @Test("Typing, Backspace and Delete edit at the cursor and fire editingChanged each")
    func typingFires() {
        let field = TextField("ac")
        let changes = EventCount(field, on: .editingChanged)
        #expect(field.handle(.left))
        #expect(field.handle(.character("b")))
        #expect(field.text == "abc")
        #expect(field.handle(.backspace))
        #expect(field.text == "ac")
        #expect(field.handle(.home) && field.handle(.delete))
        #expect(field.text == "c")
        #expect(changes.value == 3)
    }

    @Test("Enter fires primaryActionTriggered, and is used; a block bound to it runs on Enter, not on edits, beside a two-way chain of the text")
    func enterFiresPrimaryAction() {
        let field = TextField("")
        let model = Lottery()
        Bind.inout(model, \.player).inout(field, \.text, on: .editingChanged)
        let entered = EventCount(field, on: .primaryActionTriggered)
        let edits = EventCount(field, on: .editingChanged)
        #expect(field.handle(.character("a")) && field.handle(.character("b")))
        #expect(entered.value == 0 && edits.value == 2 && model.player == "ab")
        #expect(field.handle(.enter))
        #expect(entered.value == 1 && edits.value == 2)
    }

    @Test("A secure field shows a bullet per character, and keeps the text")
    func secureField() {
        let field = TextField("pass", frame: Rect(column: 0, row: 0, columns: 10))
        field.isSecure = true
        var canvas = Canvas(size: Size(columns: 10, rows: 1))
        field.draw(in: &canvas, context: DrawContext())
        #expect(canvas.text(ofRow: 0).hasPrefix("••••"))
        #expect(field.text == "pass" && field.cursor == Point(column: 4, row: 0))
        _ = field.handle(.character("中"))
        #expect(field.text == "pass中" && field.cursor == Point(column: 5, row: 0))   // one bullet, one column
    }

    @Test("Moving the cursor and a program's set of text fire nothing")
    func programSetsAreSilent() {
        let field = TextField("abc")
        let changes = EventCount(field, on: .editingChanged)
        _ = field.handle(.left)
        _ = field.handle(.home)
        _ = field.handle(.end)
        field.text = "xyz"
        #expect(changes.value == 0)
        #expect(field.cursorIndex == 3)
    }

    @Test("Focus fires editingDidBegin and editingDidEnd")
    func focusEvents() {
        let field = TextField()
        let begins = EventCount(field, on: .editingDidBegin)
        let ends = EventCount(field, on: .editingDidEnd)
        let ring = FocusRing([Button("a"), field])
        ring.advance(by: 1)
        ring.advance(by: 1)
        #expect(begins.value == 1)
        #expect(ends.value == 1)
    }

    @Test("A keystroke a chain's filter refuses leaves the field and the model as they were")
    func refusedKeystroke() {
        let lottery = Lottery()
        let field = TextField()
        let label = Label()
        Bind.inout(lottery, \.winCode)
            .out(label, \.text)
            .inout(field, \.text, on: .editingChanged)
            .filter { Lottery.isAcceptable($0) }
        #expect(field.text == "777")
        _ = field.handle(.left)
        _ = field.handle(.character("4"))
        #expect(field.text == "777")
        #expect(lottery.winCode == "777")
        #expect(label.text == "777")
        #expect(field.cursorIndex == 2)   // where it was before the refused keystroke
        _ = field.handle(.backspace)
        #expect(lottery.winCode == "77")
        #expect(label.text == "77")
    }

    @Test("Wide characters take two columns and the cursor stands after them")
    func wideCharacters() {
        let field = TextField(frame: Rect(column: 3, row: 1, columns: 12))
        for character in "Zoë 中文" { _ = field.handle(.character(character)) }
        #expect(field.text == "Zoë 中文")
        #expect(field.cursor == Point(column: 3 + 8, row: 1))
        var canvas = Canvas(size: Size(columns: 20, rows: 3))
        field.draw(in: &canvas, context: DrawContext(isFocused: true))
        #expect(canvas.text(ofRow: 1).hasPrefix("   Zoë 中文"))
    }

    @Test("Text wider than the field scrolls to keep the cursor in view")
    func scrolls() {
        let field = TextField(String(repeating: "x", count: 30) + "END", frame: Rect(column: 0, row: 0, columns: 10))
        let cursor = field.cursor
        #expect(cursor.map { $0.column < 10 } == true)
        var canvas = Canvas(size: Size(columns: 10, rows: 1))
        field.draw(in: &canvas, context: DrawContext(isFocused: true))
        #expect(canvas.text(ofRow: 0).contains("END"))
    }

    @Test("A click puts the cursor before the character under it (a wide one counts whole) and fires nothing")
    func click() {
        let field = TextField("a中b", frame: Rect(column: 10, row: 0, columns: 12))
        let changes = EventCount(field, on: .editingChanged)
        for (column, index) in [(10, 0), (11, 1), (12, 1), (13, 2), (14, 3), (30, 3), (0, 0)] {
            #expect(field.handle(MouseEvent(.press, .left, at: Point(column: column, row: 0))))
            #expect(field.cursorIndex == index, "a click at column \(column)")
        }
        #expect(changes.value == 0)
    }

    @Test("A derived value that reads the field's text follows the person's typing")
    func derivedFollowsTyping() {
        let field = TextField("ab")
        let length = Derived { @MainActor in field.text.count }
        #expect(length.value == 2)
        #expect(field.handle(.character("c")))
        #expect(length.value == 3)
    }
}
