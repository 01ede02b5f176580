import Testing
import Bindery

/// A view model for string bindings.
@Dynamic final class PersonViewModel {
    var name = ""
    var age = 0
    let id = 7
}

/// A label that is itself observable, so that a string binding can name its properties.
@Dynamic final class TextLabel {
    var text: String? = nil
}

/// A cell whose label a string binding reaches through `textLabel.text`.
@Dynamic final class TextCell {
    var textLabel = TextLabel()
    var title = ""
    var plain = Label()
}

/// A title that counts its writes.
@Dynamic final class CountedTitle {
    var writes = 0
    var title = "" {
        didSet { writes += 1 }
    }
}

/// A form whose validity is computed, and whose address has a computed alias with a setter.
@Dynamic final class AccountForm {
    var email = ""
    var password = ""
    var isValid: Bool { email.contains("@") && password.count >= 8 }
    var address: String {
        get { email }
        set { email = newValue.lowercased() }
    }
}

/// Strings, parsed and bound: `Bind.expression(_:)` and `StringBinding.bind(_:_:)`.
@Suite(.failOnUnexpectedDiagnostics) struct StringBindingTests {
    init() {
        Bind.register(Uppercase(), as: "Uppercase")
        Bind.register(Length(), as: "Length")
        Bind.register(GatedLoader(), as: "Loader")
    }

    @Test("Each of the six operators binds as its typed operator does", arguments: [
        ("name ~> title", true, true, false),
        ("name !~> title", false, true, false),
        ("name <~ title", true, false, true),
        ("name <~! title", false, false, true),
        ("name <> title", true, true, true),
        ("name <!> title", false, true, true),
    ])
    func operators(text: String, pushesNow: Bool, leftToRight: Bool, rightToLeft: Bool) throws {
        let vm = PersonViewModel(), cell = TextCell()
        vm.name = "left"
        cell.title = "right"
        let binding = try Bind.expression(text).bind(vm, cell)
        #expect(binding.isBound)
        if pushesNow {
            #expect(leftToRight ? cell.title == "left" : vm.name == "right")
        } else {
            #expect(vm.name == "left" && cell.title == "right")
        }
        vm.name = "from left"
        #expect(cell.title == (leftToRight ? "from left" : (pushesNow ? "right" : "right")))
        cell.title = "from right"
        #expect(vm.name == (rightToLeft ? "from right" : "from left"))
        binding.unbind()
        #expect(!binding.isBound)
        vm.name = "after"
        #expect(cell.title == "from right")
    }

    @Test("A nested key path across @Dynamic objects, with a transformer named after |")
    func nestedWithTransformer() throws {
        let vm = PersonViewModel(), cell = TextCell()
        vm.name = "ann"
        try Bind.expression("name ~> textLabel.text | Uppercase").bind(vm, cell)
        #expect(cell.textLabel.text == "ANN")
        vm.name = "bob"
        #expect(cell.textLabel.text == "BOB")
        let replaced = TextLabel()
        cell.textLabel = replaced          // the binding follows the new label
        vm.name = "cy"
        #expect(replaced.text == "CY")
    }

    @Test("A transformer named after | is declared with the binding: the receiving side is written once")
    func transformerWritesOnce() throws {
        let vm = PersonViewModel(), counted = CountedTitle()
        vm.name = "ann"
        try Bind.expression("name ~> title | Uppercase").bind(vm, counted)
        #expect(counted.title == "ANN")
        #expect(counted.writes == 1)
    }

    @Test("`| !Name` applies the reverse; a two-way binding converts both ways")
    func reversedAndTwoWay() throws {
        let vm = PersonViewModel(), cell = TextCell()
        vm.name = "LOUD"
        try Bind.expression("name ~> title | !Uppercase").bind(vm, cell)
        #expect(cell.title == "loud")
        let other = TextCell()
        try Bind.expression("name <> title | Uppercase").bind(vm, other)
        #expect(other.title == "LOUD")
        other.title = "QUIET"
        #expect(vm.name == "quiet")
    }

