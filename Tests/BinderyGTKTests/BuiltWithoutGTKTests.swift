#if !GTK
import Testing

/// What `swift test` without the GTK trait says about this target.
@Suite struct BuiltWithoutGTKTests {
    @Test("BinderyGTK's tests", .disabled("BinderyGTK is built only with the GTK trait: xvfb-run -a swift test --traits GTK --filter BinderyGTKTests"))
    func needsTheGTKTrait() {}
}
#endif
