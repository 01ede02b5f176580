import Testing
@testable import Bindery

@Dynamic private final class Form {
    var name = ""
    var volume = 0.5
    var title = ""
}

private final class Sink: @unchecked Sendable {
    // Written by the chains on this test's thread only.
    var text: String? = ""
    var volume = 0.0
    var calls = 0
    func called() { calls += 1 }
}

/// `BindingHandle`: every kind of binding in one collection, ended together.
@Suite(.failOnUnexpectedDiagnostics) struct BindingHandleTests {
    @Test("Chains, operator bindings, bonds, target-actions and string bindings go in one [any BindingHandle]; ending them all ends exactly those")
    func oneCollection() throws {
        let form = Form(), copy = Form(), sink = Sink(), other = Sink()
        let box = Dynamic(0), mirror = Dynamic(0)
        var handles: [any BindingHandle] = []
        handles.append(Bind.in(form, \.name).out(sink, \.text))
        handles.append((form, \.volume) ~> (sink, \.volume))
        handles.append(box.bind(to: mirror))
        handles.append(form.addTarget(sink, action: Sink.called, forKeyPathChange: \.title))
        handles.append(try Bind.expression("title ~> name").bind(form, copy))
        let kept = Bind.in(form, \.name).out(other, \.text)          // another binding of the same property
        #expect(handles.allSatisfy { $0.isBound })
        form.name = "Ann"
        form.volume = 0.8
        box.value = 3
        form.title = "Dr"
        #expect(sink.text == "Ann" && sink.volume == 0.8 && mirror.value == 3 && sink.calls == 1 && copy.name == "Dr")
        for handle in handles { handle.unbind() }
        #expect(handles.allSatisfy { !$0.isBound })
        form.name = "Bea"
        form.volume = 0.1
        box.value = 4
        form.title = "Prof"
        #expect(sink.text == "Ann" && sink.volume == 0.8 && mirror.value == 3 && sink.calls == 1 && copy.name == "Dr")
        #expect(kept.isBound && other.text == "Bea")
        for handle in handles { handle.unbind() }                   // again: nothing
        #expect(kept.isBound)
    }

    @Test("A list binding and a view's bound bindings are handles too: ending them ends the rows' updates and the view's bindings, and nothing else", .timeLimit(.minutes(1)))
    @MainActor func listsAndViews() {
        let words = DynamicList(["a", "b"]), rows = RecordingList<String>()
        let row = DrawRow(code: "123"), cell = DrawCell(), label = Label()
        cell.viewModel = row
        let kept = Bind.in(row, \.code).out(label, \.text)         // not the view's: stays
        var handles: [any BindingHandle] = [Bind.in(words, \.elements).out(rows, id: \.self), cell.boundBindings]
        #expect(handles.allSatisfy { $0.isBound })
        words.append("c")
        row.code = "456"
        #expect(rows.rows == ["a", "b", "c"] && cell.codeLabel.text == "456")
        for handle in handles { handle.unbind() }
        #expect(handles.allSatisfy { !$0.isBound })
        words.append("d")
        row.code = "789"
        #expect(rows.rows == ["a", "b", "c"] && cell.codeLabel.text == "456")
        #expect(kept.isBound && label.text == "789")
        // The view binds afresh when it shows a view model again.
        cell.viewModel = row
        #expect(cell.codeLabel.text == "789" && cell.boundBindings.isBound)
        handles.removeAll()
    }
}
