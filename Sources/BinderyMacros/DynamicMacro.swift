import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Dynamic`: makes the stored `var`s of a class report their sets to a per-object
/// `ChangeRegistrar`.
///
/// It has three roles:
/// - **member attribute**: puts `@_DynamicTracked(slot)` on every tracked stored `var`,
///   numbering the slots from 0 in declaration order (see ``DynamicMemberRole`` for what is
///   tracked), and reports the `var`s it cannot track (observers, several names in one `var`);
/// - **member**: adds the registrar and the property table;
/// - **extension**: adds the `DynamicObject` conformance.
///
/// ```swift
/// @Dynamic final class Lottery {
///     var sn = 0
///     let id = 7
/// }
/// // expands to (then `@_DynamicTracked` expands in turn; the accessor closures are shown on
/// // one line here, the formatter spreads them over several):
/// final class Lottery {
///     @_DynamicTracked(0) var sn = 0
///     let id = 7
///     nonisolated let _$registrar = Bindery.ChangeRegistrar()
///     nonisolated static let _$dynamicProperties: [Bindery.DynamicProperty] = {
///         let table: @MainActor () -> [Bindery.DynamicProperty] = {
///             [
///                 Bindery.DynamicProperty(
///                     name: "sn", keyPath: \Lottery.sn, slot: 0,
///                     accessor: Bindery.PropertyAccessor(\Lottery.sn, get: { $0.sn }, set: { $0.sn = $1 })
///                 ),
///                 Bindery.DynamicProperty(
///                     name: "id", keyPath: \Lottery.id, slot: nil,
///                     accessor: Bindery.PropertyAccessor(\Lottery.id, get: { $0.id })
///                 ),
///             ]
///         }
///         return unsafeBitCast(table, to: (() -> [Bindery.DynamicProperty]).self)()
///     }()
/// }
/// extension Lottery: Bindery.DynamicObject {}
/// ```
///
/// The members are `public` in a `public` or `open` class and `package` in a `package` one, and
/// `nonisolated` so that a `@MainActor` class conforms. The table is built in a closure
/// isolated to the class's global actor because Swift forms key paths to isolated properties
/// only there (see `propertyTable`). Each entry also carries the property's direct accessors,
/// which Bindery calls instead of applying the key path (see `accessor(of:root:)`). A generic
/// class, or one nested where a static stored property is not allowed, gets a computed
/// `static var` instead.
///
/// Attached to anything but a class, it reports an error and expands to nothing.
public struct DynamicMacro {
    /// The module that declares the macros and the types the expansion names.
    static let moduleName = "Bindery"
    /// The generated registrar property.
    static let registrarName = "_$registrar"
    /// The generated property table.
    static let tableName = "_$dynamicProperties"
    /// The opt-out marker macro.
    static let ignoredName = "DynamicIgnored"
    /// The per-property accessor macro.
    static let trackedName = "_DynamicTracked"
    /// The protocol the extension conforms to.
    static let conformanceName = "DynamicObject"
}

// MARK: - Member attribute: @_DynamicTracked(slot)

extension DynamicMacro: MemberAttributeMacro {
    /// Returns `@_DynamicTracked(slot)` for a tracked stored `var`, and nothing for any other
    /// member; reports a `var` that cannot be tracked.
    ///
    /// - Parameters:
    ///   - node: The `@Dynamic` attribute.
    ///   - declaration: The class.
    ///   - member: One member of the class.
    ///   - context: The expansion context, which receives the diagnostics.
    /// - Returns: The attribute to add to `member`, if any.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        switch DynamicMemberRole(of: member) {
        case .tracked(let name):
            // Look the slot up by name: the member and the class may be separate syntax trees.
            guard let slot = DynamicPropertyTable(declaration.memberBlock.members).slot(of: name.text) else {
                return []
            }
            return [GeneratedSyntax.attribute(trackedName, arguments: [(nil, GeneratedSyntax.integer(slot))])]
        case .unsupported(let diagnostic):
            context.diagnose(diagnostic)
            return []
        case .constant, .untracked:
            return []
        }
    }
}

// MARK: - Member: registrar and property table

