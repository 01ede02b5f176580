// What the Derived values article leaves out: its widgets and its model.
import Bindery

/// A button that can be disabled.
@MainActor final class SubmitButton {
    var isEnabled = true
}

@MainActor let submitButton = SubmitButton(), label = Label()

@Dynamic final class Lottery {
    var sn = 0
    var code = ""
}

@MainActor let lottery = Lottery()
