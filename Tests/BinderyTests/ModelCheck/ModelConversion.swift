// The conversion table of rule 6, written out again for the reference model from the rule
// and the conversion article (never by calling Bindery's converters), for the kinds the
// model check binds.

/// A property's or chain's type.
enum Kind: Hashable, Sendable {
    case int, int8, double, string, optionalString, optionalInt, bool

    var swiftType: String {
        switch self {
        case .int: "Int"
        case .int8: "Int8"
        case .double: "Double"
        case .string: "String"
        case .optionalString: "String?"
        case .optionalInt: "Int?"
        case .bool: "Bool"
        }
    }

    var caseName: String {
        switch self {
        case .int: "int"
        case .int8: "int8"
        case .double: "double"
        case .string: "string"
        case .optionalString: "optionalString"
        case .optionalInt: "optionalInt"
        case .bool: "bool"
        }
    }
}

/// A value of one of the kinds.
enum Scalar: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case int8(Int8)
    case double(Double)
    case string(String)
    case optionalString(String?)
    case optionalInt(Int?)
    case bool(Bool)

    var description: String {
        switch self {
        case .int(let v): "\(v)"
        case .int8(let v): "\(v) as Int8"
        case .double(let v): "\(v)"
        case .string(let s): "\"\(s)\""
        case .optionalString(let s): s.map { "\"\($0)\"" } ?? "nil"
        case .optionalInt(let v): v.map { "\($0)" } ?? "nil"
        case .bool(let b): "\(b)"
        }
    }

    /// The Swift expression for it in a reproducer.
    var code: String {
        switch self {
        case .int(let v): ".int(\(v))"
        case .int8(let v): ".int8(\(v))"
        case .double(let v): ".double(\(v))"
        case .string(let s): ".string(\(Self.literal(s)))"
        case .optionalString(let s): ".optionalString(\(s.map(Self.literal) ?? "nil"))"
        case .optionalInt(let v): ".optionalInt(\(v.map(String.init) ?? "nil"))"
        case .bool(let b): ".bool(\(b))"
        }
    }

    private static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The default value of a property of `kind`.
    static func zero(_ kind: Kind) -> Scalar {
        switch kind {
        case .int: .int(0)
        case .int8: .int8(0)
        case .double: .double(0)
        case .string: .string("")
        case .optionalString: .optionalString(nil)
        case .optionalInt: .optionalInt(nil)
        case .bool: .bool(false)
        }
    }
}

enum ModelConversion {
    /// `value` converted to `kind` by the table.
    static func convert(_ value: Scalar, to kind: Kind) -> Scalar {
        switch value {
        case .optionalString(nil), .optionalInt(nil):
            switch kind {
            case .optionalString: return .optionalString(nil)
            case .optionalInt: return .optionalInt(nil)
            default: return .zero(kind)     // nil → "", 0, false
            }
        case .optionalString(let s?): return convert(.string(s), to: kind)
        case .optionalInt(let v?): return convert(.int(v), to: kind)
        case .int8(let v): return convert(.int(Int(v)), to: kind)
        case .int(let v):
            switch kind {
            case .int: return .int(v)
            case .int8: return .int8(Int8(clamping: v))
            case .double: return .double(Double(v))
            case .string: return .string(String(v))
            case .optionalString: return .optionalString(String(v))
            case .optionalInt: return .optionalInt(v)
            case .bool: return .bool(v != 0)
            }
        case .double(let d):
            switch kind {
            case .int: return .int(truncated(d, min: Int.min, max: Int.max))
            case .int8: return .int8(Int8(truncated(d, min: Int(Int8.min), max: Int(Int8.max))))
            case .double: return .double(d)
            case .string: return .string(d.description)
            case .optionalString: return .optionalString(d.description)
            case .optionalInt: return .optionalInt(truncated(d, min: Int.min, max: Int.max))
            case .bool: return .bool(!d.isNaN && d != 0)
            }
        case .bool(let b):
            switch kind {
            case .int: return .int(b ? 1 : 0)
            case .int8: return .int8(b ? 1 : 0)
            case .double: return .double(b ? 1 : 0)
            case .string: return .string(b ? "true" : "false")
            case .optionalString: return .optionalString(b ? "true" : "false")
            case .optionalInt: return .optionalInt(b ? 1 : 0)
            case .bool: return .bool(b)
            }
        case .string(let s):
            switch kind {
            case .int: return .int(leadingInteger(s))
            case .int8: return .int8(Int8(clamping: leadingInteger(s)))
            case .double: return .double(leadingDecimal(s))
            case .string: return .string(s)
            case .optionalString: return .optionalString(s)
            case .optionalInt: return .optionalInt(leadingInteger(s))
            case .bool: return .bool(isTrue(s))
            }
        }
    }

    /// Floating → integer: toward zero, clamped, NaN → 0.
    static func truncated(_ d: Double, min: Int, max: Int) -> Int {
        if d.isNaN { return 0 }
        let t = d.rounded(.towardZero)
        if t <= Double(min) { return min }
        if t >= Double(max) { return max }
        return Int(t)
    }

    private static let spaces: Set<Character> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"]

    /// Leading whitespace skipped, then a sign and ASCII digits; clamps; nothing → 0.
    static func leadingInteger(_ s: String) -> Int {
        var chars = Substring(s).drop { spaces.contains($0) }
        var negative = false
        if let sign = chars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            chars = chars.dropFirst()
        }
        var magnitude = 0
        var overflow = false
        for c in chars {
            guard let digit = c.asciiValue, (48...57).contains(digit) else { break }
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int(digit - 48))
            if o1 || o2 { overflow = true; break }
            magnitude = plus
        }
        if overflow { return negative ? Int.min : Int.max }
        return negative ? -magnitude : magnitude
    }

    /// The longest prefix shaped `[+-]digits[.digits][(e|E)[+-]digits]` (after whitespace), read
    /// by `Double(_:)`; nothing → 0.
    static func leadingDecimal(_ s: String) -> Double {
        guard let prefix = decimalPrefix(s) else { return 0 }
        return Double(prefix.text) ?? 0
    }

    /// Text is true when it is true/yes/on in any case (whitespace around it) or its leading
    /// number has a non-zero digit before any exponent.
    static func isTrue(_ s: String) -> Bool {
        let word = s.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed()
        if ["true", "yes", "on"].contains(String(word).lowercased()) { return true }
        guard let prefix = decimalPrefix(s) else { return false }
        return prefix.mantissa.contains { $0 != "0" && $0 != "." && $0 != "+" && $0 != "-" }
    }

    private static func decimalPrefix(_ s: String) -> (text: String, mantissa: String)? {
        let chars = Array(s.drop { spaces.contains($0) })
        var i = 0
        func digits() -> Int {
            let start = i
            while i < chars.count, let v = chars[i].asciiValue, (48...57).contains(v) { i += 1 }
            return i - start
        }
        if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
        var count = digits()
        if i < chars.count, chars[i] == "." {
            let dot = i
            i += 1
            let fraction = digits()
            if fraction == 0 && count == 0 { i = dot }
            count += fraction
        }
        guard count > 0 else { return nil }
        let mantissaEnd = i
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            let e = i
            i += 1
            if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
            if digits() == 0 { i = e }
        }
        return (String(chars[0..<i]), String(chars[0..<mantissaEnd]))
    }
}
