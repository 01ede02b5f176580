// expected-error: a sender must be observable, and this class is not: mark it @Dynamic
// A plain class cannot be a chain's sender: its sets cannot be heard.
import Bindery

final class Plain { var value = 0 }
final class Label { var text: String? = nil }

func bindPlain(plain: Plain, label: Label) {
    Bind.in(plain, \.value).out(label, \.text)
}
