// Endpoints that cannot work do not compile, and the compiler's message names the real
// mistake. Without these overloads Swift would answer with the overload it tried last ("cannot
// convert value of type 'Label' to expected argument type 'String'", "requires that 'Model'
// conform to 'DynamicObject'"), which names the wrong cure. Each is unavailable, so it is
// only ever chosen when no working overload fits.

extension Chain {
    /// Unavailable: a receiver's property must be writable.
    @available(*, unavailable, message: "a receiver's property must be writable, and this key path is read-only (a 'let', a computed property without a setter, or a 'private(set)' property seen from outside): bind a 'var' with a setter, or use the property as a sender with .in")
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: KeyPath<Root, Property>, initial: Bool = true, delivery: Delivery = .automatic,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        fatalError("unavailable")
    }

    /// Unavailable: a receiver's property must be writable.
    @available(*, unavailable, message: "a receiver's property must be writable, and this key path is read-only (a 'let', a computed property without a setter, or a 'private(set)' property seen from outside): bind a 'var' with a setter, or use the property as a sender with .in")
    public func out<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: KeyPath<Root, Property>, initial: Bool = true, delivery: Delivery = .automatic,
        isolation: (any Actor)? = #isolation, convert: @escaping @Sendable (Value) -> Property
    ) -> Chain {
        fatalError("unavailable")
    }

    /// Unavailable: a receiver's property must be writable.
    @available(*, unavailable, message: "a receiver's property must be writable, and this key path is read-only (a 'let', a computed property without a setter, or a 'private(set)' property seen from outside): bind a 'var' with a setter")
    public func outNot<Root: AnyObject>(
        _ object: Root, _ keyPath: KeyPath<Root, Bool>, initial: Bool = true, isolation: (any Actor)? = #isolation
    ) -> Chain {
        fatalError("unavailable")
    }

    /// Unavailable: a two-way endpoint's property must be writable.
    @available(*, unavailable, message: "a two-way endpoint's property must be writable, and this key path is read-only (a 'let', a computed property without a setter, or a 'private(set)' property seen from outside): bind it one way with .in, or make it a 'var' with a setter")
    public func `inout`<Root: DynamicObject, Property>(
        _ object: Root, _ keyPath: KeyPath<Root, Property>, initial: Bool = true, isolation: (any Actor)? = #isolation
    ) -> Chain {
        fatalError("unavailable")
    }

    /// Unavailable: a sender must be observable.
    @available(*, unavailable, message: "a sender must be observable, and this class is not: mark it @Dynamic so that its sets are heard, or keep the value in a Dynamic box; a widget adopts Control and binds with on: and its events")
    public func `in`<Root: AnyObject, Property>(_ object: Root, _ keyPath: KeyPath<Root, Property>) -> Chain {
        fatalError("unavailable")
    }

    /// Unavailable: a two-way endpoint must be observable.
    @available(*, unavailable, message: "a two-way endpoint must be observable, and this class is not: mark it @Dynamic so that its sets are heard, or receive only with .out; a widget adopts Control and binds with on: and its events")
    public func `inout`<Root: AnyObject, Property>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Property>, initial: Bool = true,
        isolation: (any Actor)? = #isolation
    ) -> Chain {
        fatalError("unavailable")
    }
}

extension Bind {
    /// Unavailable: a sender must be observable.
    @available(*, unavailable, message: "a sender must be observable, and this class is not: mark it @Dynamic so that its sets are heard, or keep the value in a Dynamic box; a widget adopts Control and binds with on: and its events")
    public static func `in`<Root: AnyObject, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value>) -> Chain<Value> {
        fatalError("unavailable")
    }

    /// Unavailable: a two-way endpoint must be observable.
    @available(*, unavailable, message: "a two-way endpoint must be observable, and this class is not: mark it @Dynamic so that its sets are heard, or keep the value in a Dynamic box; a widget adopts Control and binds with on: and its events")
    public static func `inout`<Root: AnyObject, Value>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        fatalError("unavailable")
    }

    /// Unavailable: a two-way endpoint's property must be writable.
    @available(*, unavailable, message: "a two-way endpoint's property must be writable, and this key path is read-only (a 'let', a computed property without a setter, or a 'private(set)' property seen from outside): start the chain with Bind.in, or make it a 'var' with a setter")
    public static func `inout`<Root: DynamicObject, Value>(
        _ object: Root, _ keyPath: KeyPath<Root, Value>, isolation: (any Actor)? = #isolation
    ) -> Chain<Value> {
        fatalError("unavailable")
    }

    /// Unavailable: endpoints are objects.
    @available(*, unavailable, message: "an endpoint is an object, which a chain refers to without retaining it, and this is a value type (a struct or an enum), whose changes cannot be heard: keep the value in a @Dynamic class or a Dynamic box and bind that")
    public static func `in`<Root, Value>(_ value: Root, _ keyPath: KeyPath<Root, Value>) -> Chain<Value> {
        fatalError("unavailable")
    }
}
