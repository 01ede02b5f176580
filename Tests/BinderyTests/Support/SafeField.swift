import Bindery
import Foundation

/// A control whose value is behind a lock, so that the chain's writes and a user's edits from
/// other threads do not race. A user's edit holds the lock from its store through its event, as
/// a person's edit on a UI thread is never split by another write: a chain's write cannot land
/// between them and be sent as the user's change. The lock is recursive because the edit's own
/// dispatch may write the field (a change queued by another thread, from another field).
final class SafeField: Control, @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSRecursiveLock()
    private var stored = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<SafeField, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func edit(_ newValue: Int) {
        lock.withLock {
            stored = newValue
            sendActions(for: .valueChanged)
        }
    }
}
