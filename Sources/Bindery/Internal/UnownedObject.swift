internal import BinderyRuntime
#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// How an endpoint holds a `@Dynamic` object: neither retained nor weakly referenced.
///
/// A weak reference gives its object a side table, which slows every retain and release of
/// the object for the rest of its life, in the application too. An endpoint instead holds an
/// unowned reference, which keeps the object's memory (not the object) allocated, and forms a
/// strong reference only with the runtime's `swift_tryRetain` (declared in C in the
/// `BinderyRuntime` target), which fails once the object has begun to deinitialise. So
/// Bindery never uses an object that is deinitialising on another thread, and never retains
/// one (the runtime traps when a deinitialised object is freed with a strong reference
/// outstanding).
enum UnownedObject {
    /// A strong reference to `object`, or nil once it has begun to deinitialise.
    ///
    /// - Parameter object: A native Swift object whose memory an unowned reference keeps.
    @inline(__always)
    static func retainIfAlive(_ object: Unmanaged<AnyObject>) -> AnyObject? {
        guard let retained = bindery_try_retain(object.toOpaque()) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    }

    /// Whether `object` has not begun to deinitialise, without retaining it: a check that
    /// forms no strong reference, so no deinit can follow from it.
    ///
    /// - Parameter object: A native Swift object whose memory an unowned reference keeps.
    @inline(__always)
    static func isAlive(_ object: Unmanaged<AnyObject>) -> Bool {
        !bindery_is_deallocating(object.toOpaque())
    }

    /// Keeps `object`'s memory (not the object) allocated until ``releaseMemory(of:)``, as an
    /// `unowned` reference does, so that ``retainIfAlive(_:)`` and ``isAlive(_:)`` can be asked
    /// after the object has gone. Held this way, an address is never another object's.
    ///
    /// - Parameter object: A native Swift object (see ``isSupported(for:)``), alive.
    @inline(__always)
    static func keepMemory(of object: Unmanaged<AnyObject>) {
        bindery_unowned_retain(object.toOpaque())
    }

    /// Lets go of the memory ``keepMemory(of:)`` kept: once for each time it was kept.
    @inline(__always)
    static func releaseMemory(of object: Unmanaged<AnyObject>) {
        bindery_unowned_release(object.toOpaque())
    }

    /// The class of `object`, read from its header: the first word of a native Swift object is
    /// its class's metadata, and it stays as it was while the object's memory is kept (see
    /// ``keepMemory(of:)``), after the object has deinitialised too.
    ///
    /// - Parameter object: A native Swift object whose memory is kept.
    static func type(of object: Unmanaged<AnyObject>) -> AnyObject.Type {
        let metadata = UnsafeRawPointer(object.toOpaque()).load(as: UnsafeRawPointer.self)
        return unsafeBitCast(metadata, to: AnyObject.Type.self)
    }

    /// Whether `object` can be held this way: a native Swift object (an Objective-C object's
    /// reference count is not the Swift runtime's to try).
    static func isSupported(for object: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
        return !(object is NSObject)
        #else
        return true
        #endif
    }
}
