// A control endpoint declared without `on:` does not compile, and the compiler's message says
// what to add. Without these overloads Swift would answer that the control does not conform
// to `DynamicObject`, which names the wrong cure.

private let missingEvents = "a control sends when the user edits it: add on: with the events that report an edit (on: .editingChanged, on: .valueChanged), or bind its designated property with Bind.in(control)"

extension Bind {
    /// Unavailable: a control endpoint needs the events that report an edit.
    ///
    /// Write `Bind.in(field, \.text, on: .editingChanged)`, or `Bind.in(field)` for the
    /// control's designated property and events.
    @available(*, unavailable, message: "a control sends when the user edits it: add on: with the events that report an edit (on: .editingChanged, on: .valueChanged), or bind its designated property with Bind.in(control)")
    public static func `in`<Root: Control, Value>(_ control: Root, _ keyPath: KeyPath<Root, Value>) -> Chain<Value> {
        fatalError(missingEvents)
    }

    /// Unavailable: a control endpoint needs the events that report an edit.
    ///
    /// Write `Bind.inout(field, \.text, on: .editingChanged)`, or `Bind.inout(field)` for the
    /// control's designated property and events.
    @available(*, unavailable, message: "a control sends when the user edits it: add on: with the events that report an edit (on: .editingChanged, on: .valueChanged), or bind its designated property with Bind.inout(control)")
    public static func `inout`<Root: Control, Value>(_ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) -> Chain<Value> {
        fatalError(missingEvents)
    }
}

extension Chain {
    /// Unavailable: a control endpoint needs the events that report an edit.
    ///
    /// Write `.in(slider, \.value, on: .valueChanged)`, or `.in(slider)` for the control's
    /// designated property and events.
    @available(*, unavailable, message: "a control sends when the user edits it: add on: with the events that report an edit (on: .editingChanged, on: .valueChanged), or bind its designated property with .in(control)")
    public func `in`<Root: Control, Property>(_ control: Root, _ keyPath: KeyPath<Root, Property>) -> Chain {
        fatalError(missingEvents)
    }

    /// Unavailable: a control endpoint needs the events that report an edit.
    ///
    /// Write `.inout(slider, \.value, on: .valueChanged)`, or `.inout(slider)` for the
    /// control's designated property and events.
    @available(*, unavailable, message: "a control sends when the user edits it: add on: with the events that report an edit (on: .editingChanged, on: .valueChanged), or bind its designated property with .inout(control)")
    public func `inout`<Root: Control, Property>(
        _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true
    ) -> Chain {
        fatalError(missingEvents)
    }
}
