/// The direction of a binding declared in a view's ``BindableView/bindings``, named by one of
/// the six operators passed as a value: `.init(\.name, ~>, \.nameLabel.text)`.
///
/// The arrow is the direction of flow between the view model (left) and the view (right); `!`
/// means that nothing is written when the binding is made.
///
/// ```swift
/// assert(BindingDirection.leftToRight.pushesNow)
/// ```
public enum BindingDirection: Sendable, Equatable, CaseIterable {
    /// `~>`: view model to view; the view gets the view model's value now.
    case leftToRight
    /// `<~`: view to view model; the view model gets the view's value now.
    case rightToLeft
    /// `<>`: both ways; the view gets the view model's value now.
    case twoWay
    /// `!~>`: view model to view, nothing written now.
    case leftToRightLater
    /// `<~!`: view to view model, nothing written now.
    case rightToLeftLater
    /// `<!>`: both ways, nothing written now.
    case twoWayLater

    /// Whether the binding writes a value when it is made.
    public var pushesNow: Bool { self == .leftToRight || self == .rightToLeft || self == .twoWay }

    /// Whether values flow from the left side (the view model) to the right side (the view).
    public var sendsLeftToRight: Bool { self != .rightToLeft && self != .rightToLeftLater }

    /// Whether values flow from the right side (the view) to the left side (the view model).
    public var sendsRightToLeft: Bool { self != .leftToRight && self != .leftToRightLater }

    /// The operator that names it.
    public var symbol: String {
        switch self {
        case .leftToRight: "~>"
        case .rightToLeft: "<~"
        case .twoWay: "<>"
        case .leftToRightLater: "!~>"
        case .rightToLeftLater: "<~!"
        case .twoWayLater: "<!>"
        }
    }

    /// The direction an operator's symbol names (`"~>"`, `"<!>"`, …), as string bindings write
    /// it; nil for any other text.
    init?(symbol: String) {
        guard let found = Self.allCases.first(where: { $0.symbol == symbol }) else { return nil }
        self = found
    }

    /// What an operator passed as a value is applied to, to find the direction it names. Not
    /// API: only the operators make one.
    public struct _Operand: Sendable {
        @usableFromInline init() {}
    }

    /// The function type of an operator passed as a value.
    public typealias Operator = (_Operand, _Operand) -> BindingDirection

    /// The direction `op` names.
    @inlinable
    static func named(by op: Operator) -> BindingDirection { op(_Operand(), _Operand()) }
}

/// `~>` as a value, in a view's bindings: view model to view, the view written now.
///
/// - Returns: ``BindingDirection/leftToRight``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.code, ~>, \.codeLabel.text)
/// ```
public func ~> (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .leftToRight }

/// `<~` as a value, in a view's bindings: view to view model, the view model written now.
///
/// - Returns: ``BindingDirection/rightToLeft``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <~, \.guessField)
/// ```
public func <~ (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .rightToLeft }

/// `<>` as a value, in a view's bindings: both ways, the view written now.
///
/// - Returns: ``BindingDirection/twoWay``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <>, \.guessField)
/// ```
public func <> (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .twoWay }

/// `!~>` as a value, in a view's bindings: view model to view, nothing written now.
///
/// - Returns: ``BindingDirection/leftToRightLater``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.code, !~>, \.codeLabel.text)
/// ```
public func !~> (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .leftToRightLater }

/// `<~!` as a value, in a view's bindings: view to view model, nothing written now.
///
/// - Returns: ``BindingDirection/rightToLeftLater``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <~!, \.guessField)
/// ```
public func <~! (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .rightToLeftLater }

/// `<!>` as a value, in a view's bindings: both ways, nothing written now.
///
/// - Returns: ``BindingDirection/twoWayLater``.
///
/// ```swift
/// _ = ViewBinding<DrawCell, DrawRow>(\.guess, <!>, \.guessField)
/// ```
public func <!> (_: BindingDirection._Operand, _: BindingDirection._Operand) -> BindingDirection { .twoWayLater }
