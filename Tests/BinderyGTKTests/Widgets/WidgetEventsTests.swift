#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// A form's model.
@Dynamic final class Form {
    var name = ""
    var volume = 0.5
    var isMuted = false
    var presses = 0
}

/// BinderyGTK's widgets in chains, driven through GTK's own API as a person's edits are: each
/// edit reaches the model, a program's writes fire nothing, and a widget GTK destroys leaves
/// its chains.
@Suite(.serialized) @MainActor struct WidgetEventsTests {
    @Test("Typing into an entry sends its text; a program's write does not")
    func entryEdits() throws {
        try #require(Display.isOpen, Display.missing)
        let form = Form()
        let entry = Entry()
        let greeting = Label()
        Bind.inout(form, \.name).inout(entry, \.text, on: .editingChanged).out(greeting, \.text)
        let editable = try #require(entry.widget.map { OpaquePointer($0) })
        var cursor: Int32 = 0
        gtk_editable_insert_text(editable, "Ada", -1, &cursor)
        #expect(form.name == "Ada")
        #expect(greeting.text == "Ada")
        #expect(String(cString: gtk_label_get_text(try #require(greeting.widget.map { OpaquePointer($0) }))) == "Ada")
        form.name = "Bo"
        #expect(entry.text == "Bo")
        entry.text = "Cy"
        #expect(form.name == "Bo", "a program's write into the entry is not an edit")
    }

    @Test("Moving a scale, flipping a switch and pressing a button send their values")
    func controlsSend() throws {
        try #require(Display.isOpen, Display.missing)
        let form = Form()
        let scale = Scale(value: 0.5)
        let toggle = Switch()
        let button = Button("_Press")
        Bind.inout(form, \.volume).inout(scale, \.value, on: .valueChanged)
        Bind.inout(form, \.isMuted).inout(toggle, \.isOn, on: .valueChanged)
        Bind.in(button).out(form, \.presses, initial: false)
        gtk_range_set_value(pointer(try #require(scale.widget), to: GtkRange.self), 0.8)
        gtk_switch_set_active(try #require(toggle.widget.map { OpaquePointer($0) }), 1)
        click(try #require(button.widget))
        click(try #require(button.widget))
        #expect(form.volume == 0.8)
        #expect(form.isMuted)
        #expect(form.presses == 2)
        form.volume = 0.2
        #expect(scale.value == 0.2)
    }

    @Test("A widget GTK destroys leaves its chains and keeps its last value")
    func destroyedWidgetsLeaveTheirChains() throws {
        try #require(Display.isOpen, Display.missing)
        let form = Form()
        let window = try #require(gtk_window_new())
        let box = try #require(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_window_set_child(pointer(window, to: GtkWindow.self), box)
        let entry = Entry()
        let label = Label()
        gtk_box_append(pointer(box, to: GtkBox.self), try #require(entry.widget))
        gtk_box_append(pointer(box, to: GtkBox.self), try #require(label.widget))
        Bind.inout(form, \.name).inout(entry, \.text, on: .editingChanged).out(label, \.text)
        form.name = "Ada"
        #expect(Bind.isBound(entry) && Bind.isBound(label))
        gtk_window_destroy(pointer(window, to: GtkWindow.self))
        Display.settle()
        #expect(entry.widget == nil && label.widget == nil)
        #expect(!Bind.isBound(entry) && !Bind.isBound(label) && !Bind.isBound(form))
        #expect(entry.text == "Ada" && label.text == "Ada")
        form.name = "Bo"
        #expect(entry.text == "Ada", "a destroyed widget is not written")
    }

    @Test("A wrapper that goes first releases the widget it never placed")
    func wrapperReleasesAnUnplacedWidget() throws {
        try #require(Display.isOpen, Display.missing)
        let finalized = Finalized()
        do {
            let label = Label("gone soon")
            let widget = try #require(label.widget)
            finalized.watch(widget)
            #expect(!finalized.isDone)
        }
        #expect(finalized.isDone)
    }
}

/// Clicks `button` as the mouse does: emits its `clicked` signal, at once (where
/// `gtk_widget_activate` waits for the button's press animation).
func click(_ button: UnsafeMutablePointer<GtkWidget>) {
    var instance = GValue()
    g_value_init(&instance, gtk_button_get_type())
    g_value_set_object(&instance, UnsafeMutableRawPointer(button))
    g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
    g_value_unset(&instance)
}

/// `widget` as a pointer to the GTK type a call takes (`GtkWindow`, `GtkBox`, …).
func pointer<Instance>(_ widget: UnsafeMutablePointer<GtkWidget>, to type: Instance.Type) -> UnsafeMutablePointer<Instance> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: Instance.self)
}

/// Records that GTK finalised a widget (a GObject weak reference).
@MainActor final class Finalized {
    private(set) var isDone = false

    func watch(_ widget: UnsafeMutablePointer<GtkWidget>) {
        g_object_weak_ref(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self),
            { data, _ in
                MainActor.assumeIsolated { Unmanaged<Finalized>.fromOpaque(data!).takeRetainedValue().isDone = true }
            },
            Unmanaged.passRetained(self).toOpaque())
    }
}
#endif
