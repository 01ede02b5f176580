/// The operator between the two key paths of a string binding (`"name ~> label.text"`): which
/// way values flow, and whether the binding writes a value when it is made.
///
/// The arrow points the way values flow between the left object (the first argument of
/// `bind`) and the right one; `!` means that nothing is written when the binding is made.
///
/// ```swift
/// let twoWay = ExpressionOperator(rawValue: "<>")
/// assert(twoWay?.sendsLeftToRight == true && twoWay?.sendsRightToLeft == true)
/// ```
enum ExpressionOperator: String, CaseIterable, Sendable {
    /// `~>`: left to right; the right side gets the left side's value now.
    case leftToRight = "~>"
    /// `<~`: right to left; the left side gets the right side's value now.
    case rightToLeft = "<~"
    /// `<>`: both ways; the right side gets the left side's value now.
    case twoWay = "<>"
    /// `!~>`: left to right, nothing written now.
    case leftToRightQuiet = "!~>"
    /// `<~!`: right to left, nothing written now.
    case rightToLeftQuiet = "<~!"
    /// `<!>`: both ways, nothing written now.
    case twoWayQuiet = "<!>"

    /// Whether the binding writes a value when it is made.
    var pushesNow: Bool {
        switch self {
        case .leftToRight, .rightToLeft, .twoWay: true
        case .leftToRightQuiet, .rightToLeftQuiet, .twoWayQuiet: false
        }
    }

    /// Whether values flow from the left side to the right side.
    var sendsLeftToRight: Bool {
        switch self {
        case .leftToRight, .twoWay, .leftToRightQuiet, .twoWayQuiet: true
        case .rightToLeft, .rightToLeftQuiet: false
        }
    }

    /// Whether values flow from the right side to the left side.
    var sendsRightToLeft: Bool {
        switch self {
        case .rightToLeft, .twoWay, .rightToLeftQuiet, .twoWayQuiet: true
        case .leftToRight, .leftToRightQuiet: false
        }
    }

    /// The direction of a declared binding (``BindingDirection``) that this operator names.
    var bindingDirection: BindingDirection {
        switch self {
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        case .twoWay: .twoWay
        case .leftToRightQuiet: .leftToRightLater
        case .rightToLeftQuiet: .rightToLeftLater
        case .twoWayQuiet: .twoWayLater
        }
    }
}
