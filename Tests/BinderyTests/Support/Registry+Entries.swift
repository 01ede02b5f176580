@testable import Bindery

/// What the tests ask the registry: the endpoints it lists for an object. The library itself
/// only visits them in place (`forEachEndpointLocked`, `containsEndpointLocked`).
extension Registry {
    /// The endpoints of `object`, read off its list as they are visited (nothing is
    /// allocated); entries of an earlier object at the same address are dropped first. Lock
    /// held.
    ///
    /// - Parameter lifetime: `object`'s registrar, found before the lock was taken
    ///   (`lifetimeRegistrar(of:)`), whose members are the object's endpoints; nil for an
    ///   object without one, whose endpoints are in the index, in the order they were bound.
    func entriesLocked(of object: AnyObject, lifetime: _ChangeRegistrar?) -> some Sequence<EndpointName> {
        entries(from: listLocked(of: object, lifetime: lifetime))
    }

    /// The index's entries at an object's address (an object without a registrar), in the
    /// order they were bound; the object may have gone. Lock held.
    func indexedEntriesLocked(of id: ObjectIdentifier) -> some Sequence<EndpointName> {
        entries(from: state.byObject[id])
    }
}
