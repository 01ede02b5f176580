import PropertyBased
import Testing
@testable import Bindery

/// The MVVM kit over generated histories: random reassignments of a reused cell (rows and nil),
/// changes of every row, and user edits in the cell, checked after each step against what the
/// cell must show. Shrinks to the shortest history that fails.
@MainActor
@Suite(.failOnUnexpectedDiagnostics) struct BindableViewPropertyTests {
    /// One step of a history, decoded from a generated number.
    enum Step: CustomStringConvertible {
        case show(Int)
        case clear
        case changeCode(Int)
        case toggleWin(Int)
        case type

        init(_ code: Int, rows: Int) {
            switch code {
            case 0..<30: self = .show(code % rows)
            case 30..<40: self = .clear
            case 40..<70: self = .changeCode(code % rows)
            case 70..<85: self = .toggleWin(code % rows)
            default: self = .type
            }
        }

        var description: String {
            switch self {
            case .show(let row): "show row \(row)"
            case .clear: "viewModel = nil"
            case .changeCode(let row): "change row \(row)'s code"
            case .toggleWin(let row): "toggle row \(row)'s isWin"
            case .type: "type in the cell's field"
            }
        }
    }

    @Test("A reused cell always shows its current row, both ways, and nothing of any other")
    func reusedCellFollowsItsRow() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...99).array(of: 1...40)) { codes in
            // Each case gives the main actor back first: the whole check runs on it for minutes
            // under the thread sanitizer, and other suites' main-actor tests (and a database
            // observation's deliveries to the main queue) would wait the whole time, past their
            // time limits.
            await Task.yield()
            let rows = (0..<4).map { DrawRow(code: "r\($0)") }
            let cell = DrawCell()
            var current: Int?
            var counter = 0
            for (position, code) in codes.enumerated() {
                let step = Step(code, rows: rows.count)
                counter += 1
                switch step {
                case .show(let row):
                    cell.viewModel = rows[row]
                    current = row
                case .clear:
                    cell.viewModel = nil
                    current = nil
                case .changeCode(let row):
                    rows[row].code = "code \(counter)"
                case .toggleWin(let row):
                    rows[row].isWin.toggle()
                case .type:
                    let guesses = rows.map(\.guess)
                    cell.guessField.type("guess \(counter)")
                    for row in rows.indices where row != current && rows[row].guess != guesses[row] {
                        Issue.record("step \(position) (\(step)): row \(row), not shown, took the cell's edit")
                    }
                }
                if let current {
                    let row = rows[current]
                    if cell.codeLabel.text != row.code || cell.badge.isVisible != row.isWin || cell.guessField.text != row.guess {
                        let shown = "\(String(describing: cell.codeLabel.text)), \(cell.badge.isVisible), \(cell.guessField.text)"
                        Issue.record("step \(position) (\(step)): the cell shows \(shown), not row \(current)")
                    }
                } else if Bind.isBound(cell) || Bind.isBound(cell.guessField) {
                    Issue.record("step \(position) (\(step)): the cell is still bound with no view model")
                }
            }
            cell.viewModel = nil
            for row in rows where Bind.isBound(row) {
                Issue.record("row \(row.code) is still bound after the cell let go of its view model")
            }
        }
    }
}