extension DynamicMacro: MemberMacro {
    /// Returns `_$registrar` and `_$dynamicProperties`, or reports an error if the declaration
    /// is not a class.
    ///
    /// - Parameters:
    ///   - node: The `@Dynamic` attribute.
    ///   - declaration: The declaration `@Dynamic` is attached to.
    ///   - protocols: Unused.
    ///   - context: The expansion context, which receives the diagnostics.
    /// - Returns: The two members, or nothing for a non-class.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: notAClassMessage(for: declaration)))
            return []
        }

        var modifiers: [DeclModifierSyntax] = []
        if let access = memberAccessLevel(of: classDecl) {
            modifiers.append(GeneratedSyntax.modifier(access))
        }
        modifiers.append(GeneratedSyntax.modifier(.nonisolated))

        let table = DynamicPropertyTable(classDecl.memberBlock.members)
        return [
            registrar(modifiers: modifiers),
            propertyTable(
                table,
                of: classDecl,
                modifiers: modifiers,
                isGeneric: isInGenericContext(classDecl, context)
            ),
        ]
    }

    /// `nonisolated let _$registrar = Bindery.ChangeRegistrar()`.
    private static func registrar(modifiers: [DeclModifierSyntax]) -> DeclSyntax {
        DeclSyntax(
            VariableDeclSyntax(
                modifiers: DeclModifierListSyntax(modifiers),
                bindingSpecifier: .keyword(.let),
                bindings: PatternBindingListSyntax([
                    PatternBindingSyntax(
                        pattern: IdentifierPatternSyntax(identifier: .identifier(registrarName)),
                        initializer: InitializerClauseSyntax(
                            value: GeneratedSyntax.call(GeneratedSyntax.binderyExpr("ChangeRegistrar"))
                        )
                    )
                ])
            )
        )
    }

    /// `nonisolated static let _$dynamicProperties: [Bindery.DynamicProperty] = ...`, or a
    /// computed `static var` in a generic context, where static stored properties are not
    /// supported.
    ///
    /// Swift forms a key path to an actor-isolated property only on that actor, and a property
    /// of a `@MainActor` class (or of any class in a module whose default isolation is
    /// `MainActor`, which a macro cannot see) is isolated. So the table is built by a closure
    /// isolated to the class's global actor (`MainActor` unless the class names another), and
    /// that closure is called synchronously, from any thread, through a nonisolated function
    /// type, as `MainActor.assumeIsolated` does minus its check. Forming a key path reads no
    /// property, and neither does forming the accessor closures, so nothing isolated is touched.
    private static func propertyTable(
        _ table: DynamicPropertyTable,
        of classDecl: ClassDeclSyntax,
        modifiers: [DeclModifierSyntax],
        isGeneric: Bool
    ) -> DeclSyntax {
        let className = classDecl.name.trimmed
        let elements = table.entries.map { entry in
            ArrayElementSyntax(
                leadingTrivia: .newline,
                expression: GeneratedSyntax.multilineCall(
                    GeneratedSyntax.binderyExpr("DynamicProperty"),
                    [
                        ("name", GeneratedSyntax.string(entry.name.text)),
                        ("keyPath", GeneratedSyntax.keyPath(root: className, property: entry.name.token)),
                        ("slot", entry.slot.map(GeneratedSyntax.integer) ?? ExprSyntax(NilLiteralExprSyntax())),
                        ("accessor", accessor(of: entry, root: className)),
                    ],
                    breakingBefore: [0, 3]
                ),
                trailingComma: .commaToken()
            )
        }
        let array = ArrayExprSyntax(
            leftSquare: .leftSquareToken(),
            elements: ArrayElementListSyntax(elements),
            rightSquare: .rightSquareToken(leadingTrivia: elements.isEmpty ? [] : .newline)
        )

        // let table: @MainActor () -> [Bindery.DynamicProperty] = { [...] }
        // return unsafeBitCast(table, to: (() -> [Bindery.DynamicProperty]).self)()
        let arrayType = TypeSyntax(ArrayTypeSyntax(element: GeneratedSyntax.binderyType("DynamicProperty")))
        let builder = GeneratedSyntax.constant(
            "table",
            type: GeneratedSyntax.functionType(returning: arrayType, isolation: globalActor(of: classDecl)),
            value: GeneratedSyntax.closure([.expr(ExprSyntax(array))])
        )
        let unisolatedCall = GeneratedSyntax.call(
            GeneratedSyntax.call(
                GeneratedSyntax.reference(.identifier("unsafeBitCast")),
                [
                    (nil, GeneratedSyntax.reference(.identifier("table"))),
                    ("to", GeneratedSyntax.metatype(GeneratedSyntax.functionType(returning: arrayType))),
                ]
            )
        )
        let body: [CodeBlockItemSyntax.Item] = [
            .decl(builder),
            .stmt(StmtSyntax(ReturnStmtSyntax(expression: unisolatedCall))),
        ]

        let binding: PatternBindingSyntax
        let type = TypeAnnotationSyntax(type: arrayType)
        let name = IdentifierPatternSyntax(identifier: .identifier(tableName))
        if isGeneric {
            binding = PatternBindingSyntax(
                pattern: name,
                typeAnnotation: type,
                accessorBlock: AccessorBlockSyntax(
                    accessors: .getter(CodeBlockItemListSyntax(body.map { CodeBlockItemSyntax(item: $0) }))
                )
            )
        } else {
            binding = PatternBindingSyntax(
                pattern: name,
                typeAnnotation: type,
                initializer: InitializerClauseSyntax(value: GeneratedSyntax.call(GeneratedSyntax.closure(body)))
            )
        }
        return DeclSyntax(
            VariableDeclSyntax(
                modifiers: DeclModifierListSyntax(modifiers + [GeneratedSyntax.modifier(.static)]),
                bindingSpecifier: .keyword(isGeneric ? .var : .let),
                bindings: PatternBindingListSyntax([binding])
            )
        )
    }

    /// `Bindery.PropertyAccessor(\Root.name, get: { $0.name }, set: { $0.name = $1 })`, without
    /// `set:` for a `let`: the property read and written directly, so that an update needs no
    /// key path.
    ///
    /// The closures capture nothing. Formed inside the table's builder, they take on its
    /// global actor, which lets them touch an isolated property; like the table, they are
    /// called from any thread, and Swift puts no isolation check in them.
    private static func accessor(of entry: DynamicPropertyTable.Entry, root: TokenSyntax) -> ExprSyntax {
        let property = GeneratedSyntax.member(GeneratedSyntax.anonymousParameter(0), entry.name.token)
        var arguments: [(label: String?, value: ExprSyntax)] = [
            (nil, GeneratedSyntax.keyPath(root: root, property: entry.name.token)),
            ("get", GeneratedSyntax.closure([.expr(property)])),
        ]
        if entry.slot != nil {
            let assignment = GeneratedSyntax.assignment(property, GeneratedSyntax.anonymousParameter(1))
            arguments.append(("set", GeneratedSyntax.closure([.expr(assignment)])))
        }
        return GeneratedSyntax.multilineCall(
            GeneratedSyntax.binderyExpr("PropertyAccessor"),
            arguments,
            breakingBefore: Set(arguments.indices)
        )
    }

    /// The global actor the class is isolated to by an attribute (`@MainActor`, or a custom
    /// attribute whose name ends in `Actor`), else `MainActor`.
    private static func globalActor(of classDecl: ClassDeclSyntax) -> String {
        for element in classDecl.attributes {
            guard case .attribute(let attribute) = element, let name = attribute.simpleName else { continue }
            if name.hasSuffix("Actor") { return attribute.attributeName.trimmedDescription }
        }
        return "MainActor"
    }

    /// The access modifier the generated members need to witness `DynamicObject`'s
    /// requirements: `public` for a `public` or `open` class, `package` for a `package` one,
    /// none (internal) otherwise.
    private static func memberAccessLevel(of classDecl: ClassDeclSyntax) -> Keyword? {
        for modifier in classDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return .public
            case .keyword(.package): return .package
            default: continue
            }
        }
        return nil
    }

    /// Whether the class is generic or may be nested in a generic type (inside an extension,
    /// which cannot tell), where a static stored property is not allowed.
    private static func isInGenericContext(_ classDecl: ClassDeclSyntax, _ context: some MacroExpansionContext) -> Bool {
        if classDecl.genericParameterClause != nil { return true }
        return context.lexicalContext.contains { scope in
            if scope.is(ExtensionDeclSyntax.self) { return true }
            return scope.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil
        }
    }

    /// The error for `@Dynamic` on something other than a class.
    private static func notAClassMessage(for declaration: some DeclGroupSyntax) -> DynamicDiagnostic {
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            return .onExtension(name: extensionDecl.extendedType.trimmedDescription)
        }
        let name = declaration.asProtocol(NamedDeclSyntax.self)?.name.trimmed.text ?? "this declaration"
        let kind: String
        switch declaration.kind {
        case .structDecl: kind = "a struct"
        case .enumDecl: kind = "an enum"
        case .actorDecl: kind = "an actor"
        case .protocolDecl: kind = "a protocol"
        default: kind = "not a class"
        }
        return .notAClass(name: name, kind: kind)
    }
}

