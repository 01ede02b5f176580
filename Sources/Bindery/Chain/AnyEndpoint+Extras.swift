extension AnyEndpoint {
    /// What only some endpoints need: a kind that hears under the lock (a route), an array index, a weak reference, listening
    /// to several slots, or to a first slot on another registrar than its lifetime's. Made
    /// with the endpoint when it needs any of them.
    final class Extras {
        /// The object, when the endpoint holds it weakly.
        weak var weakTarget: AnyObject?
        /// The object's type, when the endpoint holds it weakly (see `objectType`).
        let objectType: AnyObject.Type?
        /// The endpoint's kind, when it hears every change under the lock (a route).
        let kind: (any EndpointKind)?
        /// The array element the endpoint stands for.
        let index: Int?
        /// The control events the endpoint hears, when they are several (one is kept in the
        /// record, see `EndpointRecord.events`).
        let events: ControlEvents
        /// The object, kept alive by the endpoint: a derived value that sends into the chain
        /// lives as long as the chain holds this endpoint (see `_ChangeRegistrar.keepsSendersObject`).
        /// Let go of (to the graveyard) when the endpoint leaves the graph, whoever still holds
        /// the endpoint (a handle). Guarded by the graph lock.
        @exclusivity(unchecked) var keptObject: AnyObject?
        /// The slots listened to after the first (all of them when the first is not on the
        /// endpoint's `registrar`). Guarded by the graph lock.
        @exclusivity(unchecked) var moreSubscriptions: [Subscription] = []
        /// The declarations after the first that declared the endpoint (see
        /// `AnyEndpoint.declarations`). Guarded by the graph lock.
        @exclusivity(unchecked) var moreDeclarations: [Declaration] = []

        init(
            weakTarget: AnyObject?, objectType: AnyObject.Type?, kind: (any EndpointKind)?, index: Int?, keptObject: AnyObject? = nil,
            events: ControlEvents = []
        ) {
            self.weakTarget = weakTarget
            self.objectType = objectType
            self.kind = kind
            self.index = index
            self.keptObject = keptObject
            self.events = events.rawValue.nonzeroBitCount > 1 ? events : []
        }
    }
}
