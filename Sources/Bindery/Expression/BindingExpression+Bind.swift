// Layer 10 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Expression: string bindings. Names `MVVM`,
// `DSL`, `Chain` and the layers below.

// Binding a parsed string binding: its names resolved against the objects' `@Dynamic` tables,
// its key paths' types recovered, and the operator it names applied as the typed operators
// apply it.

extension Bind {
    /// Parses a string binding, BIND's `"leftKeyPath op rightKeyPath | Transformer"`, to bind
    /// later with ``StringBinding/bind(_:_:)``.
    ///
    /// The grammar: a key path (property names joined by `.`), one of the six operators (see
    /// <doc:Operators>), a key path, and optionally `|` and the name a transformer was
    /// registered under (see ``Bind/register(_:as:)-(Transformer,_)``), `!` before it to use
    /// it reversed. Parsed expressions are kept by their text, so parsing one again is a lookup.
    ///
    /// - Parameter text: The binding, such as `"name ~> textLabel.text | Uppercase"`.
    /// - Returns: The parsed binding.
    /// - Throws: A ``BindingExpressionError`` that says what was expected and points at it.
    ///
    /// ```swift
    /// let binding = try Bind.expression("name ~> title")
    /// try binding.bind(vm, settings)
    /// ```
    public static func expression(_ text: String) throws(BindingExpressionError) -> StringBinding {
        if let parsed = ExpressionCache.shared.expression(for: text) { return StringBinding(parsed) }
        let parsed = try BindingExpression.parse(text)
        ExpressionCache.shared.keep(parsed)
        return StringBinding(parsed)
    }
}

/// A parsed string binding (see ``Bind/expression(_:)``), ready to bind objects.
///
/// ```swift
/// try Bind.expression("name <> title").bind(vm, settings)
/// ```
public struct StringBinding: Sendable {
    let parsed: BindingExpression

    init(_ parsed: BindingExpression) {
        self.parsed = parsed
    }

    /// The text it was parsed from.
    public var text: String { parsed.source }

    /// Binds `left`'s key path to `right`'s, as the operator between them says: the same
    /// binding the typed operator makes (see <doc:Operators>), so neither object is retained,
    /// the binding ends when either goes, and a binding declared on the main thread writes
    /// only on the main actor.
    ///
    /// The names are looked up in the tables `@Dynamic` records: every object along either key
    /// path must be of a `@Dynamic` class (a main-actor class's table is built the first time
    /// it is asked for on the main actor).
    ///
    /// - Parameters:
    ///   - left: The object the left key path starts at.
    ///   - right: The object the right key path starts at.
    /// - Returns: The binding, to unbind.
    /// - Throws: A ``BindingExpressionError`` pointing at a name no `@Dynamic` table has
    ///   (suggesting the nearest), a link that is not a `@Dynamic` object, a side that must
    ///   receive but is read-only, a transformer name nothing was registered under, or a
    ///   transformer a two-way binding cannot use. Nothing is bound when it throws.
    ///
    /// ```swift
    /// try Bind.expression("title ~> name").bind(vm, settings)
    /// ```
    @discardableResult
    public func bind(_ left: AnyObject, _ right: AnyObject) throws(BindingExpressionError) -> ExpressionBinding {
        let expression = parsed
        let leftPath = try ExpressionResolver.resolve(expression.left, from: left, in: expression)
        let rightPath = try ExpressionResolver.resolve(expression.right, from: right, in: expression)
        let direction = expression.direction
        try ExpressionResolver.check(expression.transformer, direction: direction, in: expression)
        let head = direction.sendsLeftToRight ? (left, leftPath) : (right, rightPath)
        let second = direction.sendsLeftToRight ? (right, rightPath) : (left, leftPath)
        let twoWay = direction.sendsLeftToRight && direction.sendsRightToLeft
        guard let opened = head.1.keyPath as? any ExpressionKeyPath else {
            throw ExpressionResolver.unusable(head.1, in: expression)
        }
        var visitor = HeadVisitor(
            object: head.0, path: head.1, twoWay: twoWay, second: second.0, secondPath: second.1,
            initial: direction.pushesNow, transformer: expression.transformer, expression: expression)
        try opened.accept(&visitor)
        guard let link = visitor.result else { throw ExpressionResolver.unusable(head.1, in: expression) }
        return ExpressionBinding(link: link)
    }
}

/// A binding made from a string (see ``StringBinding/bind(_:_:)``).
///
/// It retains neither object; you need not keep it.
public struct ExpressionBinding: Sendable {
    let link: any ErasedOperatorLink

    /// Ends the binding, as the typed operators' `unbind()` does: the receiving side (for a
    /// two-way binding, the right one) leaves the chain. Calling it again does nothing.
    public func unbind() { link.unbind() }

    /// Whether the binding is in effect.
    public var isBound: Bool { link.isBound }
}

/// An operator's link, whatever its types.
protocol ErasedOperatorLink: Sendable {
    func unbind()
    var isBound: Bool { get }
}

extension OperatorLink: ErasedOperatorLink {}

/// Parsed string bindings, by their text: at most 512, then it starts again.
final class ExpressionCache: @unchecked Sendable {
    // @unchecked: `parsed` is read and written only with `lock` held.
    static let shared = ExpressionCache()
    private let lock = Lock()
    @exclusivity(unchecked) private var parsed: [String: BindingExpression] = [:]

    func expression(for text: String) -> BindingExpression? {
        lock.withLock { parsed[text] }
    }

    func keep(_ expression: BindingExpression) {
        lock.withLock {
            if parsed.count >= 512 { parsed.removeAll(keepingCapacity: true) }
            parsed[expression.source] = expression
        }
    }
}

extension ExpressionBinding: BindingHandle {}
