#if GTK
#if canImport(Glibc)
import Glibc
#endif
import Bindery
import BinderyGTK
import CGtk
import LotteryModel

/// Plays the real window as a person would, through GTK's own API (never through the wrappers'
/// setters), running the main context between steps, and checks that the model and what the
/// labels show (`gtk_label_get_text`) follow. The first failed check ends the process with
/// status 1 and says which check it was.
@MainActor struct SelfTest {
    let screen: LotteryWindow
    let lottery: Lottery
    let screenshotPath: String?
    private var started = g_get_monotonic_time()

    init(screen: LotteryWindow, lottery: Lottery, screenshotPath: String?) {
        self.screen = screen
        self.lottery = lottery
        self.screenshotPath = screenshotPath
    }

    mutating func run() {
        started = g_get_monotonic_time()
        step("the window opens with every chain's initial value")
        wait("the window is mapped and laid out") {
            gtk_widget_get_mapped(screen.window) != 0 && gtk_widget_get_width(screen.window) > 0
        }
        expect(screen.snLabel, shows: "Draw #0")
        expect(screen.codeLabel, shows: "press Spin")
        expect(screen.isWinLabel, shows: "no win")
        expect(screen.winCodeLabel, shows: "you bet on 777, 50% to win")
        expect(screen.winCodeEntry, holds: "777")
        expect(screen.rateEntry, holds: "50%")
        check(gtk_range_get_value(range(screen.rateScale)) == 0.5, "the scale stands at 0.5")
        check(gtk_spin_button_get_value(opaque(screen.rateSpinButton)) == 0.5, "the spin button holds 0.5")
        check(gtk_switch_get_active(opaque(screen.flashSwitch)) != 0, "the flash switch is on")
        expect(screen.greeting, shows: "")
        check(screen.reels.background == LotteryWindow.palette[0], "the reels have the first colour")
        for reel in screen.digits { expect(reel, shows: "0") }
        check(visibleHistoryRows() == 0, "the history shows no row before the first draw")
        // The history list is a list receiver: an endpoint of the history's chain, on the list.
        let unbound: [any WrappedWidget] = [screen.title, screen.historyTitle] + screen.captions
        for wrapper in screen.wrappers where !unbound.contains(where: { $0 === wrapper }) {
            check(Bind.isBound(wrapper), "\(Swift.type(of: wrapper)) is in a chain")
        }

        step("Spin is the window's suggested action and its default widget")
        guard let spin = screen.spinButton.widget else { fail("the Spin button is gone") }
        check(gtk_widget_has_css_class(spin, LotteryWindow.suggestedActionClass) != 0, "the Spin button has the suggested-action style class")
        check(gtk_window_get_default_widget(gtkWindow) == spin, "the Spin button is the window's default widget")
        for entry in [screen.playerEntry, screen.winCodeEntry] {
            check(gtk_entry_get_activates_default(gtkEntry(entry)) != 0, "Enter in an entry activates the default widget")
        }

        step("Tab and Shift-Tab move the focus in the order the widgets are drawn, top to bottom")
        expectFocusOrder(screen.focusable, direction: GTK_DIR_TAB_FORWARD)
        expectFocusOrder(screen.focusable.reversed(), direction: GTK_DIR_TAB_BACKWARD)
        gtk_window_set_focus(gtkWindow, nil)
        settle()

        step("typing a win code (GtkEditable delete + insert): the label follows, never blanks")
        let winCode = opaque(screen.winCodeEntry)
        gtk_editable_delete_text(winCode, 2, -1)
        settle()
        expectModel(lottery.winCode == "77", "winCode is 77 after deleting one digit (it is \(lottery.winCode))")
        expect(screen.winCodeLabel, shows: "you bet on 77")
        gtk_editable_delete_text(winCode, 0, -1)
        settle()
        expectModel(lottery.winCode == "", "winCode is empty after deleting every digit")
        expect(screen.winCodeLabel, shows: "you bet on …")
        enter("123", into: winCode)
        expectModel(lottery.winCode == "123", "winCode is 123 after typing it (it is \(lottery.winCode))")
        expect(screen.winCodeLabel, shows: "you bet on 123, 50% to win")

        step("a 4th digit and a letter are refused: the entry keeps its 3 digits")
        enter("4", into: winCode)
        expectModel(lottery.winCode == "123", "winCode stays 123 after a 4th digit (it is \(lottery.winCode))")
        expect(screen.winCodeEntry, holds: "123")
        expect(screen.winCodeLabel, shows: "you bet on 123, 50% to win")
        enter("x", into: winCode, at: 0)
        expectModel(lottery.winCode == "123", "winCode stays 123 after a letter (it is \(lottery.winCode))")
        expect(screen.winCodeEntry, holds: "123")
        enter("9", into: winCode)
        expect(screen.winCodeEntry, holds: "123")
        expect(screen.winCodeLabel, shows: "you bet on 123, 50% to win")

        step("the scale (GtkRange API) moves the win rate: the rate entry shows it by Percent, the spin button follows")
        gtk_range_set_value(range(screen.rateScale), 0.3)
        settle()
        expectModel(lottery.winRate == 0.3, "winRate is 0.3 after moving the scale (it is \(lottery.winRate))")
        expect(screen.rateEntry, holds: "30%")
        expect(screen.winCodeLabel, shows: "you bet on 123, 30% to win")   // a derived value: computed from winRate too
        check(gtk_spin_button_get_value(opaque(screen.rateSpinButton)) == 0.3, "the spin button follows the scale to 0.3")
        gtk_range_set_value(range(screen.rateScale), 0.85)
        settle()
        expectModel(lottery.winRate == 0.85, "winRate is 0.85 (it is \(lottery.winRate))")
        expect(screen.rateEntry, holds: "85%")

        step("the spin button's + (gtk_spin_button_spin) moves it on: the scale and the rate entry follow")
        gtk_spin_button_spin(opaque(screen.rateSpinButton), GTK_SPIN_STEP_FORWARD, 0)
        settle()
        expectModel(lottery.winRate == 0.9, "winRate is 0.9 after one step up (it is \(lottery.winRate))")
        expect(screen.rateEntry, holds: "90%")
        check(gtk_range_get_value(range(screen.rateScale)) == 0.9, "the scale follows the spin button to 0.9")

        step("the wrappers' own sets do not echo into the chain")
        screen.winCodeEntry.text = "999"
        screen.rateScale.value = 0.1
        screen.rateSpinButton.value = 0.2
        screen.flashSwitch.isOn = false
        settle()
        expectModel(lottery.winCode == "123", "a wrapper's set of the entry left winCode alone (it is \(lottery.winCode))")
        expectModel(lottery.winRate == 0.9, "a wrapper's set of the scale or spin button left winRate alone (it is \(lottery.winRate))")
        expectModel(lottery.flashesOnWin, "a wrapper's set of the switch left flashesOnWin alone")
        expect(screen.winCodeLabel, shows: "you bet on 123, 90% to win")
        expect(screen.rateEntry, holds: "90%")
        // The model puts the widgets back where they belong.
        lottery.winCode = "123"
        lottery.winRate = 0.9
        lottery.flashesOnWin = true
        settle()
        expect(screen.winCodeEntry, holds: "123")
        check(gtk_range_get_value(range(screen.rateScale)) == 0.9, "a model write moves the scale back to 0.9")
        check(gtk_spin_button_get_value(opaque(screen.rateSpinButton)) == 0.9, "a model write sets the spin button back to 0.9")
        check(gtk_switch_get_active(opaque(screen.flashSwitch)) != 0, "a model write turns the switch back on")

        step("the rate entry (GtkEditable): a typed percentage moves the scale and the spin button (<> transformed by Percent); bad text reads as 0")
        let rate = opaque(screen.rateEntry)
        gtk_editable_delete_text(rate, 0, -1)
        settle()
        expectModel(lottery.winRate == 0, "an empty rate entry reads as 0 (winRate is \(lottery.winRate))")
        enter("25 %", into: rate)
        expectModel(lottery.winRate == 0.25, "winRate is 0.25 after typing \"25 %\" (it is \(lottery.winRate))")
        check(gtk_range_get_value(range(screen.rateScale)) == 0.25, "the scale follows the rate entry to 0.25")
        check(gtk_spin_button_get_value(opaque(screen.rateSpinButton)) == 0.25, "the spin button follows the rate entry to 0.25")
        enter("x", into: rate)
        expectModel(lottery.winRate == 0, "\"25 %x\" is not a number: winRate falls back to 0 (it is \(lottery.winRate))")
        check(gtk_range_get_value(range(screen.rateScale)) == 0, "the scale follows the fallback to 0")
        expect(screen.rateEntry, holds: "25 %x")
        gtk_editable_delete_text(rate, 0, -1)
        enter("90%", into: rate)
        expectModel(lottery.winRate == 0.9, "winRate is 0.9 after typing 90% (it is \(lottery.winRate))")
        check(gtk_range_get_value(range(screen.rateScale)) == 0.9, "the scale follows the rate entry to 0.9")

        step("the name entry greets the player (Unicode)")
        enter("Zoë Ørsted", into: opaque(screen.playerEntry))
        expectModel(lottery.player == "Zoë Ørsted", "player is Zoë Ørsted (it is \(lottery.player))")
        expect(screen.greeting, shows: "Good luck, Zoë Ørsted!")

        step("activating Spin (gtk_widget_activate; the first time Enter in the win code entry) draws; spinning until a win")
        var draws = 0
        /// Clicks Spin (its `clicked` signal) and waits for the draw, then for the window.
        func draw(_ when: String) {
            draws += 1
            click(screen.spinButton)
            wait("draw #\(draws) \(when)") { lottery.sn == draws }
            settle()
        }
        while !lottery.isWin {
            draws += 1
            guard draws <= 40 else { fail("no win in 40 draws at a win rate of 0.9") }
            if draws == 1 {
                // Enter in an entry emits its text's `activate` (the key binding's signal), which
                // activates the window's default widget: Spin.
                pressEnter(in: screen.winCodeEntry)
            } else {
                gtk_widget_activate(spin)
            }
            wait("draw #\(draws) after activating Spin") { lottery.sn == draws }
            expect(screen.snLabel, shows: "Draw #\(draws)")
            expect(screen.codeLabel, shows: lottery.code)
            expect(screen.isWinLabel, shows: lottery.isWin ? "WIN!" : "no win")
            for (reel, digit) in zip(screen.digits, lottery.digits) { expect(reel, shows: "\(digit)") }
            check(screen.reels.background == LotteryWindow.palette[draws % LotteryWindow.palette.count],
                  "the reels' colour follows draw #\(draws)")
        }
        check(screen.spinButton.taps == draws, "the Spin button counted \(draws) presses (it counted \(screen.spinButton.taps))")
        expect(screen.codeLabel, shows: "123")
        expect(screen.isWinLabel, shows: "WIN!")
        for (reel, digit) in zip(screen.digits, ["1", "2", "3"]) { expect(reel, shows: digit) }

        step("the history: 25 more draws fill it past its \(LotteryWindow.historyRows) rows; scrolled by the scroll bar, keys and the wheel, its reused cells show the right draws (Spin clicked: a `clicked` signal)")
        for _ in 0..<25 { draw("the history fills") }
        let pageSize = LotteryWindow.historyRows
        check(lottery.history.count == min(draws, Lottery.historyLimit), "the history keeps \(min(draws, Lottery.historyLimit)) draws (it has \(lottery.history.count))")
        expectHistory(from: 0)
        check(screen.historyList.cells.count == pageSize, "the list box made \(pageSize) cells for \(lottery.history.count) rows (it made \(screen.historyList.cells.count))")
        check(historyRowCount() == pageSize, "the GtkListBox holds \(pageSize) rows, one per place (it holds \(historyRowCount()))")
        let adjustment = historyAdjustment()
        check(gtk_adjustment_get_upper(adjustment) == Double(lottery.history.count) && gtk_adjustment_get_page_size(adjustment) == Double(pageSize),
              "the scroll bar spans the \(lottery.history.count) rows, a page of \(pageSize)")
        gtk_adjustment_set_value(adjustment, 5)
        settle()
        expectHistory(from: 5)
        check(press(GDK_KEY_Page_Down), "Page Down is used")
        expectHistory(from: 15)
        check(gtk_adjustment_get_value(adjustment) == 15, "the scroll bar follows Page Down to 15")
        check(press(GDK_KEY_Page_Up), "Page Up is used")
        expectHistory(from: 5)
        check(press(GDK_KEY_Home), "Home is used")
        expectHistory(from: 0)
        check(scrollWheel(1), "a wheel notch down is used")
        expectHistory(from: 3)

        step("a draw while the history is scrolled down (one insertion above the view): the same draw stays at the top, no place is given another row, the scroll bar follows")
        let topDraw = lottery.history[3]
        let shownBefore = screen.historyList.cells.map(\.viewModel)
        draw("while the history is scrolled down")
        expectHistory(from: 4)
        check(lottery.history[4] === topDraw, "draw #\(topDraw.sn) is still the top row in view (it is #\(lottery.history[4].sn))")
        check(zip(screen.historyList.cells, shownBefore).allSatisfy { $0.viewModel === $1 },
              "every place kept its cell's row: the rows in view did not change")
        check(gtk_adjustment_get_value(adjustment) == 4, "the scroll bar follows the top row to 4 (it is at \(gtk_adjustment_get_value(adjustment)))")

        step("selecting a history row: a click (the GtkListBox's own click gesture) selects it, shown as GTK's selected row, and the list takes the focus; ↓ and ↑ move the selection")
        gtk_adjustment_set_value(adjustment, 0)
        settle()
        expectHistory(from: 0)
        check(screen.historyList.selectedRow == nil, "nothing is selected before a click")
        clickHistoryRow(2)
        let chosen = lottery.history[2]
        expectSelection(chosen, at: 2)
        guard let focus = gtk_window_get_focus(gtkWindow), let listFocus = screen.historyList.focusWidget else { fail("the focus went nowhere after a click on the history") }
        check(focus == listFocus, "a click on a row gives the history the focus (it is on a \(String(cString: gtk_widget_get_name(focus))))")
        check(press(GDK_KEY_Down), "↓ is used with a row selected")
        expectSelection(lottery.history[3], at: 3)
        check(press(GDK_KEY_Up), "↑ is used with a row above the selected one")
        expectSelection(chosen, at: 2)
        check(press(GDK_KEY_Up) && press(GDK_KEY_Up), "↑ moves the selection up to the first row")
        expectSelection(lottery.history[0], at: 0)
        check(!press(GDK_KEY_Up), "↑ on the first row is left to GTK (it moves the focus)")
        check(press(GDK_KEY_Down) && press(GDK_KEY_Down), "↓ moves the selection back down")
        expectSelection(chosen, at: 2)

        step("a draw: the selection stays on its draw (one row down), the selected place follows it; at the very top the new draw comes into view")
        draw("with a history row selected")
        expectHistory(from: 0)
        expectSelection(chosen, at: 3)

        step("scrolled away from the selected draw: no place is selected; a draw keeps the top row and the selection on their draws; ↓ and ↑ bring the selection back into view")
        gtk_adjustment_set_value(adjustment, 8)
        settle()
        expectHistory(from: 8)
        check(gtk_list_box_get_selected_row(historyListBox) == nil, "no place is selected while the selected draw is out of view")
        let topWhileAway = lottery.history[8]
        draw("while the selected draw is out of view")
        expectHistory(from: 9)
        check(lottery.history[9] === topWhileAway, "draw #\(topWhileAway.sn) is still the top row in view")
        expectSelection(chosen, at: 4)
        check(press(GDK_KEY_Down), "↓ is used with the selection out of view")
        expectHistory(from: 5)
        expectSelection(lottery.history[5], at: 5)
        check(press(GDK_KEY_Up), "↑ is used")
        expectHistory(from: 4)
        expectSelection(chosen, at: 4)

        step("the end of the history: the oldest draw, selected, stays selected at the bottom until the history drops it; then it is released, nothing is selected, and the list stays at its end")
        check(press(GDK_KEY_End), "End is used")
        expectHistory(from: lottery.history.count - pageSize)
        clickHistoryRow(pageSize - 1)
        weak let oldest = lottery.history.last
        let oldestSN = lottery.history.last?.sn ?? 0
        expectSelection(lottery.history[lottery.history.count - 1], at: lottery.history.count - 1)
        while lottery.history.last?.sn == oldestSN {
            draw("until the oldest draw is dropped")
            expectHistory(from: lottery.history.count - pageSize)
            if let kept = lottery.history.last, kept.sn == oldestSN { expectSelection(kept, at: lottery.history.count - 1) }
        }
        check(lottery.history.count == Lottery.historyLimit, "the history is full (\(lottery.history.count) draws)")
        check(oldest == nil, "the dropped draw #\(oldestSN) is released (no cell and no selection keeps it)")
        check(screen.historyList.selectedRow == nil && screen.historyList.selectedItem == nil, "the dropped draw's selection is cleared")
        check(gtk_list_box_get_selected_row(historyListBox) == nil, "no place is selected once the selected draw is dropped")
        check(screen.historyList.cells.count == pageSize, "still \(pageSize) cells")
        gtk_adjustment_set_value(adjustment, 0)
        settle()
        expectHistory(from: 0)
        while !lottery.isWin {
            guard draws < 200 else { fail("no win in many draws at a win rate of 0.9") }
            draw("until a win")
        }
        check(screen.spinButton.taps == draws, "the Spin button counted \(draws) presses (it counted \(screen.spinButton.taps))")
        expectHistory(from: 0)

        step("the reels flash after a win")
        expectFlashing(true)
        if let screenshotPath { saveScreenshot(to: screenshotPath) }

        step("the switch (gtk_widget_activate) stops the flashing; gtk_switch_set_active starts it again")
        guard let flash = screen.flashSwitch.widget else { fail("the flash switch is gone") }
        gtk_widget_activate(flash)
        wait("flashesOnWin turns false after activating the switch") { !lottery.flashesOnWin }
        expectFlashing(false)
        gtk_switch_set_active(OpaquePointer(flash), 1)
        settle()
        expectModel(lottery.flashesOnWin, "flashesOnWin is true after gtk_switch_set_active")
        expectFlashing(true)

        step("a widget GTK destroys leaves its chains; the others go on")
        let name = screen.playerEntry
        check(Bind.isBound(name), "the name entry is bound before it is removed")
        gtk_grid_remove(UnsafeMutableRawPointer(screen.grid).assumingMemoryBound(to: GtkGrid.self), name.widget)
        wait("the name entry's widget is destroyed once its grid drops it") { name.widget == nil }
        check(!Bind.isBound(name), "the destroyed name entry left its chains")
        check(name.text == "Zoë Ørsted", "the destroyed name entry keeps its last text (it has \(name.text))")
        name.text = "ignored"
        lottery.player = "Ann"
        settle()
        expect(screen.greeting, shows: "Good luck, Ann!")

        step("a wrapper that deinitialises releases its widget; GLib does not keep a wrapper alive")
        var probe = GWeakRef()
        weak var lostEntry: Entry?
        do {
            let entry = Entry("short-lived")
            lostEntry = entry
            g_weak_ref_init(&probe, entry.widget)
            Bind.inout(lottery, \.player).inout(entry, \.text, on: .editingChanged)
            check(Bind.isBound(entry), "the short-lived entry is bound")
            check(entry.text == "Ann", "the short-lived entry got the chain's value (it has \(entry.text))")
        }
        check(lostEntry == nil, "an entry nobody keeps deinitialises (its signal handlers hold it weakly)")
        let survivor = g_weak_ref_get(&probe)
        check(survivor == nil, "the widget of a wrapper that deinitialised before it was placed is finalised")
        if let survivor { g_object_unref(survivor) }
        g_weak_ref_clear(&probe)
        lottery.player = "Bo"
        settle()
        expect(screen.greeting, shows: "Good luck, Bo!")

        step("a wrapper that deinitialises while its widget is placed leaves the widget to GTK")
        weak var lostLabel: Label?
        var placed: UnsafeMutablePointer<GtkWidget>?
        do {
            let label = Label()
            lostLabel = label
            placed = label.widget
            gtk_grid_attach(UnsafeMutableRawPointer(screen.grid).assumingMemoryBound(to: GtkGrid.self), placed, 2, 9, 1, 1)
            Bind.in(lottery, \.player).out(label, \.text)
            expect(label, shows: "Bo")
        }
        check(lostLabel == nil, "a placed label nobody keeps deinitialises")
        guard let placed else { fail("the placed label has no widget") }
        lottery.player = "Cy"
        settle()
        check(String(cString: gtk_label_get_text(OpaquePointer(placed))) == "Bo", "the chain let go of the placed label when its wrapper went")
        check(gtk_widget_get_parent(placed) == screen.grid, "the placed label's widget stays in its grid")

        step("destroying the window ends every chain of its widgets")
        gtk_window_destroy(UnsafeMutableRawPointer(screen.window).assumingMemoryBound(to: GtkWindow.self))
        settle()
        check(!screen.isOpen, "the window is closed")
        for wrapper in screen.wrappers {
            check(wrapper.widget == nil, "\(Swift.type(of: wrapper))'s widget is gone with its window")
            check(!Bind.isBound(wrapper), "\(Swift.type(of: wrapper)) left its chains with its window")
        }
        for cell in screen.historyList.cells {
            check(cell.viewModel == nil && !Bind.isBound(cell), "a history cell let its draw go with its window")
        }
        check(screen.historyList.rowCount == 0 && screen.historyList.selectedRow == nil, "the history list let its rows go with its window")
        lottery.spin()
        lottery.winRate = 0.1
        settle()
        check(screen.historyList.rowCount == 0, "the history list takes no draw once its window is gone")
        let seconds = Double(g_get_monotonic_time() - started) / 1e6
        print("(the checks took \((seconds * 10).rounded() / 10) s)")
    }

