import Testing
@testable import Bindery

/// rule 6: the automatic conversion table, row by row, plus round trips over generated
/// inputs and a sweep showing that nothing traps.
@Suite(.failOnUnexpectedDiagnostics) struct ScalarConversionTests {
    // MARK: Inputs

    /// Every type in the table, with Optionals (one of them nested).
    static var allTypes: [any ScalarConvertible.Type] {
        [String.self, Substring.self, Bool.self, String?.self, Substring?.self, Bool?.self, Int??.self]
            + NumberType.allCases.map(\.type) + NumberType.allCases.map(\.optionalType)
    }

    /// Strings that a careless parser would trap on or misread.
    static let oddStrings: [String] = [
        "", " ", "\t\n\r\u{0B}\u{0C}", "+", "-", ".", "-.", "+.e", "e5", "E", "1e", "1e+", "1e-",
        "+-1", "--1", "-+1", "1..2", "..5", "0x1F", "0b101", "1_000", "1,5",
        String(repeating: "9", count: 5_000), "-" + String(repeating: "9", count: 5_000),
        "0." + String(repeating: "0", count: 5_000) + "1", "1e99999999999999999999", "1e-99999999999999999999",
        "١٢٣", "１２", "😀", "12\u{301}", "\u{0}", "\u{0}12", "\u{00A0}5", "nan", "NaN", "-nan", "inf",
        "-infinity", "Infinity", "TRUEish", "yes!", "ｙｅｓ",
    ]

    /// Numbers at the edges of every type.
    static let extremeNumbers: [any ScalarConvertible & Sendable] = [
        Double.nan, -Double.nan, Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude,
        -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, -0.0,
        Float.nan, Float.infinity, -Float.infinity, Float.greatestFiniteMagnitude,
        Int64.min, Int64.max, UInt64.max, Int.min, Int8.min, UInt8.max, true, false,
    ]

    // MARK: String → number

    @Test("Rule 6: String reads a leading integer", arguments: [
        ("12ab", 12), ("abc", 0), ("3.7", 3), ("  42", 42), ("\t\n-17x", -17), ("+8", 8), ("007", 7),
        ("", 0), ("-", 0), ("+", 0), ("-0", 0), ("1e5", 1), ("12 34", 12), ("- 5", 0),
        ("9223372036854775807", .max), ("9223372036854775808", .max), ("99999999999999999999999", .max),
        ("-9223372036854775808", .min), ("-9223372036854775809", .min), ("-99999999999999999999999", .min),
    ] as [(String, Int64)])
    func stringReadsLeadingInteger(text: String, expected: Int64) throws {
        #expect(try convert(text, to: Int64.self) == expected)
        #expect(try convert(text, to: Int.self) == Int(expected))
    }

    @Test("Rule 6: String → integer clamps to each width's min and max", arguments: NumberType.integers)
    func stringClampsToEachWidth(number: NumberType) throws {
        let type = try #require(number.integer)
        try checkStringClamping(type)
    }

    @Test("Rule 6: String reads the longest leading decimal float", arguments: [
        ("3.7abc", 3.7), ("1e-5", 0.00001), ("abc", 0), ("  -2.5e3x", -2500), ("+4", 4), ("1E2", 100),
        ("1e", 1), ("1e+", 1), ("1e-x", 1), ("e5", 0), (".5", 0.5), ("5.", 5), ("5.e3", 5), ("-.25", -0.25), ("7.5.3", 7.5),
        ("", 0), (".", 0), ("-", 0), ("nan", 0), ("inf", 0), ("0x1p3", 0), ("1e999", .infinity), ("-1e999", -.infinity),
        ("0.30000000000000004", 0.30000000000000004), ("12\u{301}", 12),
    ] as [(String, Double)])
    func stringReadsLeadingDouble(text: String, expected: Double) throws {
        #expect(try convert(text, to: Double.self) == expected)
    }

