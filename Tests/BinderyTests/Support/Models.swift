import Bindery
import Foundation

/// The lottery screen's model, as in the issue.
@Dynamic final class Lottery: @unchecked Sendable {
    var sn = 0
    var winRate = 0.5
    var code = ""
    var winCode = "222"
    var isWin = false
    var digits = [0, 0, 0]
}

/// A plain, unobservable receiver.
final class Label: @unchecked Sendable {
    var text: String? = nil
    var isVisible = true
    var number = 0
    var writes = 0
    var count: Int = 0 {
        didSet { writes += 1 }
    }
}

/// A colour, to exercise convert closures on custom types.
struct Color: Equatable { let name: String }

final class Panel {
    var background = Color(name: "none")
}

/// A text field that reports user edits as events; programmatic sets do not fire.
final class TestField: Control, @unchecked Sendable {
    var text = "" {
        didSet { writes += 1 }
    }
    var writes = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TestField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    /// What a person typing does.
    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

/// A control whose designated getter reports its reads to derived values.
final class TrackedField: Control, @unchecked Sendable {
    private var stored = ""
    var text: String {
        get {
            reportRead()
            return stored
        }
        set { stored = newValue }
    }
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TrackedField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

/// A slider with a Float value.
final class TestSlider: Control, @unchecked Sendable {
    var value: Float = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<TestSlider, Float> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    func drag(to newValue: Float) {
        value = newValue
        sendActions(for: .valueChanged)
    }
}

@Dynamic final class User: @unchecked Sendable {
    var name: String
    var nickname: String? = nil
    var manager: User? = nil
    init(name: String) { self.name = name }
}

@Dynamic final class Session: @unchecked Sendable {
    var user: User
    init(user: User) { self.user = user }
}

@Dynamic final class App: @unchecked Sendable {
    var session: Session
    let build = 1
    var title = ""
    var computedTitle: String { title.uppercased() }
    /// Reads nothing Bindery can hear: a computed property that cannot be a sender.
    var buildName: String { "build \(build)" }
    init(session: Session) { self.session = session }
}

/// A `@Dynamic` object whose links may be nil: routes through it are optional-chained.
@Dynamic final class Shell: @unchecked Sendable {
    var session: Session? = nil
    let account: Account?
    /// Not `@Dynamic`: a route through it cannot be heard.
    var plainSession: PlainSession? = nil
    init(account: Account? = nil) { self.account = account }
}

/// A plain class holding a session.
final class PlainSession: @unchecked Sendable {
    var user: User
    init(user: User) { self.user = user }
}

/// A `@Dynamic` object whose link to another is a `let`: a route through it never needs to
/// follow a replacement.
@Dynamic final class Account: @unchecked Sendable {
    let owner: User
    init(owner: User) { self.owner = owner }
}

/// A generic `@Dynamic` holder for tests that need a fresh observable value.
@Dynamic final class Box: @unchecked Sendable {
    var int = 0
    var double = 0.0
    var float: Float = 0
    var string = ""
    var optionalString: String? = nil
    var bool = false
    var color = Color(name: "none")
}

/// Collects diagnostics raised while a test runs.
final class DiagnosticLog: @unchecked Sendable {
    // @unchecked: `entries` is guarded by `lock` (NSLock is pthread-based, so the thread
    // sanitizer sees it).
    private let lock = NSLock()
    private var entries: [BindingDiagnostic] = []

    var all: [BindingDiagnostic] { lock.withLock { entries } }

    func record(_ diagnostic: BindingDiagnostic) {
        lock.withLock { entries.append(diagnostic) }
    }

    /// Runs `body` with this log as the diagnostics handler.
    @discardableResult
    func capture<R>(_ body: () throws -> R) rethrows -> R {
        try Bind.withDiagnosticsHandler({ self.record($0) }, operation: body)
    }
}
