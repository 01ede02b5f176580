/// Whether an endpoint sends, receives or both.
@usableFromInline
struct Role: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8
    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The endpoint's changes propagate to the chain (`in`).
    @usableFromInline static let sends = Role(rawValue: 1)
    /// The endpoint is written by the chain (`out`).
    @usableFromInline static let receives = Role(rawValue: 2)
}