    @Test("Rule 6: String → Float rounds the leading decimal once, straight to Float", arguments: [
        ("0.1", 0.1), ("3.7abc", 3.7), ("1e-5", 0.00001), ("abc", 0), ("16777217", 16_777_216),
        ("3.4028235e38", .greatestFiniteMagnitude), ("1e39", .infinity),
    ] as [(String, Float)])
    func stringReadsLeadingFloat(text: String, expected: Float) throws {
        #expect(try convert(text, to: Float.self) == expected)
    }

    // MARK: Bool

    @Test("Rule 6: String → Bool is true for true/yes/on in any case or a non-zero number", arguments: [
        ("true", true), ("TRUE", true), ("True", true), ("yes", true), ("YeS", true), ("on", true), ("ON", true),
        ("  tRuE \n", true), ("\tyes", true), ("2", true), ("0.5", true), ("-3", true), ("1e-400", true), ("7 days", true),
        ("false", false), ("no", false), ("off", false), ("", false), ("  ", false), ("0", false), ("0.0", false),
        ("-0", false), ("00e5", false), ("abc", false), ("yes please", false), ("truex", false), ("o n", false),
        ("nan", false), ("inf", false), ("0x1", false),
    ] as [(String, Bool)])
    func stringToBool(text: String, expected: Bool) throws {
        #expect(try convert(text, to: Bool.self) == expected)
        #expect(try convert(Substring(text), to: Bool.self) == expected)
    }

    @Test("Rule 6: Bool → String is \"true\"/\"false\"", arguments: [(true, "true"), (false, "false")])
    func boolToString(value: Bool, expected: String) throws {
        #expect(try convert(value, to: String.self) == expected)
        #expect(try convert(value, to: Substring.self) == Substring(expected))
    }

    @Test("Rule 6: Bool → number is 1/0", arguments: NumberType.allCases)
    func boolToNumber(number: NumberType) throws {
        try checkBoolToNumber(number.type)
    }

    @Test("Rule 6: number → Bool is != 0, and NaN is false", arguments: [
        (0, false), (1, true), (-1, true), (Int8.min, true), (UInt8(0), false), (UInt64.max, true),
        (0.0, false), (-0.0, false), (0.5, true), (-1e-300, true), (Double.leastNonzeroMagnitude, true),
        (Double.nan, false), (Double.infinity, true), (-Double.infinity, true),
        (Float(0), false), (Float(0.25), true), (Float.nan, false), (-Float.infinity, true),
    ] as [(any ScalarConvertible & Sendable, Bool)])
    func numberToBool(value: any ScalarConvertible & Sendable, expected: Bool) throws {
        #expect(try convertAny(value, to: Bool.self) == expected)
    }

    // MARK: Number → number

    @Test("Rule 6: floating → integer truncates toward zero and clamps", arguments: [
        (3.7, 3), (-3.7, -3), (0.999, 0), (-0.0, 0), (1e-300, 0), (.nan, 0), (-.nan, 0),
        (.infinity, .max), (-.infinity, .min), (1e19, .max), (-1e19, .min),
        (9_223_372_036_854_775_808.0, .max), (-9_223_372_036_854_775_808.0, .min),
        (9_223_372_036_854_774_784.0, 9_223_372_036_854_774_784),
    ] as [(Double, Int64)])
    func floatingToInteger(value: Double, expected: Int64) throws {
        #expect(try convert(value, to: Int64.self) == expected)
    }

    @Test("Rule 6: floating → integer clamps to each width's min and max", arguments: NumberType.integers)
    func floatingClampsToEachWidth(number: NumberType) throws {
        let type = try #require(number.integer)
        try checkFloatingClamping(type)
    }

    @Test("Rule 6: integer → narrower integer clamps", arguments: NumberType.integers)
    func integerClampsToEachWidth(number: NumberType) throws {
        let type = try #require(number.integer)
        try checkIntegerClamping(type)
    }

