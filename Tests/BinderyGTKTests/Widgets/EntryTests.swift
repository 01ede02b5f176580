#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// A search box's model: the query, and what the entry's events did.
@MainActor @Dynamic final class Search {
    var query = ""
    var submitted: [String] = []
}

/// The entry's events besides typing, driven through GTK's own API as a person's keys and
/// clicks are: Enter fires `.primaryActionTriggered`, the focus coming and going
/// `.editingDidBegin` and `.editingDidEnd`, and each key goes to the key handler first.
@Suite(.serialized) @MainActor struct EntryTests {
    /// `wrapper`'s widget, which a test needs alive.
    private func alive(_ wrapper: some WrappedWidget) throws -> UnsafeMutablePointer<GtkWidget> {
        try #require(wrapper.widget)
    }

    /// A window holding `entries` in a column, shown.
    private func present(_ entries: [Entry]) throws -> UnsafeMutablePointer<GtkWidget> {
        let window = try #require(gtk_window_new())
        let box = try #require(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_window_set_child(pointer(window, to: GtkWindow.self), box)
        for entry in entries { gtk_box_append(pointer(box, to: GtkBox.self), try alive(entry)) }
        gtk_window_present(pointer(window, to: GtkWindow.self))
        Display.settle()
        return window
    }

    /// Presses Enter in `entry` as its key binding does: emits `activate` on the entry's text.
    private func pressEnter(in entry: Entry) throws {
        let editable = OpaquePointer(try alive(entry))
        let text = try #require(gtk_editable_get_delegate(editable))
        var instance = GValue()
        g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(text))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    /// Presses `keyval` while `entry` has the focus, as GTK does: emits `key-pressed` on the
    /// entry's key controllers that listen in the capture phase. Answers whether one used it.
    private func press(_ keyval: Int32, in entry: Entry) throws -> Bool {
        let widget = try alive(entry)
        let controllers = try #require(gtk_widget_observe_controllers(widget))
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        var used = false
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            g_object_unref(item)   // the widget keeps its controllers
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), gtk_event_controller_key_get_type()) != 0,
                  gtk_event_controller_get_propagation_phase(OpaquePointer(item)) == GTK_PHASE_CAPTURE
            else { continue }
            var values = [GValue](repeating: GValue(), count: 4)
            g_value_init(&values[0], gtk_event_controller_key_get_type())
            g_value_set_object(&values[0], item)
            g_value_init(&values[1], GType(7 << 2))   // G_TYPE_UINT: the keyval
            g_value_set_uint(&values[1], guint(keyval))
            g_value_init(&values[2], GType(7 << 2))   // the hardware keycode
            g_value_set_uint(&values[2], 0)
            g_value_init(&values[3], gdk_modifier_type_get_type())
            g_value_set_flags(&values[3], 0)
            var result = GValue()
            g_value_init(&result, GType(5 << 2))       // G_TYPE_BOOLEAN
            g_signal_emitv(&values, g_signal_lookup("key-pressed", gtk_event_controller_key_get_type()), 0, &result)
            used = used || g_value_get_boolean(&result) != 0
            g_value_unset(&result)
            for index in values.indices { g_value_unset(&values[index]) }
        }
        return used
    }

    @Test("Enter fires .primaryActionTriggered, once, with the entry's text; no edit is sent")
    func enterFiresPrimaryAction() async throws {
        try #require(Display.isOpen, Display.missing)
        let search = Search()
        let entry = Entry("bindings")
        try await confirmation("no edit is reported", expectedCount: 0) { edited in
            Bind.in(entry, \.text, on: .editingChanged).out("edits", initial: false, delivery: .mainActor) { edited() }
            Bind.in(entry, \.text, on: .primaryActionTriggered).out("submit", initial: false, delivery: .mainActor) { (text: String) in
                search.submitted.append(text)
            }
            try pressEnter(in: entry)
            #expect(search.submitted == ["bindings"])
            try pressEnter(in: entry)
            #expect(search.submitted == ["bindings", "bindings"], "each Enter fires once")
            entry.text = "chains"
            #expect(search.submitted.count == 2, "a program's write is not Enter")
            try pressEnter(in: entry)
            #expect(search.submitted == ["bindings", "bindings", "chains"])
        }
    }

    @Test("The focus coming into an entry fires .editingDidBegin; leaving it, at once or when GTK moves it off a hidden entry, .editingDidEnd")
    func focusFiresBeginAndEnd() throws {
        try #require(Display.isOpen, Display.missing)
        let first = Entry(), second = Entry()
        var events: [String] = []
        for (name, entry) in [("first", first), ("second", second)] {
            Bind.in(entry, \.text, on: .editingDidBegin).out("begin", initial: false, delivery: .mainActor) { events.append("\(name) begins") }
            Bind.in(entry, \.text, on: .editingDidEnd).out("end", initial: false, delivery: .mainActor) { events.append("\(name) ends") }
        }
        let window = try present([first, second])
        defer { gtk_window_destroy(pointer(window, to: GtkWindow.self)) }
        events = []
        gtk_window_set_focus(pointer(window, to: GtkWindow.self), nil)
        Display.settle()
        events = []
        #expect(gtk_widget_grab_focus(try alive(first)) != 0)
        #expect(events == ["first begins"])
        events = []
        #expect(gtk_widget_grab_focus(try alive(second)) != 0)
        #expect(events == ["first ends", "second begins"])
        events = []
        gtk_widget_set_visible(try alive(second), 0)
        #expect(events.isEmpty, "GTK keeps the focus on a hidden entry until its next frame")
        let deadline = g_get_monotonic_time() + 2_000_000
        while !events.contains("second ends"), g_get_monotonic_time() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(2_000) }
        }
        #expect(events.first == "second ends", "GTK moves the focus off the hidden entry (events: \(events))")
    }

    @Test("Each key goes to the key handler first; a key it uses stops there, the others go on")
    func keysGoToTheHandler() throws {
        try #require(Display.isOpen, Display.missing)
        let entry = Entry("draft")
        #expect(try !press(GDK_KEY_Escape, in: entry), "with no handler every key goes on to the entry")
        var keys: [Int32] = []
        entry.keyHandler = { keyval, _ in
            keys.append(Int32(bitPattern: keyval))
            return Int32(bitPattern: keyval) == GDK_KEY_Escape
        }
        #expect(try press(GDK_KEY_Escape, in: entry))
        #expect(try !press(GDK_KEY_a, in: entry))
        #expect(keys == [GDK_KEY_Escape, GDK_KEY_a])
        #expect(entry.text == "draft")
    }

    @Test("An entry GTK destroys lets its key handler go and leaves the chains of its events")
    func destroyedLetsItsHandlerGo() throws {
        try #require(Display.isOpen, Display.missing)
        let search = Search()
        let entry = Entry()
        weak var captured: Search?
        do {
            let held = Search()
            captured = held
            entry.keyHandler = { _, _ in held.submitted.append("key"); return true }
        }
        #expect(captured != nil, "the entry holds its key handler")
        Bind.in(entry, \.text, on: .primaryActionTriggered).out(search, \.query)
        #expect(Bind.isBound(entry))
        let window = try present([entry])
        gtk_window_destroy(pointer(window, to: GtkWindow.self))
        Display.settle()
        #expect(entry.widget == nil)
        #expect(captured == nil, "the key handler is released with the widget")
        #expect(entry.keyHandler == nil)
        #expect(!Bind.isBound(entry) && !Bind.isBound(search))
    }
}
#endif
