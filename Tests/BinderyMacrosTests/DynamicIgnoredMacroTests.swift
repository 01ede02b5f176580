import Testing

/// `@DynamicIgnored`: a marker that expands to nothing.
@Suite struct DynamicIgnoredMacroTests {
    @Test("Expands to nothing: the property stays a plain stored property")
    func expandsToNothing() {
        assertBinderyExpansion(
            """
            @DynamicIgnored var scratch: [String: Int] = [:]
            """,
            expandedSource: """
            var scratch: [String: Int] = [:]
            """
        )
    }

    @Test("Inside a @Dynamic class, the marked property is neither tracked nor listed")
    func insideDynamicClass() {
        assertBinderyExpansion(
            """
            @Dynamic final class Model {
                @DynamicIgnored var cache = 0
            }
            """,
            expandedSource: """
            final class Model {
                var cache = 0

                nonisolated let _$registrar = Bindery.ChangeRegistrar()

                nonisolated static let _$dynamicProperties: [Bindery.DynamicProperty] = {
                    let table: @MainActor () -> [Bindery.DynamicProperty] = {
                        []
                    }
                    return unsafeBitCast(table, to: (() -> [Bindery.DynamicProperty]).self)()
                }()
            }

            extension Model: Bindery.DynamicObject {
            }
            """
        )
    }
}
