/// A scalar on its way from one type of the conversion table to another (see <doc:Guarantees#Conversion>).
///
/// Each ``ScalarConvertible`` type writes itself as one case and reads itself back from any
/// case, so the table is one reader per target instead of one converter per pair. Only
/// ``text(_:)`` holds a reference, so a conversion between two non-string scalars never
/// allocates.
@usableFromInline
enum ScalarValue: Sendable {
    /// No value: an Optional's `nil`.
    case null
    /// A `Bool`.
    case bool(Bool)
    /// A signed integer of any width.
    case signed(Int64)
    /// An unsigned integer of any width.
    case unsigned(UInt64)
    /// A `Double`.
    case double(Double)
    /// A `Float`, kept apart from ``double(_:)`` so that it prints as `"0.1"`, not as the
    /// `Double` it widens to.
    case float(Float)
    /// A `String` or `Substring`. A whole `String` travels as `string[...]`, and `String(_:)`
    /// of a whole-string slice hands back the same storage, so neither direction copies.
    case text(Substring)
}

extension ScalarValue {
    /// The value as an integer: `nil` → 0, `false`/`true` → 0/1, integers clamp to `T`'s range,
    /// floating values truncate toward zero and clamp (NaN → 0), text reads its leading integer.
    /// - Parameter _: The integer type to read.
    /// - Returns: The converted value; never traps.
    func integer<T: FixedWidthInteger>(as _: T.Type = T.self) -> T {
        switch self {
        case .null: 0
        case .bool(let value): value ? 1 : 0
        case .signed(let value): T(clamping: value)
        case .unsigned(let value): T(clamping: value)
        case .double(let value): Self.truncating(value)
        case .float(let value): Self.truncating(value)
        case .text(let text): ScalarText.leadingInteger(in: text)
        }
    }

    /// The value as a `Double`: text reads its leading decimal number, integers round to
    /// nearest, `nil` → 0, `false`/`true` → 0/1, and a `Float` becomes the `Double` nearest to
    /// the decimal it prints as (a slider at `0.1` is `0.1`, not `0.10000000149011612`).
    var double: Double {
        if case .float(let value) = self { return Self.decimal(value) }
        return floatingPoint { Double($0) }
    }

    /// The `Double` nearest to the shortest decimal that reads back as `value`.
    private static func decimal(_ value: Float) -> Double {
        guard value.isFinite else { return Double(value) }
        return Double(value.description) ?? Double(value)
    }

    /// The value as a `Float`, as ``double`` but rounded once, straight to `Float`.
    var float: Float { floatingPoint { Float($0) } }

    /// The value as a `Bool`: numbers are `!= 0` (NaN → false), `nil` → false, text is true
    /// for `true`/`yes`/`on` in any case or a non-zero leading number.
    var bool: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .signed(let value): value != 0
        case .unsigned(let value): value != 0
        case .double(let value): value != 0 && !value.isNaN
        case .float(let value): value != 0 && !value.isNaN
        case .text(let text): ScalarText.isTrue(text)
        }
    }

    /// The value as a `String`: `nil` → `""`, `"true"`/`"false"`, integers in decimal,
    /// floating values by their `description` (`"0.5"`, `"3.0"`).
    var string: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .signed(let value): String(value)
        case .unsigned(let value): String(value)
        case .double(let value): value.description
        case .float(let value): value.description
        case .text(let text): String(text)
        }
    }

    /// The value as a `Substring`: text as it is, anything else as ``string``.
    var substring: Substring {
        if case .text(let text) = self { return text }
        return string[...]
    }

    /// The value as a floating-point `T`, reading text with `parse`.
    /// - Parameter parse: Parses a matched decimal prefix, as `Double(_:)` does.
    /// - Returns: The converted value; never traps.
    private func floatingPoint<T: BinaryFloatingPoint>(parsing parse: (Substring) -> T?) -> T {
        switch self {
        case .null: 0
        case .bool(let value): value ? 1 : 0
        case .signed(let value): T(value)
        case .unsigned(let value): T(value)
        case .double(let value): T(value)
        case .float(let value): T(value)
        case .text(let text): ScalarText.leadingDecimal(in: text).flatMap(parse) ?? 0
        }
    }

    /// `value` truncated toward zero and clamped to `T`'s range; NaN → 0.
    /// - Parameter value: The floating-point value to convert.
    /// - Returns: The nearest `T` toward zero, or `T.min`/`T.max` when out of range.
    private static func truncating<T: FixedWidthInteger, F: BinaryFloatingPoint>(_ value: F) -> T {
        if value.isNaN { return 0 }
        return T(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
    }
}
