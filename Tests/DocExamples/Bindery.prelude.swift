// What the overview's example leaves out: the lottery model.
import Bindery

@Dynamic final class Lottery {
    var winCode = "222"
}

@MainActor let lottery = Lottery()
