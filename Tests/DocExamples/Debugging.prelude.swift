// What the Debugging article leaves out: the lottery model.
import Bindery

@Dynamic final class Lottery {
    var sn = 0
    var winCode = "222"
    var digits = [2, 2, 2]
}

@MainActor let lottery = Lottery()
