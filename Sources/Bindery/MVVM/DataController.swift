/// Something that makes the view models for a context (a search query, a selected account)
/// asynchronously: BIND's data controllers.
///
/// A ``DataLoader`` runs it: it loads when the context is set, cancels a load still running
/// when the context changes, and publishes the view models of the latest context only.
///
/// ```swift
/// final class DrawHistory: DataController {
///     func viewModels(for count: Int) async throws -> [DrawRow] {
///         (0..<count).map { DrawRow(code: String($0)) }
///     }
/// }
/// ```
@MainActor
public protocol DataController: AnyObject {
    /// What the view models are loaded for.
    associatedtype Context: Sendable
    /// The view models' type.
    associatedtype ViewModel

    /// The view models for `context`. Check for cancellation in long work: a newer context
    /// cancels the task.
    ///
    /// - Parameter context: The context.
    /// - Returns: The view models.
    /// - Throws: Any error; the loader keeps it in ``DataLoader/error``.
    func viewModels(for context: Context) async throws -> [ViewModel]
}

/// Loads a ``DataController``'s view models for the current ``context``, and publishes them in
/// properties that views bind to.
///
/// ```swift
/// let history = DataLoader(DrawHistory())
/// Bind.in(history, \.isLoading).out(spinner, \.isOn)
/// history.context = 20
/// ```
///
/// Setting ``context`` starts a load and cancels the one still running; the results of a
/// cancelled load, or of an older context, are dropped. The loader holds its controller
/// strongly. It is isolated to the main actor, and its properties change there.
@MainActor
@Dynamic
public final class DataLoader<Controller: DataController> {
    /// The view models of the latest context that finished loading.
    public private(set) var viewModels: [Controller.ViewModel] = []
    /// Whether a load is running.
    public private(set) var isLoading = false
    /// The error of the latest load, if it failed (cleared by the next load).
    public private(set) var error: (any Error)?
    /// The context to load for; setting it loads (nil clears the view models).
    public var context: Controller.Context? {
        didSet { reload() }
    }

    private let controller: Controller
    private var task: Task<Void, Never>?
    private var generation = 0

    /// A loader for `controller`, with no context yet.
    ///
    /// - Parameter controller: Held strongly.
    ///
    /// ```swift
    /// let history = DataLoader(DrawHistory())
    /// history.context = 10
    /// ```
    public init(_ controller: Controller) {
        self.controller = controller
    }

    /// Loads again for the current context, cancelling the load still running.
    ///
    /// - Returns: The load's task (to await in tests), or nil when there is no context.
    ///
    /// ```swift
    /// DataLoader(DrawHistory()).reload()
    /// ```
    @discardableResult
    public func reload() -> Task<Void, Never>? {
        task?.cancel()
        generation += 1
        guard let context else {
            task = nil
            isLoading = false
            viewModels = []
            return nil
        }
        let current = generation
        isLoading = true
        error = nil
        let controller = self.controller
        let started = Task { @MainActor [weak self] in
            let result: Result<[Controller.ViewModel], any Error>
            do {
                result = .success(try await controller.viewModels(for: context))
            } catch {
                result = .failure(error)
            }
            // A newer context took over (and cancelled this load): its own load publishes.
            guard let self, self.generation == current else { return }
            switch result {
            case .success(let loaded): self.viewModels = loaded
            case .failure(let failure): self.error = failure
            }
            self.isLoading = false
        }
        task = started
        return started
    }
}
