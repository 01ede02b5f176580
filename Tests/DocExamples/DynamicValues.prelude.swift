// What the Dynamic values article leaves out: its widgets.
import Bindery

@MainActor let counterLabel = Label()

/// A progress view.
@MainActor final class ProgressView {
    var value = 0.0
}

@MainActor let progressView = ProgressView()
