#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// A view's model: whether it is pinned, and which of three tabs is chosen.
@Dynamic final class Pane {
    var isPinned = false
    var tab = 0
}

/// The toggle button driven through GTK's own API as a person's clicks are, alone and in a
/// group: each toggle reaches the model, a program's sets fire nothing (not even on the button
/// of its group that GTK lets out), and a toggle button GTK destroys leaves its chains and its
/// group.
@Suite(.serialized) @MainActor struct ToggleButtonTests {
    /// `wrapper`'s widget, which a test needs alive.
    private func alive(_ wrapper: some WrappedWidget) throws -> UnsafeMutablePointer<GtkWidget> {
        try #require(wrapper.widget)
    }

    /// Three grouped buttons, the first pressed in; each reports its toggles to `record`, as
    /// (index, isOn), and the model's `tab` presses in the button of that index.
    private func makeTabs(_ pane: Pane, record: @escaping @MainActor (Int, Bool) -> Void) -> [ToggleButton] {
        let first = ToggleButton("_One", isOn: true)
        let tabs = [first, ToggleButton("_Two", group: first), ToggleButton("T_hree", group: first)]
        for (index, tab) in tabs.enumerated() {
            Bind.in(pane, \.tab).out(tab, \.isOn, convert: { $0 == index })
            Bind.in(tab, \.isOn, on: .valueChanged).out("record", initial: false, delivery: .mainActor) { (isOn: Bool) in
                record(index, isOn)
            }
        }
        return tabs
    }

    /// Whether GTK has each of `buttons` pressed in.
    private func pressed(_ buttons: [ToggleButton]) throws -> [Bool] {
        try buttons.map { try gtk_toggle_button_get_active(pointer(alive($0), to: GtkToggleButton.self)) != 0 }
    }

    @Test("Clicking a toggle button sends its state; the model's writes press it in and let it out")
    func clicksSend() throws {
        try #require(Display.isOpen, Display.missing)
        let pane = Pane()
        let pin = ToggleButton("_Pin")
        Bind.inout(pane, \.isPinned).inout(pin, \.isOn, on: .valueChanged)
        let widget = try alive(pin)
        click(widget)
        #expect(pane.isPinned)
        click(widget)
        #expect(!pane.isPinned)
        gtk_toggle_button_set_active(pointer(widget, to: GtkToggleButton.self), 1)
        #expect(pane.isPinned)
        pane.isPinned = false
        #expect(!pin.isOn)
        #expect(try pressed([pin]) == [false])
        let label = try #require(gtk_button_get_label(pointer(widget, to: GtkButton.self)))
        #expect(String(cString: label) == "_Pin")
    }

    @Test("A person's toggles fire .valueChanged, one each; a program's sets fire nothing")
    func programSetsFireNothing() async throws {
        try #require(Display.isOpen, Display.missing)
        let pin = ToggleButton("Pin", isOn: true)
        let widget = try alive(pin)
        #expect(pin.isOn)
        await confirmation("one .valueChanged per click", expectedCount: 3) { toggled in
            Bind.in(pin, \.isOn, on: .valueChanged).out("count", initial: false, delivery: .mainActor) { toggled() }
            pin.isOn = false
            pin.isOn = true
            click(widget)
            pin.isOn = true
            click(widget)
            gtk_toggle_button_set_active(pointer(widget, to: GtkToggleButton.self), 1)
        }
        #expect(pin.isOn)
    }

    @Test("In a group, a click presses one in and lets the other out, both reported; a click on the pressed one does nothing")
    func groupClicks() throws {
        try #require(Display.isOpen, Display.missing)
        let pane = Pane()
        var toggles: [String] = []
        let tabs = makeTabs(pane) { toggles.append("\($0):\($1)") }
        Bind.in(tabs[1], \.isOn, on: .valueChanged).out("choose", initial: false, delivery: .mainActor) { (isOn: Bool) in
            if isOn { pane.tab = 1 }
        }
        #expect(try pressed(tabs) == [true, false, false])
        #expect(toggles.isEmpty, "binding sends no toggle")
        click(try alive(tabs[1]))
        #expect(try pressed(tabs) == [false, true, false])
        #expect(toggles == ["0:false", "1:true"], "GTK lets the pressed one out first")
        #expect(pane.tab == 1)
        toggles = []
        click(try alive(tabs[1]))
        #expect(try pressed(tabs) == [false, true, false], "a click on the pressed one keeps it pressed")
        #expect(toggles.isEmpty)
    }

    @Test("In a group, a program's set lets the pressed one out and fires nothing on any of them")
    func groupSetsFireNothing() throws {
        try #require(Display.isOpen, Display.missing)
        let pane = Pane()
        var toggles: [String] = []
        let tabs = makeTabs(pane) { toggles.append("\($0):\($1)") }
        pane.tab = 2
        #expect(try pressed(tabs) == [false, false, true])
        tabs[0].isOn = true
        #expect(try pressed(tabs) == [true, false, false])
        pane.tab = 1
        #expect(try pressed(tabs) == [false, true, false])
        #expect(toggles.isEmpty, "no set was reported as a toggle (got \(toggles))")
        #expect(pane.tab == 1)
    }

    @Test("A toggle button GTK destroys leaves its chains and its group, and keeps its last state")
    func destroyedLeavesItsChainsAndGroup() throws {
        try #require(Display.isOpen, Display.missing)
        let pane = Pane()
        var toggles: [String] = []
        let tabs = makeTabs(pane) { toggles.append("\($0):\($1)") }
        let window = try #require(gtk_window_new())
        let box = try #require(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_window_set_child(pointer(window, to: GtkWindow.self), box)
        for tab in tabs { gtk_box_append(pointer(box, to: GtkBox.self), try alive(tab)) }
        gtk_box_remove(pointer(box, to: GtkBox.self), try alive(tabs[0]))
        Display.settle()
        #expect(tabs[0].widget == nil)
        #expect(!Bind.isBound(tabs[0]))
        #expect(tabs[0].isOn, "it keeps the state it had")
        pane.tab = 2
        #expect(try pressed(Array(tabs[1...])) == [false, true])
        click(try alive(tabs[1]))
        #expect(try pressed(Array(tabs[1...])) == [true, false])
        #expect(toggles == ["2:false", "1:true"])
        gtk_window_destroy(pointer(window, to: GtkWindow.self))
        Display.settle()
        #expect(tabs.allSatisfy { $0.widget == nil && !Bind.isBound($0) })
        #expect(!Bind.isBound(pane))
    }

    @Test("A toggle button nobody keeps deinitialises, ends its chains and releases its widget; its group forgets it")
    func wrapperGoesFirst() throws {
        try #require(Display.isOpen, Display.missing)
        let pane = Pane()
        let kept = ToggleButton("Kept", isOn: true)
        let finalized = Finalized()
        weak var gone: ToggleButton?
        do {
            let other = ToggleButton("Gone soon", group: kept)
            gone = other
            finalized.watch(try alive(other))
            Bind.inout(pane, \.isPinned).inout(other, \.isOn, on: .valueChanged)
        }
        #expect(gone == nil, "neither Bindery, GLib nor the group keeps the wrapper")
        #expect(finalized.isDone, "the widget it never placed is finalised")
        kept.isOn = false
        kept.isOn = true
        #expect(kept.isOn)
        pane.isPinned = true
        #expect(!Bind.isBound(pane))
    }
}
#endif
