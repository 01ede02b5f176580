/// Whether two values of a type are equal, for a type known only at run time to be
/// `Equatable`: a computed property's value, a list's elements.
@usableFromInline
enum EquatableTest {
    /// `==` of `Value`, if `Value` is `Equatable`; nil otherwise. Asks the runtime once; the
    /// test it returns calls `==` directly, boxing nothing.
    @usableFromInline
    static func of<Value>(_ type: Value.Type) -> ((Value, Value) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return opened(equatable, as: type)
    }

    /// `==` of `Opened`, which is `Value`, typed as a test of `Value`s.
    private static func opened<Opened: Equatable, Value>(_: Opened.Type, as _: Value.Type) -> (Value, Value) -> Bool {
        // `Opened` and `Value` are one type: the casts reinterpret nothing.
        { unsafeBitCast($0, to: Opened.self) == unsafeBitCast($1, to: Opened.self) }
    }
}
