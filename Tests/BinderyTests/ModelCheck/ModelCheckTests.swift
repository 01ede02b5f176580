import Foundation
import Testing
@testable import Bindery

/// The randomized model check: random binding graphs and writes, target-actions and coalescing
/// transactions, run on the engine and on the reference model, compared after every step
/// (rules 1–9, 11; the Observing changes and Coalescing articles).
///
/// `BINDERY_MODEL_CASES` sets how many cases run (default 10,000), `BINDERY_MODEL_SEED` the
/// first seed (default 1). Each case has a time limit that names its seed. A failure is shrunk
/// to the smallest program that still fails the same way and printed as a Swift test to paste
/// into the suite. The run prints each form's share of the steps, and how many target-action
/// calls it made; each change action's call also checks that its new value is what the
/// property holds (see `EngineRun.changeAction`).
@Suite(.failOnUnexpectedDiagnostics, .ownThread) struct ModelCheckTests {
    static let cases = ProcessInfo.processInfo.environment["BINDERY_MODEL_CASES"].flatMap(Int.init) ?? 10_000
    static let firstSeed = ProcessInfo.processInfo.environment["BINDERY_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    static let length = 24
    /// Seconds a case may take (a hang names its seed instead of stalling CI);
    /// `BINDERY_CASE_SECONDS` sets it (CI's thread-sanitizer run, ~10x slower, gives more).
    static let timeLimit: TimeInterval = ProcessInfo.processInfo.environment["BINDERY_CASE_SECONDS"].flatMap(TimeInterval.init) ?? 20

    @Test("Rules 1–9, 11, 13: the engine agrees with the reference model on random programs")
    func randomProgramsAgreeWithModel() async {
        let lastSeed = Self.firstSeed &+ UInt64(max(Self.cases, 1) - 1)
        print("model check: seeds \(Self.firstSeed)…\(lastSeed) (\(Self.cases) cases; rerun one with BINDERY_MODEL_SEED=<seed> BINDERY_MODEL_CASES=1)")
        var failures = 0
        var distribution = FormDistribution()
        var calls = ActionCalls()
        for offset in 0..<UInt64(Self.cases) {
            // Lets the other tests run on this thread now and then: the test pool has one
            // thread per core, and a long run that never yields starves the tests queued on it.
            if offset.isMultiple(of: 50) { await Task.yield() }
            let seed = Self.firstSeed &+ offset
            let program = ModelProgram.generate(seed: seed, length: Self.length)
            distribution.count(program)
            let (found, counted) = await Self.runCounting(program, seed: seed)
            calls.add(counted)
            guard let failure = found else { continue }
            let shrunk = await Self.shrink(program, failing: failure, seed: seed)
            let reason = await Self.run(shrunk, seed: seed) ?? failure
            Issue.record("""
                model check failed for seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_MODEL_CASES=1)
                \(reason.message)
                shrunk program:
                \(shrunk)
                as a test to paste into ModelCheckTests:
                \(Self.reproducer(shrunk, seed: seed, failure: reason))
                """)
            failures += 1
            if failures >= 3 { break }
        }
        print(distribution.report(cases: Self.cases))
        print(calls.report)
        if Self.cases >= 10_000 {
            let missing = Self.requiredForms.filter { form in !distribution.forms.contains { $0.contains(form) } }
            #expect(missing.isEmpty, "the generator no longer reaches \(missing)")
        }
    }

    @Test("Rules 3, 4, 8: a queued change's sender that its chain wrote since is written again, even with the value it sent (seed 169360489)")
    func queuedSenderWrittenSinceIsWrittenAgain() async {
        // b2 sets d1.a to 6 while the chain dispatches 5: queued. The chain then dispatches the
        // queued 6 of d0.a, which writes d1.a (6 again). When d1.a's own 6 runs, d1.a is written
        // too: Bindery compares no values, so it cannot know d1.a still holds 6, and its
        // target-action hears one more set. The model used to expect the write skipped.
        // Bind.inout(c.value).inout(d0.a, initial: false).inout(d2.a).out("b1") { (Int) } [when v%10==5 && v<40: d0.a = v + 1]
        // Bind.in(d0.hub.a).inout(d1.a, initial: false).inout(c.value, initial: false).out("b2", initial: false) { (Int) } [when v%10==5 && v<40: d1.a = v + 1]
        // d1.addTarget(T2, action: r0(), forKeyPathChange: \.a)
        // d2.a = 5
        let program = ModelProgram(steps: [
            .declare(head: .twoWay(.control, initial: true), rest: [.twoWay(.dynamicA(0), initial: false), .twoWay(.dynamicA(2), initial: true), .block(BlockSpec(name: "b1", initial: true, argument: .int, isMainActor: false, action: .writeBack(node: 0), residue: 5))]),
            .declare(head: .sender(.route(0)), rest: [.twoWay(.dynamicA(1), initial: false), .twoWay(.control, initial: false), .block(BlockSpec(name: "b2", initial: false, argument: .int, isMainActor: false, action: .writeBack(node: 1), residue: 5))]),
            .addTarget(ActionSpec(number: 0, target: 2, coalesced: false, object: .dynamic(1), places: [.dynamicA(1)], takesChange: false, callImmediately: false, several: false)),
            .write(.dynamicA(2), .int(5)),
        ])
        let failure = await ModelCheckTests.run(program)
        #expect(failure == nil, "\(failure?.message ?? "")")
    }

    @Test("Rules 7, 13: a join that writes what a derived value reads re-evaluates it (seed 44)")
    func joinWritesDerivedInput() async {
        // A merge's writes ran on the thread that took the chain outside any dispatch of its
        // own, and the derived value they scheduled was evaluated only at the next update.
        let program = ModelProgram(steps: [
            .declare(head: .sender(.route(2)), rest: [.receiver(.dynamicA(1), initial: true)]),
            .derive(DerivedSpec(number: 0, condition: 0, then: 1, otherwise: 0, plus: 2)),
            .write(.route(2), .int(1)),
            .declare(head: .twoWay(.element(0, index: 1), initial: true), rest: [.twoWay(.dynamicA(1), initial: true)]),
        ])
        let failure = await ModelCheckTests.run(program)
        #expect(failure == nil, "\(failure?.message ?? "")")
    }

    /// Forms every 10,000-case run must reach (each names part of a form in the distribution).
    static let requiredForms = [
        "route", "optional route", "string chain", "double chain", "bool chain", ".inoutNot", ".outNot", "Dynamic box",
        "block taking no argument", "block taking String", "block @MainActor", "main-actor receiver", "control as receiver",
        "control.text(.editingDidEnd)", "array resized", "block binds", "block unbinds", "block writes a sender", "anew",
        "filter notMultipleOfFive", "filter atMostThreeCharacters", "filter onlyTrue", "dynamic.s(String, lossy)",
        "addTarget action: ()", "addTarget action: (Change<Value>)", "addTarget forKeyPathChanges:", "addTarget callImmediately",
        "addTarget coalesced target", "addTarget on route", "addTarget on optional route", "addTarget on dynamic.b(convert pair)",
        "addTarget again (registering twice)", "removeTarget(_:)", "removeTarget(_:forKeyPathChange:)", "target-action unbind()",
        "release target", "create target anew", "Coalesce.run", "Coalesce.begin()", "Coalesce.commit()", "nested transaction",
        "unbalanced commit", "write inside a transaction", "block registers a target-action", "derived value",
    ]

    // MARK: Running a case

    /// Runs `program` on the engine and the model under the case time limit; the first
    /// disagreement, or nil. A program with main-actor endpoints runs on the main actor.
    static func run(_ program: ModelProgram, seed: UInt64 = 0) async -> ModelFailure? {
        await runCounting(program, seed: seed).failure
    }

    /// `run`, with the target-action calls the model made.
    static func runCounting(_ program: ModelProgram, seed: UInt64 = 0) async -> (failure: ModelFailure?, calls: ActionCalls) {
        if program.usesMainActor {
            // Timed once it runs: the wait for the main actor, which a long synchronous
            // main-actor test elsewhere in the run may hold, is not the case's.
            return await MainActor.run { timed(seed) { checkCounting(program) } }
        }
        return timed(seed) { checkCounting(program) }
    }

    /// Runs `body`, the case of `seed`, under the case time limit.
    private static func timed<Result>(_ seed: UInt64, _ body: () -> Result) -> Result {
        CaseClock.shared.start("model check seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_MODEL_CASES=1)", limit: timeLimit)
        defer { CaseClock.shared.finish() }
        return body()
    }

    /// Runs `program` on the engine and the model on this thread; the first disagreement, or nil.
    static func check(_ program: ModelProgram) -> ModelFailure? {
        checkCounting(program).failure
    }

    /// `check`, with the target-action calls the model made. Transactions the program leaves
    /// open are committed at its end, compared too; none outlives the case on this thread.
    static func checkCounting(_ program: ModelProgram) -> (failure: ModelFailure?, calls: ActionCalls) {
        let diagnostics = DiagnosticLog()
        var calls = ActionCalls()
        let failure = diagnostics.capture { () -> ModelFailure? in
            let engine = EngineRun()
            let model = ReferenceModel()
            defer {
                while Coalesce.isOpen { Coalesce.commit() }
                calls = model.calls
            }
            for (index, original) in program.steps.enumerated() {
                guard let step = usable(original, engine) else { continue }
                engine.run(step)
                model.apply(step)
                if var failure = compare(engine, model, diagnostics) {
                    failure.message = "after step \(index) (\(step)): " + failure.message
                    return failure
                }
            }
            while model.transactionDepth > 0 {
                engine.run(.commit)
                model.apply(.commit)
                if var failure = compare(engine, model, diagnostics) {
                    failure.message = "after the program, committing a transaction it left open: " + failure.message
                    return failure
                }
            }
            return nil
        }
        return (failure, calls)
    }

    /// The step as it can run now, in `world`: links on released objects (or on elements out
    /// of range, for a sender) are left out, and so is a step whose head or target is gone.
    static func usable(_ step: Step, _ world: ModelWorld) -> Step? {
        func alive(_ object: ObjectRef) -> Bool { world.isAlive(object) }
        func canUse(_ link: Link) -> Bool {
            switch link {
            case .sender(let place), .twoWay(let place, _):
                guard alive(place.object) else { return false }
                if case .element(let node, let index) = place { return index < world.listCount(node) }
                return true
            case .receiver(let place, _): return alive(place.object)
            case .block, .filter: return true
            }
        }
        switch step {
        case .declare(let head, let rest):
            guard canUse(head) else { return nil }
            return .declare(head: head, rest: rest.filter(canUse))
        case .write(let place, _):
            guard alive(place.object) else { return nil }
            if case .element(let node, let index) = place, index >= world.listCount(node) { return nil }
            return step
        case .resize(let node, _, _), .replaceHub(let node, _), .setSpare(let node, _):
            return alive(.dynamic(node)) ? step : nil
        case .unbind(let form):
            switch form {
            case .chain: return step
            case .object(let object): return alive(object) ? step : nil
            case .place(let place), .block(let place, _): return alive(place.object) ? step : nil
            case .wholeList(let node): return alive(.dynamic(node)) ? step : nil
            }
        case .release(let object):
            return alive(object) ? step : nil
        case .create(let object):
            return alive(object) ? nil : step
        case .addTarget(let spec):
            return alive(spec.object) && alive(.target(spec.target)) ? step : nil
        case .removeTarget(let target, let object, _):
            return alive(object) && alive(.target(target)) ? step : nil
        case .unbindAction, .begin, .commit, .transaction:
            return step
        case .derive(let spec):
            return spec.nodes.allSatisfy { alive(.dynamic($0)) } ? step : nil
        }
    }

    /// Every live property, `isBound` of every live object, the blocks' log, the diagnostics,
    /// and that released objects are gone and were not written after they died.
    static func compare(_ engine: EngineRun, _ model: ReferenceModel, _ diagnostics: DiagnosticLog) -> ModelFailure? {
        let actual = engine.snapshot()
        let expected = model.snapshot()
        if actual != expected {
            for place in Set(actual.keys).union(expected.keys).sorted(by: { $0.description < $1.description })
        where actual[place] != expected[place] {
            return ModelFailure(
                signature: "property \(place)",
                message: "\(place) is \(actual[place].map(\.description) ?? "missing"), the model says \(expected[place].map(\.description) ?? "missing")")
            }
        }
        // A derived value's reads are listeners, not chains: they bind nothing.
        for object in ObjectRef.all {
            guard let bound = engine.isBound(object) else { continue }
            let expected = model.isBound(object)
            if bound != expected {
                return ModelFailure(signature: "isBound \(object)",
                                    message: "Bind.isBound(\(object)) is \(bound), the model says \(expected)")
            }
        }
        if let wrong = engine.wrongDerivedValue() {
            return ModelFailure(signature: "derived value", message: wrong)
        }
        let entries = engine.log.entries
        if entries != model.log {
            let first = zip(entries, model.log).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(entries.count, model.log.count)
            let differs = "from entry \(first): Bindery \(entries.dropFirst(first).prefix(4)), the model \(model.log.dropFirst(first).prefix(4))"
            return ModelFailure(signature: "blocks' and actions' log",
                                message: "blocks and target-actions ran \(entries), the model says \(model.log); \(differs)")
        }
        let reported = diagnostics.all.map(\.message)
        let categories = reported.map(Self.category)
        let expectedCategories = model.diagnostics.map(Self.category)
        if categories != expectedCategories {
            return ModelFailure(signature: "diagnostics",
                                message: "Bindery reported \(reported), the model expects \(model.diagnostics)")
        }
        let survivors = engine.survivors()
        if !survivors.isEmpty {
            return ModelFailure(signature: "kept alive", message: "released \(survivors) still alive: something retains them")
        }
        let deadWrites = WriteLog.shared.writesAfterDeath(among: engine.releasedSerials)
        if deadWrites > 0 {
            return ModelFailure(signature: "written after death", message: "\(deadWrites) write(s) reached a released receiver after it died")
        }
        return nil
    }

    /// What a diagnostic says, without the names: "cannot read", "cannot write", "cannot put back",
    /// "chain ended".
    static func category(_ message: String) -> String {
        if message.hasPrefix("cannot read") { return "cannot read" }
        if message.hasPrefix("cannot write") { return "cannot write" }
        if message.hasPrefix("cannot put back") || message.contains("which cannot be put back") { return "cannot put back" }
        if message.hasPrefix("block dropped") || message.contains("of a joined chain was dropped") { return "block dropped" }
        if message.hasPrefix("chain ended") || message.contains("the chain it continues has ended") { return "chain ended" }
        if message.hasPrefix("unbalanced commit") || message.contains("without a matching Coalesce.begin()") { return "unbalanced commit" }
        return message
    }

    // MARK: Shrinking

    /// The failing program with every step, link and value that can go (or get simpler)
    /// without the failure changing, gone: a reduction is kept only if it fails the same way.
    static func shrink(_ program: ModelProgram, failing failure: ModelFailure, seed: UInt64) async -> ModelProgram {
        var current = program
        var changed = true
        func failsTheSameWay(_ candidate: ModelProgram) async -> Bool {
            await run(candidate, seed: seed)?.signature == failure.signature
        }
        while changed {
            changed = false
            for index in current.steps.indices.reversed() {
                var candidate = current
                candidate.steps.remove(at: index)
                if await failsTheSameWay(candidate) {
                    current = candidate
                    changed = true
                }
            }
            for index in current.steps.indices {
                for simpler in Self.simpler(current.steps[index]) {
                    var candidate = current
                    candidate.steps[index] = simpler
                    if await failsTheSameWay(candidate) {
                        current = candidate
                        changed = true
                        break
                    }
                }
            }
        }
        return current
    }

    /// Simpler versions of a step: a link fewer, a block without its action, a smaller value.
    static func simpler(_ step: Step) -> [Step] {
        switch step {
        case .declare(let head, let rest):
            var result: [Step] = rest.indices.reversed().map { index in
                var shorter = rest
                shorter.remove(at: index)
                return .declare(head: head, rest: shorter)
            }
            for (index, link) in rest.enumerated() {
                guard case .block(let spec) = link else { continue }
                var plain = spec
                if spec.action != nil { plain.action = nil } else if spec.isMainActor { plain.isMainActor = false } else { continue }
                var changed = rest
                changed[index] = .block(plain)
                result.append(.declare(head: head, rest: changed))
            }
            return result
        case .write(let place, let value):
            return simpler(value).map { .write(place, $0) }
        case .resize(let node, let count, let fill):
            return fill == 0 ? [] : [.resize(node: node, count: count, fill: 0)]
        case .replaceHub(let node, let value):
            return value == 0 ? [] : [.replaceHub(node: node, value: 0)]
        case .setSpare(let node, let value):
            return value == nil || value == 0 ? [] : [.setSpare(node: node, value: 0)]
        case .unbind, .release, .create, .removeTarget, .unbindAction, .begin, .commit, .derive:
            return []
        case .addTarget(let spec):
            var result: [Step] = []
            func variant(_ change: (inout ActionSpec) -> Void) {
                var simpler = spec
                change(&simpler)
                if simpler != spec { result.append(.addTarget(simpler)) }
            }
            for index in spec.places.indices where spec.places.count > 1 { variant { $0.places.remove(at: index) } }
            if spec.places.count == 1 { variant { $0.several = false } }
            variant { $0.callImmediately = false }
            variant { $0.coalesced = false }
            variant { $0.takesChange = false }
            return result
        case .transaction(let steps):
            // Its one step, outside any transaction; then one step fewer, then simpler ones.
            var result: [Step] = steps.count == 1 ? steps : []
            result += steps.indices.reversed().map { index in
                var fewer = steps
                fewer.remove(at: index)
                return .transaction(fewer)
            }
            for (index, inner) in steps.enumerated() {
                for simpler in Self.simpler(inner) {
                    var changed = steps
                    changed[index] = simpler
                    result.append(.transaction(changed))
                }
            }
            return result
        }
    }

    static func simpler(_ value: Scalar) -> [Scalar] {
        switch value {
        case .int(let v):
            return Array(Set([0, 1, v / 2, v - 1, v / 10]).filter { abs($0) < abs(v) || ($0 >= 0 && v < 0 && $0 <= -v) }).sorted()
                .map(Scalar.int)
        case .int8(let v): return v == 0 ? [] : [.int8(0)]
        case .double(let v): return v == 0 ? [] : [.double(0), .double(v.rounded(.towardZero))].filter { $0 != value }
        case .string(let s): return s.isEmpty ? [] : [.string(""), .string(String(s.dropLast()))]
        case .optionalString(let s): return s == nil ? [] : [.optionalString(nil)]
        case .optionalInt(let v): return (v ?? 0) == 0 ? [] : [.optionalInt(0)]
        case .bool(let b): return b ? [.bool(false)] : []
        }
    }

    // MARK: Reporting

    /// A Swift Testing test that replays `program`.
    static func reproducer(_ program: ModelProgram, seed: UInt64, failure: ModelFailure) -> String {
        let comments = program.steps.map { "        // \($0)" }.joined(separator: "\n")
        let steps = program.steps.map { "            \($0.code)," }.joined(separator: "\n")
        return """
                @Test("Rules 1–9, 11: model check seed \(seed) (\(failure.signature))")
                func modelCheckSeed\(seed)() async {
            \(comments)
                    let program = ModelProgram(steps: [
            \(steps)
                    ])
                    let failure = await ModelCheckTests.run(program)
                    #expect(failure == nil, "\\(failure?.message ?? "")")
                }
            """
    }
}

/// How a case failed: `signature` says what differed (kept by the shrinker), `message` the details.
struct ModelFailure: Equatable, Sendable {
    var signature: String
    var message: String
}

/// Each form's share of the steps of the programs run.
struct FormDistribution {
    private var counts: [String: Int] = [:]
    private var steps = 0

    mutating func count(_ program: ModelProgram) {
        for step in program.steps.flatMap(\.flattened) {
            steps += 1
            for form in ModelProgram.forms(of: step) { counts[form, default: 0] += 1 }
        }
        for form in ModelProgram.programForms(of: program.steps) { counts[form, default: 0] += 1 }
    }

    var forms: Dictionary<String, Int>.Keys { counts.keys }

    func share(of form: String) -> Double { steps == 0 ? 0 : Double(counts[form] ?? 0) / Double(steps) }

    func report(cases: Int) -> String {
        let lines = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { form, count in
            let percent = (Double(count) * 100 / Double(max(steps, 1)) * 100).rounded() / 100
            return String(repeating: " ", count: max(0, 7 - "\(percent)".count)) + "\(percent)%  \(form)"
        }
        return "model check: each form's share of the \(steps) steps of \(cases) cases\n" + lines.joined(separator: "\n")
    }
}
