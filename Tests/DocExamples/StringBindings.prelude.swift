// What the String bindings article's examples leave out: the models. Not part of any example.
import Bindery

@Dynamic final class Person {
    var name = ""
    var nickname = ""
}

@Dynamic final class TitleLabel {
    var text: String? = nil
}

@Dynamic final class Cell {
    var textLabel = TitleLabel()
    var title = ""
}

struct Uppercase: ReversibleTransformer {
    func transform(_ value: String) -> String { value.uppercased() }
    func reverseTransform(_ value: String) -> String { value.lowercased() }
}

@MainActor let person = Person(), cell = Cell(), otherCell = Cell()
