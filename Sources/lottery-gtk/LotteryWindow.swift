#if GTK
import Bindery
import BinderyGTK
import CGtk
import LotteryModel

/// The slot-machine window: its widgets, their places, and the chains that tie them to the
/// lottery. Nothing here copies a value into a widget: every label, the reels' colour, the
/// reels and their flashing, the rate entry and the history follow the model through the
/// chains made in ``bind()``, the same chains as the terminal screen's
/// (`Sources/lottery/LotteryScreen.swift`); the history is a list receiver that the draws
/// update row by row, its rows ``DrawCell``s reused as it scrolls, a selected row kept on its
/// draw.
@MainActor final class LotteryWindow {
    let lottery: Lottery

    let title = Label("Bindery lottery", cssClasses: ["lottery-title"])
    let greeting = Label()
    let snLabel = Label(cssClasses: ["lottery-draw"])
    let reels = ColorBox(orientation: .vertical)
    let digits = (0..<3).map { _ in Label(cssClasses: ["lottery-reel"]) }
    let codeLabel = Label()
    let isWinLabel = Label(cssClasses: ["lottery-result"])
    let playerEntry = Entry(placeholder: "type your name")
    let winCodeEntry = Entry()
    let winCodeLabel = Label()
    let rateScale = Scale(minimum: 0, maximum: 1, step: 0.05, digits: 2)
    let rateEntry = Entry()
    let rateSpinButton = SpinButton(minimum: 0, maximum: 1, step: 0.05, digits: 2)
    let flashSwitch = Switch()
    let spinButton = Button("_Spin")
    let historyTitle = Label("History", cssClasses: ["lottery-caption"])
    let historyList = ListBox(visibleRows: LotteryWindow.historyRows, placeholder: "no draws yet") { DrawCell() }
    let captions = ["Code", "Result", "Name", "Win code", "Win rate", "Exact rate", "Flash"].map { Label($0, cssClasses: ["lottery-caption"]) }

    /// The window, the grid its widgets stand in, and the box that holds the grid and, right of
    /// it, the history.
    let window: UnsafeMutablePointer<GtkWidget>
    let grid: UnsafeMutablePointer<GtkWidget>
    let columns: UnsafeMutablePointer<GtkWidget>

    /// How many draws the history shows at once.
    static let historyRows = 10

    /// The reels' colour for each draw, in turn (the terminal's palette, in Tango colours).
    nonisolated static let palette: [RGBColor] = [0x3465A4, 0x75507B, 0x06989A, 0x4E9A06, 0xCC0000, 0xC4A000].map(RGBColor.init(hex:))

    /// The style class GTK themes draw a window's main action with.
    static let suggestedActionClass = "suggested-action"

    /// The widgets a person can focus, as drawn: GTK's Tab order, top to bottom in the grid,
    /// then the history at its right.
    var focusable: [any WrappedWidget] {
        [playerEntry, winCodeEntry, rateScale, rateEntry, rateSpinButton, flashSwitch, spinButton, historyList]
    }

    /// The window's look: the reels, the flash, the captions.
    static let css = """
        .lottery-title { font-weight: bold; font-size: 1.3em; }
        .lottery-draw { font-weight: bold; }
        .lottery-caption { opacity: 0.7; }
        .lottery-result { font-weight: bold; }
        .lottery-reels { padding: 14px; border-radius: 10px; }
        .lottery-reel { font-family: monospace; font-size: 34px; font-weight: bold; color: white;
                        background-color: rgba(0, 0, 0, 0.25); border-radius: 8px; padding: 2px 16px; }
        .lottery-reel.\(Label.blinkClass) { background-color: #fce94f; color: #2e3436; }
        .lottery-history-sn, .lottery-history-code { font-family: monospace; }
        .lottery-history-code { font-weight: bold; margin-left: 12px; margin-right: 12px; }
        .lottery-history-win { font-weight: bold; color: #c4a000; }
        .bindery-list-box > scrolledwindow:focus-visible { outline: 2px solid #3584e4; outline-offset: 2px; }
        """

    /// Builds the window (not shown yet) for `lottery`.
    init(lottery: Lottery) {
        self.lottery = lottery
        window = gtk_window_new()
        grid = gtk_grid_new()
        columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        layout()
    }

    /// Places the widgets in the grid and the grid in the window.
    private func layout() {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Bindery lottery")
        gtk_window_set_default_size(gtkWindow, 640, -1)

        let gtkGrid = UnsafeMutableRawPointer(grid).assumingMemoryBound(to: GtkGrid.self)
        gtk_grid_set_row_spacing(gtkGrid, 8)
        gtk_grid_set_column_spacing(gtkGrid, 12)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(grid, 16)
        }
        func place(_ widget: (some WrappedWidget)?, _ column: Int32, _ row: Int32, width: Int32 = 1, align: GtkAlign = GTK_ALIGN_START) {
            guard let widget = widget?.widget else { return }
            gtk_widget_set_halign(widget, align)
            gtk_grid_attach(gtkGrid, widget, column, row, width, 1)
        }

