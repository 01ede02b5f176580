// The one-way operators with a list receiver on the right: `~>` and `!~>`.

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// told apart by their `id`: the receiver gets the whole list now, then each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (list, \.items) ~> todoView
/// ```
@inlinable @discardableResult
public func ~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: Identifiable {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: true, delivery: Delivery.automatic.resolvedForCurrentThread())
}

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// told apart by object identity: the receiver gets the whole list now, then each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (store, \.models) ~> historyView
/// ```
@inlinable @discardableResult
public func ~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: AnyObject {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: true, delivery: Delivery.automatic.resolvedForCurrentThread())
}

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// objects told apart by their `id`: the receiver gets the whole list now, then each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (store, \.rows) ~> rowsView
/// ```
@inlinable @discardableResult
public func ~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: AnyObject & Identifiable {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: true, delivery: Delivery.automatic.resolvedForCurrentThread())
}

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// told apart by their `id`: the receiver is taken to show the list already (no initial value), and gets each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (list, \.items) !~> todoView
/// ```
@inlinable @discardableResult
public func !~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: Identifiable {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: false, delivery: Delivery.automatic.resolvedForCurrentThread())
}

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// told apart by object identity: the receiver is taken to show the list already (no initial value), and gets each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (store, \.models) !~> historyView
/// ```
@inlinable @discardableResult
public func !~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: AnyObject {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: false, delivery: Delivery.automatic.resolvedForCurrentThread())
}

/// Binds a `@Dynamic` object's array property (left) to a list receiver (right), elements
/// objects told apart by their `id`: the receiver is taken to show the list already (no initial value), and gets each change as steps (see ``ListReceiver``).
///
/// Neither object is retained. Declared on the main thread, the receiver applies changes only on
/// the main actor; elsewhere, on the thread that made the change.
///
/// - Parameters:
///   - lhs: The object and its array property.
///   - rhs: The list receiver.
/// - Returns: The chain, to continue or unbind.
///
/// ```swift
/// (store, \.rows) !~> rowsView
/// ```
@inlinable @discardableResult
public func !~> <Root: DynamicObject, Receiver: ListReceiver>(
    lhs: (Root, KeyPath<Root, [Receiver.Element]>), rhs: Receiver
) -> Chain<[Receiver.Element]> where Receiver.Element: AnyObject & Identifiable {
    Bind.in(lhs.0, lhs.1).out(rhs, initial: false, delivery: Delivery.automatic.resolvedForCurrentThread())
}