// MARK: - Extension: DynamicObject conformance

extension DynamicMacro: ExtensionMacro {
    /// Returns `extension Name: Bindery.DynamicObject {}` for a class that does not conform yet,
    /// carrying over the class's `@available` attributes.
    ///
    /// - Parameters:
    ///   - node: The `@Dynamic` attribute.
    ///   - declaration: The declaration `@Dynamic` is attached to.
    ///   - type: The type to extend.
    ///   - protocols: The conformances the compiler still needs; empty if the class (or a
    ///     superclass) already conforms.
    ///   - context: The expansion context.
    /// - Returns: The extension, or nothing.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        let availability = declaration.attributes.filter { element in
            if case .attribute(let attribute) = element { return attribute.simpleName == "available" }
            return false
        }
        return [
            ExtensionDeclSyntax(
                attributes: AttributeListSyntax(availability.map { $0.trimmed.with(\.trailingTrivia, .newline) }),
                extendedType: TypeSyntax(type).trimmed,
                inheritanceClause: InheritanceClauseSyntax(
                    inheritedTypes: InheritedTypeListSyntax([
                        InheritedTypeSyntax(type: GeneratedSyntax.binderyType(conformanceName))
                    ])
                ),
                memberBlock: MemberBlockSyntax(members: MemberBlockItemListSyntax([]))
            )
        ]
    }
}
