/// How elements of a type known only at run time are told apart, for a list that must diff
/// two snapshots without a static identity (a ``DynamicList`` whose whole `elements` is set):
/// `Identifiable.id`, then object identity, then the value itself for `Hashable` elements.
enum ListIdentity {
    /// The steps between two lists of `Element`s, or nil when they cannot be told apart (a
    /// change is then a reset). Asks the runtime once; the diff it returns is not specialised
    /// for `Element`, which a whole-list assignment can afford.
    static func diff<Element>(for type: Element.Type) -> (([Element], [Element]) -> [ListChange<Element>.Step])? {
        let isSame = EquatableTest.of(type)
        if let identifiable = type as? any Identifiable.Type {
            return identified(identifiable, as: type, isSame: isSame)
        }
        if type is AnyObject.Type {
            let diff = ListDiff<Element, ObjectIdentifier>(key: { ObjectIdentifier($0 as AnyObject) }, isSame: nil)
            return { diff.steps(from: $0, to: $1).steps }
        }
        if let hashable = type as? any Hashable.Type {
            return hashed(hashable, as: type, isSame: isSame)
        }
        return nil
    }

    /// The diff by `id` of `Opened`, which is `Element`.
    private static func identified<Opened: Identifiable, Element>(
        _: Opened.Type, as _: Element.Type, isSame: ((Element, Element) -> Bool)?
    ) -> ([Element], [Element]) -> [ListChange<Element>.Step] {
        // `Opened` and `Element` are one type: the cast reinterprets nothing.
        let diff = ListDiff<Element, Opened.ID>(key: { unsafeBitCast($0, to: Opened.self).id }, isSame: isSame)
        return { diff.steps(from: $0, to: $1).steps }
    }

    /// The diff by value of `Opened`, which is `Element`.
    private static func hashed<Opened: Hashable, Element>(
        _: Opened.Type, as _: Element.Type, isSame: ((Element, Element) -> Bool)?
    ) -> ([Element], [Element]) -> [ListChange<Element>.Step] {
        let diff = ListDiff<Element, Opened>(key: { unsafeBitCast($0, to: Opened.self) }, isSame: isSame)
        return { diff.steps(from: $0, to: $1).steps }
    }
}
