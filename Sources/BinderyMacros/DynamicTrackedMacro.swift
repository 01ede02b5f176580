import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@_DynamicTracked(slot)`: turns one stored `var` of a `@Dynamic` class into a computed one
/// that reports each set to registrar slot `slot`. Not API: `@Dynamic` attaches it.
///
/// As Observation's `@ObservationTracked` does, it moves the value into a private peer,
/// `_$name`, and gives the property accessors over it:
///
/// ```swift
/// @_DynamicTracked(0) var sn = 0
/// // expands to (in `final class Lottery`, which keeps its key paths in `_$KeyPaths`)
/// var sn = 0 {
///     @storageRestrictions(initializes: _$sn)
///     init(initialValue) {
///         _$sn = initialValue
///     }
///     get {
///         _$registrar.access(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first)
///         return _$sn
///     }
///     set {
///         _$registrar.withMutation(of: self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, storing: newValue) {
///             $0._$sn = $1
///         }
///     }
///     _modify {
///         let observed = _$registrar.willSet(self, keyPath: _$KeyPaths.sn)
///         defer {
///             _$registrar.didSet(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, observed: observed)
///         }
///         yield &_$sn
///     }
/// }
/// @DynamicIgnored private var _$sn = 0
/// ```
///
/// The getter reports the read to Observation, and to a derived value being evaluated on the
/// thread (by its slot), and the setter tells Observation before and after the
/// store, as `@Observable`'s accessors do, but only once the object has an
/// `ObservationRegistrar` (see `_ChangeRegistrar.access(_:keyPath:)`): until then a set costs
/// one relaxed load and a test on top of the store. The setter hands the store to the
/// registrar as a closure that captures nothing (the object and the value are passed to it),
/// which inlines, so that the way without Observation builds nothing for the way with it;
/// `_modify` cannot (it yields), and reports around the yield. The key path is made once per class where Swift
/// allows a static stored property (not in a generic class), and only when Observation needs
/// it.
///
/// The init accessor lets initialisers assign `self.sn` before `self` is complete, so a
/// property without an initial value works as a plain stored one does. The report in `_modify`
/// sits in a `defer`, so an in-place mutation (`sn += 1`, `list.append(x)`) reports once, after
/// the store, even if the mutation is cut short by an error.
public struct DynamicTrackedMacro {}

// MARK: - Accessors

