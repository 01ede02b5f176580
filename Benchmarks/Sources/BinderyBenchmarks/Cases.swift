// Every measurement: the peers and floors, and the Bindery cases.

import BenchSupport
import Bindery
import Observation
import OpenCombine

/// What a measurement runs.
enum Work {
    /// An update case.
    case updates(UpdateBody)
    /// A case that needs fresh objects for every iteration.
    case batch(BatchBody)
    /// Heap bytes per live chain (or peer equivalent); `callgrind` mode does not take it.
    case memory(() -> Figure)
    /// A computation timed whole (a diff of two large lists).
    case single(SingleBody)
}

struct Measurement: Sendable {
    let id: String
    /// What it measures, in a few words (the peers table and `--list`).
    let what: String
    let make: @Sendable () -> Work
}

// MARK: - Peers and floors

private func floorStrong() -> Work {
    let target = Plain()
    return .updates(UpdateBody(update: { target.value = $0 }, verify: { target.value == $0 }))
}

private func floorWeak() -> Work {
    let target = Plain()
    return .updates(UpdateBody(update: { [weak target] in target?.value = $0 }, verify: { target.value == $0 }))
}

private func floorString() -> Work {
    let target = Plain()
    return .updates(UpdateBody(update: { target.text = String($0) }, verify: { target.text == String($0) }))
}

private func plainWriteFloor() -> Work {
    let target = Plain()
    return .updates(UpdateBody(update: { plainWrite(target, $0) }, verify: { target.value == $0 }))
}

private func combineSink() -> Work {
    let target = Plain()
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscription = subject.sink { target.value = $0 }
    return .updates(UpdateBody(
        update: { subject.send($0) }, verify: { target.value == $0 },
        teardown: { subscription.cancel() }))
}

private func combineAssign() -> Work {
    let target = Plain()
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscription = subject.map { $0 }.assign(to: \.value, on: target)
    return .updates(UpdateBody(
        update: { subject.send($0) }, verify: { target.value == $0 },
        teardown: { subscription.cancel() }))
}

/// `withObservationTracking` fires once, in `willSet`; the handler re-arms it at once and
/// writes the target (it counts the changes: a `willSet` handler cannot see the new value).
private final class ObservationRearm: @unchecked Sendable {
    let model = ObservedModel()
    let target = Plain()

    func arm() {
        withObservationTracking({ _ = model.value }, onChange: { self.changed() })
    }

    func changed() {
        target.value &+= 1
        arm()
    }
}

private func observationRearm() -> Work {
    let rig = ObservationRearm()
    rig.arm()
    let model = rig.model
    // One change per write; values written are 1, 2, 3, … so the count equals the last value.
    return .updates(UpdateBody(update: { model.value = $0 }, verify: { rig.target.value == $0 }))
}

private func observationUnobserved() -> Work {
    let model = ObservedModel()
    return .updates(UpdateBody(update: { observedWrite(model, $0) }, verify: { model.value == $0 }))
}

/// N weak closures called in a loop: the fan-out floor (figure per receiver).
private func fanOutFloor(_ n: Int) -> Work {
    let targets = (0..<n).map { _ in Plain() }
    let list = ClosureList(targets.map { target in { [weak target] in target?.value = $0 } })
    return .updates(UpdateBody(
        divisor: n,
        update: { value in for f in list.items { f(value) } },
        verify: { last in targets.allSatisfy { $0.value == last } }))
}

private func filterConvertFloor() -> Work {
    let target = Plain()
    return .updates(UpdateBody(
        update: { if $0 >= 0 { target.text = "#\($0)" } }, verify: { target.text == "#\($0)" }))
}

/// A subscription made and cancelled on a fresh subject and receiver: the peer of bind-unbind.
@inline(never)
func benchSubscribeCancelLoop(_ subjects: [CurrentValueSubject<Int, Never>], _ targets: [Plain]) {
    for i in subjects.indices {
        let target = targets[i]
        let subscription = subjects[i].sink { target.value = $0 }
        subscription.cancel()
    }
}

