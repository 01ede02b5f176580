import SwiftSyntax

/// Builders for the pieces of syntax that Bindery's macros generate.
///
/// The macro target depends on `SwiftSyntax` but not on `SwiftSyntaxBuilder`, so generated
/// code is assembled from syntax nodes here rather than parsed from string literals. The
/// expansion is run through the basic formatter afterwards, so no trivia is needed beyond the
/// spaces that separate keywords.
enum GeneratedSyntax {
    /// `name`, as an expression.
    static func reference(_ name: TokenSyntax) -> ExprSyntax {
        ExprSyntax(DeclReferenceExprSyntax(baseName: name))
    }

    /// `Bindery.name`, as a type.
    static func binderyType(_ name: String) -> TypeSyntax {
        TypeSyntax(
            MemberTypeSyntax(
                baseType: IdentifierTypeSyntax(name: .identifier(DynamicMacro.moduleName)),
                name: .identifier(name)
            )
        )
    }

    /// `Bindery.name`, as an expression.
    static func binderyExpr(_ name: String) -> ExprSyntax {
        ExprSyntax(
            MemberAccessExprSyntax(
                base: reference(.identifier(DynamicMacro.moduleName)),
                declName: DeclReferenceExprSyntax(baseName: .identifier(name))
            )
        )
    }

    /// `label: argument, ...`, as in a call's parentheses.
    static func arguments(_ arguments: [(label: String?, value: ExprSyntax)]) -> LabeledExprListSyntax {
        LabeledExprListSyntax(
            arguments.enumerated().map { index, argument in
                LabeledExprSyntax(
                    label: argument.label.map { .identifier($0) },
                    colon: argument.label == nil ? nil : .colonToken(),
                    expression: argument.value,
                    trailingComma: index < arguments.count - 1 ? .commaToken() : nil
                )
            }
        )
    }

    /// `callee(label: argument, ...)` over several lines: a line break before each argument
    /// whose index is in `breaks` and before the `)`.
    static func multilineCall(
        _ callee: ExprSyntax,
        _ arguments: [(label: String?, value: ExprSyntax)],
        breakingBefore breaks: Set<Int>
    ) -> ExprSyntax {
        var list = Array(Self.arguments(arguments))
        for index in list.indices where breaks.contains(index) {
            list[index].leadingTrivia = .newline
        }
        return ExprSyntax(
            FunctionCallExprSyntax(
                calledExpression: callee,
                leftParen: .leftParenToken(),
                arguments: LabeledExprListSyntax(list),
                rightParen: .rightParenToken(leadingTrivia: .newline)
            )
        )
    }

    /// `callee(label: argument, ...)`.
    static func call(_ callee: ExprSyntax, _ arguments: [(label: String?, value: ExprSyntax)] = []) -> ExprSyntax {
        ExprSyntax(
            FunctionCallExprSyntax(
                calledExpression: callee,
                leftParen: .leftParenToken(),
                arguments: Self.arguments(arguments),
                rightParen: .rightParenToken()
            )
        )
    }

    /// `base.member`.
    static func member(_ base: ExprSyntax, _ member: String) -> ExprSyntax {
        ExprSyntax(MemberAccessExprSyntax(base: base, declName: DeclReferenceExprSyntax(baseName: .identifier(member))))
    }

    /// `base.name`, with `name` written as the token spells it (backticks included).
    static func member(_ base: ExprSyntax, _ name: TokenSyntax) -> ExprSyntax {
        ExprSyntax(MemberAccessExprSyntax(base: base, declName: DeclReferenceExprSyntax(baseName: name)))
    }

    /// `$index`, a closure's anonymous parameter.
    static func anonymousParameter(_ index: Int) -> ExprSyntax {
        reference(.dollarIdentifier("$\(index)"))
    }

