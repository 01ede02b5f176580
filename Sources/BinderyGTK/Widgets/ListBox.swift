#if GTK
import Bindery
import CGtk

/// A scrolling list of rows (a `GtkListBox`, in a `GtkScrolledWindow` that only takes the
/// focus, and a `GtkScrollbar`, side by side in a `GtkBox`), each shown by a reusable cell (a
/// ``ListBoxCell``): a list receiver that updates row by row
/// (`(lottery, \.history) ~> historyList`).
///
/// The list box has a fixed number of places, ``visibleRowCount``, and makes a cell for a place
/// the first time a row is shown there, so it never has more cells (or GTK rows) than places,
/// however many rows it is given. Scrolling does not move widgets: each cell stays in its
/// place and is given the row now shown there (its `viewModel` is reassigned, which rebinds
/// it); places with no row are hidden, and the placeholder shows while there are no rows. A
/// change applied (``apply(_:)``, what a binding calls) touches only the places whose row it
/// changed: a place that shows the same row keeps its view model, and a step at either end of
/// the rows costs the same for a hundred rows as for a hundred thousand.
///
/// **Selection.** A person selects a row by clicking it (GTK's own click on a `GtkListBox`
/// row, which reaches the list box through `selected-rows-changed`, on the main thread; the
/// list then takes the focus), or, once the list has the focus, with ↑ and ↓: they move the
/// selection a row, scrolling as little as keeps it in view; with nothing selected, ↓ selects
/// the top row in view and ↑ the bottom one. At the first or last row, ↑ or ↓ is left to GTK,
/// which moves the focus, as elsewhere; Tab moves the focus in and out as for any widget. Code
/// selects with ``selectedRow``. The selected row is shown as GTK's selected `GtkListBoxRow`
/// (the `:selected` state themes draw) on the place that shows it; no place is selected while
/// the row is scrolled out of view.
///
/// **Selection and scroll position stay on their rows** (see `ListViewState`): rows
/// inserted above, moved, or removed leave the selection and the top row in view on the same
/// items, so a person reading a row keeps it while rows arrive. At the very top (``offset`` 0)
/// rows inserted at the start come into view, as in a feed; the selection is cleared when its
/// row is removed. The list never scrolls past its last full page: when the rows below the top
/// one no longer fill the places, it scrolls up to fill them.
///
/// **Scrolling.** A person scrolls with the scroll bar, with the mouse wheel over the list
/// (``wheelStep`` rows a notch) and, once the list has the focus, with Page Up and Page Down (a
/// page), Home and End. All of these move the scroll bar's `GtkAdjustment`, whose
/// `value-changed` signal, on the main thread, shows the rows; so does code that moves it
/// through the GTK API. The adjustment follows the top row when a change moves it.
///
/// **Retention.** The list box holds its rows and its cells strongly; a cell holds the row it
/// shows; the selection is an index, and holds nothing more. A row that leaves the list goes
/// as soon as no cell shows it. Bindery holds the list box weakly and applies changes on the
/// main actor when the chain was declared there (the list box is main-actor isolated, as GTK
/// is); bind it to models that change on the main thread, where GTK runs. A cell's bindings to
/// a row end when the cell is given another row or none. When GTK destroys the widget, every
/// cell is given nil, the list box lets its rows go and leaves every chain (see
/// ``WrappedWidget``), the chains that feed it as a list receiver included: a list receiver is
/// an endpoint of its chain, found by its object.
///
/// ```swift
/// let historyList = ListBox(visibleRows: 10, placeholder: "no draws yet") { DrawCell() }
/// (lottery, \.history) ~> historyList
/// ```
@MainActor public final class ListBox<Cell: ListBoxCell>: WrappedWidget {
    /// The rows, top to bottom (a copy: O(rows)). A set is compared with the rows shown, by
    /// identity (`===`), and applied as a change: the selection and the scroll position stay
    /// on their rows.
    public var rows: [Cell.ViewModel] {
        get { state.elements }
        set { apply(ListChange(from: state.elements, to: newValue)) }
    }
    /// How many rows there are (O(1), where `rows.count` copies them).
    ///
    /// ```swift
    /// let draws = historyList.rowCount
    /// ```
    public var rowCount: Int { state.count }
    /// How many rows are in view at most: the places, and the most cells it makes.
    public let visibleRowCount: Int
    /// How many rows a wheel notch scrolls.
    public var wheelStep = 3
    /// The cells, top to bottom, one per place; never more than ``visibleRowCount``.
    public private(set) var cells: [Cell] = []

