/// Finds, at bind time, how a value of one type becomes a value of another (see <doc:Guarantees#Conversion>).
///
/// The engine asks once per endpoint and keeps the closure, so all dynamic casts happen here;
/// the closures themselves do no casts and, between two non-string scalars, no allocation.
@usableFromInline
enum Conversion {
    /// The converter from `From` to `To`: identity when the types are equal, the scalar table
    /// when both are scalar types (including Optionals of them), nil otherwise.
    /// - Parameters:
    ///   - from: The source type.
    ///   - to: The target type.
    /// - Returns: A converter that never traps, or nil when the types do not convert.
    ///
    /// ```swift
    /// let read = Conversion.converter(from: String.self, to: Int.self)
    /// let number = read?("12ab") // 12
    /// ```
    @usableFromInline
    static func converter<From, To>(from: From.Type, to: To.Type) -> (@Sendable (From) -> To)? {
        if From.self == To.self {
            // Same type: a plain identity closure, reinterpreted once here rather than cast per call.
            return unsafeBitCast({ @Sendable (value: From) in value }, to: (@Sendable (From) -> To).self)
        }
        guard let source = From.self as? any ScalarConvertible.Type,
              let target = To.self as? any ScalarConvertible.Type
        else { return nil }
        return scalarConverter(source, target, as: (@Sendable (From) -> To).self)
    }

    /// The converter from `From` to `To` for a transformer's input or output: as
    /// ``converter(from:to:)``, and also wrapping a value in an Optional of its type (a
    /// transformer that makes an `Image` writes an `Image?` property).
    static func adapter<From, To>(from: From.Type, to: To.Type) -> (@Sendable (From) -> To)? {
        if let converter = converter(from: From.self, to: To.self) { return converter }
        if To.self == Optional<From>.self {
            return unsafeBitCast({ @Sendable (value: From) in Optional(value) }, to: (@Sendable (From) -> To).self)
        }
        return nil
    }

    /// Whether values of `type` take part in automatic conversion.
    /// - Parameter type: Any type.
    /// - Returns: `true` for `String`, `Substring`, the integers, `Double`, `Float`, `Bool` and
    ///   Optionals of them.
    @usableFromInline
    static func isScalar(_ type: Any.Type) -> Bool {
        type is any ScalarConvertible.Type
    }

    /// The table's converter between two scalar types, typed as `(From) -> To`. `Source` and
    /// `Target` are `From` and `To` opened as ``ScalarConvertible``; the last argument only
    /// names the function type to return.
    /// - Returns: `{ Target(scalarValue: $0.scalarValue) }`.
    private static func scalarConverter<Source: ScalarConvertible, Target: ScalarConvertible, From, To>(
        _: Source.Type, _: Target.Type, as _: (@Sendable (From) -> To).Type
    ) -> @Sendable (From) -> To {
        let convert = { @Sendable (value: Source) in Target(scalarValue: value.scalarValue) }
        // `Source` and `Target` were opened from `From.self` and `To.self`, so the types are equal.
        return unsafeBitCast(convert, to: (@Sendable (From) -> To).self)
    }
}
