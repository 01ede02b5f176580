#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// A chore's model: whether it is done.
@Dynamic final class Chore {
    var isDone = false
}

/// The check button driven through GTK's own API as a person's clicks are: each toggle reaches
/// the model, a program's sets fire nothing, and a check button GTK destroys leaves its chains.
@Suite(.serialized) @MainActor struct CheckButtonTests {
    /// `wrapper`'s widget, which a test needs alive.
    private func alive(_ wrapper: some WrappedWidget) throws -> UnsafeMutablePointer<GtkWidget> {
        try #require(wrapper.widget)
    }

    @Test("Toggling a check button through GTK sends its state; the model's writes check it")
    func togglesSend() throws {
        try #require(Display.isOpen, Display.missing)
        let chore = Chore()
        let check = CheckButton("_Done")
        Bind.inout(chore, \.isDone).inout(check, \.isOn, on: .valueChanged)
        let widget = try alive(check)
        gtk_widget_activate(widget)   // a click, or Space while it has the focus
        #expect(chore.isDone)
        #expect(gtk_check_button_get_active(pointer(widget, to: GtkCheckButton.self)) != 0)
        gtk_check_button_set_active(pointer(widget, to: GtkCheckButton.self), 0)
        #expect(!chore.isDone)
        chore.isDone = true
        #expect(check.isOn)
        #expect(gtk_check_button_get_active(pointer(widget, to: GtkCheckButton.self)) != 0)
    }

    @Test("A person's toggles fire .valueChanged, one each; a program's sets fire nothing")
    func programSetsFireNothing() async throws {
        try #require(Display.isOpen, Display.missing)
        let check = CheckButton()
        let widget = try alive(check)
        await confirmation("one .valueChanged per toggle through GTK", expectedCount: 2) { toggled in
            Bind.in(check, \.isOn, on: .valueChanged).out("count", initial: false, delivery: .mainActor) { toggled() }
            check.isOn = true
            check.isOn = false
            check.isOn = false
            gtk_widget_activate(widget)
            #expect(check.isOn)
            check.isOn = false
            gtk_check_button_set_active(pointer(widget, to: GtkCheckButton.self), 1)
            check.isOn = true
            #expect(Bind.isBound(check))
        }
    }

    @Test("A check button shows its caption and starts in the state it is given")
    func captionAndStart() throws {
        try #require(Display.isOpen, Display.missing)
        let markAll = CheckButton("Mark all as complete", isOn: true)
        let bare = CheckButton()
        let marked = pointer(try alive(markAll), to: GtkCheckButton.self)
        let caption = try #require(gtk_check_button_get_label(marked))
        #expect(String(cString: caption) == "Mark all as complete")
        #expect(gtk_check_button_get_active(marked) != 0 && markAll.isOn)
        #expect(gtk_check_button_get_label(pointer(try alive(bare), to: GtkCheckButton.self)) == nil)
        #expect(!bare.isOn)
    }

    @Test("A check button GTK destroys leaves its chains and keeps its last state")
    func destroyedLeavesItsChains() throws {
        try #require(Display.isOpen, Display.missing)
        let chore = Chore()
        let window = try #require(gtk_window_new())
        let check = CheckButton()
        gtk_window_set_child(pointer(window, to: GtkWindow.self), try alive(check))
        Bind.inout(chore, \.isDone).inout(check, \.isOn, on: .valueChanged)
        chore.isDone = true
        #expect(Bind.isBound(check))
        gtk_window_destroy(pointer(window, to: GtkWindow.self))
        Display.settle()
        #expect(check.widget == nil)
        #expect(!Bind.isBound(check) && !Bind.isBound(chore))
        #expect(check.isOn, "it keeps the state it had")
        chore.isDone = false
        check.isOn = false   // goes nowhere
        #expect(check.isOn)
    }

    @Test("A check button nobody keeps deinitialises, ends its chains and releases its widget")
    func wrapperGoesFirst() throws {
        try #require(Display.isOpen, Display.missing)
        let chore = Chore()
        let finalized = Finalized()
        weak var gone: CheckButton?
        do {
            let check = CheckButton()
            gone = check
            finalized.watch(try alive(check))
            Bind.inout(chore, \.isDone).inout(check, \.isOn, on: .valueChanged)
            #expect(Bind.isBound(chore))
        }
        #expect(gone == nil, "neither Bindery nor GLib keeps the wrapper")
        #expect(finalized.isDone, "the widget it never placed is finalised")
        chore.isDone = true
        #expect(!Bind.isBound(chore))
    }
}
#endif
