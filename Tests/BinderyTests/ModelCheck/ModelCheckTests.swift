import Foundation
import Testing
@testable import Bindery

/// The randomized model check: random binding graphs and writes, run on the engine and on the
/// reference model, compared after every step (rules 1–9, 11).
///
/// `BINDERY_MODEL_CASES` sets how many cases run (default 10,000), `BINDERY_MODEL_SEED` the
/// first seed (default 1). A failure names its seed and prints the program shrunk to the steps
/// that still fail.
@Suite(.failOnUnexpectedDiagnostics) struct ModelCheckTests {
    static let cases = ProcessInfo.processInfo.environment["BINDERY_MODEL_CASES"].flatMap(Int.init) ?? 10_000
    static let firstSeed = ProcessInfo.processInfo.environment["BINDERY_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    static let length = 24

    @Test("Rules 1–9, 11: the engine agrees with the reference model on random programs")
    func randomProgramsAgreeWithModel() async {
        var failures = 0
        for offset in 0..<UInt64(Self.cases) {
            // Lets the other tests run on this thread now and then: the test pool has one
            // thread per core, and a long run that never yields starves the tests queued on it.
            if offset.isMultiple(of: 50) { await Task.yield() }
            let seed = Self.firstSeed &+ offset
            let program = ModelProgram.generate(seed: seed, length: Self.length)
            guard let mismatch = Self.check(program) else { continue }
            let shrunk = Self.shrink(program)
            let reason = Self.check(shrunk) ?? mismatch
            Issue.record("""
                model check failed for seed \(seed) (rerun: BINDERY_MODEL_SEED=\(seed) BINDERY_MODEL_CASES=1)
                \(reason)
                shrunk program:
                \(shrunk)
                """)
            failures += 1
            if failures >= 3 { return }
        }
    }

    /// Runs `program` on the engine and the model; the first disagreement, or nil.
    static func check(_ program: ModelProgram) -> String? {
        let log = DiagnosticLog()
        return log.capture { () -> String? in
            let engine = EngineRun()
            let model = ReferenceModel(dynamicCount: ModelProgram.dynamicCount, plainCount: ModelProgram.plainCount)
            for (index, original) in program.steps.enumerated() {
                guard let step = usable(original, engine) else { continue }
                engine.run(step)
                apply(step, to: model)
                if let difference = compare(engine, model) {
                    return "after step \(index) (\(step)): \(difference)"
                }
                if let diagnostic = log.all.first {
                    return "after step \(index) (\(step)): unexpected diagnostic: \(diagnostic)"
                }
            }
            return nil
        }
    }

    /// The step as it can run now: links on released objects are left out, and so is a step
    /// whose head or target has been released.
    static func usable(_ step: Step, _ engine: EngineRun) -> Step? {
        switch step {
        case .declare(let head, let rest):
            guard engine.isUsable(head) else { return nil }
            return .declare(head: head, rest: rest.filter(engine.isUsable))
        case .write(let place, _):
            return engine.isAlive(place.object) ? step : nil
        case .unbind(let form):
            switch form {
            case .chain: return step
            case .object(let object): return engine.isAlive(object) ? step : nil
            case .place(let place), .block(let place, _): return engine.isAlive(place.object) ? step : nil
            case .wholeList(let node): return engine.isAlive(.dynamic(node)) ? step : nil
            }
        case .release(let object):
            return engine.isAlive(object) ? step : nil
        }
    }

    static func apply(_ step: Step, to model: ReferenceModel) {
        switch step {
        case .declare(let head, let rest): model.declare(head: head, rest: rest)
        case .write(let place, let value): model.write(place, value)
        case .unbind(let form): model.unbind(form)
        case .release(let object): model.release(object)
        }
    }

    /// Every live property, `isBound` of every live object and the blocks' log.
    static func compare(_ engine: EngineRun, _ model: ReferenceModel) -> String? {
        let actual = engine.snapshot()
        for (place, value) in actual.sorted(by: { $0.key.description < $1.key.description }) where model.held[place] != value {
            return "\(place) is \(value), the model says \(model.held[place].map(\.description) ?? "nothing")"
        }
        let objects: [ObjectRef] = (0..<ModelProgram.dynamicCount).map { .dynamic($0) }
            + (0..<ModelProgram.plainCount).map { .plain($0) } + [.control]
        for object in objects {
            guard let bound = engine.isBound(object) else { continue }
            if bound != model.isBound(object) {
                return "Bind.isBound(\(object)) is \(bound), the model says \(model.isBound(object))"
            }
        }
        if engine.log.entries != model.log {
            return "blocks ran \(engine.log.entries), the model says \(model.log)"
        }
        return nil
    }

    /// The failing program with every step (and every link of a declaration) that can go
    /// without the failure going, gone.
    static func shrink(_ program: ModelProgram) -> ModelProgram {
        var current = program
        var changed = true
        while changed {
            changed = false
            for index in current.steps.indices.reversed() {
                var candidate = current
                candidate.steps.remove(at: index)
                if check(candidate) != nil {
                    current = candidate
                    changed = true
                }
            }
            for index in current.steps.indices {
                guard case .declare(let head, let rest) = current.steps[index] else { continue }
                for link in rest.indices.reversed() {
                    guard case .declare(_, let now) = current.steps[index], now.indices.contains(link) else { continue }
                    var shorter = now
                    shorter.remove(at: link)
                    var candidate = current
                    candidate.steps[index] = .declare(head: head, rest: shorter)
                    if check(candidate) != nil {
                        current = candidate
                        changed = true
                    }
                }
            }
        }
        return current
    }
}
