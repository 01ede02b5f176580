import Testing
@testable import Bindery

/// A target that counts its action's calls.
final class ShapesTarget: Sendable {
    let calls = Recorder<String>()

    func heard() { calls.append("heard") }
}

/// Handles end their own declaration: ending one binding never ends another that shares an
/// object and a key path with it (rule 1: each handle's `unbind()` ends what it made).
@Suite(.failOnUnexpectedDiagnostics) struct DeclarationTests {
    @Test("An endpoint's declarations: adding, finding and removing agree with a plain set, in any order", arguments: [1, 2, 3] as [UInt64])
    func declarationSetAgreesWithASet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var declarations = DeclarationSet()
        var expected = Set<UInt64>()
        for _ in 0..<3_000 {
            // Numbers from a small range, so that the same one comes back; mostly new highest ones,
            // as joins make them.
            let number = Bool.random(using: &random) ? (expected.max() ?? 0) + 1 : UInt64.random(in: 1...200, using: &random)
            let declaration = Declaration(number: number)
            if UInt64.random(in: 0..<3, using: &random) == 0 {
                declarations.remove(declaration)
                expected.remove(number)
            } else {
                declarations.insert(declaration)
                expected.insert(number)
            }
            #expect(declarations.contains(declaration) == expected.contains(number))
        }
        let held = (declarations.isEmpty ? [] : [declarations.first]) + declarations.more.map(\.number)
        #expect(held == expected.sorted())
        #expect((1...300).allSatisfy { declarations.contains(Declaration(number: $0)) == expected.contains($0) })
        var union = DeclarationSet(Declaration(number: 1_000))
        union.formUnion(declarations)
        #expect(union.contains(Declaration(number: 1_000)))
        #expect(expected.allSatisfy { union.contains(Declaration(number: $0)) })
    }

    @Test("Two screens bind one view-model property; when one ends its chain, the other's label still updates")
    func twoScreens() {
        let vm = Box()
        let labelA = Label(), labelB = Label()
        let screenA = Bind.in(vm, \.string).out(labelA, \.text)
        let screenB = Bind.in(vm, \.string).out(labelB, \.text)
        screenB.unbind()
        vm.string = "after B left"
        #expect(labelA.text == "after B left")
        #expect(labelB.text == "")
        #expect(screenA.isBound)
        #expect(!screenB.isBound)
        screenA.unbind()
        vm.string = "both gone"
        #expect(labelA.text == "after B left")
        #expect(!Bind.isBound(vm))
    }

    @Test("An operator binding and a chain through the same sender end independently, in either order")
    func operatorAndChain() {
        let vm = Box()
        let labelA = Label(), labelB = Label()
        let chain = Bind.in(vm, \.string).out(labelA, \.text)
        let binding = (vm, \.string) ~> (labelB, \.text)
        binding.unbind()
        vm.string = "1"
        #expect(labelA.text == "1" && labelB.text == "")
        let again = (vm, \.string) ~> (labelB, \.text)
        chain.unbind()
        vm.string = "2"
        #expect(labelA.text == "1" && labelB.text == "2")
        #expect(again.isBound && !chain.isBound)
    }

    @Test("A declaration's filters and named blocks leave with it; another declaration's stay")
    func filtersAndBlocksLeaveWithTheirDeclaration() {
        let vm = Box()
        let labelA = Label(), labelB = Label()
        let heardA = Recorder<String>(), heardB = Recorder<String>()
        let screenA = Bind.in(vm, \.string).out(labelA, \.text).out("a") { heardA.append($0) }
        let screenB = Bind.in(vm, \.string).out(labelB, \.text).filter { $0.count <= 3 }.out("b") { heardB.append($0) }
        vm.string = "long"                             // B's filter rejects it, for the whole chain
        #expect(labelA.text == "" && vm.string == "")
        screenB.unbind()
        vm.string = "longer"
        #expect(labelA.text == "longer")
        #expect(heardA.values == ["", "longer"])
        #expect(heardB.values == [""])
        #expect(screenA.isBound)
    }

    @Test("A declaration that joined another's chain takes only its own endpoints when it ends")
    func joiningDeclarationEndsItsOwnPart() {
        let vm = Box(), field = Box()
        let label = Label()
        let screen = Bind.in(vm, \.string).out(label, \.text)
        let editor = Bind.inout(field, \.string).inout(vm, \.string)   // joins the screen's chain
        field.string = "typed"
        #expect(vm.string == "typed" && label.text == "typed")
        editor.unbind()
        field.string = "ignored"
        #expect(vm.string == "typed")
        vm.string = "set"
        #expect(label.text == "set" && field.string == "ignored")
        #expect(screen.isBound && !editor.isBound)
    }

    @Test("A chain lives on while another declaration holds its sender, and ends with the last of them")
    func soleDeclarationEndsTheChain() {
        let vm = Box(), label = Label()
        let heard = Recorder<String>()
        let chain = Bind.in(vm, \.string).out(label, \.text)
        let observer = Bind.in(vm, \.string).out("seen") { heard.append($0) }
        chain.unbind()
        vm.string = "x"
        #expect(label.text == "")
        #expect(heard.values == ["", "x"])             // the observer declared `vm.string` too
        observer.unbind()
        vm.string = "y"
        #expect(heard.values == ["", "x"])
        #expect(!Bind.isBound(vm) && !Bind.isBound(label))
    }

    @Test("Two registrations of one target, action and key path: unbinding one leaves the other calling")
    func targetActionsEndByIdentity() {
        let person = Box(), screen = ShapesTarget()
        let first = person.addTarget(screen, action: ShapesTarget.heard, forKeyPathChange: \.string)
        let second = person.addTarget(screen, action: ShapesTarget.heard, forKeyPathChange: \.string)
        let chain = Bind.in(person, \.string).out(Label(), \.text)
        first.unbind()
        person.string = "x"
        #expect(screen.calls.count == 1)
        #expect(!first.isBound && second.isBound)
        chain.unbind()                                 // the chain carrying the property: not the action
        person.string = "y"
        #expect(screen.calls.count == 2)
    }

    @Test("Two bonds of one box to one label's property: unbinding one leaves the other writing")
    func bondsEndByIdentity() {
        let count = Dynamic(0), label = Label()
        let first = count.bind(to: label, \.text)
        let second = count.bind(to: label, \.text)
        first.unbind()
        count.value = 5
        #expect(label.text == "5")
        #expect(!first.isBound && second.isBound)
        second.unbind()
        count.value = 6
        #expect(label.text == "5")
    }

    @Test("A values loop that ends takes only its own block: the chain it read goes on", .timeLimit(.minutes(1)))
    func valuesLoopEndsByIdentity() async {
        let vm = Box(), label = Label()
        let chain = Bind.in(vm, \.string).out(label, \.text)
        for await value in chain.values {
            #expect(value == "")
            break
        }
        vm.string = "after"
        #expect(label.text == "after")
        #expect(chain.isBound)
    }

    @Test("Rule 1: bind and unbind of two declarations sharing a sender, in either order, leaves nothing bound")
    func churnLeavesNothing() {
        let vm = Box(), label = Label(), other = Label()
        for round in 0..<200 {
            let one = Bind.in(vm, \.string).out(label, \.text)
            let two = (vm, \.string) ~> (other, \.text)
            if round.isMultiple(of: 2) {
                two.unbind()
                one.unbind()
            } else {
                one.unbind()
                two.unbind()
            }
        }
        #expect(!Bind.isBound(vm) && !Bind.isBound(label) && !Bind.isBound(other))
        // No endpoint is left on either side, bound or not.
        let lifetime = Registry.lifetimeRegistrar(of: vm)
        let left = GraphLock.shared.locked {
            Array(Registry.shared.entriesLocked(of: vm, lifetime: lifetime)).count
                + Array(Registry.shared.entriesLocked(of: label, lifetime: nil)).count
                + Array(Registry.shared.entriesLocked(of: other, lifetime: nil)).count
        }
        #expect(left == 0)
    }
}
