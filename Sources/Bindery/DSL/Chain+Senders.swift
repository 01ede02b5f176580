// Continuations that send: `.in` and `.inout`, on observable objects, controls and array
// elements, with automatic conversion, convert closures or negation.

extension Chain {
    /// Adds a sender: a property of an observable object whose sets propagate to the chain,
    /// converted automatically to the chain's value type.
    ///
    /// The object is not retained. If the endpoint is already in another chain, that chain
    /// joins this one and receives this chain's value (see <doc:Guarantees#Joins>).
    ///
    /// - Parameters:
    ///   - object: The sender.
    ///   - keyPath: Its property.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.code).in(machine, \.lastDraw)
    /// ```
    @inlinable @discardableResult
    public func `in`<Root: DynamicObject, Property>(_ object: Root, _ keyPath: KeyPath<Root, Property>) -> Chain {
        var spec = EndpointSpec<Value>.automatic(
            object, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Property>, role: .sends)
        spec.observe(object)
        return adding(consume spec)
    }

    /// Adds a sender whose property type is turned into the chain's by `reverse`.
    ///
    /// The label matches the two-way form: everywhere in Bindery, `convert` turns the chain's
    /// value into a property's type and `reverse` turns a property's value into the chain's.
    ///
    /// - Parameters:
    ///   - object: The sender, not retained.
    ///   - keyPath: Its property.
    ///   - reverse: Turns the property's value into the chain's; held strongly by the chain and
    ///     run on the thread that sets the property, so it is `@Sendable`.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.title).in(document, \.url, reverse: { $0.lastPathComponent })
    /// ```
    @inlinable @discardableResult
    public func `in`<Root: DynamicObject, Property>(
        _ object: Root, _ keyPath: KeyPath<Root, Property>, reverse: @escaping @Sendable (Property) -> Value
    ) -> Chain {
        var spec = EndpointSpec<Value>.property(object, keyPath, writable: nil, role: .sends, toChain: reverse, fromChain: nil)
        spec.observe(object)
        return adding(consume spec)
    }

    /// Adds a sender on a control's property, sent when the user triggers one of `events`.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - keyPath: Its property.
    ///   - events: The events that report a user edit.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.volume).in(volumeSlider, \.value, on: .valueChanged)
    /// ```
    @inlinable @discardableResult
    public func `in`<Root: Control, Property>(_ control: Root, _ keyPath: KeyPath<Root, Property>, on events: ControlEvents) -> Chain {
        var spec = EndpointSpec<Value>.automatic(
            control, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Property>, role: .sends)
        spec.listen(to: control, on: events)
        return adding(consume spec)
    }

    /// Adds a sender on one element of an array property; other elements' changes do not send.
    ///
    /// - Parameters:
    ///   - object: The sender, not retained.
    ///   - keyPath: The array property.
    ///   - index: The element's index; out of range skips and reports (see <doc:Guarantees#Bad-input>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.total).in(model, \.scores, index: 0)
    /// ```
    @inlinable @discardableResult
    public func `in`<Root: DynamicObject, Element: Equatable>(_ object: Root, _ keyPath: KeyPath<Root, [Element]>, index: Int) -> Chain {
        var spec = EndpointSpec<Value>.element(
            object, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, [Element]>, index: index, role: .sends,
            toChain: Automatic.into(Element.self, Value.self), fromChain: Automatic.outOf(Value.self, Element.self))
        if Automatic.into(Element.self, Value.self) == nil { spec.noteMissing(Element.self, Value.self) }
        spec.observe(object)
        return adding(consume spec)
    }

