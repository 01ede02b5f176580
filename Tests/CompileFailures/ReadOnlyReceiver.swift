// expected-error: a receiver's property must be writable, and this key path is read-only
// A receiver's property must be writable.
import Bindery

@Dynamic final class Model { var value = 0 }
final class Label { var text: String { "fixed" } }

func bind(model: Model, label: Label) {
    Bind.in(model, \.value).out(label, \Label.text)
}
