import SwiftDiagnostics
import SwiftSyntax

/// A property name as `@Dynamic` uses it: the token to write in code, and the bare text.
struct DynamicPropertyName {
    /// The name as written, backticks included (`` `default` ``), without trivia.
    let token: TokenSyntax
    /// The name without backticks: the `name` in the property table and the suffix of the
    /// `_$` storage.
    let text: String

    init(_ token: TokenSyntax) {
        self.token = token.trimmed
        var text = token.text
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 {
            text = String(text.dropFirst().dropLast())
        }
        self.text = text
    }

    /// The backing storage's identifier, `_$name`.
    var storage: TokenSyntax { .identifier("_$" + text) }
}

/// What `@Dynamic` does with one member of the class it is attached to.
enum DynamicMemberRole {
    /// A stored instance `var`: it gets `@_DynamicTracked(slot)` and is listed with its slot.
    case tracked(DynamicPropertyName)
    /// Stored instance `let`s: listed with no slot, since they never change.
    case constant([DynamicPropertyName])
    /// A computed instance `var` with one plain name and a synchronous, non-throwing getter:
    /// listed, marked computed, so that a string binding can name it. Bindery hears it through
    /// the reads of its getter, not through a slot.
    case computed(DynamicPropertyName)
    /// Neither tracked nor listed: static, lazy, ignored, wrapped, generated, overriding, or a
    /// computed property that cannot be listed (several names, `async` or `throws`, `@available`).
    case untracked
    /// A `var` that `@Dynamic` cannot track. The diagnostic, at the member, says why; the
    /// member is then left alone.
    case unsupported(Diagnostic)
}

extension DynamicMemberRole {
    /// Classifies one member of a `@Dynamic` class.
    ///
    /// - Parameter member: The member declaration, as written.
    init(of member: some DeclSyntaxProtocol) {
        guard let variable = member.as(VariableDeclSyntax.self) else {
            self = .untracked
            return
        }
        self = DynamicMemberRole(of: variable)
    }

    /// Classifies one property declaration of a `@Dynamic` class.
    ///
    /// Tracked: a stored instance `var` with one plain name. Listed as computed: a computed
    /// instance `var` with one plain name whose accessors neither `throw` nor are `async` (a key
    /// path cannot name those), not `override` (its class's table lists it) and without
    /// `@available` (the table names it unconditionally). Left alone: `static`/`class` and
    /// `lazy` properties, other computed properties, names starting `_$`, properties marked
    /// `@DynamicIgnored` or already `@_DynamicTracked`, and properties with a custom attribute
    /// other than `@MainActor` (a property wrapper, most likely). A tracked property may have
    /// `willSet`/`didSet` observers: `@_DynamicTracked` moves them onto its storage. Unsupported
    /// (an error): several names or a tuple pattern in one `var`.
    ///
    /// - Parameter variable: The property declaration, as written.
    init(of variable: VariableDeclSyntax) {
        let attributes = variable.attributes
        if variable.modifiers.contains(where: { $0.isStatic || $0.name.tokenKind == .keyword(.lazy) })
            || attributes.containsAttribute(named: DynamicMacro.ignoredName)
            || attributes.containsAttribute(named: DynamicMacro.trackedName)
        {
            self = .untracked
            return
        }

        let names = variable.bindings.compactMap { binding in
            binding.pattern.as(IdentifierPatternSyntax.self).map { DynamicPropertyName($0.identifier) }
        }

        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            self = .constant(names.filter { !$0.text.hasPrefix("_$") })
            return
        }
        guard variable.bindingSpecifier.tokenKind == .keyword(.var) else {
            self = .untracked
            return
        }

        // Computed properties stay as they are, whatever else is wrong with them.
        if variable.bindings.contains(where: { $0.accessorBlock.map { !$0.isObserversOnly } ?? false }) {
            let listable = variable.bindings.count == 1 && names.count == 1
                && !names[0].text.hasPrefix("_$")
                && !attributes.containsWrapperLikeAttribute
                && !attributes.containsAttribute(named: "available")
                && !variable.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
                && variable.bindings.first?.accessorBlock?.hasEffects == false
            self = listable ? .computed(names[0]) : .untracked
            return
        }
        if names.contains(where: { $0.text.hasPrefix("_$") }) || attributes.containsWrapperLikeAttribute {
            self = .untracked
            return
        }

        guard variable.bindings.count == 1, let name = names.first else {
            let writtenNames = variable.bindings.flatMap { binding in
                binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier = token.tokenKind { return token.text }
                    return nil
                }
            }
            self = .unsupported(
                Diagnostic(
                    node: variable,
                    message: DynamicDiagnostic.multipleBindings(names: writtenNames),
                    fixIts: [variable.markIgnoredFixIt(naming: writtenNames.joined(separator: ", "))]
                )
            )
            return
        }

        self = .tracked(name)
    }
}

