internal import BinderyRuntime
#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// An object referenced without a weak reference and without keeping it alive: the way an
/// endpoint holds a `@Dynamic` object.
///
/// A weak reference gives its object a side table, which slows every retain and release of
/// the object for the rest of its life, in the application too. This reference instead holds
/// an unowned count, which keeps the object's memory (not the object) allocated, and forms a
/// strong reference only with the runtime's `swift_tryRetain` (declared in C in the
/// `BinderyRuntime` target), which fails once the object has begun to deinitialise. So
/// Bindery never uses an object that is deinitialising on another thread, and never retains
/// one (the runtime traps when a deinitialised object is freed with a strong reference
/// outstanding).
///
/// Only for native Swift objects; `isSupported(for:)` says which.
struct UnownedObject {
    /// The object, unretained. Dereferenced only through `retainIfAlive()` or by a caller that
    /// knows the object is alive.
    let reference: Unmanaged<AnyObject>
    /// Keeps the object's memory allocated while this reference exists. Never read.
    private unowned let keeper: AnyObject

    init(_ object: AnyObject) {
        reference = Unmanaged.passUnretained(object)
        keeper = object
    }

    /// A strong reference to the object, or nil once it has begun to deinitialise.
    @inline(__always)
    func retainIfAlive() -> AnyObject? {
        guard let retained = bindery_try_retain(reference.toOpaque()) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    }

    /// Whether `object` can be referenced this way: a native Swift object (an Objective-C
    /// object's reference count is not the runtime's to try).
    static func isSupported(for object: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
        return !(object is NSObject)
        #else
        return true
        #endif
    }
}
