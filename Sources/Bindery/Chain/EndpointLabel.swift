/// How diagnostics name an endpoint: `Type.property[index] on [events]`. Computed only when a
/// diagnostic is raised.
@usableFromInline
enum EndpointLabel {
    static func make(_ object: AnyObject, keyPath: AnyKeyPath, index: Int?, events: ControlEvents) -> String {
        make(type(of: object), keyPath: keyPath, index: index, events: events)
    }

    /// The label of an endpoint whose object may have gone: only its type is needed.
    static func make(_ type: AnyObject.Type, keyPath: AnyKeyPath, index: Int?, events: ControlEvents) -> String {
        var text = "\(type).\(name(of: keyPath, in: type))"
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

    /// Why the property at `keyPath` of a `@Dynamic` class cannot be heard, in one phrase.
    @usableFromInline
    static func unobservable(_ keyPath: AnyKeyPath, in type: AnyObject.Type) -> String {
        if KeyPathLayout.components(of: keyPath)?.contains(.optionalForce) == true {
            return "it force-unwraps a link, which would trap while the link is nil; write ? instead of ! and the chain's value is nil while a link is"
        }
        if let offset = StoredProperty.offset(ofAny: keyPath), let field = StoredProperty.field(in: type, at: offset) {
            if !(field.declaredBy is any DynamicObject.Type) {
                return "'\(field.name)' is declared in \(field.declaredBy), which is not @Dynamic, so its sets are not reported; mark \(field.declaredBy) @Dynamic"
            }
            if _getSuperclass(field.declaredBy) is any DynamicObject.Type, !StoredProperty.declaresTrackedStorage(field.declaredBy) {
                return "'\(field.name)' is declared in \(field.declaredBy), a subclass of a @Dynamic class that is not marked @Dynamic itself, so its sets are not reported; mark \(field.declaredBy) @Dynamic too"
            }
            return "'\(field.name)' is marked @DynamicIgnored, so its sets are not reported; remove @DynamicIgnored to bind it as a sender"
        }
        return "it is not a stored property of a @Dynamic class (a computed or wrapped property, or a path through an object that is not @Dynamic), so its changes cannot be heard; bind the stored properties it is computed from"
    }

    /// Why an `@Observable` object's property bound with `Bind.in(observable:_:)` cannot be
    /// heard, in one phrase.
    static var untrackedByObservation: String {
        "reading it reads no property that Observation tracks (one marked @ObservationIgnored, or of a class that is not @Observable), so its changes cannot be heard; bind a property that @Observable tracks"
    }
}