    @Test("Rule 6: integer → floating rounds to nearest", arguments: [
        (Int64.max, 9_223_372_036_854_775_807.0), (Int64.min, -9_223_372_036_854_775_808.0), (42, 42), (-7, -7),
    ] as [(Int64, Double)])
    func integerToFloating(value: Int64, expected: Double) throws {
        #expect(try convert(value, to: Double.self) == expected)
        #expect(try convert(value, to: Float.self) == Float(expected))
        #expect(try convert(UInt64.max, to: Double.self) == 18_446_744_073_709_551_615.0)
    }

    @Test("Rule 6: Double → Float is Float(d)", arguments: [
        0.1, 3.5, -2.75, 1e300, -1e300, 1e-50, .greatestFiniteMagnitude, .infinity, .nan,
    ] as [Double])
    func doubleToFloat(value: Double) throws {
        let result = try convert(value, to: Float.self)
        #expect(result.bitPattern == Float(value).bitPattern)
        // Back to Double, and to Float again: the same Float.
        let back = try convert(result, to: Double.self)
        #expect(Float(back).bitPattern == result.bitPattern || (result.isNaN && back.isNaN))
    }

    @Test("Rule 6: Float → Double keeps the decimal a person sees", arguments: [
        (Float(0.1), 0.1), (Float(0.3), 0.3), (Float(3.5), 3.5), (Float(1e-5), 1e-5), (Float(-2.2), -2.2),
        (Float(16_777_216), 16_777_216), (Float.infinity, .infinity),
    ] as [(Float, Double)])
    func floatToDoubleKeepsDecimal(value: Float, expected: Double) throws {
        #expect(try convert(value, to: Double.self) == expected)
        #expect(try convert(value, to: Double?.self) == expected)
    }

    @Test("Rule 6: a Float slider at 0.1 shows 0.1 in a Double-backed label")
    func sliderToDoubleLabel() {
        let model = Box()
        let slider = TestSlider()
        let label = Label()
        Bind.inout(model, \.double).inout(slider, \.value, on: .valueChanged).out(label, \.text)
        slider.drag(to: 0.1)
        #expect(model.double == 0.1)
        #expect(label.text == "0.1")
    }

    // MARK: Number → String

    @Test("Rule 6: integer → String is decimal", arguments: [
        (Int64.min, "-9223372036854775808"), (UInt64.max, "18446744073709551615"), (Int8(-128), "-128"),
        (UInt8.max, "255"), (0, "0"), (Int32(-42), "-42"), (UInt16(7), "7"),
    ] as [(any ScalarConvertible & Sendable, String)])
    func integerToString(value: any ScalarConvertible & Sendable, expected: String) throws {
        #expect(try convertAny(value, to: String.self) == expected)
        #expect(try convertAny(value, to: Substring.self) == Substring(expected))
    }

    @Test("Rule 6: Double/Float → String is Swift's description", arguments: [
        (0.5, "0.5"), (3.0, "3.0"), (-0.0, "-0.0"), (1e-5, "1e-05"), (1e16, "1e+16"), (0.1 + 0.2, "0.30000000000000004"),
        (Double.nan, "nan"), (-Double.infinity, "-inf"), (Float(0.1), "0.1"), (Float(3), "3.0"), (Float.infinity, "inf"),
    ] as [(any ScalarConvertible & Sendable, String)])
    func floatingToString(value: any ScalarConvertible & Sendable, expected: String) throws {
        #expect(try convertAny(value, to: String.self) == expected)
    }

    // MARK: Substring

    @Test("Rule 6: Substring behaves like String", arguments: [
        "12ab", "abc", "3.7", " -5", "1e-5", "yes", "0.5", "", "99999999999999999999999", "nan",
    ])
    func substringBehavesLikeString(text: String) throws {
        let framed = "«" + text + "»"
        let slice = framed.dropFirst().dropLast()
        #expect(slice == text)
        #expect(try convert(slice, to: Int.self) == convert(text, to: Int.self))
        #expect(try convert(slice, to: UInt8.self) == convert(text, to: UInt8.self))
        #expect(try convert(slice, to: Double.self) == convert(text, to: Double.self))
        #expect(try convert(slice, to: Float.self) == convert(text, to: Float.self))
        #expect(try convert(slice, to: Bool.self) == convert(text, to: Bool.self))
        #expect(try convert(slice, to: String.self) == text)
        #expect(try convert(text, to: Substring.self) == slice)
        #expect(try convert(slice, to: String?.self) == text)
    }

