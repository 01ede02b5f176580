@testable import Bindery
import Foundation

/// An observed model for target-actions, key bindings and coalescing.
@Dynamic final class Person: @unchecked Sendable {
    var name = "Ada"
    var nickname = "A"
    var age = 36
}

/// An object whose `lead` link makes routes (`\.lead.name`).
@Dynamic final class Team: @unchecked Sendable {
    var lead = Person()
}

/// A target that records its actions' calls: `Sendable`, with its record behind a lock.
final class Screen: BindingTarget, Sendable {
    let calls = Recorder<String>()
    let changes = Recorder<Change<String>>()
    let ages = Recorder<Change<Int>>()

    func nameChanged() { calls.append("nameChanged") }
    func reload() { calls.append("reload") }
    func nameDidChange(_ change: Change<String>) { changes.append(change) }
    func ageDidChange(_ change: Change<Int>) { ages.append(change) }
}

/// A target whose action records what `look` finds when it is called.
final class Probe: BindingTarget, Sendable {
    let seen = Recorder<String>()
    private let read: @Sendable () -> String

    init(_ read: @escaping @Sendable () -> String) {
        self.read = read
    }

    func look() { seen.append(read()) }
}

/// A main-actor target: its actions are main-actor methods.
@MainActor final class MainScreen: BindingTarget {
    var names: [String] = []
    var allOnMain = true
    var onCall: (@MainActor () -> Void)?

    func nameDidChange(_ change: Change<String>) {
        allOnMain = allOnMain && MainQueue.isCurrent
        names.append(change.new)
        onCall?()
    }
}

/// A key-binding target that counts its writes.
final class Badge: BindingTarget, @unchecked Sendable {
    // @unchecked: written only by the test's thread and the chains it drives, one at a time.
    var text = "" {
        didSet { writes += 1 }
    }
    var writes = 0
}

/// A main-actor view model: its key paths are not `Sendable`, and it can still be observed.
@MainActor @Dynamic final class MainModel {
    var title = "untitled"
}