        place(title, 0, 0, width: 2)
        place(snLabel, 2, 0, align: GTK_ALIGN_END)
        place(greeting, 0, 1, width: 3)
        // The reels stand centred in the coloured box.
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        for reel in digits { gtk_box_append(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkBox.self), reel.widget) }
        reels.append(row)
        if let box = reels.widget { gtk_widget_add_css_class(box, "lottery-reels") }
        place(reels, 0, 2, width: 3, align: GTK_ALIGN_FILL)
        for (index, caption) in captions.enumerated() { place(caption, 0, Int32(index) + 3) }
        place(codeLabel, 1, 3, width: 2)
        place(isWinLabel, 1, 4, width: 2)
        place(playerEntry, 1, 5, width: 2, align: GTK_ALIGN_FILL)
        place(winCodeEntry, 1, 6)
        place(winCodeLabel, 2, 6)
        place(rateScale, 1, 7, align: GTK_ALIGN_FILL)
        place(rateEntry, 2, 7)
        place(rateSpinButton, 1, 8)
        place(flashSwitch, 1, 9)
        place(spinButton, 1, 10)
        if let scale = rateScale.widget { gtk_widget_set_hexpand(scale, 1) }
        for entry in [winCodeEntry, rateEntry] {
            if let widget = entry.widget { gtk_editable_set_width_chars(OpaquePointer(widget), 5) }
        }
        // The history, right of the grid, as high as it: a title over the list box. Both columns
        // fill the box's height, so GTK's Tab order (by the middle of each, then left to right)
        // visits the grid first.
        let history = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        let historyBox = UnsafeMutableRawPointer(history).assumingMemoryBound(to: GtkBox.self)
        if let title = historyTitle.widget {
            gtk_widget_set_halign(title, GTK_ALIGN_START)
            gtk_box_append(historyBox, title)
        }
        if let list = historyList.widget {
            gtk_widget_set_size_request(list, 200, -1)
            gtk_box_append(historyBox, list)
        }
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_end] {
            margin(history, 16)
        }
        let columnsBox = UnsafeMutableRawPointer(columns).assumingMemoryBound(to: GtkBox.self)
        gtk_box_append(columnsBox, grid)
        gtk_box_append(columnsBox, history)
        gtk_window_set_child(gtkWindow, columns)
        // Spin is the window's suggested action: drawn in the accent colour, and the default
        // widget, so Enter in the window (an entry included) spins.
        if let spin = spinButton.widget {
            gtk_widget_add_css_class(spin, Self.suggestedActionClass)
            gtk_window_set_default_widget(gtkWindow, spin)
        }
        for entry in [playerEntry, winCodeEntry] {
            if let widget = entry.widget {
                gtk_entry_set_activates_default(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self), 1)
            }
        }
    }

    /// Ties every widget to the lottery: the five chains of the demo, two more for the switch
    /// and the name, the history (a list receiver: each draw reaches it as one insertion at
    /// the top and, once it is full, one removal at the end) and the Spin button's command, as
    /// on the terminal screen; the spin button joins the win rate's.
    func bind() {
        Bind.in(lottery, \.sn)
            .out(snLabel, \.text, convert: { "Draw #\($0)" })
            .out(reels, \.background, convert: { Self.palette[$0 % Self.palette.count] })
        (lottery, \.winRate) <> rateScale                               // Double <-> Double
        (lottery, \.winRate) <> rateSpinButton
        (lottery, \.winRate) <> (rateEntry, \.text, through: Percent())  // "50%" <-> 0.5, bad text: 0
        Bind.in(lottery, \.code).out(codeLabel, \.text, convert: { $0.isEmpty ? "press Spin" : $0 })
        Bind.inout(lottery, \.winCode)
            .inout(winCodeEntry, \.text, on: .editingChanged)
            .filter { Lottery.isAcceptable($0) }              // a 4th digit or a letter is refused
        for (index, reel) in digits.enumerated() {
            Bind.in(lottery, \.digits, index: index).out(reel, \.text, convert: { "\($0)" })
        }
        Bind.in(lottery, \.bet).out(winCodeLabel, \.text)              // computed from winCode and winRate
        Bind.in(lottery, \.isWin)
            .out(isWinLabel, \.text, convert: { $0 ? "WIN!" : "no win" })
            .out("flash", delivery: .mainActor) { [lottery, digits] (won: Bool) in
                for reel in digits { reel.isBlinking = won && lottery.flashesOnWin }
            }
        Bind.inout(lottery, \.flashesOnWin)
            .inout(flashSwitch, \.isOn, on: .valueChanged)
            .out("stop flashing", initial: false, delivery: .mainActor) { [lottery, digits] (on: Bool) in
                for reel in digits { reel.isBlinking = on && lottery.isWin }
            }
        Bind.inout(lottery, \.player)
            .inout(playerEntry, \.text, on: .editingChanged)
            .out(greeting, \.text, convert: { $0.isEmpty ? "" : "Good luck, \($0)!" })
        (lottery, \.history) ~> historyList                             // row by row: one insert (and one removal) a draw
        lottery.spinCommand.bind(to: spinButton)
    }

    /// Every wrapper on the window, for checks.
    var wrappers: [any WrappedWidget] {
        [title, greeting, snLabel, reels] + digits
            + [codeLabel, isWinLabel, playerEntry, winCodeEntry, winCodeLabel, rateScale, rateEntry,
               rateSpinButton, flashSwitch, spinButton, historyTitle, historyList] + captions
    }

    /// Adds the window's style sheet to its display.
    func addStyleSheet() {
        guard let provider = gtk_css_provider_new(), let display = gtk_widget_get_display(window) else { return }
        cgtk_css_provider_load(provider, Self.css)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Shows the window.
    func present() {
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }

    /// Whether the window is still open (a toplevel GTK has not destroyed).
    var isOpen: Bool {
        g_list_model_get_n_items(gtk_window_get_toplevels()) > 0
    }
}
#endif