private func combineSubscribeCancel() -> Work {
    var subjects: [CurrentValueSubject<Int, Never>] = []
    var targets: [Plain] = []
    return .batch(BatchBody(
        prepare: { n in
            subjects = (0..<n).map { CurrentValueSubject<Int, Never>($0 + 1) }
            targets = (0..<n).map { _ in Plain() }
        },
        run: { benchSubscribeCancelLoop(subjects, targets) },
        cleanup: { subjects = []; targets = [] },
        verify: { targets.indices.allSatisfy { targets[$0].value == $0 + 1 } }))
}

/// Heap bytes of `count` subject + subscription pairs (subjects made inside the measured region
/// when `subjectIncluded`).
private func combineMemory(subjectIncluded: Bool) -> Work {
    .memory {
        let count = 10_000
        let targets = (0..<count).map { _ in Plain() }
        var subjects: [CurrentValueSubject<Int, Never>] = []
        subjects.reserveCapacity(count)
        var subscriptions: [AnyCancellable] = []
        subscriptions.reserveCapacity(count)
        if !subjectIncluded {
            for i in 0..<count { subjects.append(CurrentValueSubject(i)) }
        }
        // Warm up whatever OpenCombine sets up on first use.
        let warm = CurrentValueSubject<Int, Never>(0)
        warm.sink { _ in }.cancel()
        let before = bench_heap_in_use()
        bench_count_start()
        for i in 0..<count {
            if subjectIncluded { subjects.append(CurrentValueSubject(i)) }
            let target = targets[i]
            subscriptions.append(subjects[i].sink { target.value = $0 })
        }
        let allocations = bench_count_stop()
        let after = bench_heap_in_use()
        let verified = targets.indices.allSatisfy { targets[$0].value == $0 }
        for s in subscriptions { s.cancel() }
        return Figure(
            value: (Double(after) - Double(before)) / Double(count), unit: .bytes,
            allocsPerUpdate: Double(allocations) / Double(count), allocCount: allocations,
            iterations: count, verified: verified)
    }
}

// MARK: - Bindery cases

private func onePlain() -> Work {
    let source = Source()
    let target = Plain()
    let chain = Bind.in(source, \.value).out(target, \.value)
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.value == $0 }, teardown: { chain.unbind() }))
}

private func oneDynamic() -> Work {
    let source = Source()
    let target = Receiver()
    let chain = Bind.in(source, \.value).out(target, \.value)
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.value == $0 }, teardown: { chain.unbind() }))
}

private func oneString() -> Work {
    let source = Source()
    let target = Plain()
    let chain = Bind.in(source, \.value).out(target, \.text)
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.text == String($0) }, teardown: { chain.unbind() }))
}

private func twoWay3() -> Work {
    let a = Source()
    let b = Source()
    let c = Source()
    let chain = Bind.inout(a, \.value).inout(b, \.value).inout(c, \.value)
    return .updates(UpdateBody(
        update: { a.value = $0 }, verify: { b.value == $0 && c.value == $0 }, teardown: { chain.unbind() }))
}

private func fanOut(_ n: Int) -> Work {
    let source = Source()
    let targets = (0..<n).map { _ in Plain() }
    let chain = Bind.in(source, \.value)
    for target in targets {
        chain.out(target, \.value)
    }
    return .updates(UpdateBody(
        divisor: n,
        update: { source.value = $0 },
        verify: { last in targets.allSatisfy { $0.value == last } },
        teardown: { chain.unbind() }))
}

private func filterConvert() -> Work {
    let source = Source()
    let target = Plain()
    let chain = Bind.in(source, \.value).filter { $0 >= 0 }.out(target, \.text, convert: { "#\($0)" })
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.text == "#\($0)" }, teardown: { chain.unbind() }))
}

private func unobservedWrite() -> Work {
    let source = Source()
    return .updates(UpdateBody(update: { dynamicWrite(source, $0) }, verify: { source.value == $0 }))
}

