import Synchronization

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
    @exclusivity(unchecked) private var tables: [Key: [_DynamicProperty]] = [:]

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

extension _DynamicProperty {
    /// The entry for `keyPath` of an object of class `objectType`, looked up in the table of
    /// the key path's root type, which may be a superclass or a subclass of the object's class
    /// (`\Sub.inherited`, `\Base.property` on a subclass object), else in the table of the
    /// object's class; nil when neither class is `@Dynamic` or the table lists no such key path.
    ///
    /// Key paths are compared with `==`, which reads both paths' components, and asking the
    /// runtime whether a class is `@Dynamic` is a conformance check: both are slow next to a
    /// bind. So an answer is remembered by the key path's identity and the class (a key
    /// path literal is one object for the life of the process): binding the same property
    /// again compares no key path and asks no conformance. An entry found is remembered, and so
    /// is "neither class is `@Dynamic`", which never changes; a key path missing from a table
    /// is not (a main-actor class's table is empty until it is built on the main actor).
    static func entry(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> _DynamicProperty? {
        if let known = KeyPathEntries.shared.entry(for: keyPath, ofObjectOf: objectType) { return known }
        guard let type = tableType(for: keyPath, ofObjectOf: objectType) else {
            KeyPathEntries.shared.remember(nil, for: keyPath, ofObjectOf: objectType)
            return nil
        }
        guard let entry = type._$dynamicProperties.first(where: { $0.keyPath == keyPath }) else { return nil }
        KeyPathEntries.shared.remember(entry, for: keyPath, ofObjectOf: objectType)
        return entry
    }

    /// The registrar slot of the entry for `keyPath` (see `entry(for:ofObjectOf:)`): nil when
    /// there is no entry or the entry is a computed property (heard through its getter's
    /// reads), `.some(nil)` for a `let`. A remembered answer is read without copying the entry
    /// out.
    static func slot(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> Int?? {
        if let known = KeyPathEntries.shared.slot(for: keyPath, ofObjectOf: objectType) { return known }
        return entry(for: keyPath, ofObjectOf: objectType).flatMap(\.heardSlot)
    }

    /// The slot that hears the property: `.some(slot)` for a stored `var`, `.some(nil)` for a
    /// `let`, nil for a computed property.
    var heardSlot: Int?? { isComputed ? nil : .some(slot) }

    /// The class whose table lists `keyPath` for an object of class `objectType` (see
    /// `entry(for:ofObjectOf:)`), or nil when neither is `@Dynamic`.
    static func tableType(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> (any DynamicObject.Type)? {
        Swift.type(of: keyPath).rootType as? any DynamicObject.Type ?? objectType as? any DynamicObject.Type
    }
}

/// The entries found for key paths, by the key path's identity and the object's class.
final class KeyPathEntries: Sendable {
    static let shared = KeyPathEntries()

    /// One remembered answer. A class, so that looking it up copies one reference, not the
    /// entry's fields. It keeps its key path, so that no other key path can take its address.
    private final class Answer {
        let entry: _DynamicProperty?
        let keyPath: AnyKeyPath
        /// Whether the entry's accessor was found to have the types of the key path, which a
        /// key path (one object, of one type) fixes: later lookups skip the cast, whose type
        /// metadata is slow to find. Atomic: a thread's memo reads it
        /// without the lock (relaxed: it says something of the key path, which never changes).
        let isAccessorTyped = Atomic<Bool>(false)
        /// The shared accessors a chain uses on the property, by variant (see
        /// `SharedAccessors.variant`), for the first chain type bound in that variant: a bind of
        /// the same property in the same type again finds them here, in the lookup that finds
        /// the entry, instead of in three or four (the entry's generated accessor, the stored
        /// offset, the shared accessors' memo, their conversion's). For each variant, the chain
        /// type's identity (set once, by the one thread that then sets the accessors) and the
        /// address of what `SharedAccessors` keeps for the life of the process (so it is not
        /// retained here), or 0; the address is set with release ordering and read with acquire.
        let type0 = Atomic<UInt>(0), accessors0 = Atomic<UInt>(0)
        let type1 = Atomic<UInt>(0), accessors1 = Atomic<UInt>(0)
        let type2 = Atomic<UInt>(0), accessors2 = Atomic<UInt>(0)
        let type3 = Atomic<UInt>(0), accessors3 = Atomic<UInt>(0)

        init(_ entry: _DynamicProperty?, _ keyPath: AnyKeyPath) {
            self.entry = entry
            self.keyPath = keyPath
        }
    }

    /// Key paths made at run time (`appending`) are new objects each time: past 4,096
    /// entries the memo starts again, so it never grows without bound.
    private let answers = ProcessMemo<Answer>(family: .keyPathAnswer, limit: 4096)

    /// Lends the answer remembered for `keyPath` and `objectType` to `read`; nil when there is
    /// none. Each lookup copies out only what its caller needs.
    private func withAnswer<Result>(
        for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type, _ read: (Answer) -> Result
    ) -> Result? {
        answers.withValue(for: Self.key(keyPath, objectType), read)
    }

    /// The remembered answer: `.some(nil)` when neither class is `@Dynamic`; nil when there is
    /// none.
    func entry(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> _DynamicProperty?? {
        withAnswer(for: keyPath, ofObjectOf: objectType) { $0.entry }
    }

    /// The slot of the remembered entry (see `_DynamicProperty.heardSlot`): `.some(nil)` for a
    /// `let`; nil when no entry is remembered (no answer yet, or the answer that there is none),
    /// which `entry(for:ofObjectOf:)` then tells apart, and for a computed property.
    func slot(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> Int?? {
        withAnswer(for: keyPath, ofObjectOf: objectType) { $0.entry.flatMap(\.heardSlot) } ?? nil
    }

    /// The remembered answer's accessor (nil when neither class is `@Dynamic`, or the entry
    /// has none), and whether it is known to have the key path's types (see
    /// `accessorTyped(for:ofObjectOf:)`); nil when there is no answer.
    func accessor(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) -> (accessor: AnyObject?, isTyped: Bool)? {
        withAnswer(for: keyPath, ofObjectOf: objectType) { ($0.entry?.accessor, $0.isAccessorTyped.load(ordering: .relaxed)) }
    }

    /// Records that the accessor remembered for `keyPath` and `objectType` has the key path's
    /// types: a cast of it to them succeeded.
    func accessorTyped(for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) {
        _ = withAnswer(for: keyPath, ofObjectOf: objectType) { $0.isAccessorTyped.store(true, ordering: .relaxed) }
    }

    /// The shared accessors remembered for `keyPath` on objects of `objectType` in `variant`
    /// (see `SharedAccessors.variant`) for chains of type `chainType`, if a bind made them
    /// before.
    func sharedAccessors(
        for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type, chainType: Any.Type, variant: UInt
    ) -> AnyObject? {
        let type = UInt(bitPattern: ObjectIdentifier(chainType))
        let address = withAnswer(for: keyPath, ofObjectOf: objectType) { answer -> UInt in
            switch variant & 3 {
            case 0: Self.load(answer.type0, answer.accessors0, type)
            case 1: Self.load(answer.type1, answer.accessors1, type)
            case 2: Self.load(answer.type2, answer.accessors2, type)
            default: Self.load(answer.type3, answer.accessors3, type)
            }
        }
        guard let address, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Remembers `accessors`, the shared accessors of `keyPath` on objects of `objectType` in
    /// `variant` for chains of type `chainType`, when there is an answer to keep them in (there
    /// is none for a key path missing from its class's table: the next bind finds them the long
    /// way again) and no other chain type was remembered for the variant first. `accessors`
    /// must be kept for the life of the process, as `SharedAccessors` keeps what it makes.
    func rememberSharedAccessors(
        _ accessors: AnyObject, for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type, chainType: Any.Type,
        variant: UInt
    ) {
        let type = UInt(bitPattern: ObjectIdentifier(chainType))
        let address = UInt(bitPattern: Unmanaged.passUnretained(accessors).toOpaque())
        _ = withAnswer(for: keyPath, ofObjectOf: objectType) { answer in
            switch variant & 3 {
            case 0: Self.store(answer.type0, answer.accessors0, type, address)
            case 1: Self.store(answer.type1, answer.accessors1, type, address)
            case 2: Self.store(answer.type2, answer.accessors2, type, address)
            default: Self.store(answer.type3, answer.accessors3, type, address)
            }
        }
    }

    /// The accessors' address kept in one variant's pair for chains of `type`, or 0.
    @inline(__always)
    private static func load(_ kept: borrowing Atomic<UInt>, _ accessors: borrowing Atomic<UInt>, _ type: UInt) -> UInt {
        let address = accessors.load(ordering: .acquiring)
        return address != 0 && kept.load(ordering: .relaxed) == type ? address : 0
    }

    /// Keeps `address` in one variant's pair for chains of `type`, unless another type was
    /// first: the one thread that sets the type sets the address.
    @inline(__always)
    private static func store(_ kept: borrowing Atomic<UInt>, _ accessors: borrowing Atomic<UInt>, _ type: UInt, _ address: UInt) {
        guard kept.compareExchange(expected: 0, desired: type, ordering: .relaxed).exchanged else { return }
        accessors.store(address, ordering: .releasing)
    }

    /// Remembers the answer for `keyPath` and `objectType`, keeping the key path.
    func remember(_ entry: _DynamicProperty?, for keyPath: AnyKeyPath, ofObjectOf objectType: AnyObject.Type) {
        _ = answers.keep(Answer(entry, keyPath), for: Self.key(keyPath, objectType))
    }

    private static func key(_ keyPath: AnyKeyPath, _ objectType: AnyObject.Type) -> (UInt, UInt) {
        (UInt(bitPattern: ObjectIdentifier(keyPath)), UInt(bitPattern: ObjectIdentifier(objectType)))
    }
}
