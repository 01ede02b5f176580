import Testing

@Suite struct DynamicMacroTests {
    @Test func lottery() {
        assertBinderyExpansion(
            """
            @Dynamic final class Lottery {
                var sn = 0
                var code: String = ""
                let id = 7
                var twice: Int { sn * 2 }
                @DynamicIgnored var scratch = 0
                var session: Session?
                static var shared = 0
                lazy var l = 0
            }
            """,
            expandedSource: """
            """
        )
    }
}
