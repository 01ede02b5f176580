import Synchronization

// Layer 7 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Derived: derived values: tracked reads,
// `Derived`, computed properties, timing. Names `Chain` and the layers below.

/// A computed property of a `@Dynamic` object, bound as a sender: a derived value of the
/// object's getter, kept by the object's registrar for as long as the object lives, so that
/// every chain, operator and target-action on the property shares one evaluation per change.
///
/// Its value is sent through slot 0 of a registrar of its own, which the property's endpoints
/// listen to (`RelayKind`); the endpoints read the property through its getter, as
/// any key path is read. An `Equatable` value is sent only when it changed. A property whose
/// getter reads nothing observable is not made one: it stays refused as unobservable.
final class ComputedProperty<Root, Value>: DerivedNode, AnyComputedProperty, @unchecked Sendable {
    // @unchecked: `last` is behind `lock`, `object` is a weak reference (safe to load from any
    // thread), everything else is immutable; the node's state is its own (see `DerivedNode`).
    /// The registrar whose slot 0 sends the property's changes.
    let registrar = _ChangeRegistrar()
    /// The object, held weakly: its own registrar keeps this value.
    private weak var object: AnyObject?
    private let keyPath: KeyPath<Root, Value>
    private let isSame: ((Value, Value) -> Bool)?
    private let lock = Lock()
    /// The value sent last, behind `lock`.
    @exclusivity(unchecked) private var last: Value
    /// How the property's endpoints hear it; one for all of them.
    let kind: RelayKind
    /// The thread (its `ThreadState`'s address) sending the value just evaluated, or 0.
    private let deliveringThread = Atomic<UInt>(0)

    /// Evaluates the getter once, recording its reads; nil if it read nothing observable.
    static func make(_ object: AnyObject, _ keyPath: KeyPath<Root, Value>) -> ComputedProperty? {
        guard let root = object as? Root else { return nil }
        let tracker = ReadTracker()
        let first = tracker.recording { root[keyPath: keyPath] }
        guard !tracker.isEmpty else {
            tracker.finish()
            return nil
        }
        return ComputedProperty(object, keyPath, first: first, tracker: tracker)
    }

    private init(_ object: AnyObject, _ keyPath: KeyPath<Root, Value>, first: Value, tracker: ReadTracker) {
        self.object = object
        self.keyPath = keyPath
        isSame = EquatableTest.of(Value.self)
        last = first
        kind = RelayKind(registrar: registrar)
        super.init(label: EndpointLabel.make(object, keyPath: keyPath, index: nil, events: []), tracker: tracker)
        subscribeToReads()
    }

    override var ownRegistrar: _ChangeRegistrar { registrar }

    var propertyKeyPath: AnyKeyPath { keyPath }

    override func evaluateOnce(_ thread: UnsafeMutablePointer<ThreadState>) {
        guard let root = object as? Root else {
            tracker.finish()
            return
        }
        let value = tracker.recording { root[keyPath: keyPath] }
        subscribeToReads()
        if let isSame, isSame(lock.withLock { last }, value) { return }
        lock.withLock { last = value }
        // The endpoints read what this evaluation made, not the getter again.
        deliveringThread.store(UInt(bitPattern: thread), ordering: .relaxed)
        registrar.didSet(0)
        deliveringThread.store(0, ordering: .relaxed)
    }

    func delivered<Wanted>(as type: Wanted.Type) -> Wanted? {
        guard deliveringThread.load(ordering: .relaxed) == UInt(bitPattern: ThreadState.current) else { return nil }
        let value = lock.withLock { last }
        if Wanted.self == Value.self { return unsafeBitCast(value, to: Wanted.self) }
        return value as? Wanted
    }
}

/// A computed property's derived value, whatever its types: what its object's registrar keeps.
protocol AnyComputedProperty: AnyObject {
    var propertyKeyPath: AnyKeyPath { get }
    var kind: RelayKind { get }
    /// The value being sent, as a `Value`, while its send runs on this thread; nil otherwise.
    func delivered<Value>(as type: Value.Type) -> Value?
}

extension AnyComputedProperty {
    /// `accessors`, reading the value this property's evaluation is sending, while it sends,
    /// instead of running the getter again: one evaluation per set.
    func reading<Value>(through accessors: Accessors<Value>) -> Accessors<Value> {
        guard let read = accessors.read else { return accessors }
        return Accessors(
            keyPath: accessors.keyPath, read: { [weak self] object in self?.delivered(as: Value.self) ?? read(object) },
            write: accessors.write,
            noteChange: accessors.noteChange, isExplicit: accessors.isExplicit, isNegated: accessors.isNegated)
    }
}

/// Finds or makes the derived values of computed properties.
enum ComputedProperties {
    /// How `object`'s computed property at `keyPath` is heard, making its derived value on the
    /// first bind; nil if `keyPath` is not one computed property of `object`'s class, or its
    /// getter reads nothing observable.
    ///
    /// Only a key path of one computed property is one: a path through several objects that
    /// are not all `@Dynamic` (`\.plainSession?.user.name`) would be heard only in part, and a
    /// force-unwrapped link would trap when evaluated while nil; both stay refused, with the
    /// reason (see `Report.Problem.unobservable`).
    static func hearing(for keyPath: AnyKeyPath, of object: some DynamicObject) -> (hearing: Hearing, property: any AnyComputedProperty)? {
        /// The computed property at `keyPath` that `registrar` keeps, if it keeps one. Lock held.
        func keptProperty(_ keyPath: AnyKeyPath, of registrar: _ChangeRegistrar) -> (any AnyComputedProperty)? {
            registrar.keptSenders.first { $0.keyPath == keyPath }.flatMap { $0.sender as? any AnyComputedProperty }
        }
        guard let components = KeyPathLayout.components(of: keyPath), components.count == 1,
              case .computed = components[0],
              let opened = keyPath as? any ComputedKeyPath
        else { return nil }
        let registrar = object._$registrar
        if let found = GraphLock.shared.locked({ keptProperty(keyPath, of: registrar) }) {
            return (.kind(found.kind), found)
        }
        // Evaluated outside the lock: the getter is the user's code.
        guard let made = opened.computedProperty(of: object) else { return nil }
        let kept = GraphLock.shared.locked { () -> any AnyComputedProperty in
            if let raced = keptProperty(keyPath, of: registrar) { return raced }
            registrar.keptSenders.append((keyPath, made))
            return made
        }
        return (.kind(kept.kind), kept)
    }
}

/// A key path opened to its types, to make a computed property's derived value.
protocol ComputedKeyPath {
    func computedProperty(of object: AnyObject) -> (any AnyComputedProperty)?
}

extension KeyPath: ComputedKeyPath {
    func computedProperty(of object: AnyObject) -> (any AnyComputedProperty)? {
        ComputedProperty<Root, Value>.make(object, self)
    }
}
