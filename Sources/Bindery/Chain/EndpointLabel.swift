/// How diagnostics name an endpoint: `Type.property[index] on [events]`. Computed only when a
/// diagnostic is raised.
@usableFromInline
enum EndpointLabel {
    static func make(_ object: AnyObject, keyPath: AnyKeyPath, index: Int?, events: ControlEvents) -> String {
        make(type(of: object), keyPath: keyPath, index: index, events: events)
    }

    /// The label of an endpoint whose object may have gone: only its type is needed.
    /// `location` is where the property is stored, when the endpoint's accessors know it (see
    /// `name(of:storedAt:in:)`).
    static func make(_ type: AnyObject.Type, keyPath: AnyKeyPath, storedAt location: Int = 0, index: Int?, events: ControlEvents) -> String {
        var text = "\(type).\(name(of: keyPath, storedAt: location, in: type))"
        if let index { text += "[\(index)]" }
        if !events.isEmpty { text += " on \(events)" }
        return text
    }

    /// The property's name as the user wrote it: from the `@Dynamic` table when it is there,
    /// else the stored property the key path addresses (found by offset in the class's
    /// metadata, so a property wrapper's backing storage or a neighbour of the same type is
    /// never named instead). A computed or nested property has no name Bindery can read; it
    /// is described by its type. Key paths are never printed: their description is
    /// `<computed 0x…>` for accessor-based paths, and it has crashed optimised builds on this
    /// toolchain.
    static func name(of keyPath: AnyKeyPath, storedAt location: Int, in type: AnyObject.Type) -> String {
        // Accessors shared by a stored location keep the key path of another class's property
        // stored there (see `Accessors.keyPath`): the field at the location is the property.
        if location != 0, StoredProperty.split(location).hops == 0, let field = StoredProperty.field(in: type, at: location) {
            return field.name
        }
        return name(of: keyPath, in: type)
    }

    /// The property's name, from its key path alone (see `name(of:storedAt:in:)`).
    static func name(of keyPath: AnyKeyPath, in type: AnyObject.Type) -> String {
        if let box = type as? any DynamicBondNaming.Type, let name = box.bondName(of: keyPath) { return name }
        if let dynamic = type as? any DynamicObject.Type, let name = DynamicRoute.name(of: keyPath, in: dynamic) {
            return name
        }
        if let offset = StoredProperty.offset(ofAny: keyPath), let field = StoredProperty.field(in: type, at: offset) {
            return field.name
        }
        return "(computed property of type \(Swift.type(of: keyPath).valueType))"
    }
}

/// How diagnostics and the binding graph name a box's bond endpoints (see `EndpointLabel`): a box's
/// bonds are declared above the engine, which asks them their names through this.
protocol DynamicBondNaming: AnyObject {
    /// The name of the property at `keyPath`, if it is a bond's.
    static func bondName(of keyPath: AnyKeyPath) -> String?
}