    @Test("Rule 6: String → String? and back keeps the same storage")
    func stringStorageIsShared() throws {
        let text = String(repeating: "long enough to live on the heap ", count: 4)
        let wrapped = try #require(try convert(text, to: Substring?.self))
        let back = try convert(wrapped, to: String.self)
        let same = text.utf8.withContiguousStorageIfAvailable { original in
            back.utf8.withContiguousStorageIfAvailable { original.baseAddress == $0.baseAddress }
        }
        #expect(back == text)
        #expect(same == true)
    }

    // MARK: nil and Optionals

    @Test("Rule 6: nil → \"\" for String and Substring")
    func nilToText() throws {
        #expect(try convert(Int?.none, to: String.self) == "")
        #expect(try convert(String?.none, to: String.self) == "")
        #expect(try convert(Double?.none, to: Substring.self) == "")
        #expect(try convert(Bool?.none, to: Substring.self) == "")
    }

    @Test("Rule 6: nil → 0 for every number type", arguments: NumberType.allCases)
    func nilToZero(number: NumberType) throws {
        try checkNilToZero(number.type)
    }

    @Test("Rule 6: nil → false for Bool")
    func nilToFalse() throws {
        #expect(try convert(Int?.none, to: Bool.self) == false)
        #expect(try convert(String?.none, to: Bool.self) == false)
        #expect(try convert(Substring?.none, to: Bool.self) == false)
        #expect(try convert(Float?.none, to: Bool.self) == false)
    }

    @Test("Rule 6: Optional → Optional keeps nil and converts a value")
    func optionalToOptional() throws {
        #expect(try convert(Int?.none, to: String?.self) == nil)
        #expect(try convert(String?.none, to: Int?.self) == nil)
        #expect(try convert(Double?.none, to: Bool?.self) == nil)
        #expect(try convert(Int?.none, to: Int8?.self) == nil)
        #expect(try convert(Int??.none, to: String?.self) == nil)
        #expect(try convert(Int?(300), to: Int8?.self) == 127)
        #expect(try convert(String?("12ab"), to: Int?.self) == 12)
        #expect(try convert(Bool?(true), to: String?.self) == "true")
        #expect(try convert(String?(""), to: Substring?.self) == "")
    }

    @Test("Rule 6: non-optional → Optional wraps, even when the text is not a number")
    func nonOptionalToOptional() throws {
        #expect(try convert(5, to: String?.self) == "5")
        #expect(try convert("abc", to: Int?.self) == 0)
        #expect(try convert("", to: String?.self) == "")
        #expect(try convert(Double.nan, to: Int?.self) == 0)
        #expect(try convert(false, to: Double?.self) == 0)
        #expect(try convert(7, to: Int??.self) == 7)
    }

    @Test("Rule 6: Optional → non-optional converts the value")
    func optionalToNonOptional() throws {
        #expect(try convert(String?("12"), to: Int.self) == 12)
        #expect(try convert(Int?(-1), to: UInt.self) == 0)
        #expect(try convert(Double?(0.5), to: String.self) == "0.5")
        #expect(try convert(Substring?("on"), to: Bool.self) == true)
    }

    // MARK: Lookup

    @Test("Rule 6: equal types get the identity converter, even when they are not scalars")
    func identity() throws {
        #expect(try convert(42, to: Int.self) == 42)
        #expect(try convert(Double.nan, to: Double.self).isNaN)
        #expect(try convert([1, 2], to: [Int].self) == [1, 2])
        #expect(try convert(Opaque(id: 3), to: Opaque.self) == Opaque(id: 3))
        #expect(try convert(Int?.none, to: Int?.self) == nil)
    }

