@testable import Bindery

/// What a parsed binding says, without where its parts stand: two texts that differ only in
/// spacing have the same shape.
struct ExpressionShape: Equatable, Sendable, CustomStringConvertible {
    var left: [String]
    var direction: BindingDirection
    var right: [String]
    var transformer: String?
    var isReversed = false

    var description: String {
        let tail = transformer.map { " | " + (isReversed ? "!" : "") + $0 } ?? ""
        return left.joined(separator: ".") + " " + direction.symbol + " " + right.joined(separator: ".") + tail
    }
}

extension BindingExpression {
    /// The binding's shape, for comparing bindings written differently.
    var shape: ExpressionShape {
        ExpressionShape(
            left: left.names, direction: direction, right: right.names, transformer: transformer?.name,
            isReversed: transformer?.isReversed ?? false)
    }

    /// Parses `text`, as a result rather than by throwing.
    static func result(_ text: String) -> Result<BindingExpression, BindingExpressionError> {
        Result { () throws(BindingExpressionError) in try parse(text) }
    }
}
