#if GTK
import Bindery
import CGtk

/// A scrolling list of rows (a `GtkListBox`, in a `GtkScrolledWindow` that only takes the
/// focus, and a `GtkScrollbar`, side by side in a `GtkBox`), each shown by a reusable cell (a
/// ``ListBoxCell``): a receiver for a chain of view models
/// (`(lottery, \.history) ~> (historyList, \.rows)`).
///
/// The list box has a fixed number of places, ``visibleRowCount``, and makes a cell for a place
/// the first time a row is shown there, so it never has more cells (or GTK rows) than places,
/// however many rows it is given. Scrolling does not move widgets: each cell stays in its
/// place and is given the row now shown there (its `viewModel` is reassigned, which rebinds
/// it); places with no row are hidden, and the placeholder shows while there are no rows.
///
/// A person scrolls with the scroll bar, with the mouse wheel over the list (``wheelStep`` rows
/// a notch) and, once the list has the focus (Tab reaches it), with ↑ and ↓ (a row; at an end
/// GTK moves the focus, as elsewhere), Page Up and Page Down (a page), Home and End. All of
/// these move the scroll bar's `GtkAdjustment`, whose `value-changed` signal, on the main
/// thread, shows the rows; so does code that moves it through the GTK API.
///
/// **Retention.** The list box holds its rows (the array) and its cells; a cell holds the row it
/// shows. Bindery holds the wrapper weakly; bind it to models that change on the main thread,
/// where GTK runs. A cell's bindings to a row end when the cell is given another row or none.
/// When GTK destroys the widget, every cell is given nil and the list box leaves its chains
/// (see ``WrappedWidget``).
///
/// ```swift
/// let historyList = ListBox(visibleRows: 10, placeholder: "no draws yet") { DrawCell() }
/// (lottery, \.history) ~> (historyList, \.rows)
/// ```
@MainActor public final class ListBox<Cell: ListBoxCell>: WrappedWidget {
    /// The rows, top to bottom. A set shows them at once, keeping the scroll position where it
    /// can (clamped to the new rows).
    public var rows: [Cell.ViewModel] = [] {
        didSet { update() }
    }
    /// How many rows are in view at most: the places, and the most cells it makes.
    public let visibleRowCount: Int
    /// How many rows a wheel notch scrolls.
    public var wheelStep = 3
    /// The cells, top to bottom; never more than ``visibleRowCount``.
    public private(set) var cells: [Cell] = []
    /// The index in ``rows`` of the top row in view.
    public private(set) var offset = 0

    private let handle: WidgetHandle
    /// The `GtkListBox` and the `GtkScrollbar`, inside the handle's box: alive while it is.
    private let listBox: UnsafeMutablePointer<GtkWidget>
    private let scrollbar: UnsafeMutablePointer<GtkWidget>
    /// The `GtkScrolledWindow` around the list: it never scrolls (the list is as high as its
    /// places), but takes the focus as one widget, as GTK's own lists do.
    private let view: UnsafeMutablePointer<GtkWidget>
    private let makeCell: @MainActor () -> Cell
    /// Whether the wrapper itself is setting the adjustment.
    private var isConfiguring = false

