import Bindery
import Synchronization

/// Counts the events a control sends, through a Bindery chain to a named block (as an app
/// would listen), so a test can assert "fired" and "did not fire".
final class EventCount: Sendable {
    private let count = Atomic(0)

    /// Starts counting `control`'s `events`.
    @MainActor init<C: Control>(_ control: C, on events: ControlEvents) {
        Bind.in(control, C.designatedKeyPath, on: events).out("count", initial: false) { [self] in
            count.add(1, ordering: .relaxed)
        }
    }

    var value: Int { count.load(ordering: .relaxed) }
}

/// A reproducible random number generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
