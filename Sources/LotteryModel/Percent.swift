import Bindery

/// The win rate as a percentage, both ways: `0.5` ↔ `"50%"`, for a text field or label bound to
/// ``Lottery/winRate``.
///
/// Forward, a rate shows as a whole percentage, or with one decimal when it has one
/// (`0.125` → `"12.5%"`). Back, text is read tolerantly: spaces around it and a trailing `%`
/// are allowed (`" 25 % "`, `"25"`), and so is a decimal (`"12.5"`). Neither way traps; the
/// fallback is documented and fixed:
///
/// - A rate outside 0...1 shows as its end (`1.5` → `"100%"`); a rate that is not finite shows
///   as `"0%"`.
/// - Text that is not a plain decimal number (`""`, `"abc"`, `"1e3"`, `"nan"`, `"inf"`) reads
///   as 0; a number outside 0...100 reads as its end (`"150%"` → 1, `"-5"` → 0).
///
/// It is a value with no state, so the chains that hold it may run it on any thread.
///
/// ```swift
/// (lottery, \.winRate) <> (rateField, \.text, through: Percent())
/// Percent().transform(0.35)            // "35%"
/// Percent().reverseTransform("12.5%")  // 0.125
/// ```
public struct Percent: ReversibleTransformer {
    /// A percent transformer.
    ///
    /// ```swift
    /// let percent = Percent()
    /// ```
    public init() {}

    /// The rate as a percentage: `0.5` → `"50%"`, `0.125` → `"12.5%"`; clamped to 0...1, and
    /// `"0%"` for a rate that is not finite.
    ///
    /// - Parameter rate: A rate from 0 to 1.
    /// - Returns: Its percentage, rounded to a tenth of a percent.
    ///
    /// ```swift
    /// Percent().transform(1)   // "100%"
    /// ```
    public func transform(_ rate: Double) -> String {
        let clamped = rate.isFinite ? min(max(rate, 0), 1) : 0
        let tenths = Int((clamped * 1_000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    /// The rate a percentage stands for: `"50%"`, `" 50 % "` and `"50"` → `0.5`. Text that is
    /// not a finite number reads as 0; a number outside 0...100 reads as its end.
    ///
    /// - Parameter text: What a person typed.
    /// - Returns: A rate from 0 to 1.
    ///
    /// ```swift
    /// Percent().reverseTransform("abc")   // 0
    /// ```
    public func reverseTransform(_ text: String) -> Double {
        var number = Self.trimmed(Substring(text))
        if number.last == "%" { number = Self.trimmed(number.dropLast()) }
        // Double(_:) also reads "nan", "inf" and hexadecimal; only plain decimals are percentages.
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
              let percent = Double(number), percent.isFinite
        else { return 0 }
        return min(max(percent, 0), 100) / 100
    }

    /// `text` without the spaces (and tabs, newlines) around it.
    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last]
    }
}
