import Bindery

/// The slot-machine lottery's view model, shared by the terminal and the GTK demos.
///
/// A draw (``spin(using:)``) picks three digits: with probability ``winRate`` they are the
/// player's ``winCode``, otherwise any other three digits. Every property is `@Dynamic`, so
/// the screens bind to it and never copy a value into a widget by hand. The last
/// ``historyLimit`` draws are kept in ``history``, newest first, and ``spinCommand`` is what a
/// screen's Spin button runs.
///
/// ```swift
/// let lottery = Lottery()
/// lottery.spinCommand.bind(to: spinButton)   // each press draws
/// ```
@MainActor @Dynamic public final class Lottery {
    /// How many draws ``history`` keeps.
    public static let historyLimit = 50

    /// How many draws there have been.
    public var sn = 0
    /// The chance, from 0 to 1, that a draw hits the win code.
    public var winRate = 0.5
    /// The last draw, as three digits ("317"); empty before the first.
    public var code = ""
    /// The code the player bets on: at most three digits.
    public var winCode = "777"
    /// Whether the last draw hit the win code.
    public var isWin = false
    /// The last draw's digits, one element per reel.
    public var digits = [0, 0, 0]
    /// Whether the reels flash after a win.
    public var flashesOnWin = true
    /// The player's name, shown in the greeting.
    public var player = ""
    /// The last draws, newest first: at most ``historyLimit``; an older draw's row is dropped
    /// (and, unless a screen still shows it, deinitialised) when a new one comes.
    public var history: [DrawRow] = []

    /// What the player bets on, and, once the win code is complete, the chance to win:
    /// "you bet on 777, 50% to win", "you bet on 12", "you bet on …". A computed property that
    /// the screens bind as a sender: it is sent again when a set of `winCode` or `winRate`
    /// changes it, as its getter reads them.
    public var bet: String {
        guard Self.isComplete(winCode) else { return "you bet on \(winCode.isEmpty ? "…" : winCode)" }
        return "you bet on \(winCode), \(Int((winRate * 100).rounded()))% to win"
    }

    /// Draws once, each time it runs: what a screen binds its Spin button to
    /// (`lottery.spinCommand.bind(to: spinButton)`). The lottery holds it; it holds the
    /// lottery weakly, and runs on the main actor.
    public private(set) lazy var spinCommand = Command { [weak self] in self?.spin() }

    /// A lottery that has not been drawn yet.
    public init() {}

    /// Whether `code` is a complete win code: exactly three decimal digits.
    nonisolated public static func isComplete(_ code: String) -> Bool {
        code.count == 3 && code.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `code` may stand in the win code field: at most three decimal digits.
    nonisolated public static func isAcceptable(_ code: String) -> Bool {
        code.count <= 3 && code.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Draws three new digits: the win code with probability ``winRate`` (when the win code
    /// is complete), otherwise three digits that are not the win code. Sets ``digits``,
    /// ``code``, ``isWin`` and ``sn``, in that order, then puts the draw first in ``history``
    /// (dropping the oldest past ``historyLimit``).
    ///
    /// - Parameter generator: Where the randomness comes from.
    public func spin(using generator: inout some RandomNumberGenerator) {
        let target = Self.isComplete(winCode) ? winCode.compactMap(\.wholeNumberValue) : nil
        var drawn: [Int]
        if let target, Double.random(in: 0..<1, using: &generator) < winRate {
            drawn = target
        } else {
            repeat {
                drawn = (0..<3).map { _ in Int.random(in: 0...9, using: &generator) }
            } while drawn == target
        }
        digits = drawn
        code = drawn.map(String.init).joined()
        isWin = drawn == target
        sn += 1
        history = [DrawRow(sn: sn, code: code, isWin: isWin)] + history.prefix(Self.historyLimit - 1)
    }

    /// Draws three new digits with the system's random number generator.
    public func spin() {
        var generator = SystemRandomNumberGenerator()
        spin(using: &generator)
    }
}