    /// The index in ``rows`` of the selected row, if any. Setting it selects (nil clears; an
    /// index out of range is ignored) and scrolls as little as shows the row.
    ///
    /// ```swift
    /// historyList.selectedRow = 0   // the newest draw, scrolled into view
    /// ```
    public var selectedRow: Int? {
        get { state.selection }
        set {
            state.selection = newValue
            if let row = newValue, state.selection == row { reveal(row) }
            update()
        }
    }

    /// The selected row's view model, if any.
    ///
    /// ```swift
    /// if let draw = historyList.selectedItem { print("draw #\(draw.sn)") }
    /// ```
    public var selectedItem: Cell.ViewModel? { state.selection.map { state[$0] } }

    /// The rows, the top one in view and the selected one, kept on their rows as changes
    /// arrive; `update()` shows it.
    private var state = ListViewState<Cell.ViewModel>()
    private let handle: WidgetHandle
    /// The `GtkListBox` and the `GtkScrollbar`, inside the handle's box: alive while it is.
    private let listBox: UnsafeMutablePointer<GtkWidget>
    private let scrollbar: UnsafeMutablePointer<GtkWidget>
    /// The `GtkScrolledWindow` around the list: it never scrolls (the list is as high as its
    /// places), but takes the focus as one widget, as GTK's own lists do.
    private let view: UnsafeMutablePointer<GtkWidget>
    private let makeCell: @MainActor () -> Cell

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
        gtk_list_box_set_selection_mode(list, GTK_SELECTION_SINGLE)
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
        handle.track(Signal.connect(listBox, "selected-rows-changed") { [weak self] in self?.selectionChanged() }, on: listBox)
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

    /// The `GtkScrolledWindow` that takes the focus for the list, for checks; nil once GTK has
    /// destroyed the list box.
    package var focusWidget: UnsafeMutablePointer<GtkWidget>? { handle.widget == nil ? nil : view }

    /// The index in ``rows`` of the top row in view.
    public var offset: Int { state.top }

    /// The rows in view, as indices in ``rows``.
    public var visibleRows: Range<Int> { state.top..<min(state.count, state.top + visibleRowCount) }

    /// Scrolls so that row `index` is the top one in view, or as near as the rows allow.
    ///
    /// - Parameter index: A row's index in ``rows``.
    ///
    /// ```swift
    /// historyList.scroll(to: 0)   // back to the newest draw
    /// ```
    public func scroll(to index: Int) {
        let clamped = min(max(index, 0), maximumOffset)
        guard clamped != state.top else { return }
        state.top = clamped
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
        scroll(to: state.top + count)
    }

    /// The last offset at which every place shows a row (0 when every row fits).
    private var maximumOffset: Int { max(0, state.count - visibleRowCount) }

    /// Sets the top row so as to scroll as little as shows row `index`; `update()` shows it.
    private func reveal(_ index: Int) {
        if index < state.top {
            state.top = index
        } else if index >= state.top + visibleRowCount {
            state.top = index - visibleRowCount + 1
        }
    }

