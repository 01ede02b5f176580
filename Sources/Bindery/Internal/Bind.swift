/// The entry points of Bindery: chain heads, unbinding and the status query.
///
/// A chain starts at a sender, `Bind.in` (sends) or `Bind.inout` (sends and receives), and
/// continues with `.in`, `.inout`, `.out`, `.outNot`, named blocks and filters:
///
/// ```swift
/// Bind.inout(lottery, \.winRate)
///     .inout(rateSlider, \.value, on: .valueChanged)   // Float <-> Double, automatic
///     .out(rateLabel, \.text)                          // Double -> String, automatic
/// ```
///
/// A sender must be observable: a ``Dynamic()`` class, a ``Dynamic`` box, or a ``Control``
/// with the events that report user edits. If the endpoint is already in a chain, the
/// declaration continues that chain (see <doc:Guarantees#Joins>).
public enum Bind {}
