import SwiftSyntax
import SwiftSyntaxMacros

/// What the `@Dynamic` member role needs to know about the class it expands in.
struct DynamicClassShape {
    /// The global actor the property table is built on.
    enum Isolation: Equatable {
        /// `@MainActor`, on the class or on a listed property.
        case mainActor
        /// Another global actor, by its attribute as written (`DatabaseActor`).
        case custom(String)

        var attribute: String {
            switch self {
            case .mainActor: "MainActor"
            case .custom(let name): name
            }
        }

        var isCustom: Bool { if case .custom = self { true } else { false } }
    }

    /// The class's name.
    let name: TokenSyntax
    /// The superclass, when the class inherits `DynamicObject` from it: it then reuses the
    /// superclass's registrar and extends its table.
    let superclass: TypeSyntax?
    /// Whether the class is `final`: its table can be a `static let`, and it needs no
    /// `_$slotCount`.
    let isFinal: Bool
    /// Whether the class is open to subclasses in other modules.
    let isOpen: Bool
    /// Whether the class is generic or may be nested in a generic type (inside an extension,
    /// which cannot tell), where a static stored property is not allowed.
    let isGeneric: Bool
    /// The access the generated members need to witness `DynamicObject`: `public` for a
    /// `public` or `open` class, `package` for a `package` one, none (internal) otherwise.
    let access: Keyword?
    /// The global actor the table must be built on, or `nil` for none the macro can see.
    let isolation: Isolation?

    /// - Parameters:
    ///   - classDecl: The class.
    ///   - inheritsConformance: Whether the compiler reports that the class already conforms
    ///     to `DynamicObject` (the member role's `conformingTo` is empty).
    ///   - context: The expansion context.
    init(_ classDecl: ClassDeclSyntax, inheritsConformance: Bool, context: some MacroExpansionContext) {
        name = classDecl.name.trimmed
        let inherited = classDecl.inheritanceClause?.inheritedTypes.map(\.type) ?? []
        let namesConformance = inherited.contains { type in
            let text = type.trimmedDescription
            return text == DynamicMacro.conformanceName || text == "\(DynamicMacro.moduleName).\(DynamicMacro.conformanceName)"
        }
        // A class conforms without saying so only through its superclass, which Swift
        // requires to be named first.
        superclass = inheritsConformance && !namesConformance ? inherited.first?.trimmed : nil

        var isFinal = false, isOpen = false
        var access: Keyword?
        for modifier in classDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.final): isFinal = true
            case .keyword(.open): isOpen = true; access = .public
            case .keyword(.public): access = .public
            case .keyword(.package): access = .package
            default: continue
            }
        }
        self.isFinal = isFinal
        self.isOpen = isOpen
        self.access = access

        isGeneric = Self.isGeneric(classDecl, enclosing: context.lexicalContext)
        isolation = Self.isolation(of: classDecl)
    }

    /// Whether the class is generic or may be nested in a generic type or function (inside an
    /// extension, which cannot tell): where a static stored property is not allowed.
    ///
    /// - Parameters:
    ///   - classDecl: The class.
    ///   - enclosing: The contexts around it, innermost first.
    static func isGeneric(_ classDecl: ClassDeclSyntax, enclosing: some Sequence<Syntax>) -> Bool {
        classDecl.genericParameterClause != nil
            || enclosing.contains { scope in
                if scope.is(ExtensionDeclSyntax.self) { return true }
                return scope.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil
            }
    }

    /// Whether the class keeps its tracked properties' key paths in `_$KeyPaths` (static
    /// stored properties, made once), rather than writing a key path literal in each accessor.
    var hasStaticKeyPaths: Bool { !isGeneric }

    /// The global actor named by an attribute of the class (`@MainActor`, or a custom
    /// attribute whose name ends in `Actor`), else `MainActor` if a listed property is marked
    /// `@MainActor`, else `nil`.
    static func isolation(of classDecl: ClassDeclSyntax) -> Isolation? {
        for element in classDecl.attributes {
            guard case .attribute(let attribute) = element, let name = attribute.simpleName else { continue }
            if name == "MainActor" { return .mainActor }
            if name.hasSuffix("Actor") { return .custom(attribute.attributeName.trimmedDescription) }
        }
        let listed = classDecl.memberBlock.members.contains { item in
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                  variable.attributes.containsAttribute(named: "MainActor")
            else { return false }
            switch DynamicMemberRole(of: variable) {
            case .tracked, .constant, .computed: return true
            case .untracked, .unsupported: return false
            }
        }
        return listed ? .mainActor : nil
    }

    /// The modifiers of a generated member: its access (`open` for one that subclasses in
    /// other modules override), `override` where it overrides the superclass's, and
    /// `nonisolated`.
    ///
    /// - Parameter overridable: Whether the member is a `class var` that subclasses override.
    /// - Parameter overriding: Whether it overrides the superclass's member.
    func modifiers(overridable: Bool, overriding: Bool) -> [DeclModifierSyntax] {
        var modifiers: [DeclModifierSyntax] = []
        if overridable, isOpen {
            modifiers.append(GeneratedSyntax.modifier(.open))
        } else if let access {
            modifiers.append(GeneratedSyntax.modifier(access))
        }
        if overriding {
            modifiers.append(GeneratedSyntax.modifier(.override))
        }
        modifiers.append(GeneratedSyntax.modifier(.nonisolated))
        return modifiers
    }
}