extension DynamicTrackedMacro: AccessorMacro {
    /// Returns the `init`, `get`, `set` and `_modify` accessors of a tracked property.
    ///
    /// - Parameters:
    ///   - node: The `@_DynamicTracked(slot)` attribute.
    ///   - declaration: The property.
    ///   - context: The expansion context, which receives the diagnostics.
    /// - Returns: The accessors, or nothing (with an error) if the attribute is misplaced.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (_, name) = trackableProperty(declaration) else {
            context.diagnose(Diagnostic(node: node, message: DynamicDiagnostic.trackedMisplaced))
            return []
        }
        guard let slot = slot(of: node) else {
            context.diagnose(Diagnostic(node: node, message: DynamicDiagnostic.trackedSlotMissing))
            return []
        }

        let storage = GeneratedSyntax.reference(name.storage)
        let initAccessor = AccessorDeclSyntax(
            attributes: AttributeListSyntax([
                .attribute(
                    GeneratedSyntax.attribute("storageRestrictions", arguments: [("initializes", storage)])
                        .with(\.trailingTrivia, .newline)
                )
            ]),
            accessorSpecifier: .keyword(.`init`),
            parameters: AccessorParametersSyntax(name: .identifier("initialValue")),
            body: GeneratedSyntax.block([
                .expr(GeneratedSyntax.assignment(storage, GeneratedSyntax.reference(.identifier("initialValue"))))
            ])
        )
        let keyPath = keyPath(of: name, in: context)
        let getAccessor = AccessorDeclSyntax(
            accessorSpecifier: .keyword(.get),
            body: GeneratedSyntax.block([
                .expr(GeneratedSyntax.access(slot, keyPath: keyPath)),
                .stmt(StmtSyntax(ReturnStmtSyntax(expression: storage))),
            ])
        )
        let setAccessor = AccessorDeclSyntax(
            accessorSpecifier: .keyword(.set),
            body: GeneratedSyntax.block([
                .expr(GeneratedSyntax.withMutation(slot, keyPath: keyPath, storage: name.storage)),
            ])
        )
        let modifyAccessor = AccessorDeclSyntax(
            accessorSpecifier: .keyword(._modify),
            body: GeneratedSyntax.block([
                .decl(GeneratedSyntax.willSet(keyPath)),
                .stmt(StmtSyntax(DeferStmtSyntax(body: GeneratedSyntax.block([.expr(GeneratedSyntax.didSet(slot, keyPath: keyPath))])))),
                .stmt(StmtSyntax(YieldStmtSyntax(yieldedExpressions: .single(ExprSyntax(InOutExprSyntax(expression: storage)))))),
            ])
        )
        return [initAccessor, getAccessor, setAccessor, modifyAccessor]
    }

    /// The key path the accessors report to Observation with: `_$KeyPaths.name` when the
    /// class around the property keeps its key paths there (see
    /// `DynamicClassShape.hasStaticKeyPaths`), else `\Class.name` (`\Self.name` outside a
    /// class, which only a misplaced attribute is).
    private static func keyPath(of name: DynamicPropertyName, in context: some MacroExpansionContext) -> ExprSyntax {
        let contexts = context.lexicalContext
        guard let index = contexts.firstIndex(where: { $0.is(ClassDeclSyntax.self) }),
              let classDecl = contexts[index].as(ClassDeclSyntax.self)
        else {
            return GeneratedSyntax.keyPath(root: .keyword(.Self), property: name.token)
        }
        let isGeneric = DynamicClassShape.isGeneric(classDecl, enclosing: contexts[(index + 1)...])
        return GeneratedSyntax.trackedKeyPath(name.token, root: classDecl.name.trimmed, isStatic: !isGeneric)
    }

    /// The slot in `@_DynamicTracked(slot)`, if it is an integer literal.
    private static func slot(of node: AttributeSyntax) -> Int? {
        guard case .argumentList(let arguments) = node.arguments,
              arguments.count == 1,
              let literal = arguments.first?.expression.as(IntegerLiteralExprSyntax.self)
        else { return nil }
        return Int(literal.literal.text.filter { $0 != "_" })
    }
}

// MARK: - Storage

extension DynamicTrackedMacro: PeerMacro {
    /// Returns the private storage `_$name`, with the property's type annotation and initial
    /// value as written.
    ///
    /// The storage keeps the property's `@available` and `@MainActor` attributes, its
    /// `nonisolated`, `weak` and `unowned` modifiers and its `willSet`/`didSet` observers (so
    /// they run around the store, as Swift runs them, and the set is reported after `didSet`),
    /// and is marked `@DynamicIgnored` so that `@Dynamic` leaves it alone.
    ///
    /// - Parameters:
    ///   - node: The `@_DynamicTracked(slot)` attribute.
    ///   - declaration: The property.
    ///   - context: The expansion context.
    /// - Returns: The storage declaration, or nothing if the attribute is misplaced or has no
    ///   slot (the accessor role reports both).
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (property, name) = trackableProperty(declaration),
              let binding = property.bindings.first,
              slot(of: node) != nil
        else { return [] }

        let keptAttributes = property.attributes.filter { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.simpleName == "available" || attribute.simpleName == "MainActor"
        }
        let attributes = keptAttributes.map { $0.trimmed }
            + [.attribute(GeneratedSyntax.attribute(DynamicMacro.ignoredName))]

