// The objects the benchmarks bind and write.

import Bindery
import Observation

/// A plain class receiver: not `@Dynamic`, not observable.
final class Plain {
    var value = 0
    var text: String? = nil
}

/// A Bindery sender.
@Dynamic final class Source {
    var value = 0
}

/// A Bindery receiver that is itself observable (its sets report to its registrar).
@Dynamic final class Receiver {
    var value = 0
    var text = ""
}

/// Swift Observation's equivalent of `Source`.
@Observable final class ObservedModel {
    var value = 0
}

/// A list of closures behind a class reference, so that the calls stay indirect.
final class ClosureList {
    let items: [(Int) -> Void]
    init(_ items: [(Int) -> Void]) { self.items = items }
}

/// Writes through a call the optimizer cannot see into: the `plain.write` floor.
@inline(never)
func plainWrite(_ target: Plain, _ value: Int) {
    target.value = value
}

/// A write to a `@Dynamic` property that nobody observes.
@inline(never)
func dynamicWrite(_ target: Source, _ value: Int) {
    target.value = value
}

/// A write to an `@Observable` property that nobody tracks.
@inline(never)
func observedWrite(_ target: ObservedModel, _ value: Int) {
    target.value = value
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackhole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
