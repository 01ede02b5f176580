// What the MVVM article's examples leave out: the lottery and the widgets. Not part of any
// example.
import Bindery

@Dynamic final class Lottery {
    var sn = 0
}

@MainActor let lottery = Lottery(), spinButton = Button(), loadingLabel = Label()
