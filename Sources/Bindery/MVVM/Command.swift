/// An action a view model offers, that a control triggers: BIND's view-model commands.
///
/// ```swift
/// let spin = Command { lottery.sn += 1 }
/// spin.bind(to: spinButton)           // runs on each press
/// ```
///
/// An async command is disabled while it runs: ``execute()`` does nothing until it returns, and
/// ``isExecuting`` (observable, like ``isEnabled``) says so, for a view to bind a spinner or a
/// button's state to. A command is isolated to the main actor, as the views that trigger it.
///
/// **Retention.** The command holds its action strongly (capture the view model weakly in it
/// if the view model holds the command). A control bound with ``bind(to:on:)`` does not retain
/// the command; the binding ends when either goes.
@MainActor
@Dynamic
public final class Command {
    /// Whether the command may run; ``execute()`` does nothing while it is false.
    public var isEnabled = true
    /// Whether an async action is running.
    public private(set) var isExecuting = false

    private let action: Action

    private enum Action {
        case immediate(@MainActor () -> Void)
        case async(@MainActor () async -> Void)
    }

    /// A command that runs `action` at once on each ``execute()``.
    ///
    /// - Parameter action: The action, held strongly; it runs on the main actor.
    ///
    /// ```swift
    /// let reset = Command { lottery.sn = 0 }
    /// reset.bind(to: spinButton)
    /// ```
    public init(_ action: @escaping @MainActor () -> Void) {
        self.action = .immediate(action)
    }

    /// A command that runs an async `action`, and is disabled until it returns.
    ///
    /// - Parameter action: The action, held strongly; it starts on the main actor.
    ///
    /// ```swift
    /// let refresh = Command { try? await Task.sleep(for: .seconds(1)) }
    /// refresh.bind(to: spinButton)
    /// ```
    public init(_ action: @escaping @MainActor () async -> Void) {
        self.action = .async(action)
    }

    /// Whether ``execute()`` would run the action now: enabled, and no async run in progress.
    public var canExecute: Bool { isEnabled && !isExecuting }

    /// Runs the action, unless the command is disabled or an async run is in progress.
    ///
    /// - Returns: The task of an async action (to await in tests), or nil for an immediate
    ///   action or when nothing ran.
    ///
    /// ```swift
    /// Command { lottery.sn = 0 }.execute()
    /// ```
    @discardableResult
    public func execute() -> Task<Void, Never>? {
        guard canExecute else { return nil }
        switch action {
        case .immediate(let body):
            body()
            return nil
        case .async(let body):
            isExecuting = true
            return Task { @MainActor in
                await body()
                self.isExecuting = false
            }
        }
    }

    /// Runs the command each time the user triggers `events` on `control` (by default its
    /// designated events: a button's press).
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - events: The events; nil for the control's designated events.
    /// - Returns: The chain of the binding, to unbind.
    ///
    /// ```swift
    /// Command { lottery.sn += 1 }.bind(to: spinButton)
    /// ```
    @discardableResult
    public func bind<Target: Control>(to control: Target, on events: ControlEvents? = nil) -> Chain<Target.DesignatedValue> {
        let events = events ?? Target.designatedEvents
        return Bind.in(control, Target.designatedKeyPath, on: events).adding(
            block: "command", isAnonymous: true, initial: false, delivery: .mainActor
        ) { [weak self] (_: Target.DesignatedValue) in
            MainActor.assumeIsolated { _ = self?.execute() }
        }
    }
}
