/// Something with a main property that the operators' shorthands bind: a label's text, an image
/// view's image (BIND's shorthand table). Every ``Control`` has one; a widget that only shows a
/// value adopts this protocol alone, so that `nameField ~> nameLabel` receives into its text.
///
/// ```swift
/// final class Caption: DesignatedProperty {
///     var text: String? = nil
///     static var designatedKeyPath: ReferenceWritableKeyPath<Caption, String?> { \.text }
/// }
/// ```
///
/// Adopting it changes nothing about retention or threads: the shorthand binds the object as
/// `(object, Self.designatedKeyPath)` would.
public protocol DesignatedProperty: AnyObject {
    /// The type of the designated property.
    associatedtype DesignatedValue

    /// The property the shorthands bind: a text field's text, a slider's value, a switch's
    /// `isOn`, a button's tap count, a label's text.
    static var designatedKeyPath: ReferenceWritableKeyPath<Self, DesignatedValue> { get }
}
