/// The chain heads the operators start: a sender, or a two-way endpoint, given as an object
/// and a key path or as a control (its designated property and events).
@usableFromInline
enum Operand {
    /// A `@Dynamic` object's property as a sender.
    @inlinable
    static func sender<Root: DynamicObject, Value>(_ object: Root, _ keyPath: KeyPath<Root, Value>) -> EndpointSpec<Value> {
        var spec = EndpointSpec<Value>.automatic(
            object, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Value>, role: .sends)
        spec.observe(object)
        return spec
    }

    /// A control's property as a sender, sent on the control's designated events.
    @inlinable
    static func sender<Root: Control, Value>(_ control: Root, _ keyPath: KeyPath<Root, Value>) -> EndpointSpec<Value> {
        var spec = EndpointSpec<Value>.automatic(
            control, keyPath, writable: keyPath as? ReferenceWritableKeyPath<Root, Value>, role: .sends)
        spec.listen(to: control, on: Root.designatedEvents)
        return spec
    }

    /// A `@Dynamic` object's property as a two-way head.
    @inlinable
    static func twoWay<Root: DynamicObject, Value>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) -> EndpointSpec<Value> {
        var spec = EndpointSpec<Value>.automatic(object, keyPath, writable: keyPath, role: [.sends, .receives])
        spec.observe(object)
        return spec
    }

    /// A control's property as a two-way head, sent on the control's designated events.
    @inlinable
    static func twoWay<Root: Control, Value>(_ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) -> EndpointSpec<Value> {
        var spec = EndpointSpec<Value>.automatic(control, keyPath, writable: keyPath, role: [.sends, .receives])
        spec.listen(to: control, on: Root.designatedEvents)
        return spec
    }
}
