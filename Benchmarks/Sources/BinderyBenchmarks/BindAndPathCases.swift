// The cases of binding cost (cell reuse, fan-in), the update paths that must not allocate
// (routes, control edits, array elements), and unrelated chains on two threads.

import BenchSupport
import Bindery
import OpenCombine
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Update paths

private func route3() -> Work {
    let head = RouteHead()
    let target = Plain()
    let chain = Bind.in(head, \.middle.leaf.value).out(target, \.value)
    let leaf = head.middle.leaf
    return .updates(UpdateBody(
        update: { leaf.value = $0 }, verify: { target.value == $0 },
        // The head is the chain's sender: it must live as long as the case.
        teardown: { withExtendedLifetime(head) { chain.unbind() } }))
}

private func controlEdit() -> Work {
    let field = BenchField()
    let model = Source()
    let label = Plain()
    let chain = Bind.inout(model, \.value).inout(field, \.value, on: .valueChanged).out(label, \.value)
    return .updates(UpdateBody(
        update: { field.edit($0) }, verify: { model.value == $0 && label.value == $0 },
        teardown: { chain.unbind() }))
}

private func element() -> Work {
    let model = ElementModel()
    let target = Plain()
    let chain = Bind.in(model, \.values, index: 1).out(target, \.value)
    return .updates(UpdateBody(
        update: { model.values[1] = $0 }, verify: { target.value == $0 }, teardown: { chain.unbind() }))
}

// MARK: - Cell reuse

/// Binds the cell's eight bindings to `model`.
@inline(__always)
private func bind(_ cell: Cell, to model: RowModel) {
    Bind.in(model, \.title).out(cell.title, \.text)
    Bind.in(model, \.subtitle).out(cell.subtitle, \.text)
    Bind.in(model, \.price).out(cell.price, \.text)
    Bind.in(model, \.rating).out(cell.rating, \.value)
    Bind.inout(model, \.note).inout(cell.note, \.text, on: .editingChanged)
    Bind.inout(model, \.isFavorite).inout(cell.favorite, \.isOn, on: .valueChanged)
    Bind.in(model, \.imageName).out(cell.image, \.image, convert: { BenchImage.named($0) })
    Bind.in(model, \.isNew).out("badge") { [unowned cell] (isNew: Bool) in cell.badge = isNew }
}

/// One reuse per model: the previous model's eight chains end (one `Bind.unbind(model)`, as a
/// cell that owns its row model does) and eight new ones bind the cell to the next model.
@inline(never)
func benchCellReuseLoop(_ cell: Cell, _ models: [RowModel], _ previous: inout RowModel?) {
    for model in models {
        if let previous { Bind.unbind(previous) }
        bind(cell, to: model)
        previous = model
    }
}

private func cellShows(_ cell: Cell, title: String, note: String, image: String, isNew: Bool) -> Bool {
    cell.title.text == title && cell.note.text == note && cell.image.image?.name == image && cell.badge == isNew
}

private func cellReuse() -> Work {
    let cell = Cell()
    var models: [RowModel] = []
    var previous: RowModel?
    return .batch(BatchBody(
        prepare: { n in models = (0..<n).map { RowModel($0) } },
        run: { benchCellReuseLoop(cell, models, &previous) },
        cleanup: {
            if let last = previous { Bind.unbind(last) }
            previous = nil
            models = []
        },
        verify: {
            guard let last = models.last, let earlier = models.first else { return false }
            // The cell follows the last model, both ways, and no longer any earlier one.
            last.title = "changed"
            cell.note.text = "typed"
            cell.note.sendActions(for: .editingChanged)
            earlier.title = "stale"
            return cellShows(cell, title: "changed", note: "typed", image: last.imageName, isNew: last.isNew)
                && last.note == "typed" && (models.count == 1 || !Bind.isBound(earlier))
        }))
}

