import Testing
@testable import Bindery

/// A row of the draw history: the view model of a cell.
@Dynamic final class DrawRow {
    var code: String
    var isWin = false
    var guess = ""
    init(code: String) { self.code = code }
}

/// A label that counts the writes of its text.
final class CountingLabel {
    var writes = 0
    var text: String? = nil {
        didSet { writes += 1 }
    }
}

/// A reusable cell, declared as BIND's `BINDINGS` are.
@MainActor class DrawCell: BindableView {
    let codeLabel = CountingLabel()
    let badge = Label()
    let guessField = TestField()
    var changes: [String?] = []

    class var bindings: Bindings<DrawCell, DrawRow> {
        [
            .init(\.code, ~>, \.codeLabel.text),
            .init(\.isWin, ~>, \.badge.isVisible),
            .init(\.guess, <>, \.guessField),
        ]
    }

    var viewModel: DrawRow? { didSet { rebind() } }

    let boundBindings = BoundBindings()

    func viewModelDidChange() { changes.append(codeLabel.text) }
}

/// A subclass that adds a binding of its own.
@MainActor final class WinningDrawCell: DrawCell {
    let prize = Label()

    override class var bindings: Bindings<DrawCell, DrawRow> {
        super.bindings + ViewBinding.subclass(WinningDrawCell.self, [.init(\.code, ~>, \.prize.text)])
    }
}

@MainActor
@Suite(.failOnUnexpectedDiagnostics) struct BindableViewTests {
    @Test("Assigning a view model binds every declared binding, in its direction")
    func bindsOnAssign() {
        let cell = DrawCell(), row = DrawRow(code: "123")
        row.isWin = false
        cell.viewModel = row
        #expect(cell.codeLabel.text == "123")
        #expect(cell.badge.isVisible == false)
        row.code = "456"
        #expect(cell.codeLabel.text == "456")
        cell.guessField.type("7")
        #expect(row.guess == "7")
        row.guess = "8"
        #expect(cell.guessField.text == "8")
    }

    @Test("Reassigning unbinds the old view model and binds the new one exactly once")
    func reassignBindsOnce() {
        let cell = DrawCell()
        let rows = (0..<3).map { DrawRow(code: "row \($0)") }
        for row in rows + rows { cell.viewModel = row }
        let current = rows[2]
        #expect(cell.codeLabel.text == "row 2")
        let writes = cell.codeLabel.writes
        current.code = "changed"
        #expect(cell.codeLabel.writes == writes + 1)
        rows[0].code = "old row"
        rows[1].guess = "old guess"
        #expect(cell.codeLabel.text == "changed")
        #expect(cell.guessField.text == "")
        cell.guessField.type("9")
        #expect(current.guess == "9")
        #expect(rows[0].guess == "" && rows[1].guess == "old guess")
    }

    @Test("Rebinding ends only what the view's bindings made: another binding of the same view property stays")
    func rebindLeavesOtherBindings() {
        let cell = DrawCell(), mirror = DrawRow(code: "mirror")
        cell.viewModel = DrawRow(code: "1")
        // Declared elsewhere, on the very view sides the cell's bindings use.
        Bind.in(mirror, \.code).out(cell, \.codeLabel.text)
        let typed = Bind.in(cell.guessField).out(mirror, \.guess)
        cell.viewModel = DrawRow(code: "2")
        #expect(cell.codeLabel.text == "2")
        mirror.code = "from the mirror"
        #expect(cell.codeLabel.text == "from the mirror")
        cell.guessField.type("5")
        #expect(mirror.guess == "5")
        cell.viewModel = nil
        mirror.code = "still bound"
        #expect(cell.codeLabel.text == "still bound")
        #expect(typed.isBound)
    }

    @Test("Assigning nil unbinds everything the bindings declared")
    func nilUnbinds() {
        let cell = DrawCell(), row = DrawRow(code: "1")
        cell.viewModel = row
        cell.viewModel = nil
        #expect(!Bind.isBound(cell))
        #expect(!Bind.isBound(cell.guessField))
        #expect(!Bind.isBound(row))
        row.code = "2"
        #expect(cell.codeLabel.text == "1")
    }

    @Test("viewModelDidChange runs once per assignment, after the new view model is bound")
    func hookAfterBinding() {
        let cell = DrawCell()
        cell.viewModel = DrawRow(code: "a")
        cell.viewModel = DrawRow(code: "b")
        cell.viewModel = nil
        #expect(cell.changes == ["a", "b", "b"])
    }

    @Test("A subclass's bindings add to its superclass's")
    func subclassAdds() {
        let cell = WinningDrawCell(), row = DrawRow(code: "777")
        cell.viewModel = row
        #expect(cell.codeLabel.text == "777")
        #expect(cell.prize.text == "777")
        cell.viewModel = nil
        row.code = "1"
        #expect(cell.prize.text == "777")
        #expect(!Bind.isBound(cell))
    }

