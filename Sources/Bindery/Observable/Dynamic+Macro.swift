/// Makes every stored `var` of a class observable by Bindery: Swift's answer to `@objc dynamic`.
///
/// Each set of a stored `var` is reported synchronously, on the setting thread, to the
/// object's registrar; `let`s, computed properties and properties marked
/// ``DynamicIgnored()`` are left alone (a computed property is heard through the properties its
/// getter reads). The macro also generates a table from property names to key paths, listing
/// stored and computed properties for string bindings, and the registrar doubles as the
/// object's lifetime token: when the object deinitialises, it leaves every chain at once.
///
/// ```swift
/// @Dynamic final class Lottery {
///     var sn = 0
///     var code = ""
///     @DynamicIgnored var scratch = 0
/// }
/// Bind.in(lottery, \.sn).out(label, \.text)
/// ```
///
/// A tracked property keeps its `willSet` and `didSet` observers: they run around the store
/// as Swift runs them, and the chains bound to the property hear of the change after `didSet`
/// returns (a `didSet` that sets the property again is heard too, as a second change).
///
/// ```swift
/// @Dynamic final class Form {
///     var name = "" {
///         didSet { isValid = !name.isEmpty }
///     }
///     var isValid = false
/// }
/// ```
///
/// Attaching it to a struct, enum or actor is a compile-time error.
@attached(
    member,
    conformances: DynamicObject,
    names: named(_$registrar), named(_$dynamicProperties), named(_$Slots), named(_$slotCount), named(_$KeyPaths)
)
@attached(memberAttribute)
@attached(extension, conformances: DynamicObject)
public macro Dynamic() = #externalMacro(module: "BinderyMacros", type: "DynamicMacro")

/// Reports each set of a stored property to the registrar slot `slot`. Not API: ``Dynamic()``
/// attaches it to every tracked property.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_$))
public macro _DynamicTracked(_ slot: Int) = #externalMacro(module: "BinderyMacros", type: "DynamicTrackedMacro")

/// Leaves one stored property of a ``Dynamic()`` class unobserved: its sets are not reported
/// and it cannot be a chain's sender.
///
/// ```swift
/// @Dynamic final class Model {
///     var title = ""
///     @DynamicIgnored var cache: [String: Int] = [:]
/// }
/// ```
@attached(peer)
public macro DynamicIgnored() = #externalMacro(module: "BinderyMacros", type: "DynamicIgnoredMacro")