    /// Shows the state: makes the cells still missing, gives each place its row (a cell given
    /// the row it shows already is left alone), hides the places left, selects the place that
    /// shows the selected row (or none), and sets the scroll bar. Touches the places only:
    /// O(``visibleRowCount``), whatever the number of rows.
    private func update() {
        state.top = min(state.top, maximumOffset)
        guard handle.widget != nil else { return }
        let shown = visibleRows
        let list = OpaquePointer(listBox)
        while cells.count < shown.count {
            let cell = makeCell()
            cells.append(cell)
            if let widget = cell.widget { gtk_list_box_append(list, widget) }
        }
        let selectedPlace = state.selection.map { $0 - shown.lowerBound }
        var selectedListRow: UnsafeMutablePointer<GtkWidget>?
        handle.programmatic {
            for (place, cell) in cells.enumerated() {
                let row: Cell.ViewModel? = place < shown.count ? state[shown.lowerBound + place] : nil
                if cell.viewModel !== row { cell.viewModel = row }
                if let widget = cell.widget, let listRow = gtk_widget_get_parent(widget) {
                    gtk_widget_set_visible(listRow, row == nil ? 0 : 1)
                    if place == selectedPlace, row != nil { selectedListRow = listRow }
                }
            }
            let selected = gtk_list_box_get_selected_row(list).map { UnsafeMutableRawPointer($0) }
            if let selectedListRow {
                if selected != UnsafeMutableRawPointer(selectedListRow) {
                    gtk_list_box_select_row(list, UnsafeMutableRawPointer(selectedListRow).assumingMemoryBound(to: GtkListBoxRow.self))
                }
            } else if selected != nil {
                gtk_list_box_unselect_all(list)
            }
            let page = Double(visibleRowCount)
            gtk_adjustment_configure(adjustment, Double(state.top), 0, Double(max(state.count, visibleRowCount)), 1, page, page)
        }
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollbar_get_adjustment(OpaquePointer(scrollbar))
    }

    /// The scroll bar moved (a person's drag, a key, the wheel, or code through GTK's API).
    private func adjustmentMoved() {
        guard !handle.isWriting, handle.widget != nil else { return }
        let target = Int(gtk_adjustment_get_value(adjustment).rounded())
        if target == state.top {
            update()   // put the scroll bar back on a whole row
        } else {
            scroll(to: target)
        }
    }

    /// GTK's selection changed, not by the wrapper: a person clicked a row (or code selected
    /// one through GTK's API). The list takes the focus, as GTK's lists do on a click, so that
    /// ↑ and ↓ go on from the row.
    private func selectionChanged() {
        guard !handle.isWriting, handle.widget != nil else { return }
        let place = gtk_list_box_get_selected_row(OpaquePointer(listBox)).map { Int(gtk_list_box_row_get_index($0)) }
        if let place, place < visibleRows.count {
            state.selection = state.top + place
            if gtk_widget_has_focus(view) == 0 { gtk_widget_grab_focus(view) }
        } else {
            state.selection = nil
        }
        update()
    }

    /// Moves the scroll bar to start at row `target`, as a person's scroll does.
    private func move(to target: Int) {
        gtk_adjustment_set_value(adjustment, Double(min(max(target, 0), maximumOffset)))
    }

    private func wheel(_ dy: Double) -> Bool {
        guard dy != 0 else { return false }
        move(to: state.top + Int(dy.rounded(.awayFromZero)) * wheelStep)
        return true
    }

    /// Moves the selection `step` rows (a person's ↑ or ↓); false when there is no row there,
    /// to leave the key to GTK.
    private func moveSelection(by step: Int) -> Bool {
        let shown = visibleRows
        guard !shown.isEmpty else { return false }
        let next = state.selection.map { $0 + step } ?? (step > 0 ? shown.lowerBound : shown.upperBound - 1)
        guard (0..<state.count).contains(next) else { return false }
        selectedRow = next
        return true
    }

    private func key(_ keyval: UInt32) -> Bool {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: return moveSelection(by: -1)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return moveSelection(by: 1)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: move(to: state.top - visibleRowCount)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: move(to: state.top + visibleRowCount)
        case GDK_KEY_Home, GDK_KEY_KP_Home: move(to: 0)
        case GDK_KEY_End, GDK_KEY_KP_End: move(to: maximumOffset)
        default: return false
        }
        return true
    }

    private func destroyed() {
        state = ListViewState()
        for cell in cells where cell.viewModel != nil { cell.viewModel = nil }
        Bind.unbind(self)
    }
}

extension ListBox: @MainActor ListReceiver {
    /// Applies a change of the rows: only the places whose row it moved or replaced get other
    /// view models; the selection and the top row stay on their rows, and the scroll bar
    /// follows the top row. Costs O(log n) per step, wherever it is (a change of k steps
    /// O(k log n)), plus O(``visibleRowCount``).
    ///
    /// - Parameter change: The steps from the rows shown to the new ones.
    ///
    /// ```swift
    /// historyList.apply(.reset(to: lottery.history))
    /// ```
    public func apply(_ change: ListChange<Cell.ViewModel>) {
        guard handle.widget != nil else { return }
        state.apply(change)
        update()
    }
}
#endif
