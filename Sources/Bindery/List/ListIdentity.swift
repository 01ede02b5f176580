// How list elements are told apart: the one place that chooses an element's identity, for the
// diffs of `ListChange(from:to:)`, of a chain's list receivers (`Chain.out(_:)`, `~>`) and of a
// `DynamicList` whose whole `elements` is set.
//
// - `Identifiable` elements (objects too): by `id`; an element that stays with a different
//   value (when `Equatable`) is an update.
// - Other objects: by identity (`===`); an object that stays is never an update.
// - Anything, with an `id` closure (`id: \.self` for `Hashable` values): by what it returns,
//   with updates as for `Identifiable`.

extension ListDiff where Element: Identifiable, Key == Element.ID {
    /// Elements told apart by `id`; one that stays with a different value is an update.
    @inlinable
    static var byID: ListDiff { ListDiff(key: { $0.id }, isSame: EquatableTest.of(Element.self)) }
}

extension ListDiff where Element: AnyObject, Key == ObjectIdentifier {
    /// Objects told apart by identity; one that stays is never an update.
    @inlinable
    static var byObject: ListDiff { ListDiff(key: { ObjectIdentifier($0) }, isSame: nil) }
}

extension ListDiff {
    /// Elements told apart by `id(element)`; one that stays with a different value is an
    /// update.
    @inlinable
    static func by(_ id: @escaping (Element) -> Key) -> ListDiff { ListDiff(key: id, isSame: EquatableTest.of(Element.self)) }
}

/// The same choice for a type known only at run time, for a list that must diff two snapshots
/// without a static identity (a ``DynamicList`` whose whole `elements` is set):
/// `Identifiable.id`, then object identity, then the value itself for `Hashable` elements.
enum ListIdentity {
    /// The steps between two lists of `Element`s, or nil when they cannot be told apart (a
    /// change is then a reset). Asks the runtime once; the diff it returns is not specialised
    /// for `Element`, which a whole-list assignment can afford.
    static func diff<Element>(for type: Element.Type) -> (([Element], [Element]) -> [ListChange<Element>.Step])? {
        if let identifiable = type as? any Identifiable.Type {
            return identified(identifiable, as: type)
        }
        if type is AnyObject.Type {
            // As `ListDiff.byObject`, for a type not known to be a class here.
            let diff = ListDiff<Element, ObjectIdentifier>(key: { ObjectIdentifier($0 as AnyObject) }, isSame: nil)
            return { diff.steps(from: $0, to: $1).steps }
        }
        if let hashable = type as? any Hashable.Type {
            return hashed(hashable, as: type)
        }
        return nil
    }

    /// `ListDiff.byID` for `Opened`, which is `Element`.
    private static func identified<Opened: Identifiable, Element>(
        _: Opened.Type, as _: Element.Type
    ) -> ([Element], [Element]) -> [ListChange<Element>.Step] {
        reinterpreted(ListDiff<Opened, Opened.ID>.byID, as: Element.self)
    }

    /// `ListDiff.by(_:)` with the value itself for `Opened`, which is `Element`.
    private static func hashed<Opened: Hashable, Element>(
        _: Opened.Type, as _: Element.Type
    ) -> ([Element], [Element]) -> [ListChange<Element>.Step] {
        reinterpreted(ListDiff<Opened, Opened>.by { $0 }, as: Element.self)
    }

    /// `diff`, whose elements are of `Element`'s type under another name (an opened type): the
    /// casts reinterpret nothing.
    private static func reinterpreted<Opened, Key, Element>(
        _ diff: ListDiff<Opened, Key>, as _: Element.Type
    ) -> ([Element], [Element]) -> [ListChange<Element>.Step] {
        { old, new in
            let steps = diff.steps(from: unsafeBitCast(old, to: [Opened].self), to: unsafeBitCast(new, to: [Opened].self)).steps
            return unsafeBitCast(steps, to: [ListChange<Element>.Step].self)
        }
    }
}
