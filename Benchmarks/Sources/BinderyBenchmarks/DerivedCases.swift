// The cases of derived values: a hop through a derived value of two inputs against a convert
// hop, a re-evaluation against calling the closure directly, and the same updates got with
// Swift Observation's `withObservationTracking`, re-armed after each change.

import Bindery
import Observation

/// Two inputs of a derived value. Any thread may use it in these cases, which use it on one.
@Dynamic final class Inputs: @unchecked Sendable {
    var a = 0
    var b = 1
}

/// Observation's equivalent of `Inputs`.
@Observable final class ObservedInputs: @unchecked Sendable {
    var a = 0
    var b = 1
}

/// A write of `inputs.a` through a derived value `a + b` into a plain receiver.
private func derivedHop() -> Work {
    let inputs = Inputs(), target = Plain()
    let sum = Derived { inputs.a + inputs.b }
    let chain = Bind.in(sum, \.value).out(target, \.value)
    return .updates(UpdateBody(
        update: { inputs.a = $0 }, verify: { target.value == $0 + 1 },
        teardown: {
            chain.unbind()
            blackhole(sum)
        }))
}

/// A write of `inputs.a` that re-evaluates a derived value nothing is bound to.
private func derivedEvaluate() -> Work {
    let inputs = Inputs()
    let sum = Derived { inputs.a + inputs.b }
    return .updates(UpdateBody(update: { inputs.a = $0 }, verify: { sum.value == $0 + 1 }, teardown: { blackhole(sum) }))
}

/// Two plain inputs: the floor's, which nothing observes.
final class PlainInputs {
    var a = 0
    var b = 1
}

/// The floor of `derived.evaluate`: a plain write, then the closure called directly.
private func derivedClosureFloor() -> Work {
    let inputs = PlainInputs(), sink = Plain()
    let compute: () -> Int = { inputs.a + inputs.b }
    return .updates(UpdateBody(
        update: {
            inputs.a = $0
            sink.value = compute()
        },
        verify: { sink.value == $0 + 1 }))
}

/// Observation's way to the updates of `derived.hop`: the sum computed inside
/// `withObservationTracking`, re-armed in `onChange` (which Observation calls before the
/// store, so the sum is computed again after it, as an app must).
private final class ObservationSum: @unchecked Sendable {
    let inputs = ObservedInputs()
    let target = Plain()
    private var isPending = false

    func arm() {
        target.value = withObservationTracking({ inputs.a + inputs.b }, onChange: { self.isPending = true })
    }

    /// A write, then what the app does once it has returned: re-arm and write the target.
    func write(_ value: Int) {
        inputs.a = value
        if isPending {
            isPending = false
            arm()
        }
    }
}

private func observationDerived() -> Work {
    let rig = ObservationSum()
    rig.arm()
    return .updates(UpdateBody(update: { rig.write($0) }, verify: { rig.target.value == $0 + 1 }))
}

let derivedMeasurements: [Measurement] = [
    Measurement(id: "derived.hop", what: "a.value set → Derived { a + b } → Plain.value", make: derivedHop),
    Measurement(id: "derived.evaluate", what: "a.value set → Derived { a + b } re-evaluated, nothing bound", make: derivedEvaluate),
    Measurement(id: "derived.closure", what: "plain a set, then { a + b } called directly", make: derivedClosureFloor),
    Measurement(id: "observation.derived", what: "@Observable a set; a + b under withObservationTracking, re-armed", make: observationDerived),
]