    /// `target = value`.
    static func assignment(_ target: ExprSyntax, _ value: ExprSyntax) -> ExprSyntax {
        ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax([target, ExprSyntax(AssignmentExprSyntax()), value])))
    }

    /// An integer literal.
    static func integer(_ value: Int) -> ExprSyntax {
        ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(String(value))))
    }

    /// A string literal without interpolation. `text` must need no escaping (an identifier).
    static func string(_ text: String) -> ExprSyntax {
        ExprSyntax(
            StringLiteralExprSyntax(
                openingQuote: .stringQuoteToken(),
                segments: StringLiteralSegmentListSyntax([.stringSegment(StringSegmentSyntax(content: .stringSegment(text)))]),
                closingQuote: .stringQuoteToken()
            )
        )
    }

    /// `\Root.property`.
    static func keyPath(root: TokenSyntax, property: TokenSyntax) -> ExprSyntax {
        ExprSyntax(
            KeyPathExprSyntax(
                root: IdentifierTypeSyntax(name: root),
                components: KeyPathComponentListSyntax([
                    KeyPathComponentSyntax(
                        period: .periodToken(),
                        component: .property(KeyPathPropertyComponentSyntax(declName: DeclReferenceExprSyntax(baseName: property)))
                    )
                ])
            )
        )
    }

    /// `\Root.property`, or `_$KeyPaths.property` where the class keeps its tracked
    /// properties' key paths (see `DynamicClassShape.hasStaticKeyPaths`): the key path a
    /// tracked property's accessors report to Observation with.
    static func trackedKeyPath(_ property: TokenSyntax, root: TokenSyntax, isStatic: Bool) -> ExprSyntax {
        isStatic ? member(reference(.identifier(DynamicMacro.keyPathsName)), property) : keyPath(root: root, property: property)
    }

    /// `_$registrar.access(self, keyPath: keyPath, slot: slot, after: _$Slots.first)`: what every
    /// generated getter reports first; `slot` counts from the class's first own slot.
    static func access(_ slot: Int, keyPath: ExprSyntax) -> ExprSyntax {
        call(
            member(reference(.identifier(DynamicMacro.registrarName)), "access"),
            [
                (nil, reference(.keyword(.self))),
                ("keyPath", keyPath),
                ("slot", integer(slot)),
                ("after", member(reference(.identifier(DynamicMacro.slotsName)), "first")),
            ]
        )
    }

    /// `let observed = _$registrar.willSet(self, keyPath: keyPath)`: what every generated
    /// setter does before the store.
    static func willSet(_ keyPath: ExprSyntax) -> DeclSyntax {
        DeclSyntax(
            VariableDeclSyntax(
                bindingSpecifier: .keyword(.let),
                bindings: PatternBindingListSyntax([
                    PatternBindingSyntax(
                        pattern: IdentifierPatternSyntax(identifier: .identifier(observedName)),
                        initializer: InitializerClauseSyntax(
                            value: call(
                                member(reference(.identifier(DynamicMacro.registrarName)), "willSet"),
                                [(nil, reference(.keyword(.self))), ("keyPath", keyPath)]
                            )
                        )
                    )
                ])
            )
        )
    }

    /// `_$registrar.didSet(self, keyPath: keyPath, slot: slot, after: _$Slots.first, observed: observed)`:
    /// the report every generated setter ends with; `slot` counts from the class's first own
    /// slot.
    static func didSet(_ slot: Int, keyPath: ExprSyntax) -> ExprSyntax {
        call(
            member(reference(.identifier(DynamicMacro.registrarName)), "didSet"),
            [
                (nil, reference(.keyword(.self))),
                ("keyPath", keyPath),
                ("slot", integer(slot)),
                ("after", member(reference(.identifier(DynamicMacro.slotsName)), "first")),
                ("observed", reference(.identifier(observedName))),
            ]
        )
    }

    /// `_$registrar.withMutation(of: self, keyPath: keyPath, slot: slot, after: _$Slots.first, storing: newValue) { $0.storage = $1 }`:
    /// what every generated setter is; `slot` counts from the class's first own slot.
    static func withMutation(_ slot: Int, keyPath: ExprSyntax, storage: TokenSyntax) -> ExprSyntax {
        let called = call(
            member(reference(.identifier(DynamicMacro.registrarName)), "withMutation"),
            [
                ("of", reference(.keyword(.self))),
                ("keyPath", keyPath),
                ("slot", integer(slot)),
                ("after", member(reference(.identifier(DynamicMacro.slotsName)), "first")),
                ("storing", reference(.identifier("newValue"))),
            ]
        ).cast(FunctionCallExprSyntax.self)
        let store = assignment(member(anonymousParameter(0), storage), anonymousParameter(1))
        return ExprSyntax(called.with(\.trailingClosure, closure([.expr(store)]).cast(ClosureExprSyntax.self).with(\.leadingTrivia, .space)))
    }

    /// The local that carries what `willSet` loaded to `didSet`.
    static let observedName = "observed"

    /// `lhs + rhs`.
    static func sum(_ lhs: ExprSyntax, _ rhs: ExprSyntax) -> ExprSyntax {
        ExprSyntax(
            SequenceExprSyntax(
                elements: ExprListSyntax([lhs, ExprSyntax(BinaryOperatorExprSyntax(operator: .binaryOperator("+"))), rhs])
            )
        )
    }

    /// `Name`, as a type.
    static func identifierType(_ name: String) -> TypeSyntax {
        TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
    }

    /// `modifiers var name: type { statements }`.
    static func computed(
        _ name: String,
        type: TypeSyntax,
        modifiers: [DeclModifierSyntax],
        body: [CodeBlockItemSyntax.Item]
    ) -> DeclSyntax {
        DeclSyntax(
            VariableDeclSyntax(
                modifiers: DeclModifierListSyntax(modifiers),
                bindingSpecifier: .keyword(.var),
                bindings: PatternBindingListSyntax([
                    PatternBindingSyntax(
                        pattern: IdentifierPatternSyntax(identifier: .identifier(name)),
                        typeAnnotation: TypeAnnotationSyntax(type: type),
                        accessorBlock: AccessorBlockSyntax(
                            accessors: .getter(CodeBlockItemListSyntax(body.map { CodeBlockItemSyntax(item: $0) }))
                        )
                    )
                ])
            )
        )
    }

    /// `@isolation func name<parameter: constraint>(_: parameter.Type) -> result { body }`.
    static func genericTableFunction(
        name: String,
        parameter: String,
        constraint: TokenSyntax,
        returning result: TypeSyntax,
        isolation: String?,
        body: ExprSyntax
    ) -> DeclSyntax {
        let attributes = isolation.map { AttributeListSyntax([.attribute(attribute($0).with(\.trailingTrivia, .space))]) }
        return DeclSyntax(
            FunctionDeclSyntax(
                attributes: attributes ?? AttributeListSyntax([]),
                name: .identifier(name),
                genericParameterClause: GenericParameterClauseSyntax(
                    parameters: GenericParameterListSyntax([
                        GenericParameterSyntax(
                            name: .identifier(parameter),
                            colon: .colonToken(),
                            inheritedType: IdentifierTypeSyntax(name: constraint)
                        )
                    ])
                ),
                signature: FunctionSignatureSyntax(
                    parameterClause: FunctionParameterClauseSyntax(
                        parameters: FunctionParameterListSyntax([
                            FunctionParameterSyntax(
                                firstName: .wildcardToken(),
                                colon: .colonToken(),
                                type: MetatypeTypeSyntax(baseType: identifierType(parameter), metatypeSpecifier: .keyword(.Type))
                            )
                        ])
                    ),
                    returnClause: ReturnClauseSyntax(type: result)
                ),
                body: block([.expr(body)])
            )
        )
    }

    /// `{ statements }`, one statement per line.
    static func block(_ statements: [CodeBlockItemSyntax.Item]) -> CodeBlockSyntax {
        CodeBlockSyntax(statements: CodeBlockItemListSyntax(statements.map { CodeBlockItemSyntax(item: $0) }))
    }

    /// `@name`, with the arguments if any are given.
    static func attribute(_ name: String, arguments: [(label: String?, value: ExprSyntax)]? = nil) -> AttributeSyntax {
        guard let arguments else {
            return AttributeSyntax(atSign: .atSignToken(), attributeName: IdentifierTypeSyntax(name: .identifier(name)))
        }
        return AttributeSyntax(
            atSign: .atSignToken(),
            attributeName: IdentifierTypeSyntax(name: .identifier(name)),
            leftParen: .leftParenToken(),
            arguments: .argumentList(Self.arguments(arguments)),
            rightParen: .rightParenToken()
        )
    }

    /// `{ statements }`, as a closure.
    static func closure(_ statements: [CodeBlockItemSyntax.Item]) -> ExprSyntax {
        ExprSyntax(
            ClosureExprSyntax(
                statements: CodeBlockItemListSyntax(
                    statements.map { CodeBlockItemSyntax(leadingTrivia: .newline, item: $0) }
                ),
                rightBrace: .rightBraceToken(leadingTrivia: .newline)
            )
        )
    }

    /// A modifier keyword such as `public` or `nonisolated`.
    static func modifier(_ keyword: Keyword) -> DeclModifierSyntax {
        DeclModifierSyntax(name: .keyword(keyword))
    }
}
