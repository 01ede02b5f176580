// Layer 4 of Sources/Bindery (Internal → Observable → Control → Lifetime → Convert → Chain →
// Derived, DSL, Interop → List → MVVM → Expression → Debug; a folder names types of the folders
// before it only, checked by Tests/Layers/layers.py). Lifetime: how an object's lifetime registrar
// is found (`LifetimeReader`). Names `Control`, `Observable` and `Internal`.

/// How to find the lifetime registrar of an object of one class: none for a plain class, the
/// object's own for a ``Dynamic()`` class, its event center's for a ``Control``.
///
/// Made once per class and kept for the life of the process (a class's conformances never
/// change while it runs, and classes are never unloaded, so there is one entry per class
/// bound): asking the runtime whether a class conforms is slow next to a bind, and a bind or
/// unbind asks for every object. Found in a `ProcessMemo`.
final class LifetimeReader {
    /// Whether the class is `@Dynamic` (the object's own registrar is its lifetime's).
    let isDynamic: Bool
    /// How many registrar slots an object of the class has (its own and its superclasses'
    /// properties that report sets); 0 for a class that is not `@Dynamic`.
    let slotCount: Int
    /// Reads the registrar of an object of the class; nil for a plain class.
    private let read: ((AnyObject) -> _ChangeRegistrar)?

    private init(isDynamic: Bool, slotCount: Int = 0, read: ((AnyObject) -> _ChangeRegistrar)?) {
        self.isDynamic = isDynamic
        self.slotCount = slotCount
        self.read = read
    }

    /// The registrar of `object`, an object of the class this reader was made for.
    @inline(__always)
    func registrar(of object: AnyObject) -> _ChangeRegistrar? {
        read?(object)
    }

    /// The reader for objects of `type`.
    static func of(_ type: AnyObject.Type) -> LifetimeReader {
        let key: (UInt, UInt) = (UInt(bitPattern: ObjectIdentifier(type)), 1)
        return memo.value(for: key) ?? memo.keep(make(for: type), for: key)
    }

    /// The table (see `ProcessMemo`).
    private static let memo = ProcessMemo<LifetimeReader>(family: .lifetimeReader)

    private static func make(for type: AnyObject.Type) -> LifetimeReader {
        if let dynamic = type as? any DynamicObject.Type { return dynamicReader(dynamic) }
        if let control = type as? any Control.Type { return controlReader(control) }
        return LifetimeReader(isDynamic: false, read: nil)
    }

    private static func dynamicReader<Object: DynamicObject>(_: Object.Type) -> LifetimeReader {
        let slots = Object._$dynamicProperties.reduce(0) { count, property in
            property.slot.map { Swift.max(count, $0 + 1) } ?? count
        }
        return LifetimeReader(isDynamic: true, slotCount: slots) { unsafeDowncast($0, to: Object.self)._$registrar }
    }

    private static func controlReader<Object: Control>(_: Object.Type) -> LifetimeReader {
        LifetimeReader(isDynamic: false) { unsafeDowncast($0, to: Object.self).eventCenter.registrar }
    }
}