    @Test("Rule 1: 10,000 reassignments leave no binding and no view model behind")
    func reassignmentsLeaveNothing() {
        let cell = DrawCell()
        weak var first: DrawRow?
        weak var last: DrawRow?
        for index in 0..<10_000 {
            let row = DrawRow(code: String(index))
            if index == 0 { first = row }
            last = row
            cell.viewModel = row
        }
        #expect(cell.codeLabel.text == "9999")
        cell.viewModel = nil
        #expect(first == nil)
        #expect(last == nil)
        // Other suites run meanwhile, so the registry's totals move: the cell's own objects are
        // asked instead, each for any endpoint left in the registry, bound or not.
        for object: AnyObject in [cell, cell.codeLabel, cell.badge, cell.guessField] {
            let lifetime = Registry.lifetimeRegistrar(of: object)
            let left = GraphLock.shared.locked { Array(Registry.shared.entriesLocked(of: object, lifetime: lifetime)).count }
            #expect(left == 0)
        }
    }

    @Test("Rule 11: a view-side property that is not a control cannot send; the binding is reported and binds nothing")
    func viewPropertyCannotSend() {
        final class EchoCell: BindableView {
            let label = Label()
            static let bindings: Bindings<EchoCell, DrawRow> = [.init(\.code, <>, \.label.text)]
            var viewModel: DrawRow? { didSet { rebind() } }
            let boundBindings = BoundBindings()
        }
        let cell = EchoCell(), row = DrawRow(code: "x")
        let log = DiagnosticLog()
        log.capture { cell.viewModel = row }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("must be a control") == true)
        #expect(cell.label.text == nil)
        #expect(!Bind.isBound(row))
    }

    @Test("A declared binding may go through a transformer, one way or both ways")
    func transformers() {
        final class LoudCell: BindableView {
            let codeLabel = Label(), guessField = TestField()
            static let bindings: Bindings<LoudCell, DrawRow> = [
                .init(\.code, ~>, \.codeLabel.text, transformer: Uppercase()),
                .init(\.guess, <>, \.guessField, transformer: Uppercase()),
            ]
            var viewModel: DrawRow? { didSet { rebind() } }
            let boundBindings = BoundBindings()
        }
        let cell = LoudCell(), row = DrawRow(code: "abc")
        row.guess = "low"
        cell.viewModel = row
        #expect(cell.codeLabel.text == "ABC")
        #expect(cell.guessField.text == "LOW")
        cell.guessField.type("HIGH")
        #expect(row.guess == "high")
        cell.viewModel = nil
        row.code = "x"
        #expect(cell.codeLabel.text == "ABC")
    }

    @Test("A declared binding to a control through a transformer writes the control once; both ways without a reverse, it is refused and writes nothing")
    func controlTransformerDeclaredOnce() {
        final class ShoutCell: BindableView {
            let pushed = TestField(), shown = TestField(), refused = TestField()
            static let bindings: Bindings<ShoutCell, DrawRow> = [
                .init(\.guess, ~>, \.pushed, transformer: Uppercase()),
                .init(\.code, <>, \.shown, transformer: Uppercase()),
                .init(\.code, <>, \.refused, transformer: Shout()),
            ]
            var viewModel: DrawRow? { didSet { rebind() } }
            let boundBindings = BoundBindings()
        }
        let cell = ShoutCell(), row = DrawRow(code: "abc")
        row.guess = "low"
        let log = DiagnosticLog()
        log.capture { cell.viewModel = row }
        #expect(cell.pushed.text == "LOW")
        #expect(cell.pushed.writes == 1)
        #expect(cell.shown.text == "ABC")
        #expect(cell.shown.writes == 1)
        #expect(cell.refused.writes == 0)
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("has no reverse") == true)
        row.code = "xyz"
        #expect(cell.shown.text == "XYZ")
        #expect(cell.refused.writes == 0)
    }

    @Test("Each operator passed as a value names its direction", arguments: [
        (BindingDirection.leftToRight, true, true, false),
        (.rightToLeft, true, false, true),
        (.twoWay, true, true, true),
        (.leftToRightLater, false, true, false),
        (.rightToLeftLater, false, false, true),
        (.twoWayLater, false, true, true),
    ])
    func directions(direction: BindingDirection, pushesNow: Bool, leftToRight: Bool, rightToLeft: Bool) {
        let named: [BindingDirection.Operator] = [(~>), (<~), (<>), (!~>), (<~!), (<!>)]
        #expect(named.map { BindingDirection.named(by: $0) } == BindingDirection.allCases)
        #expect(direction.pushesNow == pushesNow)
        #expect(direction.sendsLeftToRight == leftToRight)
        #expect(direction.sendsRightToLeft == rightToLeft)
        #expect(BindingDirection(symbol: direction.symbol) == direction)
        #expect(BindingDirection(symbol: "->") == nil)
    }
}