    /// An empty list box with `visibleRows` places, whose cells `makeCell` makes.
    ///
    /// - Parameters:
    ///   - visibleRows: How many rows it shows at once (at least 1).
    ///   - placeholder: Shown while there are no rows.
    ///   - makeCell: Makes a cell when a place is first used; held by the list box.
    ///
    /// ```swift
    /// let list = ListBox(visibleRows: 8) { DrawCell() }
    /// ```
    public init(visibleRows: Int, placeholder: String = "", makeCell: @escaping @MainActor () -> Cell) {
        visibleRowCount = max(1, visibleRows)
        self.makeCell = makeCell
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        handle = WidgetHandle(box)
        listBox = gtk_list_box_new()!
        let list = OpaquePointer(listBox)
        gtk_list_box_set_selection_mode(list, GTK_SELECTION_NONE)
        gtk_list_box_set_placeholder(list, gtk_label_new(placeholder))
        gtk_widget_set_hexpand(listBox, 1)
        gtk_widget_set_valign(listBox, GTK_ALIGN_START)
        // The rows take no focus: the scrolled window around them does, as one widget.
        gtk_widget_set_can_focus(listBox, 0)
        view = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(view), GTK_POLICY_NEVER, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(OpaquePointer(view), listBox)
        gtk_widget_set_hexpand(view, 1)
        let page = Double(visibleRowCount)
        scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, gtk_adjustment_new(0, 0, 0, 1, page, page))!
        gtk_widget_set_can_focus(scrollbar, 0)
        let gtkBox = UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self)
        gtk_box_append(gtkBox, view)
        gtk_box_append(gtkBox, scrollbar)
        gtk_widget_add_css_class(box, "bindery-list-box")

        let adjustment = gtk_scrollbar_get_adjustment(OpaquePointer(scrollbar))!
        handle.track(Signal.connect(adjustment, "value-changed") { [weak self] in self?.adjustmentMoved() }, on: adjustment)
        // Both controllers listen in the capture phase, before the scrolled window and the
        // scroll bar handle the keys and the wheel their own way.
        let wheel = gtk_event_controller_scroll_new(
            GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE.rawValue))!
        gtk_event_controller_set_propagation_phase(wheel, GTK_PHASE_CAPTURE)
        handle.track(EventSignal.connectScroll(UnsafeMutableRawPointer(wheel)) { [weak self] _, dy in self?.wheel(dy) ?? false }, on: UnsafeMutableRawPointer(wheel))
        gtk_widget_add_controller(box, wheel)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        handle.track(EventSignal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _ in self?.key(keyval) ?? false }, on: UnsafeMutableRawPointer(keys))
        gtk_widget_add_controller(box, keys)
        handle.onDestroy = { [weak self] in self?.destroyed() }
        update()
    }

    /// The `GtkBox` that holds the list and its scroll bar; nil once GTK has destroyed it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { handle.widget }

    /// The `GtkListBox` whose rows hold the cells' widgets, for checks; nil once GTK has
    /// destroyed the list box.
    package var rowsWidget: UnsafeMutablePointer<GtkWidget>? { handle.widget == nil ? nil : listBox }

    /// The `GtkScrollbar`, for checks; nil once GTK has destroyed the list box.
    package var scrollbarWidget: UnsafeMutablePointer<GtkWidget>? { handle.widget == nil ? nil : scrollbar }

    /// The rows in view, as indices in ``rows``.
    public var visibleRows: Range<Int> { offset..<min(rows.count, offset + visibleRowCount) }

    /// Scrolls so that row `index` is the top one in view, or as near as the rows allow.
    ///
    /// - Parameter index: A row's index in ``rows``.
    ///
    /// ```swift
    /// historyList.scroll(to: 0)   // back to the newest draw
    /// ```
    public func scroll(to index: Int) {
        let clamped = min(max(index, 0), maximumOffset)
        guard clamped != offset else { return }
        offset = clamped
        update()
    }

    /// Scrolls `count` rows down (up if negative), as far as the rows allow.
    ///
    /// - Parameter count: Rows to scroll.
    ///
    /// ```swift
    /// historyList.scroll(by: 10)
    /// ```
    public func scroll(by count: Int) {
        scroll(to: offset + count)
    }

    /// The last offset at which every place shows a row (0 when every row fits).
    private var maximumOffset: Int { max(0, rows.count - visibleRowCount) }

    /// Shows the rows in view: makes the cells still missing, gives each place its row (a cell
    /// given the row it shows already is left alone), hides the places left, and sets the
    /// scroll bar.
    private func update() {
        offset = min(offset, maximumOffset)
        guard handle.widget != nil else { return }
        let wanted = rows[visibleRows]
        let list = OpaquePointer(listBox)
        while cells.count < wanted.count {
            let cell = makeCell()
            cells.append(cell)
            if let widget = cell.widget { gtk_list_box_append(list, widget) }
        }
        for (place, cell) in cells.enumerated() {
            let row: Cell.ViewModel? = place < wanted.count ? wanted[wanted.startIndex + place] : nil
            if cell.viewModel !== row { cell.viewModel = row }
            if let widget = cell.widget, let listRow = gtk_widget_get_parent(widget) {
                gtk_widget_set_visible(listRow, row == nil ? 0 : 1)
            }
        }
        let page = Double(visibleRowCount)
        isConfiguring = true
        defer { isConfiguring = false }
        gtk_adjustment_configure(adjustment, Double(offset), 0, Double(max(rows.count, visibleRowCount)), 1, page, page)
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollbar_get_adjustment(OpaquePointer(scrollbar))
    }

    /// The scroll bar moved (a person's drag, a key, the wheel, or code through GTK's API).
    private func adjustmentMoved() {
        guard !isConfiguring, handle.widget != nil else { return }
        let target = Int(gtk_adjustment_get_value(adjustment).rounded())
        if target == offset {
            update()   // put the scroll bar back on a whole row
        } else {
            scroll(to: target)
        }
    }

    /// Moves the scroll bar to start at row `target`, as a person's scroll does.
    private func move(to target: Int) {
        gtk_adjustment_set_value(adjustment, Double(min(max(target, 0), maximumOffset)))
    }

    private func wheel(_ dy: Double) -> Bool {
        guard dy != 0 else { return false }
        move(to: offset + Int(dy.rounded(.awayFromZero)) * wheelStep)
        return true
    }

    private func key(_ keyval: UInt32) -> Bool {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            guard offset > 0 else { return false }
            move(to: offset - 1)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            guard offset < maximumOffset else { return false }
            move(to: offset + 1)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: move(to: offset - visibleRowCount)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: move(to: offset + visibleRowCount)
        case GDK_KEY_Home, GDK_KEY_KP_Home: move(to: 0)
        case GDK_KEY_End, GDK_KEY_KP_End: move(to: maximumOffset)
        default: return false
        }
        return true
    }

    private func destroyed() {
        for cell in cells where cell.viewModel != nil { cell.viewModel = nil }
        Bind.unbind(self)
    }
}
#endif
