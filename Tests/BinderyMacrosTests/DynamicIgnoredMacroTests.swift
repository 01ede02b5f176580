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

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = []
            }

            extension Model: Bindery.DynamicObject {
            }
            """
        )
    }
}
