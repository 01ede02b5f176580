import Bindery

/// A one-line text field: a `Control` whose designated property is ``text`` and
/// whose user edits fire `.editingChanged`.
///
/// Typing inserts at the cursor, Backspace and Delete remove, ←, →, Home and End move the
/// cursor, and so does a click (to the character under the pointer, or the end); each edit
/// fires `.editingChanged` (moving the cursor fires nothing). Taking the
/// focus fires `.editingDidBegin`, losing it `.editingDidEnd`. A program's (or Bindery's) own
/// set of ``text`` fires nothing. Enter fires `.primaryActionTriggered` (and is used: it does
/// not reach the screen). Wide characters (`中`) take two columns and the cursor follows them;
/// text wider than the field scrolls to keep the cursor in view. A field whose ``isSecure`` is
/// true shows a `•` for each character (a password).
///
/// ```swift
/// Bind.inout(lottery, \.winCode).inout(winCodeField, \.text, on: .editingChanged)
/// ```
@MainActor public final class TextField: FocusableWidget, @MainActor Control {
    /// The text. A set by code fires no event and puts the cursor at the end. A read inside a
    /// derived value's evaluation makes it follow the field's edits (see
    /// `Bindery/Control/reportRead()`).
    public var text: String {
        get {
            reportRead()
            return storedText
        }
        set {
            storedText = newValue
            cursorIndex = newValue.count
        }
    }
    private var storedText: String
    /// Shown, dimmed, while the text is empty.
    public var placeholder: String
    /// Whether the text is masked: each character shows as `•`, as a password field does.
    public var isSecure = false
    /// Where the cursor stands, in characters from the start.
    public private(set) var cursorIndex: Int
    public var frame: Rect
    public var isVisible = true
    public let eventCenter = ControlEventCenter()
    public static var designatedKeyPath: ReferenceWritableKeyPath<TextField, String> { \.text }
    public static var designatedEvents: ControlEvents { .editingChanged }

    /// A field at `frame`, holding `text`, with the cursor at its end.
    public init(_ text: String = "", placeholder: String = "", frame: Rect = .zero) {
        storedText = text
        self.placeholder = placeholder
        self.frame = frame
        cursorIndex = text.count
    }

    public func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            edit { text, cursor in
                text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
                cursor += 1
            }
        case .backspace:
            guard cursorIndex > 0 else { return true }
            edit { text, cursor in
                text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
                cursor -= 1
            }
        case .delete:
            guard cursorIndex < text.count else { return true }
            edit { text, cursor in text.remove(at: text.index(text.startIndex, offsetBy: cursor)) }
        case .left: cursorIndex = max(0, cursorIndex - 1)
        case .right: cursorIndex = min(text.count, cursorIndex + 1)
        case .home: cursorIndex = 0
        case .end: cursorIndex = text.count
        case .enter: sendActions(for: .primaryActionTriggered)
        default: return false
        }
        return true
    }

    public func handle(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        if event.action == .press { cursorIndex = index(atColumn: event.position.column) }
        return true
    }

    /// The cursor position a click at `column` picks: before the character drawn there (the
    /// half of a wide character counts as the whole), the end past the text.
    func index(atColumn column: Int) -> Int {
        let characters = Array(shown)
        var index = visible.first
        var left = frame.origin.column
        while index < characters.count {
            left += DisplayWidth.of(characters[index])
            guard left <= column else { break }
            index += 1
        }
        return index
    }

    /// Applies a user edit and reports it. If a chain refuses the new text (a filter puts the
    /// old text back), the cursor goes back to where it was.
    private func edit(_ change: (inout String, inout Int) -> Void) {
        let before = (text: text, cursor: cursorIndex)
        var edited = text, cursor = cursorIndex
        change(&edited, &cursor)
        text = edited
        cursorIndex = cursor
        sendActions(for: .editingChanged)
        if text != edited { cursorIndex = min(before.cursor, text.count) }
    }

    public func focusChanged(to isFocused: Bool) {
        sendActions(for: isFocused ? .editingDidBegin : .editingDidEnd)
    }

    /// The text as drawn: masked if ``isSecure``.
    private var shown: String {
        isSecure ? String(repeating: "•", count: storedText.count) : storedText
    }

    /// The characters shown: from `first`, as many as fit, keeping the cursor in view.
    private var visible: (first: Int, columns: Int) {
        let characters = Array(shown)
        let room = max(1, frame.size.columns - 1)
        var first = 0
        while DisplayWidth.of(String(characters[first..<cursorIndex])) > room - 1, first < cursorIndex { first += 1 }
        return (first, room)
    }

    public var cursor: Point? {
        let before = Array(shown)[visible.first..<cursorIndex]
        return Point(column: frame.origin.column + DisplayWidth.of(String(before)), row: frame.origin.row)
    }

    public func draw(in canvas: inout Canvas, context: DrawContext) {
        let field = Style(isBold: context.isFocused, isUnderlined: true)
        canvas.draw(String(repeating: " ", count: frame.size.columns), at: frame.origin, style: field)
        if text.isEmpty, !context.isFocused {
            canvas.draw(placeholder, at: frame.origin, style: Style(foreground: .brightBlack, isUnderlined: true), width: frame.size.columns)
        } else {
            canvas.draw(String(Array(shown)[visible.first...]), at: frame.origin, style: field, width: visible.columns)
        }
    }
}
