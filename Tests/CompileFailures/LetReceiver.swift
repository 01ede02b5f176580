// expected-error: a receiver's property must be writable, and this key path is read-only
// A 'let' cannot receive: the message says it is read-only, not that types do not convert.
import Bindery

@Dynamic final class Model { var value = 0 }
final class Badge { let title = "fixed" }

func bind(model: Model, badge: Badge) {
    Bind.in(model, \.value).out(badge, \.title)
}
