// expected-error: a two-way endpoint's property must be writable, and this key path is read-only
// A computed property without a setter cannot be two-way.
import Bindery

@Dynamic final class Model {
    var first = ""
    var upper: String { first.uppercased() }
}

func bind(model: Model, other: Model) {
    Bind.inout(model, \.first).inout(other, \.upper)
}