/// One chain bound and unbound per iteration, on fresh objects made beforehand.
@inline(never)
func benchBindUnbindLoop(_ sources: [Source], _ targets: [Plain]) {
    for i in sources.indices {
        let chain = Bind.in(sources[i], \.value).out(targets[i], \.value)
        chain.unbind()
    }
}

private func bindUnbind() -> Work {
    plainBindUnbind(benchBindUnbindLoop)
}

/// Fresh sources (each with its own value) and plain targets for a bind + unbind loop; verified
/// by each target holding its source's value and no source being bound any more.
func plainBindUnbind(_ loop: @escaping ([Source], [Plain]) -> Void) -> Work {
    var sources: [Source] = []
    var targets: [Plain] = []
    return .batch(BatchBody(
        prepare: { n in
            sources = (0..<n).map { i in
                let source = Source()
                source.value = i + 1
                return source
            }
            targets = (0..<n).map { _ in Plain() }
        },
        run: { loop(sources, targets) },
        cleanup: { sources = []; targets = [] },
        // The receiver got the chain's value when it joined, and the chain is gone.
        verify: {
            targets.indices.allSatisfy { targets[$0].value == $0 + 1 }
                && !sources.contains { Bind.isBound($0) }
        }))
}

/// Heap bytes per live one-hop chain: `count` chains between objects made beforehand.
private func memoryChain(_ count: Int = 10_000) -> Work {
    .memory {
        let sources = (0..<count).map { i in
            let source = Source()
            source.value = i
            return source
        }
        let targets = (0..<count).map { _ in Plain() }
        // Warm up whatever Bindery sets up on first use (registry, thread state).
        let warmSource = Source()
        let warmTarget = Plain()
        Bind.in(warmSource, \.value).out(warmTarget, \.value).unbind()
        let before = bench_heap_in_use()
        bench_count_start()
        for i in 0..<count {
            Bind.in(sources[i], \.value).out(targets[i], \.value)
        }
        let allocations = bench_count_stop()
        let after = bench_heap_in_use()
        // A chain is bound while its receiver lives, and Bindery does not keep it: keep the
        // targets alive until every check is made (Swift may release them after their last use).
        let verified = withExtendedLifetime(targets) {
            targets.indices.allSatisfy { targets[$0].value == $0 } && sources.allSatisfy { Bind.isBound($0) }
        }
        for source in sources { Bind.unbind(source) }
        return Figure(
            value: (Double(after) - Double(before)) / Double(count), unit: .bytes,
            allocsPerUpdate: Double(allocations) / Double(count), allocCount: allocations,
            iterations: count, verified: verified)
    }
}

/// one-hop.plain with `others` unrelated live chains on other objects.
private func isolation(_ others: Int) -> Work {
    let otherSources = (0..<others).map { _ in Source() }
    let otherTargets = (0..<others).map { _ in Plain() }
    for i in 0..<others {
        Bind.in(otherSources[i], \.value).out(otherTargets[i], \.value)
    }
    let source = Source()
    let target = Plain()
    let chain = Bind.in(source, \.value).out(target, \.value)
    return .updates(UpdateBody(
        update: { source.value = $0 },
        verify: { target.value == $0 },
        teardown: {
            chain.unbind()
            for other in otherSources { Bind.unbind(other) }
            blackhole(otherTargets)
        }))
}

// MARK: - The list