    @Test("Rule 6: other types need a convert closure: no automatic converter")
    func nonScalarsDoNotConvert() {
        #expect(Conversion.converter(from: Opaque.self, to: String.self) == nil)
        #expect(Conversion.converter(from: String.self, to: Opaque.self) == nil)
        #expect(Conversion.converter(from: [Int].self, to: [Double].self) == nil)
        #expect(Conversion.converter(from: Int.self, to: Opaque?.self) == nil)
        #expect(Conversion.converter(from: Any.self, to: String.self) == nil)
        #expect(Conversion.converter(from: Int.self, to: Any.self) == nil)
    }

    @Test("Rule 6: isScalar names the table's types", arguments: [
        (String.self, true), (Substring.self, true), (Int8.self, true), (UInt64.self, true), (Float.self, true),
        (Bool?.self, true), (Int??.self, true), (Opaque.self, false), ([Int].self, false), (Any.self, false),
        (Opaque?.self, false), (Character.self, false),
    ] as [(Any.Type, Bool)])
    func isScalar(type: Any.Type, expected: Bool) {
        #expect(Conversion.isScalar(type) == expected)
    }

    // MARK: Round trips

    @Test("Rule 6: integer → String → integer is exact", arguments: NumberType.integers)
    func integerRoundTrip(number: NumberType) throws {
        let type = try #require(number.integer)
        try checkIntegerRoundTrip(type)
    }

    @Test("Rule 6: Bool → String → Bool and Bool → Int → Bool are exact", arguments: [true, false])
    func boolRoundTrip(value: Bool) throws {
        #expect(try convert(convert(value, to: String.self), to: Bool.self) == value)
        #expect(try convert(convert(value, to: Substring.self), to: Bool.self) == value)
        #expect(try convert(convert(value, to: Int.self), to: Bool.self) == value)
        #expect(try convert(convert(value, to: Double?.self), to: Bool.self) == value)
    }

    @Test("Rule 6: Double → String → Double is exact for finite values")
    func doubleRoundTrip() throws {
        var random = SplitMix64(seed: 6)
        let edges: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.0 / 3, 1e-5, 1e16, 123_456.789, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, Double(Int64.max), Double(UInt64.max),
        ]
        let bits = (0..<5_000).map { _ in Double(bitPattern: random.next()) }
        let decimals = (0..<1_000).map { _ in Double(Int64(bitPattern: random.next()) % 10_000_000) / 1_000 }
        for value in edges + bits + decimals where value.isFinite {
            let text = try convert(value, to: String.self)
            #expect(try convert(text, to: Double.self).bitPattern == value.bitPattern, "\(text)")
        }
    }

    @Test("Rule 6: Float → String → Float is exact for finite values")
    func floatRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        let edges: [Float] = [
            0, -0.0, 1, 0.1, 1.0 / 3, 1e-5, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 16_777_216,
        ]
        let bits = (0..<5_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
        for value in edges + bits where value.isFinite {
            let text = try convert(value, to: String.self)
            #expect(text == value.description)
            #expect(try convert(text, to: Float.self).bitPattern == value.bitPattern, "\(text)")
        }
    }

    // MARK: Never traps

    @Test("Rule 6: odd strings never trap, for every target type", arguments: oddStrings)
    func oddStringsNeverTrap(text: String) throws {
        for type in Self.allTypes {
            try checkNeverTraps(text, type)
            try checkNeverTraps(("<" + text + ">").dropFirst().dropLast(), type)
        }
        #expect(try !convert(text, to: Double.self).isNaN)
        #expect(try !convert(text, to: Float.self).isNaN)
        #expect(try convert(text, to: String.self) == text)
    }

    @Test("Rule 6: extreme numbers never trap, for every target type", arguments: extremeNumbers)
    func extremeNumbersNeverTrap(value: any ScalarConvertible & Sendable) throws {
        for type in Self.allTypes {
            try checkAnyNeverTraps(value, type)
        }
    }
}

