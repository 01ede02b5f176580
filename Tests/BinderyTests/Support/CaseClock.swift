import Foundation
@testable import Bindery

/// Crashes the test process, naming the case, if a case runs longer than it may: a deadlock or
/// livelock would otherwise hang CI without saying which case. One watching thread serves every
/// case; cases of one test run one at a time. Waiting for the main actor counts for little (see
/// `awaitMainActor(test:allowing:)`): a long synchronous main-actor test elsewhere in the run
/// holds it for as long as it runs, which is not the case's hang.
final class CaseClock: @unchecked Sendable {
    // @unchecked: `slots` is guarded by `lock`.
    static let shared = CaseClock()

    private let lock = NSLock()
    private var slots: [String: (name: String, deadline: Date)] = [:]

    private init() {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                let now = Date()
                let late = lock.withLock { slots.values.first { $0.deadline < now } }
                if let late {
                    let holder = GraphLock.shared.holderTag
                    fatalError(
                        "\(late.name) did not finish within its time limit (deadlock, livelock or a hang); "
                            + (holder == 0 ? "the graph lock is free" : "the graph lock is held by thread tag \(holder)"))
                }
            }
        }
        thread.start()
    }

    /// Starts timing the case `name` for the test `test`; a case of the same test replaces it.
    func start(_ name: String, limit: TimeInterval, test: String = #function) {
        lock.withLock { slots[test] = (name, Date().addingTimeInterval(limit)) }
    }

    /// The case of `test` finished in time.
    func finish(test: String = #function) {
        _ = lock.withLock { slots.removeValue(forKey: test) }
    }

    /// Lets the main actor run what is queued on it, the clock of `test`'s case given `wait`
    /// more while the main actor may be busy elsewhere, then the time the case had left: a hang
    /// of what the case queued there is still caught, later.
    func awaitMainActor(test: String, allowing wait: TimeInterval = 300) async {
        let left = lock.withLock { () -> TimeInterval? in
            guard let slot = slots[test] else { return nil }
            slots[test] = (slot.name, slot.deadline.addingTimeInterval(wait))
            return slot.deadline.timeIntervalSinceNow
        }
        await MainActor.run {}
        guard let left else { return }
        lock.withLock {
            if let slot = slots[test] { slots[test] = (slot.name, Date().addingTimeInterval(left)) }
        }
    }
}