    // MARK: - Driving GTK

    /// Types `text` into an editable as a keyboard does: an insertion at the cursor (or at
    /// `position`), then one main-context round.
    private func enter(_ text: String, into editable: OpaquePointer, at position: Int32? = nil) {
        var cursor = position ?? Int32(g_utf8_strlen(gtk_editable_get_text(editable), -1))
        gtk_editable_insert_text(editable, text, -1, &cursor)
        settle()
    }

    /// Runs the main context until nothing is pending (at most 200 rounds).
    private func settle() {
        var rounds = 0
        while g_main_context_pending(nil) != 0, rounds < 200 {
            g_main_context_iteration(nil, 0)
            rounds += 1
        }
    }

    /// Runs the main context until `condition` holds, failing after `timeout` seconds.
    private func wait(_ what: String, timeout: Double = 5, until condition: () -> Bool) {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            guard g_get_monotonic_time() < deadline else { fail("\(what): not within \(timeout) s") }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(2_000) }
        }
    }

    /// Moves the focus from nowhere through the window with Tab (or Shift-Tab, by `direction`)
    /// and checks that it lands on `widgets` in turn (on them or on a part of them, such as an
    /// entry's text).
    private func expectFocusOrder(_ widgets: [any WrappedWidget], direction: GtkDirectionType) {
        gtk_window_set_focus(gtkWindow, nil)
        for wrapper in widgets {
            guard let expected = wrapper.widget else { fail("\(Swift.type(of: wrapper))'s widget is gone") }
            check(gtk_widget_child_focus(screen.window, direction) != 0, "the focus moves on to \(Swift.type(of: wrapper))")
            guard let focus = gtk_window_get_focus(gtkWindow) else { fail("the focus went nowhere, expected \(Swift.type(of: wrapper))") }
            let name = String(cString: gtk_widget_get_name(focus))
            check(focus == expected || gtk_widget_is_ancestor(focus, expected) != 0,
                  "the focus moved to a \(name), expected the \(Swift.type(of: wrapper)) drawn next")
        }
    }

    /// Clicks `button` as the mouse does: emits its `clicked` signal, at once (where
    /// `gtk_widget_activate` waits for the button's press animation, a quarter of a second).
    private func click(_ button: Button) {
        guard let widget = button.widget else { fail("a button is gone") }
        var instance = GValue()
        g_value_init(&instance, gtk_button_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(widget))
        g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    /// Presses Enter in `entry` as its key binding does: emits `activate` on the entry's text.
    private func pressEnter(in entry: Entry) {
        guard let text = gtk_editable_get_delegate(opaque(entry)) else { fail("the entry has no text widget") }
        var instance = GValue()
        g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(text))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(screen.window).assumingMemoryBound(to: GtkWindow.self)
    }

    private func gtkEntry(_ entry: Entry) -> UnsafeMutablePointer<GtkEntry> {
        guard let widget = entry.widget else { fail("an entry's widget is gone") }
        return UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self)
    }

    /// Checks over about two seconds whether every reel shows both phases of a blink (`true`)
    /// or never shows the blink class (`false`).
    private func expectFlashing(_ flashing: Bool) {
        var seenOn = Array(repeating: false, count: screen.digits.count)
        var seenOff = seenOn
        let deadline = g_get_monotonic_time() + (flashing ? 3_000_000 : 1_000_000)
        while g_get_monotonic_time() < deadline {
            for (index, reel) in screen.digits.enumerated() {
                guard let widget = reel.widget else { fail("a reel is gone") }
                if gtk_widget_has_css_class(widget, Label.blinkClass) != 0 { seenOn[index] = true } else { seenOff[index] = true }
            }
            if flashing, !seenOn.contains(false), !seenOff.contains(false) { return }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(5_000) }
        }
        if flashing {
            fail("the reels did not flash (blink class seen: \(seenOn), plain seen: \(seenOff))")
        } else {
            check(!seenOn.contains(true), "the reels do not flash (blink class seen: \(seenOn))")
        }
    }

    // MARK: - The history

    /// The history's `GtkListBox`.
    private var historyListBox: OpaquePointer {
        guard let list = screen.historyList.rowsWidget else { fail("the history's list is gone") }
        return OpaquePointer(list)
    }

    /// The history's scroll bar's adjustment.
    private func historyAdjustment() -> UnsafeMutablePointer<GtkAdjustment> {
        guard let scrollbar = screen.historyList.scrollbarWidget,
              let adjustment = gtk_scrollbar_get_adjustment(OpaquePointer(scrollbar))
        else { fail("the history's scroll bar is gone") }
        return adjustment
    }

    /// How many rows the `GtkListBox` holds, shown or not.
    private func historyRowCount() -> Int {
        var count = 0
        while gtk_list_box_get_row_at_index(historyListBox, Int32(count)) != nil { count += 1 }
        return count
    }

    /// How many of the `GtkListBox`'s rows are shown.
    private func visibleHistoryRows() -> Int {
        (0..<historyRowCount()).count { index in
            guard let row = gtk_list_box_get_row_at_index(historyListBox, Int32(index)) else { return false }
            return gtk_widget_get_visible(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)) != 0
        }
    }

    /// What row `index` of the `GtkListBox` shows: the texts of its shown labels, read from GTK.
    private func historyRow(_ index: Int) -> [String] {
        guard let row = gtk_list_box_get_row_at_index(historyListBox, Int32(index)) else { fail("the history has no row \(index)") }
        return texts(of: row)
    }

    /// What a `GtkListBox` row of the history shows: the texts of its shown labels.
    private func texts(of row: UnsafeMutablePointer<GtkListBoxRow>) -> [String] {
        guard let cell = gtk_list_box_row_get_child(row) else { fail("a history row has no cell") }
        var texts: [String] = []
        var child = gtk_widget_get_first_child(cell)
        while let label = child {
            if gtk_widget_get_visible(label) != 0 { texts.append(String(cString: gtk_label_get_text(OpaquePointer(label)))) }
            child = gtk_widget_get_next_sibling(label)
        }
        return texts
    }

    /// Checks that the history shows the draws from `offset` on, top to bottom, each as its
    /// number, code and (for a win) the badge, and hides no row it should show.
    private func expectHistory(from offset: Int) {
        check(screen.historyList.offset == offset, "the history starts at row \(offset) (it starts at \(screen.historyList.offset))")
        let shown = lottery.history.dropFirst(offset).prefix(LotteryWindow.historyRows)
        check(visibleHistoryRows() == shown.count, "the history shows \(shown.count) rows (it shows \(visibleHistoryRows()))")
        for (place, draw) in shown.enumerated() {
            let expected = ["#", "\(draw.sn)", draw.code] + (draw.isWin ? ["WIN!"] : [])
            let texts = historyRow(place)
            check(texts == expected, "history row \(place) (draw \(offset + place)) shows \(texts), expected \(expected)")
        }
        let selectedPlace = screen.historyList.selectedRow.map { $0 - offset }.flatMap { (0..<shown.count).contains($0) ? $0 : nil }
        let gtkPlace = gtk_list_box_get_selected_row(historyListBox).map { Int(gtk_list_box_row_get_index($0)) }
        check(gtkPlace == selectedPlace,
              "the place GTK shows selected is \(gtkPlace.map(String.init) ?? "none"), expected \(selectedPlace.map(String.init) ?? "none") (selected row \(screen.historyList.selectedRow.map(String.init) ?? "none"))")
    }

    /// Checks that `draw` is the history's selected row, at row `index`, and, when it is in
    /// view, that the place GTK shows selected is the one that shows it.
    private func expectSelection(_ draw: DrawRow, at index: Int) {
        let list = screen.historyList
        check(list.selectedItem === draw, "draw #\(draw.sn) is selected (the selection is on \(list.selectedItem.map { "#\($0.sn)" } ?? "nothing"))")
        check(list.selectedRow == index, "the selected draw #\(draw.sn) is row \(index) (it is \(list.selectedRow.map(String.init) ?? "none"))")
        guard list.visibleRows.contains(index) else {
            check(gtk_list_box_get_selected_row(historyListBox) == nil, "no place is selected while the selected row is out of view")
            return
        }
        guard let row = gtk_list_box_get_selected_row(historyListBox) else { fail("GTK shows no row selected, expected the one showing draw #\(draw.sn)") }
        let place = Int(gtk_list_box_row_get_index(row))
        check(place == index - list.offset, "GTK shows place \(place) selected, expected \(index - list.offset)")
        let shown = texts(of: row)
        check(shown.dropFirst().first == "\(draw.sn)", "the selected place shows \(shown), expected draw #\(draw.sn)")
    }

    /// Clicks place `place` of the history as the mouse does: emits `pressed`, then `released`,
    /// at the middle of its row, on the `GtkListBox`'s own click gesture.
    private func clickHistoryRow(_ place: Int) {
        guard let list = screen.historyList.rowsWidget,
              let row = gtk_list_box_get_row_at_index(historyListBox, Int32(place))
        else { fail("the history has no place \(place)") }
        var bounds = graphene_rect_t()
        check(gtk_widget_compute_bounds(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self), list, &bounds) != 0,
              "history place \(place) has bounds in its list")
        let x = Double(bounds.origin.x + bounds.size.width / 2), y = Double(bounds.origin.y + bounds.size.height / 2)
        let gesture = controller(of: gtk_gesture_click_get_type(), on: list)
        for signal in ["pressed", "released"] {
            _ = emit(signal, on: gesture) { values in
                g_value_init(&values[0], GType(6 << 2))   // G_TYPE_INT: the number of presses
                g_value_set_int(&values[0], 1)
                g_value_init(&values[1], GType(15 << 2))  // G_TYPE_DOUBLE: x
                g_value_set_double(&values[1], x)
                g_value_init(&values[2], GType(15 << 2))  // y
                g_value_set_double(&values[2], y)
            }
        }
        settle()
    }

    /// The list box's event controller of GTK type `type`.
    private func historyController(of type: GType) -> UnsafeMutableRawPointer {
        guard let widget = screen.historyList.widget else { fail("the history is gone") }
        return controller(of: type, on: widget)
    }

    /// The event controller of GTK type `type` of `widget`.
    private func controller(of type: GType, on widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer {
        guard let controllers = gtk_widget_observe_controllers(widget) else { fail("the history has no controllers") }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            g_object_unref(item)   // the widget keeps its controllers
            if g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), type) != 0 { return item }
        }
        fail("the history has no controller of type \(String(cString: g_type_name(type)))")
    }

    /// Presses `keyval` while the history has the focus, as GTK does: emits its key
    /// controller's `key-pressed`. Answers whether the list used the key.
    private func press(_ keyval: Int32) -> Bool {
        let used = emit("key-pressed", on: historyController(of: gtk_event_controller_key_get_type())) { values in
            g_value_init(&values[0], GType(7 << 2))   // G_TYPE_UINT: the keyval
            g_value_set_uint(&values[0], guint(keyval))
            g_value_init(&values[1], GType(7 << 2))   // the hardware keycode
            g_value_set_uint(&values[1], 0)
            g_value_init(&values[2], gdk_modifier_type_get_type())
            g_value_set_flags(&values[2], 0)
        }
        settle()
        return used
    }

    /// Turns the mouse wheel `notches` notches (down if positive) over the history: emits its
    /// scroll controller's `scroll`. Answers whether the list used it.
    private func scrollWheel(_ notches: Double) -> Bool {
        let used = emit("scroll", on: historyController(of: gtk_event_controller_scroll_get_type())) { values in
            g_value_init(&values[0], GType(15 << 2))  // G_TYPE_DOUBLE: dx
            g_value_set_double(&values[0], 0)
            g_value_init(&values[1], GType(15 << 2))  // dy
            g_value_set_double(&values[1], notches)
        }
        settle()
        return used
    }

    /// Emits `signal` on `instance` with three argument slots that `arguments` fills; answers
    /// the handlers' boolean result (false for a signal that returns nothing).
    private func emit(_ signal: String, on instance: UnsafeMutableRawPointer, arguments: (inout [GValue]) -> Void) -> Bool {
        var slots = [GValue](repeating: GValue(), count: 3)
        arguments(&slots)
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        var values = [GValue()]
        g_value_init(&values[0], type)
        g_value_set_object(&values[0], instance)
        values += slots.filter { $0.g_type != 0 }
        let id = g_signal_lookup(signal, type)
        var query = GSignalQuery()
        g_signal_query(id, &query)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        guard query.return_type & ~GType(1) != GType(1 << 2) else {   // G_TYPE_NONE
            g_signal_emitv(&values, id, 0, nil)
            return false
        }
        var result = GValue()
        g_value_init(&result, GType(5 << 2))   // G_TYPE_BOOLEAN
        g_signal_emitv(&values, id, 0, &result)
        let used = g_value_get_boolean(&result) != 0
        g_value_unset(&result)
        return used
    }

    // MARK: - Checks

    private func step(_ name: String) {
        print("== \(name)")
    }

    private func check(_ condition: Bool, _ what: String) {
        guard condition else { fail(what) }
    }

    private func expectModel(_ condition: Bool, _ what: String) {
        check(condition, "model: \(what)")
    }

    /// Checks what `label` shows, read from GTK (`gtk_label_get_text`).
    private func expect(_ label: Label, shows text: String) {
        guard let widget = label.widget else { fail("a label that should show \"\(text)\" is gone") }
        let shown = String(cString: gtk_label_get_text(OpaquePointer(widget)))
        check(shown == text, "a label shows \"\(shown)\", expected \"\(text)\"")
    }

    /// Checks what `entry` holds, read from GTK (`gtk_editable_get_text`).
    private func expect(_ entry: Entry, holds text: String) {
        let held = String(cString: gtk_editable_get_text(opaque(entry)))
        check(held == text, "an entry holds \"\(held)\", expected \"\(text)\"")
    }

    private func fail(_ what: String) -> Never {
        print("FAIL: \(what)")
        exit(1)
    }

    private func opaque(_ wrapper: some WrappedWidget) -> OpaquePointer {
        guard let widget = wrapper.widget else { fail("\(Swift.type(of: wrapper))'s widget is gone") }
        return OpaquePointer(widget)
    }

    private func range(_ scale: Scale) -> UnsafeMutablePointer<GtkRange> {
        guard let widget = scale.widget else { fail("the scale's widget is gone") }
        return UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkRange.self)
    }

    // MARK: - Screenshot

    /// Saves the window as drawn now to a PNG at `path`: the window's paintable, snapshotted
    /// and rendered by its own renderer.
    private func saveScreenshot(to path: String) {
        let window = screen.window
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard let paintable = gtk_widget_paintable_new(window) else { fail("screenshot: no paintable for the window") }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { fail("screenshot: no snapshot") }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { fail("screenshot: the window drew nothing") }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(OpaquePointer(window)) else { fail("screenshot: the window has no renderer") }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { fail("screenshot: rendering failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        check(gdk_texture_save_to_png(texture, path) != 0, "screenshot: writing \(path)")
        print("(saved the window, \(width)×\(height), to \(path))")
    }
}
#endif
