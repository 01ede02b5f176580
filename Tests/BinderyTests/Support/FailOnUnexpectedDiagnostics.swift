import Testing
@testable import Bindery

/// Fails a test in which Bindery reports a diagnostic the test did not ask for: a test that
/// expects one captures it with ``DiagnosticLog/capture(_:)``, whose handler takes precedence.
///
/// Covers what the test's own task (and its child tasks) reports; work on the main queue or on
/// threads the test starts itself is not in the task and reports as usual.
struct FailOnUnexpectedDiagnostics: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Diagnostics.$scoped.withValue({ diagnostic in
            Issue.record("unexpected Bindery diagnostic: \(diagnostic)")
        }) {
            try await function()
        }
    }
}

extension Trait where Self == FailOnUnexpectedDiagnostics {
    /// Fails the test on a Bindery diagnostic it did not capture.
    static var failOnUnexpectedDiagnostics: Self { Self() }
}