// MARK: - Helpers

/// Converts `value` with the converter the chain engine gets at bind time.
/// - Throws: When there is no converter from `From` to `To`.
private func convert<From, To>(_ value: From, to _: To.Type) throws -> To {
    let converter = try #require(Conversion.converter(from: From.self, to: To.self))
    return converter(value)
}

/// Converts an opened value, so that a table row can hold any scalar.
private func convertAny<To>(_ value: any ScalarConvertible & Sendable, to _: To.Type) throws -> To {
    func open<From: ScalarConvertible>(_ value: From) throws -> To { try convert(value, to: To.self) }
    return try open(value)
}

/// A number type of the table, named so that Swift Testing can pass it as an argument
/// (metatypes are not `Sendable`).
enum NumberType: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    case double = "Double", float = "Float"

    /// The integer widths.
    static var integers: [Self] { allCases.filter { $0.integer != nil } }

    /// The type.
    var type: any (Numeric & ScalarConvertible).Type {
        integer ?? (self == .double ? Double.self : Float.self)
    }

    /// The type when it is an integer.
    var integer: (any (FixedWidthInteger & ScalarConvertible).Type)? {
        switch self {
        case .int: Int.self
        case .int8: Int8.self
        case .int16: Int16.self
        case .int32: Int32.self
        case .int64: Int64.self
        case .uint: UInt.self
        case .uint8: UInt8.self
        case .uint16: UInt16.self
        case .uint32: UInt32.self
        case .uint64: UInt64.self
        case .double, .float: nil
        }
    }

    /// `Optional` of the type.
    var optionalType: any ScalarConvertible.Type {
        func open<T: Numeric & ScalarConvertible>(_: T.Type) -> any ScalarConvertible.Type { T?.self }
        let base = type
        return open(base)
    }

    /// The type's name.
    var testDescription: String { rawValue }
}

/// A type outside the table.
private struct Opaque: Equatable {
    /// Tells values apart.
    var id: Int
}

/// Checks text at and beyond `T`'s range clamps to `T.min`/`T.max`.
private func checkStringClamping<T: FixedWidthInteger & ScalarConvertible>(_: T.Type) throws {
    #expect(try convert(String(T.max), to: T.self) == T.max)
    #expect(try convert(String(T.min), to: T.self) == T.min)
    #expect(try convert(String(T.max) + "0", to: T.self) == T.max)
    #expect(try convert(String(T.max) + "9x", to: T.self) == T.max)
    #expect(try convert("99999999999999999999999", to: T.self) == T.max)
    #expect(try convert("-99999999999999999999999", to: T.self) == T.min)
    #expect(try convert("-5", to: T.self) == (T.isSigned ? -5 : 0))
    #expect(try convert("-0", to: T.self) == 0)
    if T.isSigned {
        #expect(try convert(String(T.min) + "0", to: T.self) == T.min)
        #expect(try convert(" " + String(T.min + 1), to: T.self) == T.min + 1)
    }
}

/// Checks floating values truncate toward zero and clamp to `T.min`/`T.max`.
private func checkFloatingClamping<T: FixedWidthInteger & ScalarConvertible>(_: T.Type) throws {
    #expect(try convert(3.9, to: T.self) == 3)
    #expect(try convert(-3.9, to: T.self) == (T.isSigned ? -3 : 0))
    #expect(try convert(Double.nan, to: T.self) == 0)
    #expect(try convert(Double.infinity, to: T.self) == T.max)
    #expect(try convert(-Double.infinity, to: T.self) == T.min)
    #expect(try convert(1e300, to: T.self) == T.max)
    #expect(try convert(-1e300, to: T.self) == T.min)
    #expect(try convert(Double(T.max), to: T.self) == T.max)
    #expect(try convert(Double(T.min), to: T.self) == T.min)
    #expect(try convert(Float.nan, to: T.self) == 0)
    #expect(try convert(Float.infinity, to: T.self) == T.max)
    #expect(try convert(-Float.infinity, to: T.self) == T.min)
    #expect(try convert(Float(-2.5), to: T.self) == (T.isSigned ? -2 : 0))
    #expect(try convert(Float.greatestFiniteMagnitude, to: T.self) == T.max)
}

