// What the conversion article's examples leave out: the model.
import Bindery

enum Level: Int, Sendable {
    case low, high
}

@Dynamic final class Model {
    var winRate = 0.5
    var sn = 0
    var level = Level.low
}

@MainActor let model = Model()