/// The same screen written with OpenCombine: eight subscriptions cancelled, eight made.
@inline(never)
func benchCombineCellReuseLoop(_ cell: Cell, _ models: [CombineRowModel], _ subscriptions: inout [AnyCancellable]) {
    for model in models {
        for subscription in subscriptions { subscription.cancel() }
        subscriptions.removeAll(keepingCapacity: true)
        subscriptions.append(model.title.sink { [weak cell] in cell?.title.text = $0 })
        subscriptions.append(model.subtitle.sink { [weak cell] in cell?.subtitle.text = $0 })
        subscriptions.append(model.price.sink { [weak cell] in cell?.price.text = String($0) })
        subscriptions.append(model.rating.sink { [weak cell] in cell?.rating.value = $0 })
        subscriptions.append(model.note.sink { [weak cell] in cell?.note.text = $0 })
        subscriptions.append(model.isFavorite.sink { [weak cell] in cell?.favorite.isOn = $0 })
        subscriptions.append(model.imageName.map { BenchImage.named($0) }.sink { [weak cell] in cell?.image.image = $0 })
        subscriptions.append(model.isNew.sink { [weak cell] in cell?.badge = $0 })
    }
}

private func combineCellReuse() -> Work {
    let cell = Cell()
    var models: [CombineRowModel] = []
    var subscriptions: [AnyCancellable] = []
    return .batch(BatchBody(
        prepare: { n in
            models = (0..<n).map { CombineRowModel($0) }
            subscriptions.reserveCapacity(8)
        },
        run: { benchCombineCellReuseLoop(cell, models, &subscriptions) },
        cleanup: {
            for subscription in subscriptions { subscription.cancel() }
            subscriptions.removeAll(keepingCapacity: true)
            models = []
        },
        verify: {
            guard let last = models.last else { return false }
            last.title.send("changed")
            return cellShows(cell, title: "changed", note: last.note.value, image: last.imageName.value, isNew: last.isNew.value)
        }))
}

// MARK: - Fan-in: binding the next receiver of a big chain

/// Binds one receiver to a chain that has `size` receivers and unbinds it again, per target.
@inline(never)
func benchFanInBindLoop(_ chain: Chain<Int>, _ targets: [Plain]) {
    for target in targets {
        chain.out(target, \.value)
        Bind.unbind(target)
    }
}

private func fanInBind(_ size: Int) -> Work {
    // The chain and its receivers are made once per measurement: only the targets are fresh.
    let source = Source()
    source.value = 7
    let receivers = (0..<size).map { _ in Plain() }
    let chain = Bind.in(source, \.value)
    for receiver in receivers { chain.out(receiver, \.value) }
    var targets: [Plain] = []
    return .batch(BatchBody(
        prepare: { n in targets = (0..<n).map { _ in Plain() } },
        run: { benchFanInBindLoop(chain, targets) },
        cleanup: { targets = [] },
        verify: {
            // The source is the chain's sender: it must live as long as the case.
            withExtendedLifetime((source, receivers)) {
                targets.allSatisfy { $0.value == 7 } && !targets.contains { Bind.isBound($0) }
                    && receivers.allSatisfy { Bind.isBound($0) }
            }
        }))
}

// MARK: - Unrelated chains on two threads

