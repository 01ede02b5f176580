// The cases of target-actions: a set that only a target-action hears, and one hop whose sender
// a target-action also observes, beside the same hop alone. A target-action listens to its
// property on its own, so an observed sender's set goes to two listeners, not one.

import Bindery
import Synchronization

/// A target whose action counts its calls.
private final class CallCounter: BindingTarget, Sendable {
    let calls = Atomic<Int>(0)

    func called() { calls.wrappingAdd(1, ordering: .relaxed) }
}

private func targetActionAlone() -> Work {
    let source = Source(), counter = CallCounter()
    let registration = source.addTarget(counter, action: CallCounter.called, forKeyPathChange: \.value)
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { _ in counter.calls.load(ordering: .relaxed) > 0 },
        teardown: { registration.unbind() }))
}

private func hopBesideTargetAction() -> Work {
    let source = Source(), target = Plain(), counter = CallCounter()
    let chain = Bind.in(source, \.value).out(target, \.value)
    let registration = source.addTarget(counter, action: CallCounter.called, forKeyPathChange: \.value)
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.value == $0 && counter.calls.load(ordering: .relaxed) > 0 },
        teardown: {
            registration.unbind()
            chain.unbind()
        }))
}

let targetActionMeasurements: [Measurement] = [
    Measurement(id: "target-action", what: "a set heard by one zero-argument target-action", make: targetActionAlone),
    Measurement(id: "one-hop.target-action", what: "one-hop.plain, its sender also observed by a target-action", make: hopBesideTargetAction),
]
