// What the threading article's examples leave out: a model changed off the main actor.
import Bindery

@Dynamic final class Downloader {
    var progress = 0.0
}

@MainActor let downloader = Downloader()

/// A formatter that lives on the main actor, as `NumberFormatter`s in apps do.
@MainActor final class PercentFormatter {
    func string(from value: Double) -> String? { "\(Int(value * 100))%" }
}

@MainActor let percentFormatter = PercentFormatter()

@Dynamic final class Lottery {
    var winCode = "222"
}

@MainActor let lottery = Lottery()
