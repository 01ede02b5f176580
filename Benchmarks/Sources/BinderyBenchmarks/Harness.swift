// Timing, allocation counting and the update loops.

import BenchSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Clock

/// Monotonic nanoseconds (`clock_gettime(CLOCK_MONOTONIC)`).
@inline(__always)
func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

// MARK: - What a case runs

/// One update case: `update(v)` performs one update with the value `v` (a source write, a
/// `send`, a closure call, …). It is stored in a class and called through this property from
/// an `@inline(never)` loop, so the call stays indirect and every case pays the same loop and
/// call overhead.
final class UpdateBody {
    let update: (Int) -> Void
    /// The figure is divided by this (fan-out cases: receivers per update).
    let divisor: Int
    /// Given the last value written, whether every receiver holds what it should.
    let verify: (Int) -> Bool
    /// Ends chains and lets the objects go (run after measuring, outside any timing).
    let teardown: () -> Void
    /// At most this many updates per run in quick mode: for a case whose update takes
    /// milliseconds (a baseline that re-runs over a whole list), so that CI's quick run stays
    /// quick.
    let quickLimit: Int
    /// The next value to write: values keep increasing across warm-up, repetitions and the
    /// counted run, so that every write changes the value.
    var next = 1

    init(divisor: Int = 1, quickLimit: Int = .max, update: @escaping (Int) -> Void, verify: @escaping (Int) -> Bool,
         teardown: @escaping () -> Void = {}) {
        self.update = update
        self.divisor = divisor
        self.quickLimit = quickLimit
        self.verify = verify
        self.teardown = teardown
    }
}

/// THE update loop: exactly `n` updates. Its own function so that callgrind_annotate shows its
/// inclusive instruction count (the mangled name contains `benchUpdateLoop`).
@inline(never)
func benchUpdateLoop(_ body: UpdateBody, _ n: Int) {
    let update = body.update
    var value = body.next
    for _ in 0..<n {
        update(value)
        value &+= 1
    }
    body.next = value
}

/// A case whose every iteration needs fresh objects (bind+unbind, subscribe+cancel):
/// `prepare(n)` makes them outside the timed region, `run()` performs the `n` iterations
/// (through its own `@inline(never)` loop function), `cleanup()` lets them go.
final class BatchBody {
    let prepare: (Int) -> Void
    let run: () -> Void
    let cleanup: () -> Void
    let verify: () -> Bool

    init(prepare: @escaping (Int) -> Void, run: @escaping () -> Void, cleanup: @escaping () -> Void,
         verify: @escaping () -> Bool) {
        self.prepare = prepare
        self.run = run
        self.cleanup = cleanup
        self.verify = verify
    }
}

/// A computation timed whole, a few times (a diff of two large lists): `prepare()` sets up
/// each run, untimed (nothing by default), `run()` performs it once (through its own
/// `@inline(never)` function), `verify()` checks what the last run made.
final class SingleBody {
    let prepare: () -> Void
    let run: () -> Void
    let verify: () -> Bool

    init(prepare: @escaping () -> Void = {}, run: @escaping () -> Void, verify: @escaping () -> Bool) {
        self.prepare = prepare
        self.run = run
        self.verify = verify
    }
}

/// Runs a single body once: its own function, so that callgrind_annotate shows its inclusive
/// count (the mangled name contains `benchSingleRun`).
@inline(never)
func benchSingleRun(_ body: SingleBody) {
    body.run()
}

// MARK: - Configuration

enum Mode {
    case full
    case quick
    case callgrind(String)
}

struct Config {
    var mode: Mode = .full
    var only: [String] = []
    var iterations: Int? = nil

    var isQuick: Bool {
        if case .quick = mode { return true }
        return false
    }

    /// Passes over the whole list of cases: each case is set up, measured and torn down once
    /// per pass, and the minimum over all passes is reported. Two passes minutes apart keep a
    /// burst of load from another process from spoiling a figure (and with it a ratio).
    var passes: Int { isQuick ? 1 : 2 }
    /// Timed repetitions per pass; the minimum is reported.
    var repetitions: Int { isQuick ? 2 : 8 }
    /// Full mode: iterations are calibrated so that one repetition takes about this long.
    var repetitionNs: Double { 40_000_000 }
    /// Quick mode: receiver-updates per case (divided by the fan-out).
    var quickUpdates: Int { 3_000 }
}

// MARK: - Results

enum Unit {
    case nanoseconds
    case bytes
}

struct Figure {
    /// ns per update (per receiver for fan-out, per iteration for batches) or bytes per chain.
    var value: Double
    var unit: Unit
    /// Allocations per update (per source write, not per receiver), per iteration, or per chain.
    var allocsPerUpdate: Double
    var allocCount: UInt64
    var iterations: Int
    var verified: Bool
}

// MARK: - Measuring

