// expected-error: requires that 'Lookup' conform to 'ReversibleTransformer'
// A two-way binding converts back at once: an async transformer cannot be given to `<>`.
import Bindery

@Dynamic final class Person {
    var name = ""
    var shown = ""
}

struct Lookup: AsyncTransformer {
    func transform(_ value: String) async throws -> String { value }
}

let person = Person()
(person, \.name) <> (person, \.shown, through: Lookup())