        let keptModifiers = property.modifiers.filter { modifier in
            switch modifier.name.tokenKind {
            case .keyword(.nonisolated), .keyword(.weak), .keyword(.unowned): return true
            default: return false
            }
        }
        let modifiers = [GeneratedSyntax.modifier(.private)] + keptModifiers.map { $0.trimmed }

        let storage = VariableDeclSyntax(
            attributes: AttributeListSyntax(attributes),
            modifiers: DeclModifierListSyntax(modifiers),
            bindingSpecifier: .keyword(.var),
            bindings: PatternBindingListSyntax([
                PatternBindingSyntax(
                    pattern: IdentifierPatternSyntax(identifier: name.storage),
                    typeAnnotation: binding.typeAnnotation?.trimmed,
                    initializer: binding.initializer?.trimmed,
                    accessorBlock: binding.accessorBlock.map { ObserverRewriter(name).observers(of: $0) }
                )
            ])
        )
        return [DeclSyntax(storage)]
    }
}

// MARK: - Shared

extension DynamicTrackedMacro {
    /// The property and its name, if `declaration` is a stored instance `var`, not `lazy`, with
    /// a single plain name and no accessors but `willSet`/`didSet` observers: the only kind
    /// `@_DynamicTracked` can track.
    private static func trackableProperty(
        _ declaration: some DeclSyntaxProtocol
    ) -> (VariableDeclSyntax, DynamicPropertyName)? {
        guard let property = declaration.as(VariableDeclSyntax.self),
              property.bindingSpecifier.tokenKind == .keyword(.var),
              !property.modifiers.contains(where: { $0.isStatic || $0.name.tokenKind == .keyword(.lazy) }),
              property.bindings.count == 1,
              let binding = property.bindings.first,
              binding.accessorBlock.map(\.isObserversOnly) ?? true,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return (property, DynamicPropertyName(identifier.identifier))
    }
}

// MARK: - Observers

/// Moves a tracked property's `willSet`/`didSet` onto its storage: inside them, the property
/// (`name`, `self.name`) becomes the storage (`_$name`), so that an observer that assigns the
/// property stores it without running the observers again, as Swift does for a property's
/// own observers, and the set is reported once, after `didSet`. Closures inside an observer
/// are left as written (they may run later, and their sets must be heard), and so are key
/// paths (`\.name` names the property).
private final class ObserverRewriter: SyntaxRewriter {
    private let name: DynamicPropertyName

    init(_ name: DynamicPropertyName) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    /// The observer block, trimmed, with the property renamed to its storage.
    func observers(of block: AccessorBlockSyntax) -> AccessorBlockSyntax {
        rewrite(block.trimmed).cast(AccessorBlockSyntax.self)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
        guard node.argumentNames == nil, DynamicPropertyName(node.baseName).text == name.text else {
            return super.visit(node)
        }
        return ExprSyntax(node.with(\.baseName, name.storage.with(\.leadingTrivia, node.baseName.leadingTrivia).with(\.trailingTrivia, node.baseName.trailingTrivia)))
    }

    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
        // A closure may run later, outside the observer: its sets go through the setter, so
        // that the chain hears them.
        ExprSyntax(node)
    }

    override func visit(_ node: KeyPathExprSyntax) -> ExprSyntax {
        // `\.name` names the property, not its storage.
        ExprSyntax(node)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        // `self.name` becomes `self._$name`; `other.name` is left alone.
        guard let base = node.base else { return ExprSyntax(node) }
        guard let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self),
              DynamicPropertyName(node.declName.baseName).text == name.text
        else {
            return ExprSyntax(node.with(\.base, rewrite(Syntax(base)).cast(ExprSyntax.self)))
        }
        let renamed = node.declName.with(\.baseName, name.storage.with(\.trailingTrivia, node.declName.baseName.trailingTrivia))
        return ExprSyntax(node.with(\.declName, renamed))
    }
}
