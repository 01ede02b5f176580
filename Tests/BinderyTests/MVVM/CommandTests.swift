import Testing
import Bindery

/// A button: a control whose designated event is a press.
final class TestButton: Control, @unchecked Sendable {
    var taps = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TestButton, Int> { \.taps }
    static var designatedEvents: ControlEvents { .touchUpInside }

    func press() {
        taps += 1
        sendActions(for: .touchUpInside)
    }
}

@MainActor
@Suite(.failOnUnexpectedDiagnostics) struct CommandTests {
    @Test("A command bound to a control runs on each press, not when bound")
    func runsOnPress() {
        var runs = 0
        let command = Command { runs += 1 }
        let button = TestButton()
        command.bind(to: button)
        #expect(runs == 0)
        button.press()
        button.press()
        #expect(runs == 2)
    }

    @Test("A disabled command does not run")
    func disabled() {
        var runs = 0
        let command = Command { runs += 1 }
        command.isEnabled = false
        command.execute()
        #expect(runs == 0)
        #expect(!command.canExecute)
    }

    @Test("An async command is disabled while it runs, and isExecuting is observable", .timeLimit(.minutes(1)))
    func asyncDisabledWhileRunning() async {
        var runs = 0
        var release: CheckedContinuation<Void, Never>?
        let command = Command {
            runs += 1
            await withCheckedContinuation { release = $0 }
        }
        let states = Box()
        Bind.in(command, \.isExecuting).out(states, \.bool)
        let first = command.execute()
        #expect(states.bool)
        #expect(command.execute() == nil)          // ignored while running
        while release == nil, !Task.isCancelled { await Task.yield() }
        release?.resume()
        await first?.value
        #expect(!command.isExecuting && !states.bool)
        #expect(runs == 1)
    }

    @Test("A control's observe runs its block on each designated event")
    func controlObserve() {
        let button = TestButton()
        var presses = 0
        button.observe { presses += 1 }
        button.observe { presses += 10 }
        button.press()
        #expect(presses == 11)
    }

    @Test("Rule 1: the binding retains neither the command nor the control")
    func noRetention() {
        let button = TestButton()
        weak var gone: Command?
        do {
            let command = Command {}
            gone = command
            command.bind(to: button)
        }
        #expect(gone == nil)
        button.press()
    }
}
