// The cases of Observation interop: a read of a `@Dynamic` property against a plain class's
// read, and a write to a `@Dynamic` object that Observation may track (one read through a
// getter) against an `@Observable` write nobody tracks.

import Bindery

/// Reads through a call the optimizer cannot see into: the `plain.read` floor.
@inline(never)
func plainRead(_ target: Plain) -> Int {
    target.value
}

/// A read of a `@Dynamic` property through its getter, which reports it to Observation.
@inline(never)
func dynamicRead(_ target: Source) -> Int {
    target.value
}

/// Where the reads' results go: not a class property, which would add an exclusivity check.
private final class ReadSink: @unchecked Sendable {
    // @unchecked: one case's loop on one thread uses it.
    let total = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    init() { total.initialize(to: 0) }
    deinit { total.deallocate() }
}

private func plainReadFloor() -> Work {
    let target = Plain(), sink = ReadSink()
    target.value = 1
    return .updates(UpdateBody(update: { _ in sink.total.pointee &+= plainRead(target) }, verify: { _ in sink.total.pointee > 0 }))
}

private func dynamicReadCase() -> Work {
    let target = Source(), sink = ReadSink()
    target.value = 1
    return .updates(UpdateBody(update: { _ in sink.total.pointee &+= dynamicRead(target) }, verify: { _ in sink.total.pointee > 0 }))
}

/// A write to a `@Dynamic` object that was read through a getter (so it has an
/// `ObservationRegistrar`, and each set tells Observation), nobody tracking it.
private func dynamicObservableWrite() -> Work {
    let source = Source()
    _ = source.value
    return .updates(UpdateBody(update: { dynamicWrite(source, $0) }, verify: { source.value == $0 }))
}

let observationMeasurements: [Measurement] = [
    Measurement(id: "plain.read", what: "@inline(never) func reading plain.value", make: plainReadFloor),
    Measurement(id: "dynamic.read", what: "@Dynamic read through its getter (reported to Observation)", make: dynamicReadCase),
    Measurement(id: "dynamic.observable-write", what: "@Dynamic write once read through a getter, nobody tracking", make: dynamicObservableWrite),
]
