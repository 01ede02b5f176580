import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that serves Bindery's macros: `@Dynamic`, `@_DynamicTracked` and
/// `@DynamicIgnored`.
///
/// The macros are declared in the `Bindery` module (`Observable/Dynamic+Macro.swift`); the
/// compiler runs this executable to expand them.
@main
struct BinderyMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        DynamicMacro.self,
        DynamicTrackedMacro.self,
        DynamicIgnoredMacro.self,
    ]
}