/// Every measurement, in the order a run takes them (peers first; memory.chain before the
/// update cases, so that it sees a registry no other case has grown).
let measurements: [Measurement] = [
    Measurement(id: "floor.strong", what: "closure { target.value = $0 }, target held strongly", make: floorStrong),
    Measurement(id: "floor.weak", what: "closure { [weak target] in target?.value = $0 }", make: floorWeak),
    Measurement(id: "floor.string", what: "closure { target.text = String($0) }", make: floorString),
    Measurement(id: "plain.write", what: "@inline(never) func writing plain.value", make: plainWriteFloor),
    Measurement(id: "combine.sink", what: "OpenCombine CurrentValueSubject.send → sink { target.value = $0 }", make: combineSink),
    Measurement(id: "combine.assign", what: "OpenCombine send → map { $0 } → assign(to: \\.value, on:)", make: combineAssign),
    Measurement(id: "observation.rearm", what: "@Observable write; withObservationTracking re-armed in onChange, writes target", make: observationRearm),
    Measurement(id: "observation.unobserved", what: "@Observable write nobody tracks", make: observationUnobserved),
    Measurement(id: "floor.fan-out.1", what: "1 weak closure in a loop, per receiver", make: { fanOutFloor(1) }),
    Measurement(id: "floor.fan-out.10", what: "10 weak closures in a loop, per receiver", make: { fanOutFloor(10) }),
    Measurement(id: "floor.fan-out.100", what: "100 weak closures in a loop, per receiver", make: { fanOutFloor(100) }),
    Measurement(id: "floor.fan-out.1000", what: "1000 weak closures in a loop, per receiver", make: { fanOutFloor(1000) }),
    Measurement(id: "floor.filter-convert", what: "closure { if $0 >= 0 { target.text = \"#\\($0)\" } }", make: filterConvertFloor),
    Measurement(id: "combine.subscribe-cancel", what: "sink on a fresh subject + cancel(), per pair", make: combineSubscribeCancel),
    Measurement(id: "combine.memory.subject+sink", what: "heap bytes per CurrentValueSubject + sink (+ AnyCancellable)", make: { combineMemory(subjectIncluded: true) }),
    Measurement(id: "combine.memory.sink", what: "heap bytes per sink on an existing subject", make: { combineMemory(subjectIncluded: false) }),

    Measurement(id: "memory.chain", what: "heap bytes per live one-hop chain (10,000 chains)", make: { memoryChain() }),
    Measurement(id: "one-hop.plain", what: "Source.value → Plain.value", make: onePlain),
    Measurement(id: "one-hop.dynamic", what: "Source.value → Receiver.value (@Dynamic)", make: oneDynamic),
    Measurement(id: "one-hop.string", what: "Source.value → Plain.text (Int → String?)", make: oneString),
    Measurement(id: "two-way.3", what: "a ⇄ b ⇄ c, write a", make: twoWay3),
    Measurement(id: "fan-out.1", what: "Source → 1 Plain, per receiver", make: { fanOut(1) }),
    Measurement(id: "fan-out.10", what: "Source → 10 Plains, per receiver", make: { fanOut(10) }),
    Measurement(id: "fan-out.100", what: "Source → 100 Plains, per receiver", make: { fanOut(100) }),
    Measurement(id: "fan-out.1000", what: "Source → 1000 Plains, per receiver", make: { fanOut(1000) }),
    Measurement(id: "filter-convert", what: "filter { $0 >= 0 } → Plain.text, convert: { \"#\\($0)\" }", make: filterConvert),
    Measurement(id: "unobserved.write", what: "@Dynamic write nobody observes", make: unobservedWrite),
    Measurement(id: "bind-unbind", what: "Bind.in(s, \\.value).out(p, \\.value) + unbind()", make: bindUnbind),
    Measurement(id: "isolation.10", what: "one-hop.plain, 10 other live chains", make: { isolation(10) }),
    Measurement(id: "isolation.100000", what: "one-hop.plain, 100,000 other live chains", make: { isolation(100_000) }),
    Measurement(id: "isolation.1000000", what: "one-hop.plain, 1,000,000 other live chains on 2,000,000 objects", make: { isolation(1_000_000) }),
    Measurement(id: "memory.chain.1000000", what: "heap bytes per live one-hop chain (1,000,000 chains)", make: { memoryChain(1_000_000) }),
] + bindAndPathMeasurements + operatorMeasurements + observationMeasurements + asyncMeasurements + targetActionMeasurements
    + derivedMeasurements
    + listMeasurements
    + listOperatorMeasurements
    + todoMVCMeasurements

/// Every measurement by its id.
let measurementsByID = Dictionary(uniqueKeysWithValues: measurements.map { ($0.id, $0) })
