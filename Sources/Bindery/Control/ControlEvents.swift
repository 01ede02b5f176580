/// The kinds of user interaction a ``Control`` reports.
///
/// A user edit arrives as an event; a program's own write to a control's property does not
/// fire one (as with UIKit). A control endpoint listens to one or more events:
///
/// ```swift
/// Bind.inout(model, \.name).inout(nameField, \.text, on: [.editingChanged, .editingDidEnd])
/// ```
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The event bits. Bits 0–15 are Bindery's; bits 16–31 are free for application events.
    public let rawValue: UInt32

    /// Creates a set of events from its bits.
    ///
    /// - Parameter rawValue: The event bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A touch went down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A touch went up inside the control: a tap or a click.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 1)
    /// The user changed the control's value (slider, switch, stepper, picker).
    public static let valueChanged = ControlEvents(rawValue: 1 << 2)
    /// The user started editing text.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 3)
    /// The user changed the text.
    public static let editingChanged = ControlEvents(rawValue: 1 << 4)
    /// The user finished editing text.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 5)
    /// The user triggered the control's primary action (Return in a field, a button press).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 6)
    /// Every editing event.
    public static let allEditingEvents: ControlEvents = [.editingDidBegin, .editingChanged, .editingDidEnd]

    /// An application-defined event, `bit` from 16 to 31.
    ///
    /// - Parameter bit: The bit to use, 16...31. Values outside the range are clamped into it.
    /// - Returns: The event.
    public static func application(_ bit: Int) -> ControlEvents {
        ControlEvents(rawValue: 1 << UInt32(min(max(bit, 16), 31)))
    }

    /// The names of the events in the set, for diagnostics.
    public var description: String {
        let names: [(ControlEvents, String)] = [
            (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.valueChanged, "valueChanged"),
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd"), (.primaryActionTriggered, "primaryActionTriggered"),
        ]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let known = names.reduce(ControlEvents()) { $0.union($1.0) }
        let rest = subtracting(known).rawValue
        if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
