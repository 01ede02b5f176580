import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Dynamic`: makes the stored `var`s of a class report their sets to a per-object
/// `_ChangeRegistrar`.
///
/// It has three roles:
/// - **member attribute**: puts `@_DynamicTracked(slot)` on every tracked stored `var`,
///   numbering the slots from 0 in declaration order (see ``DynamicMemberRole`` for what is
///   tracked), and reports the `var`s it cannot track (several names in one `var`);
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
///     nonisolated let _$registrar = Bindery._ChangeRegistrar()
///     enum _$Slots { nonisolated static var first: Int { 0 } }
///     nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
///         Bindery._DynamicProperty(
///             name: "sn", keyPath: \Lottery.sn, slot: 0,
///             accessor: Bindery._PropertyAccessor(\Lottery.sn, get: { $0.sn }, set: { $0.sn = $1 })
///         ),
///         Bindery._DynamicProperty(
///             name: "id", keyPath: \Lottery.id, slot: nil,
///             accessor: Bindery._PropertyAccessor(\Lottery.id, get: { $0.id })
///         ),
///     ]
/// }
/// extension Lottery: Bindery.DynamicObject {}
/// ```
///
/// The members are `public` in a `public` or `open` class and `package` in a `package` one, and
/// `nonisolated` so that a `@MainActor` class conforms. Each entry also carries the property's
/// direct accessors, which Bindery calls instead of applying the key path (see
/// `accessor(of:root:)`). How the table is built (a `static let`, or once per class through
/// `Bindery._DynamicProperty.table`, on the main actor for a `@MainActor` class) is described
/// at `propertyTable`.
///
/// **Subclasses.** On a subclass of a `@Dynamic` class (the compiler tells the member role
/// that the class already conforms), the macro adds no registrar: the object has one, its
/// superclass's. The subclass's slots start where its superclass's end (`_$Slots.first`,
/// read from the superclass's `_$slotCount` at run time, since the macro cannot see the
/// superclass), and its table is `super`'s followed by its own. A class that can be subclassed
/// builds its table with key paths rooted at whichever class asks, so `\Sub.inherited`
/// matches exactly; a plain subclass gets its superclass's table rooted at itself.
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
    /// The generated nested enum that says where the class's own slots start.
    static let slotsName = "_$Slots"
    /// The generated class property that counts the slots a class and its superclasses use.
    static let slotCountName = "_$slotCount"
    /// The generated nested enum that keeps the tracked properties' key paths.
    static let keyPathsName = "_$KeyPaths"
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
        guard let classDecl = declaration.as(ClassDeclSyntax.self), !isRefused(classDecl) else { return [] }
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
        case .constant, .computed, .untracked:
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

        if case .custom(let actor) = DynamicClassShape.isolation(of: classDecl) {
            context.diagnose(Diagnostic(node: node, message: DynamicDiagnostic.customGlobalActor(name: classDecl.name.text, actor: actor)))
            return []
        }
        let shape = DynamicClassShape(classDecl, inheritsConformance: protocols.isEmpty, context: context)
        let table = DynamicPropertyTable(classDecl.memberBlock.members)
        var members: [DeclSyntax] = []
        if shape.superclass == nil {
            members.append(registrar(modifiers: shape.modifiers(overridable: false, overriding: false)))
        }
        members.append(slots(shape))
        if shape.hasStaticKeyPaths, let keyPaths = keyPaths(table, shape, classDecl) {
            members.append(keyPaths)
        }
        if !shape.isFinal {
            members.append(slotCount(table, shape))
        }
        members.append(propertyTable(table, shape))
        return members
    }

    /// `nonisolated let _$registrar = Bindery._ChangeRegistrar()`.
    private static func registrar(modifiers: [DeclModifierSyntax]) -> DeclSyntax {
        DeclSyntax(
            VariableDeclSyntax(
                modifiers: DeclModifierListSyntax(modifiers),
                bindingSpecifier: .keyword(.let),
                bindings: PatternBindingListSyntax([
                    PatternBindingSyntax(
                        pattern: IdentifierPatternSyntax(identifier: .identifier(registrarName)),
                        initializer: InitializerClauseSyntax(
                            value: GeneratedSyntax.call(GeneratedSyntax.binderyExpr("_ChangeRegistrar"))
                        )
                    )
                ])
            )
        )
    }

    /// `enum _$Slots { nonisolated static var first: Int { 0 } }`: where the class's own
    /// registrar slots start. `0` for a class that inherits none; after the superclass's
    /// slots (`Base._$slotCount`) for a subclass of a `@Dynamic` class. Every generated setter
    /// reads it (`_$registrar.didSet(index, after: _$Slots.first)`), only when something
    /// listens to the object; a subclass's `_$Slots` hides its superclass's.
    private static func slots(_ shape: DynamicClassShape) -> DeclSyntax {
        let first = shape.superclass.map { GeneratedSyntax.member(ExprSyntax(TypeExprSyntax(type: $0)), slotCountName) }
            ?? GeneratedSyntax.integer(0)
        let property = GeneratedSyntax.computed(
            "first",
            type: GeneratedSyntax.identifierType("Int"),
            modifiers: [GeneratedSyntax.modifier(.nonisolated), GeneratedSyntax.modifier(.static)],
            body: [.expr(first)]
        )
        return DeclSyntax(
            EnumDeclSyntax(
                name: .identifier(slotsName),
                memberBlock: MemberBlockSyntax(
                    members: MemberBlockItemListSyntax([MemberBlockItemSyntax(leadingTrivia: .newline, decl: property)])
                )
            )
        )
    }

    /// `private enum _$KeyPaths { static let sn = \Lottery.sn }`: the key path of each tracked
    /// property, made once, for its accessors to report to Observation with (see
    /// `DynamicTrackedMacro`). Only where a static stored property is allowed (see
    /// `DynamicClassShape.hasStaticKeyPaths`); `nil` when nothing is tracked.
    ///
    /// Swift forms a key path to a property isolated to the main actor only there: such a key
    /// path (the class's or the property's `@MainActor`, unless the property is `nonisolated`) is
    /// kept `@MainActor` too, which the property's accessors, isolated alike, may read. Each
    /// keeps the property's `@available` attributes.
    private static func keyPaths(_ table: DynamicPropertyTable, _ shape: DynamicClassShape, _ classDecl: ClassDeclSyntax) -> DeclSyntax? {
        let tracked = table.entries.filter { $0.slot != nil }
        guard !tracked.isEmpty else { return nil }
        let classIsMainActor = classDecl.attributes.containsAttribute(named: "MainActor")
        let members = tracked.map { entry in
            var attributes = entry.attributes.filter { $0.simpleName == "available" }
            if !entry.isNonisolated, classIsMainActor || entry.attributes.contains(where: { $0.simpleName == "MainActor" }) {
                attributes.append(GeneratedSyntax.attribute("MainActor"))
            }
            let declaration = VariableDeclSyntax(
                attributes: AttributeListSyntax(attributes.map { .attribute($0.with(\.trailingTrivia, .space)) }),
                modifiers: DeclModifierListSyntax([GeneratedSyntax.modifier(.static)]),
                bindingSpecifier: .keyword(.let),
                bindings: PatternBindingListSyntax([
                    PatternBindingSyntax(
                        pattern: IdentifierPatternSyntax(identifier: entry.name.token),
                        initializer: InitializerClauseSyntax(value: GeneratedSyntax.keyPath(root: shape.name, property: entry.name.token))
                    )
                ])
            )
            return MemberBlockItemSyntax(leadingTrivia: .newline, decl: declaration)
        }
        return DeclSyntax(
            EnumDeclSyntax(
                modifiers: DeclModifierListSyntax([GeneratedSyntax.modifier(.private)]),
                name: .identifier(keyPathsName),
                memberBlock: MemberBlockSyntax(members: MemberBlockItemListSyntax(members))
            )
        )
    }

    /// `nonisolated class var _$slotCount: Int { _$Slots.first + 2 }`: how many slots the class
    /// and its superclasses use, for a subclass to start after. Only a class that can be
    /// subclassed has it.
    private static func slotCount(_ table: DynamicPropertyTable, _ shape: DynamicClassShape) -> DeclSyntax {
        let own = table.entries.filter { $0.slot != nil }.count
        return GeneratedSyntax.computed(
            slotCountName,
            type: GeneratedSyntax.identifierType("Int"),
            modifiers: shape.modifiers(overridable: true, overriding: shape.superclass != nil) + [GeneratedSyntax.modifier(.class)],
            body: [.expr(GeneratedSyntax.sum(GeneratedSyntax.member(GeneratedSyntax.reference(.identifier(slotsName)), "first"), GeneratedSyntax.integer(own)))]
        )
    }

    /// `_$dynamicProperties`, the property table, in the simplest form the class allows:
    ///
    /// - a `static let` array for a final, non-generic class that inherits no table and is
    ///   not isolated to a global actor;
    /// - otherwise a computed property that asks `Bindery._DynamicProperty.table(of:_:)` to
    ///   build the table once per class and keep it. A class that can be subclassed lists its
    ///   properties with key paths rooted at whichever class asks (`Self`), through a generic
    ///   local function, so that `\Sub.inherited` is in `Sub`'s table; a subclass's table starts
    ///   with its superclass's (`super._$dynamicProperties`).
    ///
    /// Swift forms a key path to a property isolated to a global actor only on that actor. For
    /// a class (or a listed property) marked `@MainActor`, the table is built on the main
    /// actor, through `table(of:declaredBy:onMainActor:)`, which checks that it runs there. Swift has no
    /// synchronous, checked way into any other global actor, so a class isolated to a custom
    /// global actor is refused (see `isRefused(_:)`). A macro cannot see a module's
    /// default isolation: in a module whose default is `MainActor`, write `@MainActor` on the
    /// class.
    private static func propertyTable(_ table: DynamicPropertyTable, _ shape: DynamicClassShape) -> DeclSyntax {
        let arrayType = TypeSyntax(ArrayTypeSyntax(element: GeneratedSyntax.binderyType("_DynamicProperty")))
        let entriesRoot: TokenSyntax = shape.isFinal ? shape.name : .identifier("Root")
        let elements = table.entries.map { entry in
            // A computed property has no slot and no accessor: Bindery hears it through its
            // getter's reads and reads it through its key path.
            let last: (label: String?, value: ExprSyntax) = entry.isComputed
                ? ("isComputed", ExprSyntax(BooleanLiteralExprSyntax(true)))
                : ("accessor", accessor(of: entry, root: entriesRoot))
            return ArrayElementSyntax(
                leadingTrivia: .newline,
                expression: GeneratedSyntax.multilineCall(
                    GeneratedSyntax.binderyExpr("_DynamicProperty"),
                    [
                        ("name", GeneratedSyntax.string(entry.name.text)),
                        ("keyPath", GeneratedSyntax.keyPath(root: entriesRoot, property: entry.name.token)),
                        ("slot", slotExpr(entry.slot, shape)),
                        last,
                    ],
                    breakingBefore: entry.isComputed ? [0] : [0, 3]
                ),
                trailingComma: .commaToken()
            )
        }
        let array = ExprSyntax(
            ArrayExprSyntax(
                leftSquare: .leftSquareToken(),
                elements: ArrayElementListSyntax(elements),
                rightSquare: .rightSquareToken(leadingTrivia: elements.isEmpty ? [] : .newline)
            )
        )
        let inherited = GeneratedSyntax.member(ExprSyntax(SuperExprSyntax()), tableName)

        // What builds the table, as statements whose last one returns it.
        var body: [CodeBlockItemSyntax.Item]
        if shape.isFinal {
            body = [.expr(shape.superclass == nil ? array : GeneratedSyntax.sum(inherited, array))]
        } else {
            let function = GeneratedSyntax.genericTableFunction(
                name: "table", parameter: "Root", constraint: shape.name, returning: arrayType,
                isolation: shape.isolation?.attribute, body: array
            )
            let call = GeneratedSyntax.call(
                GeneratedSyntax.reference(.identifier("table")),
                [(nil, GeneratedSyntax.member(GeneratedSyntax.reference(.keyword(.Self)), "self"))]
            )
            body = [
                .decl(function),
                .stmt(StmtSyntax(ReturnStmtSyntax(expression: shape.superclass == nil ? call : GeneratedSyntax.sum(inherited, call)))),
            ]
        }
        let isStored = shape.isFinal && !shape.isGeneric && shape.superclass == nil && shape.isolation == nil
        let binding: PatternBindingSyntax
        let type = TypeAnnotationSyntax(type: arrayType)
        let name = IdentifierPatternSyntax(identifier: .identifier(tableName))
        if isStored {
            let value: ExprSyntax
            if body.count == 1, case .expr(let expression) = body[0] {
                value = expression
            } else {
                value = GeneratedSyntax.call(GeneratedSyntax.closure(body))
            }
            binding = PatternBindingSyntax(pattern: name, typeAnnotation: type, initializer: InitializerClauseSyntax(value: value))
        } else {
            var arguments: [(label: String?, value: ExprSyntax)] = [
                ("of", GeneratedSyntax.member(GeneratedSyntax.reference(.keyword(.Self)), "self")),
                ("declaredBy", GeneratedSyntax.member(GeneratedSyntax.reference(shape.name), "self")),
            ]
            arguments.append((shape.isolation == .mainActor ? "onMainActor" : nil, GeneratedSyntax.closure(body)))
            let cached = GeneratedSyntax.call(GeneratedSyntax.member(GeneratedSyntax.binderyExpr("_DynamicProperty"), "table"), arguments)
            binding = PatternBindingSyntax(
                pattern: name,
                typeAnnotation: type,
                accessorBlock: AccessorBlockSyntax(accessors: .getter(CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(cached))])))
            )
        }
        let kind: Keyword = shape.isFinal ? .static : .class
        return DeclSyntax(
            VariableDeclSyntax(
                modifiers: DeclModifierListSyntax(shape.modifiers(overridable: !shape.isFinal, overriding: shape.superclass != nil) + [GeneratedSyntax.modifier(kind)]),
                bindingSpecifier: .keyword(isStored ? .let : .var),
                bindings: PatternBindingListSyntax([binding])
            )
        )
    }

    /// A table entry's slot: the literal for a class that inherits none, else after the
    /// inherited ones; `nil` for a constant.
    private static func slotExpr(_ slot: Int?, _ shape: DynamicClassShape) -> ExprSyntax {
        guard let slot else { return ExprSyntax(NilLiteralExprSyntax()) }
        guard shape.superclass != nil else { return GeneratedSyntax.integer(slot) }
        return GeneratedSyntax.sum(GeneratedSyntax.member(GeneratedSyntax.reference(.identifier(slotsName)), "first"), GeneratedSyntax.integer(slot))
    }

    /// `Bindery._PropertyAccessor(\Root.name, get: { $0.name }, set: { $0.name = $1 })`, without
    /// `set:` for a `let`: the property read and written directly, so that an update needs no
    /// key path.
    ///
    /// The closures capture nothing. Formed inside the table's builder, they take on its
    /// global actor, which lets them touch an isolated property; like the table, they are
    /// called from any thread, and Swift puts no isolation check in them.
    private static func accessor(of entry: DynamicPropertyTable.Entry, root: TokenSyntax) -> ExprSyntax {
        let property = GeneratedSyntax.member(GeneratedSyntax.anonymousParameter(0), entry.name.token)
        // A tracked property is read from its storage: Bindery's reads are not the program's,
        // and are not reported to Observation (see `DynamicTrackedMacro`).
        let read = entry.slot == nil ? property : GeneratedSyntax.member(GeneratedSyntax.anonymousParameter(0), entry.name.storage)
        var arguments: [(label: String?, value: ExprSyntax)] = [
            (nil, GeneratedSyntax.keyPath(root: root, property: entry.name.token)),
            ("get", GeneratedSyntax.closure([.expr(read)])),
        ]
        if entry.slot != nil {
            let assignment = GeneratedSyntax.assignment(property, GeneratedSyntax.anonymousParameter(1))
            arguments.append(("set", GeneratedSyntax.closure([.expr(assignment)])))
        }
        return GeneratedSyntax.multilineCall(
            GeneratedSyntax.binderyExpr("_PropertyAccessor"),
            arguments,
            breakingBefore: Set(arguments.indices)
        )
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

// MARK: - Refusals

extension DynamicMacro {
    /// Whether `@Dynamic` refuses the class outright, expanding to nothing in every role: a
    /// class isolated to a global actor other than the main actor. Its property table needs
    /// key paths to its properties, which Swift forms only on that actor, and Bindery reads
    /// the table synchronously from whichever thread binds; only the main actor has a checked,
    /// synchronous way in. The member role reports it.
    static func isRefused(_ classDecl: ClassDeclSyntax) -> Bool {
        DynamicClassShape.isolation(of: classDecl)?.isCustom == true
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
        guard let classDecl = declaration.as(ClassDeclSyntax.self), !isRefused(classDecl), !protocols.isEmpty else { return [] }
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
