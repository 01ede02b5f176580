import Testing
@testable import Bindery

/// A view model isolated to the main actor, as an app writes it.
@MainActor @Dynamic final class TitleViewModel {
    var title = ""
    let id = 1
}

/// A main-actor view model that can be subclassed.
@MainActor @Dynamic class BaseViewModel {
    var status = ""
}

/// Its subclass, also on the main actor.
@MainActor @Dynamic final class DetailViewModel: BaseViewModel {
    var detail = ""
}

/// `@Dynamic` classes isolated to the main actor.
@Suite(.failOnUnexpectedDiagnostics) struct IsolationTests {
    @Test("Rule 10: a @MainActor @Dynamic view model binds from main-actor code")
    @MainActor
    func mainActorViewModelBinds() {
        let vm = TitleViewModel()
        let label = Label()
        Bind.in(vm, \.title).out(label, \.text)
        vm.title = "Hello"
        #expect(label.text == "Hello")
        #expect(TitleViewModel._$dynamicProperties.map(\.name) == ["title", "id"])
    }

    @Test("Rule 10: a @MainActor subclass's own and inherited properties both bind")
    @MainActor
    func mainActorSubclassBinds() {
        let vm = DetailViewModel()
        let status = Label(), detail = Label()
        Bind.in(vm, \.status).out(status, \.text)
        Bind.in(vm, \.detail).out(detail, \.text)
        vm.status = "ok"
        vm.detail = "more"
        #expect(status.text == "ok")
        #expect(detail.text == "more")
    }

    @Test("Rule 10: off the main actor, a main-actor class's table is not built (and nothing traps)")
    func offMainActorTableIsEmpty() async {
        let count = await Task.detached { () -> Int in
            // A class never asked for on the main actor before.
            OffMainViewModel._$dynamicProperties.count
        }.value
        #expect(count == 0)
        let onMain = await MainActor.run { OffMainViewModel._$dynamicProperties.count }
        #expect(onMain == 1)
    }
}

/// A widget as UIKit and GTK have them: isolated to the main actor. Its conformance to
/// `Control` is isolated too (`@MainActor Control`), so its main-actor members satisfy it.
@MainActor final class MainActorField: @MainActor Control {
    var text = ""
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<MainActorField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    /// What a person typing does.
    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

/// `@MainActor` widgets adopt `Control` and bind to `@MainActor` view models.
extension IsolationTests {
    @Test("A @MainActor widget adopts Control and binds two-way to a @MainActor @Dynamic view model")
    @MainActor
    func mainActorWidgetBindsToMainActorViewModel() {
        let vm = TitleViewModel()
        vm.title = "start"
        let field = MainActorField()
        let chain = Bind.inout(vm, \.title).inout(field)
        #expect(field.text == "start")                // the view model's value, at bind time
        vm.title = "from the model"
        #expect(field.text == "from the model")
        field.type("typed")
        #expect(vm.title == "typed")
        #expect(Bind.isBound(field, \.text, on: .editingChanged))
        chain.unbind()
        field.type("after")
        #expect(vm.title == "typed")
    }

    @Test("Rule 1: a @MainActor widget leaves its chains when it deinitialises")
    @MainActor
    func mainActorWidgetLifetime() {
        let vm = TitleViewModel()
        let label = Label()
        weak var gone: MainActorField?
        do {
            let field = MainActorField()
            gone = field
            Bind.in(field, \.text, on: .editingChanged).out(label, \.text).in(vm, \.title)
            field.type("x")
            #expect(label.text == "x")
        }
        #expect(gone == nil)
        vm.title = "still bound through the model"
        #expect(label.text == "still bound through the model")
    }
}

/// A main-actor class whose table is first asked for off the main actor.
@MainActor @Dynamic final class OffMainViewModel {
    var value = 0
}
