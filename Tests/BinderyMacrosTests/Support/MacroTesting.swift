import BinderyMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the `Bindery` module declares them, with the conformance the compiler asks
/// `@Dynamic`'s extension role for.
let binderyMacros: [String: MacroSpec] = [
    "Dynamic": MacroSpec(
        type: DynamicMacro.self,
        conformances: [TypeSyntax(IdentifierTypeSyntax(name: .identifier("DynamicObject")))]
    ),
    "_DynamicTracked": MacroSpec(type: DynamicTrackedMacro.self),
    "DynamicIgnored": MacroSpec(type: DynamicIgnoredMacro.self),
]

/// `@Dynamic` alone: its output shows the `@_DynamicTracked(slot)` attributes it adds, not
/// their expansion, and leaves `@DynamicIgnored` as written.
let dynamicMacroOnly: [String: MacroSpec] = ["Dynamic": binderyMacros["Dynamic"]!]

/// `@_DynamicTracked` alone: its output shows the `@DynamicIgnored` marker it puts on the
/// storage.
let trackedMacroOnly: [String: MacroSpec] = ["_DynamicTracked": binderyMacros["_DynamicTracked"]!]

/// `@Dynamic` as the compiler sees it on a class that already conforms to `DynamicObject`
/// (through a superclass, say): the extension role gets no conformances to add.
let dynamicMacroAlreadyConforming: [String: MacroSpec] = ["Dynamic": MacroSpec(type: DynamicMacro.self)]

/// Expands `source` with Bindery's macros and records a Swift Testing issue, at the caller,
/// for every difference from `expandedSource`, `diagnostics` and `fixedSource`.
///
/// - Parameters:
///   - source: The code with macro attributes.
///   - expandedSource: The code expected after every macro, nested ones included, expands.
///   - diagnostics: The diagnostics expected, in order.
///   - macros: The macros to expand; all of Bindery's by default.
///   - applyFixIts: The messages of the fix-its to apply for `fixedSource`; all if `nil`.
///   - fixedSource: The source expected after the fix-its are applied, if it is checked.
func assertBinderyExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = binderyMacros,
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macros,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID,
                    filePath: failure.location.filePath,
                    line: failure.location.line,
                    column: failure.location.column
                )
            )
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}