/// The properties that `@Dynamic` lists for one class, in declaration order, with their slots.
///
/// The member role (the property table) and the member-attribute role (the slot in each
/// `@_DynamicTracked(slot)`) both build this from the same class body, so they agree.
struct DynamicPropertyTable {
    /// One listed property.
    struct Entry {
        let name: DynamicPropertyName
        /// The registrar slot, or `nil` for a `let`.
        let slot: Int?
        /// The property's `@available` and `@MainActor` attributes, trimmed: what a
        /// declaration that names the property (its key path in `_$KeyPaths`) must repeat.
        var attributes: [AttributeSyntax] = []
        /// Whether the property is marked `nonisolated`.
        var isNonisolated = false
        /// Whether the property is computed: listed with no slot and no accessor.
        var isComputed = false
    }

    /// The listed properties, in declaration order.
    private(set) var entries: [Entry] = []

    /// Builds the table from a class body's direct members. Members inside `#if` blocks are
    /// not looked at.
    ///
    /// - Parameter members: The class's members.
    init(_ members: MemberBlockItemListSyntax) {
        var nextSlot = 0
        for item in members {
            switch DynamicMemberRole(of: item.decl) {
            case .tracked(let name):
                let variable = item.decl.as(VariableDeclSyntax.self)
                let kept = variable?.attributes.compactMap { element -> AttributeSyntax? in
                    guard case .attribute(let attribute) = element,
                          attribute.simpleName == "available" || attribute.simpleName == "MainActor"
                    else { return nil }
                    return attribute.trimmed
                } ?? []
                let isNonisolated = variable?.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) } ?? false
                entries.append(Entry(name: name, slot: nextSlot, attributes: kept, isNonisolated: isNonisolated))
                nextSlot += 1
            case .constant(let names):
                entries += names.map { Entry(name: $0, slot: nil) }
            case .computed(let name):
                entries.append(Entry(name: name, slot: nil, isComputed: true))
            case .untracked, .unsupported:
                break
            }
        }
    }

    /// The slot of the tracked property `name`, or `nil` if no tracked property has that name.
    ///
    /// - Parameter name: The property's name without backticks.
    /// - Returns: The slot.
    func slot(of name: String) -> Int? {
        entries.first { $0.name.text == name && $0.slot != nil }?.slot
    }
}

// MARK: - Syntax queries

extension DeclModifierSyntax {
    /// Whether this is `static` or `class`.
    var isStatic: Bool {
        name.tokenKind == .keyword(.static) || name.tokenKind == .keyword(.class)
    }
}

extension AttributeSyntax {
    /// The attribute's name without a module qualifier: `DynamicIgnored` for both
    /// `@DynamicIgnored` and `@Bindery.DynamicIgnored`.
    var simpleName: String? {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = attributeName.as(MemberTypeSyntax.self) {
            return member.name.text
        }
        return nil
    }
}

extension AttributeListSyntax {
    /// Whether an attribute called `name` (with or without a module qualifier) is present.
    ///
    /// - Parameter name: The attribute's name, without `@`.
    func containsAttribute(named name: String) -> Bool {
        contains { element in
            if case .attribute(let attribute) = element { return attribute.simpleName == name }
            return false
        }
    }

    /// Whether a custom attribute other than a known global actor is present: most likely a
    /// property wrapper, which `@Dynamic` must not wrap again.
    ///
    /// Built-in attributes start with a lower-case letter (`@objc`, `@available`,
    /// `@_spi`); custom ones (`@Published`, `@State`, a global actor) start with an upper-case
    /// one. `@MainActor` is allowed.
    var containsWrapperLikeAttribute: Bool {
        contains { element in
            guard case .attribute(let attribute) = element, let name = attribute.simpleName else { return false }
            guard let first = name.drop(while: { $0 == "_" }).first else { return false }
            return first.isUppercase && name != "MainActor"
        }
    }
}

extension AccessorBlockSyntax {
    /// The accessors as `(specifier, ...)`, or `[]` for an implicit getter.
    private var specifiers: [Keyword?] {
        guard case .accessors(let list) = accessors else { return [] }
        return list.map {
            if case .keyword(let keyword) = $0.accessorSpecifier.tokenKind { return keyword }
            return nil
        }
    }

    /// Whether the block holds nothing but `willSet` and `didSet` observers.
    var isObserversOnly: Bool {
        let specifiers = self.specifiers
        return !specifiers.isEmpty && specifiers.allSatisfy { $0 == .willSet || $0 == .didSet }
    }

    /// Whether an accessor is `async` or `throws`: a key path cannot name such a property.
    var hasEffects: Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.contains { accessor in
            accessor.effectSpecifiers.map { $0.asyncSpecifier != nil || $0.throwsClause != nil } ?? false
        }
    }
}

extension VariableDeclSyntax {
    /// A fix-it that puts `@DynamicIgnored` in front of this declaration.
    ///
    /// - Parameter name: What the fix-it's message calls the declaration.
    func markIgnoredFixIt(naming name: String) -> FixIt {
        let attribute = AttributeSyntax(
            atSign: .atSignToken(),
            attributeName: IdentifierTypeSyntax(name: .identifier(DynamicMacro.ignoredName)),
            trailingTrivia: .space
        )
        var marked = self
        marked.leadingTrivia = []
        marked.attributes = AttributeListSyntax([.attribute(attribute)] + Array(marked.attributes))
        marked.leadingTrivia = leadingTrivia
        return FixIt.replace(message: DynamicFixIt.markIgnored(name), oldNode: self, newNode: marked)
    }
}
