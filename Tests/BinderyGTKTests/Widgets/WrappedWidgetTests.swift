#if GTK
import Bindery
import BinderyGTK
import CGtk
import Testing

/// A form's state: whether it can be sent, and its caption.
@Dynamic final class SignUpForm {
    var isValid = false
    var caption = "Sign up"
}

/// What every wrapper shares (shown, enabled), a button's caption and a masked entry.
@Suite(.serialized) @MainActor struct WrappedWidgetTests {
    @Test("isVisible and isEnabled follow a model on any wrapper; a disabled button sends no press; a button's caption is bound")
    func visibleAndEnabled() throws {
        try #require(Display.isOpen, Display.missing)
        let form = SignUpForm()
        let button = Button("Sign up")
        let entry = Entry()
        let taps = Dynamic(0)
        Bind.in(form, \.isValid).out(button, \.isEnabled).out(entry, \.isVisible)
        Bind.in(form, \.caption).out(button, \.title)
        Bind.in(button).out("count", initial: false, delivery: .mainActor) { taps.value += 1 }
        let widget = try #require(button.widget)
        #expect(!button.isEnabled && gtk_widget_get_sensitive(widget) == 0)
        #expect(!entry.isVisible)
        gtk_widget_activate(widget)
        #expect(taps.value == 0)                                   // GTK sends no click to a disabled button
        form.isValid = true
        form.caption = "Sign up now"
        #expect(button.isEnabled && entry.isVisible && button.title == "Sign up now")
        #expect(String(cString: gtk_button_get_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self))) == "Sign up now")
    }

    @Test("A secure entry masks its text and keeps it")
    func secureEntry() throws {
        try #require(Display.isOpen, Display.missing)
        let entry = Entry("secret")
        entry.isSecure = true
        let widget = try #require(entry.widget)
        #expect(entry.isSecure && gtk_entry_get_visibility(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self)) == 0)
        #expect(entry.text == "secret")
        entry.isSecure = false
        #expect(!entry.isSecure)
    }
}
#endif
