/// Key paths into generic classes (`\Dynamic<Value>.value`, `\DynamicList<Element>.count`),
/// made once per class and property.
///
/// A key path literal into a generic class is instantiated anew at each use: the runtime
/// demangles its generic arguments and builds the object, several thousand instructions. A
/// read of a box or a list hands its key path to Observation, and a derived value's first read
/// records it, so the key paths of the generic classes come from here: one dictionary lookup
/// under a lock.
enum KeyPathCache {
    private struct Key: Hashable {
        let root: ObjectIdentifier
        let property: Int
    }

    private nonisolated(unsafe) static var made: [Key: AnyKeyPath] = [:]
    // `made` is behind `lock`.
    private static let lock = Lock()

    /// The key path `make` makes, made the first time `Root`'s property number `property` is
    /// asked for.
    static func keyPath<Root, Value>(_ property: Int, of root: Root.Type, _ make: () -> KeyPath<Root, Value>) -> KeyPath<Root, Value> {
        let key = Key(root: ObjectIdentifier(root), property: property)
        if let found = lock.withLock({ made[key] }) {
            return unsafeDowncast(found, to: KeyPath<Root, Value>.self)
        }
        let keyPath = make()
        lock.withLock { made[key] = keyPath }
        return keyPath
    }
}
