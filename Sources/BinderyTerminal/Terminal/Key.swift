/// A key a person pressed, or a mouse report, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
    /// A character to type: a letter, a digit, a space, `é`, `中`.
    case character(Character)
    /// Enter (Return), Tab, Shift-Tab, Backspace, Delete (the key right of Backspace, or Del on
    /// a keypad) and Escape.
    case enter, tab, backTab, backspace, delete, escape
    /// The arrow keys, Home and End.
    case up, down, left, right, home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Ctrl and a letter (`.control("c")` is Ctrl-C), other than those named above.
    case control(Character)
    /// A mouse press, drag or release (while mouse reporting is on).
    case mouse(MouseEvent)
}

/// Turns the bytes read from a terminal into keys. Keeps an incomplete UTF-8 character or
/// escape sequence for the next read; a lone Esc at the end of a read is the Esc key.
///
/// SGR mouse reports (`ESC [ < b ; x ; y M`, or `m` for a release) become ``Key/mouse(_:)``;
/// a malformed one is skipped whole. A report in the legacy encoding (`ESC [ M` and three
/// bytes), which a terminal without SGR support sends, is skipped whole too, so that its bytes
/// are never typed. An escape sequence that runs on for more than
/// ``longestEscapeSequence`` bytes without ending is dropped, so junk cannot pile up.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.keys(from: Array("a\u{1B}[A\u{1B}[<0;3;2m".utf8))
/// // [.character("a"), .up, .mouse(MouseEvent(.release, .left, at: Point(column: 2, row: 1)))]
/// ```
public struct KeyDecoder: Sendable {
    /// The most bytes an escape sequence takes before it is dropped as junk.
    public static let longestEscapeSequence = 32

    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The keys in `bytes`, after whatever an earlier call left pending.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took; a nil key for bytes that
    /// mean nothing here (skipped); nil when `bytes` end mid-key.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B:
            return escape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20..<0x7F:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return utf8(bytes)
        }
    }

    private static func escape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return (.escape, 1) }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        // A CSI or SS3 sequence runs to its final byte (0x40...0x7E).
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) {
            guard end - start < longestEscapeSequence else { return (nil, end - start) }
            end += 1
        }
        guard end < bytes.endIndex else { return nil }
        let length = end - start + 1
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        if second == UInt8(ascii: "[") {
            if bytes[end] == UInt8(ascii: "M"), parameters.isEmpty {
                // A legacy mouse report: three raw bytes follow.
                return bytes.count >= length + 3 ? (nil, length + 3) : nil
            }
            if parameters.hasPrefix("<"), bytes[end] == UInt8(ascii: "M") || bytes[end] == UInt8(ascii: "m") {
                return (mouse(parameters.dropFirst(), isRelease: bytes[end] == UInt8(ascii: "m")), length)
            }
        }
        let key: Key? =
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), _): .up
            case (UInt8(ascii: "B"), _): .down
            case (UInt8(ascii: "C"), _): .right
            case (UInt8(ascii: "D"), _): .left
            case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
            case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
            case (UInt8(ascii: "~"), "3"): .delete
            case (UInt8(ascii: "~"), "5"): .pageUp
            case (UInt8(ascii: "~"), "6"): .pageDown
            case (UInt8(ascii: "Z"), _): .backTab
            default: nil
            }
        return (key, length)
    }

    /// The event of an SGR mouse report's parameters (`b;x;y`), or nil for a malformed one.
    private static func mouse(_ parameters: Substring, isRelease: Bool) -> Key? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy(\.isASCII) }) else { return nil }
        guard let code = Int(numbers[0]), let column = Int(numbers[1]), let row = Int(numbers[2]) else { return nil }
        return MouseEvent(sgrCode: code, column: column, row: row, isRelease: isRelease).map(Key.mouse)
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        let length =
            switch first {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }   // not a UTF-8 lead byte
        guard bytes.count >= length else { return nil }
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = bytes.prefix(length).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { scalars.append(scalar) }
        guard let scalar = scalars.first else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}
