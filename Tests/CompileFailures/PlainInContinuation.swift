// expected-error: a sender must be observable, and this class is not: mark it @Dynamic
// A plain class cannot send in the middle of a chain: its sets cannot be heard.
import Bindery

@Dynamic final class Model { var value = 0 }
final class Plain { var value = 0 }

func bind(model: Model, plain: Plain) {
    Bind.inout(model, \.value).in(plain, \.value)
}
