// What the Observation and async sequences article's examples leave out.
import Bindery

// Async sequences: a user whose name a loop follows, and a game whose score one shows.

@Dynamic final class User {
    var name = "Ada"
}

@Dynamic final class Game {
    var score = 0
}