private func timeUpdates(_ body: UpdateBody, _ n: Int) -> Double {
    let start = nowNs()
    benchUpdateLoop(body, n)
    return Double(nowNs() - start)
}

/// Warm-up, `repetitions` timed runs of `iterations` updates (minimum kept), then one counted
/// run of the same length for allocations.
func measure(_ body: UpdateBody, _ config: Config) -> Figure {
    var n: Int
    if let forced = config.iterations {
        n = forced
        benchUpdateLoop(body, n)  // warm-up
    } else if config.isQuick {
        n = max(10, min(config.quickUpdates, body.quickLimit) / body.divisor)
        benchUpdateLoop(body, n)  // warm-up
    } else {
        // Calibrate (this doubles as warm-up): double until a run takes 5 ms, then scale to
        // the repetition length.
        n = 16
        while true {
            let t = timeUpdates(body, n)
            if t >= 5_000_000 || n >= 1 << 28 {
                n = max(1, Int(Double(n) * config.repetitionNs / max(t, 1)))
                break
            }
            n *= 2
        }
        benchUpdateLoop(body, n)  // warm-up at full length
    }
    var best = Double.infinity
    for _ in 0..<config.repetitions {
        best = min(best, timeUpdates(body, n))
    }
    bench_count_start()
    benchUpdateLoop(body, n)
    let count = bench_count_stop()
    let verified = body.verify(body.next - 1)
    return Figure(
        value: best / Double(n) / Double(body.divisor), unit: .nanoseconds,
        allocsPerUpdate: Double(count) / Double(n), allocCount: count, iterations: n, verified: verified)
}

private func timeBatch(_ body: BatchBody, _ n: Int) -> Double {
    body.prepare(n)
    let start = nowNs()
    body.run()
    let t = Double(nowNs() - start)
    body.cleanup()
    return t
}

/// The same for a batch case; objects are made before and released after each timed run.
func measure(_ body: BatchBody, _ config: Config) -> Figure {
    var n: Int
    if let forced = config.iterations {
        n = forced
        _ = timeBatch(body, n)
    } else if config.isQuick {
        n = config.quickUpdates
        _ = timeBatch(body, n)
    } else {
        n = 16
        while true {
            let t = timeBatch(body, n)
            if t >= 5_000_000 || n >= 1 << 22 {
                n = max(1, Int(Double(n) * (config.repetitionNs / 2) / max(t, 1)))
                break
            }
            n *= 2
        }
        _ = timeBatch(body, n)
    }
    var best = Double.infinity
    for _ in 0..<config.repetitions {
        best = min(best, timeBatch(body, n))
    }
    body.prepare(n)
    bench_count_start()
    body.run()
    let count = bench_count_stop()
    let verified = body.verify()
    body.cleanup()
    return Figure(
        value: best / Double(n), unit: .nanoseconds,
        allocsPerUpdate: Double(count) / Double(n), allocCount: count, iterations: n, verified: verified)
}

// MARK: - The malloc hook's self-check

/// Allocates `n` class instances with counting on: a working hook counts exactly `n`.
@inline(never)
func countObjectAllocations(_ n: Int) -> UInt64 {
    var kept = [Plain]()
    kept.reserveCapacity(n)
    bench_count_start()
    for _ in 0..<n {
        kept.append(Plain())
    }
    let count = bench_count_stop()
    blackhole(kept)
    return count
}

/// Allocates `n` 64-byte-aligned raw buffers with counting on. The Swift runtime serves an
/// alignment above malloc's with posix_memalign, so a working hook counts exactly `n` here too.
@inline(never)
func countAlignedAllocations(_ n: Int) -> UInt64 {
    var pointers = [UnsafeMutableRawPointer]()
    pointers.reserveCapacity(n)
    bench_count_start()
    for _ in 0..<n {
        pointers.append(UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64))
    }
    let count = bench_count_stop()
    for pointer in pointers { pointer.deallocate() }
    return count
}

/// The same for a single computation: one run (a warm-up, unless it took over half a second,
/// when it is the first repetition), then as many as fit in about a second, at most
/// `repetitions`; the fastest is reported, per run.
func measure(_ body: SingleBody, _ config: Config) -> Figure {
    body.prepare()
    var start = nowNs()
    benchSingleRun(body)
    let first = Double(nowNs() - start)
    var best = first > 500_000_000 ? first : Double.infinity
    let runs = config.isQuick || first > 500_000_000 ? (best.isFinite ? 0 : 1) : min(config.repetitions, max(1, Int(1_000_000_000 / max(first, 1))))
    for _ in 0..<runs {
        body.prepare()
        start = nowNs()
        benchSingleRun(body)
        best = min(best, Double(nowNs() - start))
    }
    body.prepare()
    bench_count_start()
    benchSingleRun(body)
    let count = bench_count_stop()
    return Figure(
        value: best, unit: .nanoseconds, allocsPerUpdate: Double(count), allocCount: count, iterations: 1,
        verified: body.verify())
}
