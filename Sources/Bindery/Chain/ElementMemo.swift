/// The last value an array-element endpoint passed on. Touched only by its chain's owner.
@usableFromInline
final class ElementMemo<Element: Equatable>: @unchecked Sendable {
    // @unchecked: used only by the owning thread of one chain at a time.
    private var last: Element?

    @usableFromInline
    init(_ element: Element?) {
        last = element
    }

    /// Records `element`; false when it equals the last one recorded.
    @usableFromInline
    func note(_ element: Element) -> Bool {
        if last == element { return false }
        last = element
        return true
    }

    /// Records `element`, written by the chain.
    @usableFromInline
    func record(_ element: Element) {
        last = element
    }
}
