/// Reads the number or word at the start of a text, walking its UTF-8 bytes without copying
/// (see <doc:Guarantees#Conversion>). Whitespace means ASCII space, tab, and the line and page breaks `\n`,
/// `\r`, `\u{0B}`, `\u{0C}`; digits are ASCII `0`–`9`.
enum ScalarText {
    /// The integer at the start of `text`, after whitespace and an optional sign; 0 when there
    /// is none. Out-of-range values clamp to `T.min`/`T.max`, so `"-5"` reads as 0 for an
    /// unsigned `T`.
    /// - Parameter text: The text to read.
    /// - Returns: The leading integer, clamped; never traps.
    static func leadingInteger<T: FixedWidthInteger>(in text: Substring) -> T {
        let bytes = text.utf8
        var index = skippingWhitespace(bytes, from: bytes.startIndex)
        let isNegative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        skipSign(bytes, &index)
        var value: T = 0
        while index < bytes.endIndex, let digit = digitValue(bytes[index]) {
            // Negatives accumulate downward so that `T.min` itself is reachable.
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = isNegative
                ? shifted.subtractingReportingOverflow(T(truncatingIfNeeded: digit))
                : shifted.addingReportingOverflow(T(truncatingIfNeeded: digit))
            if overflowA || overflowB { return isNegative ? .min : .max }
            value = next
            bytes.formIndex(after: &index)
        }
        return value
    }

    /// The longest prefix of `text` that reads as `[ws][+-]digits[.digits][(e|E)[+-]digits]`,
    /// without its whitespace; `.5` also counts, `5.` reads as `5`, and `e` without exponent
    /// digits is left out. Returns nil when there are no digits, so `"nan"` and `"inf"` read as 0.
    /// - Parameter text: The text to read.
    /// - Returns: A slice of `text` for `Double(_:)` or `Float(_:)`, or nil.
    static func leadingDecimal(in text: Substring) -> Substring? {
        scanDecimal(text.utf8).map { Substring(text.utf8[$0.range]) }
    }

    /// Whether `text` means true: `true`, `yes` or `on` in any case with whitespace around it,
    /// or a leading decimal number with a non-zero digit (`"2"`, `"0.5"`, `"-1e-400"`).
    /// - Parameter text: The text to read.
    /// - Returns: `true` for those, `false` for anything else.
    static func isTrue(_ text: Substring) -> Bool {
        let bytes = text.utf8
        let start = skippingWhitespace(bytes, from: bytes.startIndex)
        var end = bytes.endIndex
        while end > start, isWhitespace(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        let trimmed = bytes[start..<end]
        return matches(trimmed, word: "true") || matches(trimmed, word: "yes") || matches(trimmed, word: "on")
            || scanDecimal(bytes)?.isNonZero == true
    }

    /// Whether `bytes` spell `word` in any case.
    /// - Parameters:
    ///   - bytes: The bytes to compare.
    ///   - word: A lower-case ASCII word.
    /// - Returns: `true` when they are the same letters.
    private static func matches(_ bytes: Substring.UTF8View, word: String) -> Bool {
        // `| 0x20` lower-cases an ASCII letter and maps no other byte onto a lower-case letter.
        bytes.elementsEqual(word.utf8) { $0 | 0x20 == $1 }
    }

    /// Scans the leading decimal number described at ``leadingDecimal(in:)``.
    /// - Parameter bytes: The UTF-8 bytes to scan.
    /// - Returns: The number's range (sign included, whitespace not) and whether any of its
    ///   mantissa digits is non-zero; nil when there are no mantissa digits.
    private static func scanDecimal(
        _ bytes: Substring.UTF8View
    ) -> (range: Range<Substring.UTF8View.Index>, isNonZero: Bool)? {
        let start = skippingWhitespace(bytes, from: bytes.startIndex)
        var index = start
        skipSign(bytes, &index)
        var isNonZero = false
        var digits = skipDigits(bytes, &index, isNonZero: &isNonZero)
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            var fraction = bytes.index(after: index)
            let fractionDigits = skipDigits(bytes, &fraction, isNonZero: &isNonZero)
            if fractionDigits > 0 { index = fraction }
            digits += fractionDigits
        }
        guard digits > 0 else { return nil }
        if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var exponent = bytes.index(after: index)
            skipSign(bytes, &exponent)
            var ignored = false
            if skipDigits(bytes, &exponent, isNonZero: &ignored) > 0 { index = exponent }
        }
        return (start..<index, isNonZero)
    }

    /// Moves `index` past ASCII digits.
    /// - Parameters:
    ///   - bytes: The bytes being scanned.
    ///   - index: The position to advance.
    ///   - isNonZero: Set to true when a skipped digit is not `0`.
    /// - Returns: How many digits were skipped.
    private static func skipDigits(
        _ bytes: Substring.UTF8View, _ index: inout Substring.UTF8View.Index, isNonZero: inout Bool
    ) -> Int {
        var count = 0
        while index < bytes.endIndex, let digit = digitValue(bytes[index]) {
            isNonZero = isNonZero || digit != 0
            count += 1
            bytes.formIndex(after: &index)
        }
        return count
    }

    /// Moves `index` past one `+` or `-`, if there is one.
    /// - Parameters:
    ///   - bytes: The bytes being scanned.
    ///   - index: The position to advance.
    private static func skipSign(_ bytes: Substring.UTF8View, _ index: inout Substring.UTF8View.Index) {
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            bytes.formIndex(after: &index)
        }
    }

    /// The first position at or after `index` that is not whitespace.
    /// - Parameters:
    ///   - bytes: The bytes being scanned.
    ///   - index: Where to start.
    /// - Returns: That position, or `bytes.endIndex`.
    private static func skippingWhitespace(
        _ bytes: Substring.UTF8View, from index: Substring.UTF8View.Index
    ) -> Substring.UTF8View.Index {
        bytes[index...].firstIndex { !isWhitespace($0) } ?? bytes.endIndex
    }

    /// Whether `byte` is ASCII whitespace (space, `\t`, `\n`, `\u{0B}`, `\u{0C}`, `\r`).
    /// - Parameter byte: A UTF-8 code unit.
    /// - Returns: `true` for those six bytes.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (9...13).contains(byte)
    }

    /// The value of an ASCII digit.
    /// - Parameter byte: A UTF-8 code unit.
    /// - Returns: 0–9 for `0`–`9`, nil otherwise.
    private static func digitValue(_ byte: UInt8) -> UInt8? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }
}
