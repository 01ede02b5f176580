/// A type that takes part in automatic scalar conversion (see <doc:Guarantees#Conversion>).
///
/// A conforming type writes itself as a ``ScalarValue`` and reads itself back from any
/// ``ScalarValue``, so any two conforming types convert through one table that never traps:
/// `To(scalarValue: from.scalarValue)`. The conforming types are `String`, `Substring`, every
/// standard integer width, `Double`, `Float`, `Bool`, and Optionals of them. Other types take
/// part through a convert closure or a value transformer instead.
@usableFromInline
protocol ScalarConvertible: SendableMetatype {
    /// Reads a value from the table's intermediate form.
    /// - Parameter scalarValue: The value to convert; any case is accepted.
    init(scalarValue: ScalarValue)

    /// The value in the table's intermediate form.
    var scalarValue: ScalarValue { get }
}
