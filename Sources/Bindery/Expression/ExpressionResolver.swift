/// A key path of a string binding resolved against an object: the key path, and the class of
/// each object along it (for messages).
struct ResolvedPath {
    let keyPath: AnyKeyPath
    let written: KeyPathExpression
}

/// Looks a string binding's names up in the `@Dynamic` tables of the objects it starts at.
enum ExpressionResolver {
    /// The key path `path` names, starting at `object`'s class.
    static func resolve(_ path: KeyPathExpression, from object: AnyObject, in expression: BindingExpression) throws(BindingExpressionError) -> ResolvedPath {
        var type: AnyObject.Type = Swift.type(of: object)
        var keyPath: AnyKeyPath?
        for (position, component) in path.components.enumerated() {
            guard let dynamic = type as? any DynamicObject.Type else {
                throw BindingExpressionError(
                    "\(type) is not a @Dynamic class, so its properties have no names to look up; mark it @Dynamic",
                    at: position == 0 ? component.range : path.components[position - 1].range, in: expression.source)
            }
            let table = dynamic._$dynamicProperties
            guard let entry = table.first(where: { $0.name == component.name }) else {
                throw .unknownKey(component.name, on: "\(type)", range: component.range, in: expression.source, candidates: table.map(\.name))
            }
            guard let joined = keyPath.map({ $0.appending(path: entry.keyPath) }) ?? entry.keyPath else {
                throw BindingExpressionError(
                    "\"\(component.name)\" cannot follow the key path before it", at: component.range, in: expression.source)
            }
            keyPath = joined
            if position < path.components.count - 1 {
                let value = Swift.type(of: entry.keyPath).valueType
                guard let next = value as? AnyObject.Type else {
                    throw BindingExpressionError(
                        "\"\(component.name)\" is a \(value), not an object, so a key path cannot go on through it",
                        at: component.range, in: expression.source)
                }
                type = next
            }
        }
        guard let keyPath else {
            throw BindingExpressionError("expected a key path", at: path.range, in: expression.source)
        }
        return ResolvedPath(keyPath: keyPath, written: path)
    }

    /// Throws unless the transformer the expression names is registered and fits its
    /// direction: a two-way binding needs a synchronous transformer with a reverse.
    static func check(_ reference: TransformerReference?, direction: BindingDirection, in expression: BindingExpression) throws(BindingExpressionError) {
        guard let reference else { return }
        guard let entry = TransformerRegistry.shared.entry(named: reference.name) else {
            throw .unknownTransformer(
                reference.name, range: reference.range, in: expression.source, candidates: TransformerRegistry.shared.names)
        }
        let twoWay = direction.sendsLeftToRight && direction.sendsRightToLeft
        switch entry {
        case .async:
            if twoWay || reference.isReversed {
                throw BindingExpressionError(
                    "\"\(reference.name)\" is an async transformer, which goes one way only and has no reverse; bind with ~> or <~",
                    at: reference.range, in: expression.source)
            }
        case .sync(let transformer):
            if (twoWay || reference.isReversed) && !(transformer is any ReversibleTransformer) {
                throw BindingExpressionError(
                    "\"\(reference.name)\" has no reverse (it is not a ReversibleTransformer), which "
                        + (twoWay ? "a two-way binding needs" : "`!` asks for"),
                    at: reference.range, in: expression.source)
            }
        }
    }

    /// A key path whose types a string binding cannot use.
    static func unusable(_ path: ResolvedPath, in expression: BindingExpression) -> BindingExpressionError {
        BindingExpressionError("this key path cannot be bound", at: path.written.range, in: expression.source)
    }

    /// A side that must receive but is read-only.
    static func readOnly(_ path: ResolvedPath, in expression: BindingExpression) -> BindingExpressionError {
        BindingExpressionError(
            "\(path.written.canonicalText) is read-only (a let, or a computed property), so it cannot receive",
            at: path.written.range, in: expression.source)
    }
}

/// A key path whose root and value types a visitor can recover.
protocol ExpressionKeyPath {
    func accept(_ visitor: inout HeadVisitor) throws(BindingExpressionError)
    func accept<Head>(_ visitor: inout SecondVisitor<Head>) throws(BindingExpressionError)
}

extension KeyPath: ExpressionKeyPath {
    func accept(_ visitor: inout HeadVisitor) throws(BindingExpressionError) {
        try visitor.visit(self)
    }

    func accept<Head>(_ visitor: inout SecondVisitor<Head>) throws(BindingExpressionError) {
        try visitor.visit(self)
    }
}

