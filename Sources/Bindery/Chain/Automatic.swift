/// Converters between a property's type and a chain's, chosen at bind time.
@usableFromInline
enum Automatic {
    /// `Property` → `Value` by the conversion table, or nil.
    @inlinable
    static func into<Property, Value>(_: Property.Type, _: Value.Type) -> ((Property) -> Value)? {
        Conversion.converter(from: Property.self, to: Value.self)
    }

    /// `Value` → `Property` by the conversion table, or nil.
    @inlinable
    static func outOf<Value, Property>(_: Value.Type, _: Property.Type) -> ((Value) -> Property)? {
        Conversion.converter(from: Value.self, to: Property.self)
    }
}
