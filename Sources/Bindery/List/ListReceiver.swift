/// A view that shows a list and updates it row by row: bound to an array, it gets each change
/// as the steps from what it shows to the new list.
///
/// Bind one to any array a chain carries (a `@Dynamic` array property, a ``DynamicList``, a
/// derived list); a receiver's first change is a reset to the whole list:
///
/// ```swift
/// final class TodoView: ListReceiver {
///     var rows: [Todo] = []
///     func apply(_ change: ListChange<Todo>) {
///         change.apply(to: &rows)              // or insert, remove and move rows step by step
///     }
/// }
/// Bind.in(list, \.items).out(todoView)
/// ```
///
/// **Retention.** The chain holds the receiver weakly; once it is gone, its binding ends at the
/// next change.
///
/// **Threads.** ``apply(_:)`` runs on the main actor when the binding is declared from
/// main-actor code (a `@MainActor` class conforms with `@MainActor ListReceiver`), otherwise on
/// the thread that changed the list. Either way the changes come one at a time, in the order the
/// list changed, whichever threads changed it, and no Bindery lock is held while the receiver
/// applies one. The steps are computed on the thread that changed the list.
public protocol ListReceiver: AnyObject {
    /// What the list holds.
    associatedtype Element

    /// Applies one change: its steps, in order, turn the list the receiver shows into
    /// `change.elements` (see ``ListChange``).
    ///
    /// - Parameter change: The change.
    func apply(_ change: ListChange<Element>)
}