/// Checks integers of every width clamp to `T.min`/`T.max` and otherwise keep their value.
private func checkIntegerClamping<T: FixedWidthInteger & ScalarConvertible>(_: T.Type) throws {
    #expect(try convert(Int64.max, to: T.self) == (T.bitWidth < 64 ? T.max : T(Int64.max)))
    #expect(try convert(Int64.min, to: T.self) == T.min)
    #expect(try convert(UInt64.max, to: T.self) == T.max)
    #expect(try convert(Int8(-1), to: T.self) == (T.isSigned ? -1 : 0))
    #expect(try convert(UInt8(42), to: T.self) == 42)
    #expect(try convert(Int16(-300), to: T.self) == (T.isSigned ? (T.bitWidth == 8 ? T.min : -300) : 0))
    #expect(try convert(T.max, to: Int64.self) == Int64(clamping: T.max))
    #expect(try convert(T.min, to: UInt64.self) == 0)
}

/// Checks `true`/`false` become 1/0.
private func checkBoolToNumber<T: Numeric & ScalarConvertible>(_: T.Type) throws {
    #expect(try convert(true, to: T.self) == 1)
    #expect(try convert(false, to: T.self) == 0)
    #expect(try convert(Bool?(true), to: T?.self) == 1)
}

/// Checks every kind of `nil` becomes 0.
private func checkNilToZero<T: Numeric & ScalarConvertible>(_: T.Type) throws {
    #expect(try convert(Int?.none, to: T.self) == 0)
    #expect(try convert(String?.none, to: T.self) == 0)
    #expect(try convert(Double?.none, to: T.self) == 0)
    #expect(try convert(Bool?.none, to: T.self) == 0)
    #expect(try convert(Substring?.none, to: T.self) == 0)
}

/// Checks edges and generated values of `T` survive `String` and `Substring` exactly.
private func checkIntegerRoundTrip<T: FixedWidthInteger & ScalarConvertible>(_: T.Type) throws {
    var random = SplitMix64(seed: UInt64(T.bitWidth) << 1 | (T.isSigned ? 1 : 0))
    let edges: [T] = [.min, .max, 0, 1, .min + 1, .max - 1, .max / 2, .min / 2]
    let generated = (0..<2_000).map { _ in
        // Shift by a random amount so that every digit count shows up.
        T(truncatingIfNeeded: random.next() >> (random.next() % 64))
    }
    for value in edges + generated + generated.map({ T.isSigned ? 0 &- $0 : $0 }) {
        #expect(try convert(convert(value, to: String.self), to: T.self) == value)
        #expect(try convert(convert(value, to: Substring.self), to: T.self) == value)
        #expect(try convert(convert(value, to: String?.self), to: T.self) == value)
    }
}

/// Converts `value` to `T` and checks the result is sane.
private func checkNeverTraps<From>(_ value: From, _ type: any ScalarConvertible.Type) throws {
    func open<T: ScalarConvertible>(_: T.Type) throws {
        let result = try convert(value, to: T.self)
        // Only a NaN number converts to a NaN; no text does.
        let isNaN = (value as? Double)?.isNaN ?? (value as? Float)?.isNaN ?? false
        if let result = result as? Double { #expect(result.isNaN == isNaN) }
        if let result = result as? Float { #expect(result.isNaN == isNaN) }
        _ = result.scalarValue
    }
    try open(type)
}

/// Converts an opened value to `T` and checks the result is sane.
private func checkAnyNeverTraps(_ value: any ScalarConvertible & Sendable, _ type: any ScalarConvertible.Type) throws {
    func open<From: ScalarConvertible>(_ value: From) throws { try checkNeverTraps(value, type) }
    try open(value)
}