    /// Adds a control's designated property (a field's text, a slider's value) as a sender, on
    /// its designated events.
    ///
    /// - Parameter control: The control, not retained.
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.query).in(searchField)
    /// ```
    @inlinable @discardableResult
    public func `in`<Root: Control>(_ control: Root) -> Chain {
        self.in(control, Root.designatedKeyPath, on: Root.designatedEvents)
    }

    /// Adds an endpoint that both sends and receives: a property of an observable object.
    ///
    /// It receives the chain's current value when it joins (see <doc:Guarantees#Initial-value>), unless `initial`
    /// is false. If it is already in another chain, that chain joins this one (see <doc:Guarantees#Joins>).
    ///
    /// - Parameters:
    ///   - object: The endpoint's object, not retained.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winRate).inout(settings, \.defaultRate)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: DynamicObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: [.sends, .receives], initial: initial)
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a two-way endpoint of a custom type, converted by a pair of closures.
    ///
    /// - Parameters:
    ///   - object: The endpoint's object, not retained.
    ///   - keyPath: Its property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - convert: Chain value → property; held strongly by the chain, run on the thread that
    ///     made the change (so it is `@Sendable`).
    ///   - reverse: Property → chain value; held strongly by the chain, run on the thread that
    ///     sets the property.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.hex).inout(swatch, \.color, convert: Color.init(hex:), reverse: \.hex)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: DynamicObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        convert: @escaping @Sendable (Value) -> Property, reverse: @escaping @Sendable (Property) -> Value,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.property(
            object, keyPath, writable: keyPath, role: [.sends, .receives], toChain: reverse, fromChain: convert)
        spec.initial = initial
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a control's property as a two-way endpoint: written by the chain, sending when the
    /// user triggers one of `events`. The control's own edits are never written back to it
    /// (see <doc:Guarantees#No-echo>).
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - keyPath: Its property.
    ///   - events: The events that report a user edit.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winRate).inout(rateSlider, \.value, on: .valueChanged)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: Control, Property>(
        _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, on events: ControlEvents, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.automatic(control, keyPath, writable: keyPath, role: [.sends, .receives], initial: initial)
        spec.listen(to: control, on: events)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a control's property of a custom type as a two-way endpoint, converted by a pair
    /// of closures.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - keyPath: Its property.
    ///   - events: The events that report a user edit.
    ///   - initial: Whether it receives the chain's value now.
    ///   - convert: Chain value → property; held strongly by the chain, run on the thread that
    ///     made the change (so it is `@Sendable`).
    ///   - reverse: Property → chain value; held strongly by the chain, run on the thread that
    ///     sets the property.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(model, \.day).inout(picker, \.date, on: .valueChanged, convert: \.date, reverse: Day.init)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: Control, Property>(
        _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, on events: ControlEvents, initial: Bool = true,
        convert: @escaping @Sendable (Value) -> Property, reverse: @escaping @Sendable (Property) -> Value,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.property(
            control, keyPath, writable: keyPath, role: [.sends, .receives], toChain: reverse, fromChain: convert)
        spec.initial = initial
        spec.listen(to: control, on: events)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds one element of an array property as a two-way endpoint.
    ///
    /// - Parameters:
    ///   - object: The endpoint's object, not retained.
    ///   - keyPath: The array property.
    ///   - index: The element's index; out of range skips and reports (see <doc:Guarantees#Bad-input>).
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.code).inout(lottery, \.history, index: 0)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: DynamicObject, Element: Equatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>, index: Int, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        let toChain = Automatic.into(Element.self, Value.self)
        let fromChain = Automatic.outOf(Value.self, Element.self)
        var spec = EndpointSpec<Value>.element(
            object, keyPath, writable: keyPath, index: index, role: [.sends, .receives], toChain: toChain, fromChain: fromChain)
        if toChain == nil { spec.noteMissing(Element.self, Value.self) }
        if fromChain == nil { spec.noteMissing(Value.self, Element.self) }
        spec.initial = initial
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a two-way Bool endpoint that holds the negation of the chain's value: written
    /// with `!value` (after conversion to Bool), and sending `!property`.
    ///
    /// - Parameters:
    ///   - object: The endpoint's object, not retained.
    ///   - keyPath: Its Bool property.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(settings, \.isMuted).inoutNot(player, \.isSoundOn)
    /// ```
    @inlinable @discardableResult
    public func inoutNot<Root: DynamicObject>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Bool>, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.negated(object, keyPath, role: [.sends, .receives], initial: initial)
        spec.observe(object)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a control's Bool property as a two-way negated endpoint (see
    /// ``inoutNot(_:_:initial:isolation:)-(Root,_,_,_)``), sending on `events`.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - keyPath: Its Bool property.
    ///   - events: The events that report a user edit.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(settings, \.isMuted).inoutNot(soundSwitch, \.isOn, on: .valueChanged)
    /// ```
    @inlinable @discardableResult
    public func inoutNot<Root: Control>(
        _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Bool>, on events: ControlEvents, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        var spec = EndpointSpec<Value>.negated(control, keyPath, role: [.sends, .receives], initial: initial)
        spec.listen(to: control, on: events)
        spec.delivery = Delivery.automatic.resolved(declaredIn: isolation)
        return adding(consume spec)
    }

    /// Adds a control's designated property as a two-way endpoint on its designated events.
    ///
    /// - Parameters:
    ///   - control: The control, not retained.
    ///   - initial: Whether it receives the chain's value now.
    ///   - isolation: Where the endpoint is declared; leave it out. Declared from main-actor
    ///     code, the endpoint is written only on the main actor (see <doc:Threading>).
    /// - Returns: The chain, to continue.
    ///
    /// ```swift
    /// Bind.inout(lottery, \.winRate).inout(rateSlider)
    /// ```
    @inlinable @discardableResult
    public func `inout`<Root: Control>(_ control: Root, initial: Bool = true, isolation: (any Actor)? = #isolation) -> Chain {
        self.inout(control, Root.designatedKeyPath, on: Root.designatedEvents, initial: initial, isolation: isolation)
    }
}

extension EndpointSpec {
    /// A Bool endpoint holding the negation of the chain's value.
    @inlinable
    static func negated<Root: AnyObject>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Bool>, role: Role, initial: Bool
    ) -> EndpointSpec {
        let toBool = Automatic.outOf(Value.self, Bool.self)
        let fromBool = Automatic.into(Bool.self, Value.self)
        var spec = property(
            object, keyPath, writable: keyPath, role: role,
            toChain: fromBool.map { convert in { convert(!$0) } },
            fromChain: toBool.map { convert in { !convert($0) } }, negated: true)
        if toBool == nil { spec.noteMissing(Value.self, Bool.self) }
        if role.contains(.sends), fromBool == nil { spec.noteMissing(Bool.self, Value.self) }
        spec.initial = initial
        return spec
    }
}