    @Test("An unknown key is an error at its range that suggests the nearest key, and binds nothing")
    func unknownKey() {
        let vm = PersonViewModel(), cell = TextCell()
        #expect {
            try Bind.expression("nmae ~> title").bind(vm, cell)
        } throws: { error in
            let error = error as? BindingExpressionError
            return error?.message == "no key \"nmae\" on PersonViewModel; did you mean \"name\"?" && error?.range == 0..<4
        }
        #expect(!Bind.isBound(vm) && !Bind.isBound(cell))
        #expect {
            try Bind.expression("name ~> textLabel.txet").bind(vm, cell)
        } throws: { error in
            (error as? BindingExpressionError)?.range == 18..<22
        }
    }

    @Test("A malformed string throws where it goes wrong")
    func malformed() {
        #expect {
            _ = try Bind.expression("name ~ title")
        } throws: { error in
            (error as? BindingExpressionError)?.range == 5..<6
        }
    }

    @Test("An unknown transformer, and one a two-way binding cannot use, are errors at the name; nothing is bound")
    func transformerErrors() {
        let vm = PersonViewModel(), cell = TextCell()
        #expect {
            try Bind.expression("name ~> title | Upercase").bind(vm, cell)
        } throws: { error in
            let error = error as? BindingExpressionError
            return error?.range == 16..<24 && error?.message.contains("did you mean \"Uppercase\"?") == true
        }
        #expect {
            try Bind.expression("name <> title | Length").bind(vm, cell)
        } throws: { error in
            (error as? BindingExpressionError)?.message.contains("no reverse") == true
        }
        #expect {
            try Bind.expression("name <> title | Loader").bind(vm, cell)
        } throws: { error in
            (error as? BindingExpressionError)?.message.contains("async") == true
        }
        #expect(!Bind.isBound(vm) && !Bind.isBound(cell))
    }

    @Test("A receiving side that is read-only, and a link that is not @Dynamic, are errors; nothing is bound")
    func unusablePaths() {
        let vm = PersonViewModel(), cell = TextCell()
        #expect {
            try Bind.expression("title ~> id").bind(cell, vm)
        } throws: { error in
            (error as? BindingExpressionError)?.message.contains("read-only") == true
        }
        #expect {
            try Bind.expression("name ~> plain.text").bind(vm, cell)
        } throws: { error in
            (error as? BindingExpressionError)?.message.contains("not a @Dynamic class") == true
        }
        #expect(!Bind.isBound(vm) && !Bind.isBound(cell))
    }

    @Test("A computed property is named as a stored one is: it sends, and with a setter it is two-way")
    func computedProperties() throws {
        let form = AccountForm(), cell = TextCell()
        let validity = try Bind.expression("isValid ~> title").bind(form, cell)
        #expect(cell.title == "false")
        form.email = "a@b.c"
        #expect(cell.title == "false")
        form.password = "12345678"
        #expect(cell.title == "true")
        validity.unbind()

        let other = TextCell()
        try Bind.expression("address <> title").bind(form, other)
        #expect(other.title == "a@b.c")
        other.title = "ME@HOST"                       // the computed property's setter runs
        #expect(form.email == "me@host")
        form.email = "you@host"                       // a read of its getter changed: it sends
        #expect(other.title == "you@host")
    }

    @Test("A computed property without a setter cannot receive; a misspelt one is suggested")
    func computedPropertyErrors() {
        let form = AccountForm(), cell = TextCell()
        #expect {
            try Bind.expression("title ~> isValid").bind(cell, form)
        } throws: { error in
            (error as? BindingExpressionError)?.message.contains("read-only") == true
        }
        #expect {
            try Bind.expression("isVaild ~> title").bind(form, cell)
        } throws: { error in
            (error as? BindingExpressionError)?.message == "no key \"isVaild\" on AccountForm; did you mean \"isValid\"?"
        }
        #expect(!Bind.isBound(form) && !Bind.isBound(cell))
    }

    @Test("Parsing the same text again gives the same binding")
    func cached() throws {
        let first = try Bind.expression("name ~> title | Uppercase")
        let second = try Bind.expression("name ~> title | Uppercase")
        #expect(first.text == second.text)
        let vm = PersonViewModel(), cell = TextCell()
        vm.name = "x"
        try second.bind(vm, cell)
        #expect(cell.title == "X")
    }
}
