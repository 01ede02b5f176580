/// Property tables that ``Dynamic()`` cannot keep in a `static let`: those of a generic class,
/// of a class that can be subclassed (its table is built for each subclass, with key paths
/// rooted at that subclass), and of a class isolated to the main actor.
///
/// Each table is built once per class, the first time Bindery asks for it (when an object of
/// the class is bound), and kept for the life of the process: one small array per class, never
/// per object. Building runs no user code.
extension _DynamicProperty {
    /// The table of `type`, built by `build` the first time and kept. Not API: called by code
    /// that ``Dynamic()`` generates.
    ///
    /// - Parameters:
    ///   - type: The class the table lists, as the caller sees it (`Self.self`): a subclass
    ///     gets its own table, rooted at the subclass.
    ///   - declaringClass: The class whose `@Dynamic` wrote the call: a superclass's part of a
    ///     subclass's table is kept apart from the whole.
    ///   - build: Builds the table. Called without any lock held, on the calling thread.
    /// - Returns: The table.
    public static func table(
        of type: AnyObject.Type,
        declaredBy declaringClass: AnyObject.Type,
        _ build: () -> [_DynamicProperty]
    ) -> [_DynamicProperty] {
        let id = DynamicTableCache.Key(type, declaringClass)
        if let table = DynamicTableCache.shared.table(for: id) { return table }
        return DynamicTableCache.shared.keep(build(), for: id)
    }

    /// The table of `type`, a class isolated to the main actor, built on the main actor the
    /// first time and kept. Not API: called by code that ``Dynamic()`` generates.
    ///
    /// Swift forms a key path to a main-actor-isolated property only on the main actor. So the
    /// table is built there, checked by `MainActor.assumeIsolated`: when Bindery first needs it
    /// on the main actor, which is where code that names the class's key paths runs. Asked for
    /// elsewhere before that, it is empty (nothing of the class can be bound there) and is
    /// built again the next time.
    ///
    /// - Parameters:
    ///   - type: The class the table lists, as the caller sees it (`Self.self`).
    ///   - declaringClass: The class whose `@Dynamic` wrote the call.
    ///   - build: Builds the table; it forms key paths and closures and touches no property.
    /// - Returns: The table, or an empty one off the main actor before it was first built.
    public static func table(
        of type: AnyObject.Type,
        declaredBy declaringClass: AnyObject.Type,
        onMainActor build: @MainActor () -> [_DynamicProperty]
    ) -> [_DynamicProperty] {
        let id = DynamicTableCache.Key(type, declaringClass)
        if let table = DynamicTableCache.shared.table(for: id) { return table }
        guard MainQueue.isCurrent else { return [] }
        return DynamicTableCache.shared.keep(MainActor.assumeIsolated(build), for: id)
    }
}

/// The property tables built so far, by class.
final class DynamicTableCache: @unchecked Sendable {
    // @unchecked: `tables` is read and written only with `lock` held.
    static let shared = DynamicTableCache()

    private let lock = Lock()
    private var tables: [Key: [_DynamicProperty]] = [:]

    /// A class, and the class (itself or a superclass) whose part of its table is meant.
    struct Key: Hashable {
        let type: ObjectIdentifier
        let declaringClass: ObjectIdentifier

        init(_ type: AnyObject.Type, _ declaringClass: AnyObject.Type) {
            self.type = ObjectIdentifier(type)
            self.declaringClass = ObjectIdentifier(declaringClass)
        }
    }

    func table(for id: Key) -> [_DynamicProperty]? {
        lock.withLock { tables[id] }
    }

    /// Keeps `table` unless another thread kept one first; returns the one kept.
    func keep(_ table: [_DynamicProperty], for id: Key) -> [_DynamicProperty] {
        lock.withLock {
            if let kept = tables[id] { return kept }
            tables[id] = table
            return table
        }
    }
}
