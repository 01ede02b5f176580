extension EndpointSpec {
    /// Makes this endpoint hear `object`'s changes of its key path.
    @usableFromInline
    mutating func observe(_ object: some DynamicObject) {
        if let hearing = DynamicRoute.hearing(for: keyPath, of: object) {
            self.hearing = hearing
        } else if let found = ComputedProperties.hearing(for: keyPath, of: object) {
            hearing = found.hearing
            accessors = found.property.reading(through: accessors)
        } else if problem == nil {
            problem = Report.Problem.unobservable(keyPath, in: type(of: object)) { $0 is any DynamicObject.Type }
        }
    }
}
