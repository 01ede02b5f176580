// The rows of the conversion table (the Automatic conversion article); each reader lives on `ScalarValue`.

extension ScalarConvertible where Self: FixedWidthInteger {
    /// Reads an integer: clamps integers, truncates and clamps floating values (NaN → 0),
    /// reads text's leading integer, `nil` → 0, `false`/`true` → 0/1.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.integer() }
}

extension ScalarConvertible where Self: FixedWidthInteger & SignedInteger {
    /// The integer as ``ScalarValue/signed(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .signed(Int64(self)) }
}

extension ScalarConvertible where Self: FixedWidthInteger & UnsignedInteger {
    /// The integer as ``ScalarValue/unsigned(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .unsigned(UInt64(self)) }
}

extension Int: ScalarConvertible {}
extension Int8: ScalarConvertible {}
extension Int16: ScalarConvertible {}
extension Int32: ScalarConvertible {}
extension Int64: ScalarConvertible {}
extension UInt: ScalarConvertible {}
extension UInt8: ScalarConvertible {}
extension UInt16: ScalarConvertible {}
extension UInt32: ScalarConvertible {}
extension UInt64: ScalarConvertible {}

extension Double: ScalarConvertible {
    /// Reads a `Double`; see ``ScalarValue/double``.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.double }

    /// The value as ``ScalarValue/double(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .double(self) }
}

extension Float: ScalarConvertible {
    /// Reads a `Float`; see ``ScalarValue/float``.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.float }

    /// The value as ``ScalarValue/float(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .float(self) }
}

extension Bool: ScalarConvertible {
    /// Reads a `Bool`; see ``ScalarValue/bool``.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.bool }

    /// The value as ``ScalarValue/bool(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .bool(self) }
}

extension String: ScalarConvertible {
    /// Reads a `String`; see ``ScalarValue/string``.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.string }

    /// The string as a whole-string slice (no copy).
    @usableFromInline
    var scalarValue: ScalarValue { .text(self[...]) }
}

extension Substring: ScalarConvertible {
    /// Reads a `Substring`; text stays the same slice, anything else is its ``ScalarValue/string``.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) { self = scalarValue.substring }

    /// The substring as ``ScalarValue/text(_:)``.
    @usableFromInline
    var scalarValue: ScalarValue { .text(self) }
}

extension Optional: ScalarConvertible where Wrapped: ScalarConvertible {
    /// `nil` from ``ScalarValue/null``, otherwise the wrapped type's reading, wrapped.
    /// - Parameter scalarValue: The value to convert.
    @usableFromInline
    init(scalarValue: ScalarValue) {
        if case .null = scalarValue { self = nil } else { self = Wrapped(scalarValue: scalarValue) }
    }

    /// ``ScalarValue/null`` for `nil`, otherwise the wrapped value's.
    @usableFromInline
    var scalarValue: ScalarValue { self?.scalarValue ?? .null }
}