/// Runs `first` and `second` on two new threads at once and waits for both.
private func onTwoThreads(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
    final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var threads: [pthread_t] = []
    for (cpu, body) in [first, second].enumerated() {
        var thread = pthread_t()
        // Each thread on its own CPU: a new thread may otherwise start on the busy one and
        // share it for a whole repetition.
        let pinned: @Sendable () -> Void = {
            _ = bench_pin_thread_to_cpu(Int32(cpu))
            body()
        }
        let context = Unmanaged.passRetained(Work(pinned)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.body()
            return nil
        }, context)
        precondition(created == 0, "pthread_create failed")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// A chain of its own, updated `n` times from one thread.
private final class Lane: @unchecked Sendable {
    // @unchecked: each lane is written by one thread at a time; the harness joins the threads
    // before it reads the lane again.
    let source = Source()
    let target = Plain()
    let chain: Chain<Int>
    init() { chain = Bind.in(source, \.value).out(target, \.value) }

    @inline(never)
    func run(_ n: Int) {
        for value in 1...max(1, n) { source.value = value }
    }
}

/// Two lanes, each made on a thread of its own while the other thread is alive too, so that
/// the allocator serves each from an arena of its own.
///
/// Made one after the other on one thread, the two lanes' objects can share cache lines: once
/// the allocator reuses freed blocks (as it does after the cases before these in a full run),
/// the two sources, the two targets and the two registrars were found on shared lines, and
/// two threads writing only objects of their own then still wait for each other in the
/// hardware (0.83–0.93× instead of 0.50×). That is the program's layout, the same for any
/// code; these cases measure what Bindery itself shares.
private func makeLanes() -> (Lane, Lane) {
    final class Made: @unchecked Sendable {
        // @unchecked: `a` and `b` are each written by one thread and read after both threads
        // are joined; `attached` is atomic.
        var a: Lane?
        var b: Lane?
        let attached = Atomic<Int>(0)

        /// Allocates once, which gives the calling thread its arena, and waits until the other
        /// thread has one too.
        func attach() {
            free(malloc(16))
            attached.add(1, ordering: .sequentiallyConsistent)
            while attached.load(ordering: .sequentiallyConsistent) < 2 { sched_yield() }
        }
    }
    let made = Made()
    onTwoThreads({ made.attach(); made.a = Lane() }, { made.attach(); made.b = Lane() })
    return (made.a!, made.b!)
}

/// `lanes` threads (1 or 2), each updating its own chain; per update of all threads together.
private func threads(_ lanes: Int) -> Work {
    let (a, b) = makeLanes()
    var count = 0
    return .batch(BatchBody(
        prepare: { n in count = max(1, n / 2) },
        run: {
            let n = count
            if lanes == 2 {
                onTwoThreads({ a.run(n) }, { b.run(n) })
            } else {
                onTwoThreads({ a.run(n); b.run(n) }, {})
            }
        },
        cleanup: {},
        verify: { a.target.value == count && b.target.value == count }))
}

/// The machine's own scaling, to read `threads.unrelated` against: the same lanes on the same
/// threads, each running a C loop on cache lines of its own (no Bindery, nothing shared). On a
/// virtual machine one busy CPU may run faster than two (the host's clocks and neighbours), and
/// that shows here as well as in the Bindery rows.
private func machineThreads(_ lanes: Int) -> Work {
    final class Lanes: @unchecked Sendable {
        // @unchecked: each lane, and what it returned, is written by one thread at a time; the
        // harness joins the threads before it reads them again.
        let a = bench_lane_make()!, b = bench_lane_make()!
        var lastA = 0, lastB = 0
        deinit {
            bench_lane_free(a)
            bench_lane_free(b)
        }
    }
    let both = Lanes()
    var count = 0
    return .batch(BatchBody(
        prepare: { n in count = max(1, n / 2) },
        run: {
            let n = count
            if lanes == 2 {
                onTwoThreads({ both.lastA = bench_lane_run(both.a, n) }, { both.lastB = bench_lane_run(both.b, n) })
            } else {
                onTwoThreads({ both.lastA = bench_lane_run(both.a, n); both.lastB = bench_lane_run(both.b, n) }, {})
            }
        },
        cleanup: {},
        verify: { both.lastA == count && both.lastB == count }))
}

// MARK: - The list

let bindAndPathMeasurements: [Measurement] = [
    Measurement(id: "route.3", what: "\\.middle.leaf.value (3 @Dynamic objects) → Plain.value, write the leaf", make: route3),
    Measurement(id: "control.edit", what: "user edit of a control → @Dynamic model + Plain label", make: controlEdit),
    Measurement(id: "element", what: "@Dynamic array element [1] → Plain.value", make: element),
    Measurement(id: "cell-reuse", what: "a cell's 8 chains unbound and bound to the next row model", make: cellReuse),
    Measurement(id: "combine.cell-reuse", what: "OpenCombine: the cell's 8 sinks cancelled, 8 made on the next model", make: combineCellReuse),
    Measurement(id: "fan-in.bind.10", what: "bind + unbind a receiver of a chain with 10", make: { fanInBind(10) }),
    Measurement(id: "fan-in.bind.1000", what: "bind + unbind a receiver of a chain with 1,000", make: { fanInBind(1_000) }),
    Measurement(id: "fan-in.bind.100000", what: "bind + unbind a receiver of a chain with 100,000", make: { fanInBind(100_000) }),
    Measurement(id: "threads.one", what: "one thread updates two chains, n each (per update)", make: { threads(1) }),
    Measurement(id: "threads.unrelated", what: "two threads each update their own chain n times (per update)", make: { threads(2) }),
    Measurement(id: "threads.machine.one", what: "C: one thread runs two private lanes, n steps each (per step)", make: { machineThreads(1) }),
    Measurement(id: "threads.machine", what: "C: two threads each run their own private lane n steps (per step)", make: { machineThreads(2) }),
]
