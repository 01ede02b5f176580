// expected-error: a two-way endpoint must be observable, and this class is not: mark it @Dynamic
// A plain class cannot head a two-way chain: its sets cannot be heard.
import Bindery

final class Plain { var value = 0 }
final class Label { var text: String? = nil }

func bind(plain: Plain, label: Label) {
    Bind.inout(plain, \.value).out(label, \.text)
}