/// Makes the chain's head from its key path's types, then has the second side added.
struct HeadVisitor {
    let object: AnyObject
    let path: ResolvedPath
    let twoWay: Bool
    let second: AnyObject
    let secondPath: ResolvedPath
    let initial: Bool
    let transformer: TransformerReference?
    let expression: BindingExpression
    var result: (any ErasedOperatorLink)?

    mutating func visit<Root, Value>(_ keyPath: KeyPath<Root, Value>) throws(BindingExpressionError) {
        guard let root = Root.self as? any DynamicObject.Type else { throw ExpressionResolver.unusable(path, in: expression) }
        result = try head(root, keyPath)
    }

    private func head<Dynamic: DynamicObject, Root, Value>(
        _: Dynamic.Type, _ keyPath: KeyPath<Root, Value>
    ) throws(BindingExpressionError) -> any ErasedOperatorLink {
        let object = unsafeDowncast(self.object, to: Dynamic.self)
        let spec: EndpointSpec<Value>
        if twoWay {
            guard let writable = keyPath as? ReferenceWritableKeyPath<Dynamic, Value> else {
                throw ExpressionResolver.readOnly(path, in: expression)
            }
            spec = Operand.twoWay(object, writable)
        } else {
            guard let readable = keyPath as? KeyPath<Dynamic, Value> else { throw ExpressionResolver.unusable(path, in: expression) }
            spec = Operand.sender(object, readable)
        }
        guard let opened = secondPath.keyPath as? any ExpressionKeyPath else {
            throw ExpressionResolver.unusable(secondPath, in: expression)
        }
        var visitor = SecondVisitor<Value>(
            head: spec, object: second, path: secondPath, twoWay: twoWay, initial: initial, transformer: transformer,
            expression: expression)
        try opened.accept(&visitor)
        guard let link = visitor.result else { throw ExpressionResolver.unusable(secondPath, in: expression) }
        return link
    }
}

/// Adds the second side to a head typed `Head`, and applies the transformer.
struct SecondVisitor<Head> {
    var head: EndpointSpec<Head>?
    let object: AnyObject
    let path: ResolvedPath
    let twoWay: Bool
    let initial: Bool
    let transformer: TransformerReference?
    let expression: BindingExpression
    var result: (any ErasedOperatorLink)?

    mutating func visit<Root, Value>(_ keyPath: KeyPath<Root, Value>) throws(BindingExpressionError) {
        guard let root = Root.self as? any DynamicObject.Type else { throw ExpressionResolver.unusable(path, in: expression) }
        guard let head = head.take() else { return }
        result = try second(root, keyPath, head: head)
    }

    private func second<Dynamic: DynamicObject, Root, Value>(
        _: Dynamic.Type, _ keyPath: KeyPath<Root, Value>, head: EndpointSpec<Head>
    ) throws(BindingExpressionError) -> any ErasedOperatorLink {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Dynamic, Value> else {
            throw ExpressionResolver.readOnly(path, in: expression)
        }
        let object = unsafeDowncast(self.object, to: Dynamic.self)
        if let transformer, case .sync(let registered)? = TransformerRegistry.shared.entry(named: transformer.name) {
            // Declared with its functions from the start: the receiving side is written once.
            guard let functions = TransformerFunctions.registered(
                registered, reversed: transformer.isReversed, twoWay: twoWay, from: Head.self, to: Value.self)
            else {
                throw BindingExpressionError(
                    "\"\(transformer.name)\" (\(type(of: registered))) does not convert \(Head.self) to \(Value.self)",
                    at: transformer.range, in: expression.source)
            }
            if twoWay {
                return OperatorLink<Head, Value>(
                    head: head, object, DynamicKey(object, writable), role: [.sends, .receives], initial: initial,
                    toChain: functions.backward, fromChain: functions.forward)
            }
            return OperatorLink<Head, Value>(
                head: head, object, PropertyKey(object, writable), role: .receives, initial: initial,
                toChain: nil, fromChain: functions.forward)
        }
        if twoWay {
            return OperatorLink<Head, Value>(
                head: head, object, DynamicKey(object, writable), role: [.sends, .receives], initial: initial)
        }
        let link = OperatorLink<Head, Value>(head: head, object, PropertyKey(object, writable), role: .receives, initial: initial)
        // An async transformer (one way only, checked before) delivers its results later.
        if let transformer { OneWayBinding(link).transformed(byName: transformer.name, reversed: transformer.isReversed) }
        return link
    }
}
