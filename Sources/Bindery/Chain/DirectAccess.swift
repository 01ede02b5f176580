/// Finds the direct accessors ``Dynamic()`` generated for a property.
@usableFromInline
enum DirectAccess {
    /// The accessors of `object`'s property at `keyPath`, if `object` is a `@Dynamic` object
    /// whose table has them for exactly these types. Bind time only.
    ///
    /// The table is `Root`'s, the key path's root: a subclass's table lists the inherited
    /// properties too, with key paths rooted at the subclass, so `\Sub.inherited` is found
    /// in `Sub`'s table and `\Base.property` in `Base`'s, whatever the object's class.
    ///
    /// The accessor is cast to the key path's types once per key path and class: a key path is
    /// one object of one type, so once a cast has succeeded the accessor is known to have them,
    /// and later binds skip the cast (which looks the types' metadata up at run time).
    @usableFromInline
    static func accessor<Root: AnyObject, Property>(
        of object: Root, _ keyPath: KeyPath<Root, Property>, _: Property.Type
    ) -> _PropertyAccessor<Root, Property>? {
        let objectType = Swift.type(of: object)
        if let known = KeyPathEntries.shared.accessor(for: keyPath, ofObjectOf: objectType) {
            guard let accessor = known.accessor else { return nil }
            if known.isTyped { return unsafeDowncast(accessor, to: _PropertyAccessor<Root, Property>.self) }
        }
        guard let typed = _DynamicProperty.entry(for: keyPath, ofObjectOf: objectType)?.accessor as? _PropertyAccessor<Root, Property> else {
            return nil
        }
        KeyPathEntries.shared.accessorTyped(for: keyPath, ofObjectOf: objectType)
        return typed
    }

    /// The shared accessors (an `Accessors<chainType>`) a chain of type `chainType` used on
    /// the same property of an object of `object`'s class before, in `variant` (see
    /// `SharedAccessors.variant`): found in the one lookup that remembers the key path's entry.
    /// Bind time only. Untyped, so that it runs no generic code: the caller downcasts.
    @usableFromInline
    static func rememberedAccessors(of object: AnyObject, _ keyPath: AnyKeyPath, chainType: Any.Type, variant: UInt) -> AnyObject? {
        KeyPathEntries.shared.sharedAccessors(for: keyPath, ofObjectOf: Swift.type(of: object), chainType: chainType, variant: variant)
    }

    /// Remembers `accessors` (an `Accessors<chainType>`), if they are shared ones, made for
    /// `keyPath` on `object`'s class in `variant`, for
    /// `rememberedAccessors(of:_:chainType:variant:)`.
    @usableFromInline
    static func remember(_ accessors: AnyObject, isShared: Bool, of object: AnyObject, _ keyPath: AnyKeyPath, chainType: Any.Type, variant: UInt) {
        guard isShared else { return }
        KeyPathEntries.shared.rememberSharedAccessors(
            accessors, for: keyPath, ofObjectOf: Swift.type(of: object), chainType: chainType, variant: variant)
    }

    /// Runs `read`, a read through a key path that calls getters (a property with no direct
    /// accessors, a key path across several objects), as Bindery's own: it gives no `@Dynamic`
    /// object an `ObservationRegistrar` (see `_ChangeRegistrar.access(_:keyPath:)`).
    @usableFromInline
    static func readingUntracked<Result>(_ read: () -> Result) -> Result {
        ThreadState.readingUntracked(read)
    }
}
