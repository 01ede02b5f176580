// expected-error: requires that 'Shout' conform to 'ReversibleTransformer'
// A two-way binding converts back at once: a transformer with no reverse cannot be given to `<>`.
import Bindery

@Dynamic final class Person {
    var name = ""
    var shown = ""
}

struct Shout: Transformer {
    func transform(_ value: String) -> String { value.uppercased() + "!" }
}

let person = Person()
(person, \.name) <> (person, \.shown, through: Shout())
