// expected-error: an endpoint is an object, which a chain refers to without retaining it, and this is a value type
// A struct cannot be a sender: nothing can hear its changes, nor hold it weakly.
import Bindery

struct Settings { var volume = 0 }
final class Label { var text: String? = nil }

func bind(settings: Settings, label: Label) {
    Bind.in(settings, \.volume).out(label, \.text)
}
