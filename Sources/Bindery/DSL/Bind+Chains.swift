// Layer 7 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). DSL: the chain syntax, the operators,
// `observe`, bonds, target-action, coalescing. Names `Chain` and the layers below.

extension Bind {
    /// Starts a chain at a property of an observable object; the chain's value is the
    /// property's type.
    ///
    /// The object is not retained. Its sets propagate synchronously on the setting thread. The
    /// key path may cross several `@Dynamic` objects (`\.session.user.name`): every link is
    /// observed and a replaced intermediate object is followed. A link that may be nil is
    /// crossed with `?` (`\.session?.user.name`): the value is then `nil` while a link is.
    ///
    /// - Parameters:
    ///   - object: The sender.
    ///   - keyPath: Its property.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.sn).out(snLabel, \.text)
    /// ```
    @inlinable @discardableResult
    public static func `in`<Root: DynamicObject, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value>) -> Chain<Value> {
        var spec = EndpointSpec<Value>.automatic(
            object, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Value>, role: .sends)
        spec.observe(object)
        return Chain(head: consume spec)
    }

    /// Starts a chain at a property of an observable object that both sends and receives.
    ///
    /// The object is not retained; see ``in(_:_:)-(Root,KeyPath<Root,Value>)`` for threads and
    /// lifetime.
    ///
    /// - Parameters:
    ///   - object: The endpoint's object.
    ///   - keyPath: Its property.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winCode).inout(winCodeField, \.text, on: .editingChanged)
    /// ```
    @inlinable @discardableResult
    public static func `inout`<Root: DynamicObject, Value>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: [.sends, .receives])
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return Chain(head: consume spec)
    }

    /// Starts a chain at a control's property, sent when the user triggers one of `events`.
    ///
    /// The control is not retained. A program's own writes to the property do not send.
    ///
    /// - Parameters:
    ///   - control: The control.
    ///   - keyPath: Its property.
    ///   - events: The events that report a user edit.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(searchField, \.text, on: .editingChanged).out(model, \.query)
    /// ```
    @inlinable @discardableResult
    public static func `in`<Root: Control, Value>(_ control: Root, _ keyPath: KeyPath<Root, Value>, on events: ControlEvents) -> Chain<Value> {
        var spec = EndpointSpec<Value>.automatic(
            control, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Value>, role: .sends)
        spec.listen(to: control, on: events)
        return Chain(head: consume spec)
    }

    /// Starts a chain at a control's property that sends on `events` and receives the
    /// chain's changes.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - keyPath: Its property.
    ///   - events: The events that report a user edit.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(nameField, \.text, on: .editingChanged).out(greeting, \.text)
    /// ```
    @inlinable @discardableResult
    public static func `inout`<Root: Control, Value>(
        _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, on events: ControlEvents,
        isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        var spec = EndpointSpec<Value>.automatic(control, keyPath, writable: keyPath, role: [.sends, .receives])
        spec.listen(to: control, on: events)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return Chain(head: consume spec)
    }

    /// Starts a chain at one element of an array property of an observable object.
    ///
    /// The chain sends when that element changes, not when another element does. An index out
    /// of range skips the change and reports it (see <doc:Guarantees#Bad-input>).
    ///
    /// - Parameters:
    ///   - object: The sender, not retained.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(lottery, \.digits, index: 1).out(middleDigitLabel, \.text)
    /// ```
    @inlinable @discardableResult
    public static func `in`<Root: DynamicObject, Element: Equatable>(_ object: Root, _ keyPath: KeyPath<Root, [Element]>, index: Int) -> Chain<Element> {
        var spec = EndpointSpec<Element>.element(
            object, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, [Element]>, index: index,
            role: .sends, toChain: { $0 }, fromChain: { $0 })
        spec.observe(object)
        return Chain(head: consume spec)
    }

    /// Starts a chain at one element of an array property that both sends and receives.
    ///
    /// - Parameters:
    ///   - object: The endpoint's object, not retained.
    ///   - keyPath: The array property.
    ///   - index: The element's index.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.digits, index: 0).inout(firstDigitField, \.text, on: .editingChanged)
    /// ```
    @inlinable @discardableResult
    public static func `inout`<Root: DynamicObject, Element: Equatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>, index: Int, isolation: (any Actor)? = #isolation
    ) -> Chain<Element> {
        var spec = EndpointSpec<Element>.element(
            object, keyPath, writable: keyPath, index: index, role: [.sends, .receives], toChain: { $0 }, fromChain: { $0 })
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return Chain(head: consume spec)
    }

    /// Starts a chain at a control's designated property (a field's text, a slider's value),
    /// sent on its designated events.
    ///
    /// - Parameter control: The control, not retained.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.in(rateSlider).out(rateLabel, \.text)
    /// ```
    @inlinable @discardableResult
    public static func `in`<Root: Control>(_ control: Root) -> Chain<Root.DesignatedValue> {
        Bind.in(control, Root.designatedKeyPath, on: Root.designatedEvents)
    }

    /// Starts a two-way chain at a control's designated property, sent on its designated
    /// events.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(winCodeField).inout(lottery, \.winCode)
    /// ```
    @inlinable @discardableResult
    public static func `inout`<Root: Control>(_ control: Root, isolation: (any Actor)? = #isolation) -> Chain<Root.DesignatedValue> {
        Bind.inout(control, Root.designatedKeyPath, on: Root.designatedEvents, isolation: isolation)
    }
}
