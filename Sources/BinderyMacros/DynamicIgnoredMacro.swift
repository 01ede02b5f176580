import SwiftSyntax
import SwiftSyntaxMacros

/// `@DynamicIgnored`: a marker that keeps `@Dynamic` away from one stored property.
///
/// It expands to nothing. `@Dynamic` reads the attribute when it picks the properties to track
/// and leaves the marked one a plain stored property: its sets are not reported and it is not
/// listed in `_$dynamicProperties`.
///
/// ```swift
/// @Dynamic final class Model {
///     var title = ""                                  // tracked
///     @DynamicIgnored var cache: [String: Int] = [:]  // left alone
/// }
/// ```
public struct DynamicIgnoredMacro: PeerMacro {
    /// Returns no declarations: the attribute is only a marker.
    ///
    /// - Parameters:
    ///   - node: The `@DynamicIgnored` attribute.
    ///   - declaration: The declaration it is attached to.
    ///   - context: The expansion context.
    /// - Returns: An empty array.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
