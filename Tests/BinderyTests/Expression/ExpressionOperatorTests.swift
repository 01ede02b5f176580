import Testing
@testable import Bindery

/// The six operators of string bindings: their spelling, their directions, and whether they
/// write a value when the binding is made.
@Suite(.failOnUnexpectedDiagnostics) struct ExpressionOperatorTests {
    /// One operator and what it means.
    struct Row: Sendable, CustomTestStringConvertible {
        let op: ExpressionOperator
        let symbol: String
        let pushesNow: Bool
        let sendsLeftToRight: Bool
        let sendsRightToLeft: Bool
        let direction: BindingDirection
        var testDescription: String { symbol }
    }

    static let rows: [Row] = [
        Row(op: .leftToRight, symbol: "~>", pushesNow: true, sendsLeftToRight: true, sendsRightToLeft: false, direction: .leftToRight),
        Row(op: .rightToLeft, symbol: "<~", pushesNow: true, sendsLeftToRight: false, sendsRightToLeft: true, direction: .rightToLeft),
        Row(op: .twoWay, symbol: "<>", pushesNow: true, sendsLeftToRight: true, sendsRightToLeft: true, direction: .twoWay),
        Row(
            op: .leftToRightQuiet, symbol: "!~>", pushesNow: false, sendsLeftToRight: true, sendsRightToLeft: false,
            direction: .leftToRightLater),
        Row(
            op: .rightToLeftQuiet, symbol: "<~!", pushesNow: false, sendsLeftToRight: false, sendsRightToLeft: true,
            direction: .rightToLeftLater),
        Row(op: .twoWayQuiet, symbol: "<!>", pushesNow: false, sendsLeftToRight: true, sendsRightToLeft: true, direction: .twoWayLater),
    ]

    @Test("Each operator is spelt as written in a binding, and says which way values flow and whether it writes now", arguments: rows)
    func meaning(_ row: Row) {
        #expect(row.op.rawValue == row.symbol)
        #expect(ExpressionOperator(rawValue: row.symbol) == row.op)
        #expect(row.op.pushesNow == row.pushesNow)
        #expect(row.op.sendsLeftToRight == row.sendsLeftToRight)
        #expect(row.op.sendsRightToLeft == row.sendsRightToLeft)
        #expect(row.op.bindingDirection == row.direction)
    }

    @Test("There are six operators, and the table above covers each once")
    func sixOperators() {
        #expect(ExpressionOperator.allCases.count == 6)
        #expect(Set(Self.rows.map(\.symbol)) == Set(ExpressionOperator.allCases.map(\.rawValue)))
    }
}
