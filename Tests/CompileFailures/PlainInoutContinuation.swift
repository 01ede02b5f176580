// expected-error: a two-way endpoint must be observable, and this class is not: mark it @Dynamic
// A plain class cannot send in the middle of a chain either.
import Bindery

@Dynamic final class Model { var value = 0 }
final class Plain { var value = 0 }

func bindPlain(model: Model, plain: Plain) {
    Bind.inout(model, \.value).inout(plain, \.value)
}
