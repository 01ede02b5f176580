import Bindery

/// One draw in the lottery's history: the view model of a history row.
///
/// ``Lottery/spin(using:)`` makes one per draw and puts it first in ``Lottery/history``. A
/// screen shows rows through reusable cells (`BindableView`s) whose `viewModel` is reassigned
/// as the list scrolls; the rows are `@Dynamic`, so a cell's bindings follow a row if it
/// changes. A row holds no reference to its lottery.
///
/// ```swift
/// let row = DrawRow(sn: 12, code: "317", isWin: false)
/// cell.viewModel = row   // the cell's declared bindings show #12, 317
/// ```
@MainActor @Dynamic public final class DrawRow {
    /// The draw's number (``Lottery/sn`` after it).
    public var sn: Int
    /// The three digits drawn ("317").
    public var code: String
    /// Whether the draw hit the win code.
    public var isWin: Bool

    /// A row for draw `sn`.
    ///
    /// - Parameters:
    ///   - sn: The draw's number.
    ///   - code: The digits drawn.
    ///   - isWin: Whether they were the win code.
    ///
    /// ```swift
    /// let row = DrawRow(sn: 1, code: "777", isWin: true)
    /// ```
    public init(sn: Int, code: String, isWin: Bool) {
        self.sn = sn
        self.code = code
        self.isWin = isWin
    }
}
