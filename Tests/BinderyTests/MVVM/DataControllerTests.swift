import Testing
import Bindery

/// Makes `count` rows; waits for a test's go-ahead when asked to.
@MainActor final class RowsController: DataController {
    var gates: [Int: CheckedContinuation<Void, Never>] = [:]
    var cancelled: [Int] = []
    var gated: Set<Int> = []

    func viewModels(for count: Int) async throws -> [DrawRow] {
        if gated.contains(count) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { gates[count] = $0 }
            } onCancel: {
                Task { @MainActor in self.cancelled.append(count) }
            }
            try Task.checkCancellation()
        }
        if count < 0 { throw Failure() }
        return (0..<count).map { DrawRow(code: String($0)) }
    }

    struct Failure: Error {}
}

@MainActor
@Suite(.failOnUnexpectedDiagnostics) struct DataControllerTests {
    @Test("Setting the context loads its view models; isLoading is observable", .timeLimit(.minutes(1)))
    func loads() async {
        let loader = DataLoader(RowsController())
        let flag = Box()
        Bind.in(loader, \.isLoading).out(flag, \.bool)
        loader.context = 3
        #expect(flag.bool)
        await loader.reload()?.value
        #expect(loader.viewModels.map(\.code) == ["0", "1", "2"])
        #expect(!flag.bool)
    }

    @Test("A new context cancels the running load; the old context's results never land", .timeLimit(.minutes(1)))
    func newContextCancels() async {
        let controller = RowsController()
        controller.gated = [5]
        let loader = DataLoader(controller)
        loader.context = 5
        while controller.gates[5] == nil, !Task.isCancelled { await Task.yield() }
        loader.context = 2
        while loader.isLoading, !Task.isCancelled { await Task.yield() }
        #expect(loader.viewModels.count == 2)
        controller.gates[5]?.resume()
        while !controller.cancelled.contains(5), !Task.isCancelled { await Task.yield() }
        await Task.yield()
        #expect(loader.viewModels.count == 2)
    }

    @Test("A failed load keeps its error; nil clears the view models", .timeLimit(.minutes(1)))
    func failureAndNil() async {
        let loader = DataLoader(RowsController())
        loader.context = -1
        while loader.isLoading, !Task.isCancelled { await Task.yield() }
        #expect(loader.error is RowsController.Failure)
        loader.context = 1
        while loader.isLoading, !Task.isCancelled { await Task.yield() }
        #expect(loader.error == nil && loader.viewModels.count == 1)
        loader.context = nil
        #expect(loader.viewModels.isEmpty)
    }
}
