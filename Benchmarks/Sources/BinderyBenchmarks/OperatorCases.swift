// The cases of BIND's half: an operator's bind + unbind against the same chain through
// `Bind.in`, a `BindableView` cell reassigned against OpenCombine's same cell, and a transform
// closure hop against a convert closure hop.

import Bindery

// MARK: - Operator bind + unbind

/// Binds each source to its target with `~>` and unbinds the binding.
@inline(never)
func benchOperatorBindUnbindLoop(_ sources: [Source], _ targets: [Plain]) {
    for i in sources.indices {
        let binding = (sources[i], \.value) ~> (targets[i], \.value)
        binding.unbind()
    }
}

private func operatorBindUnbind() -> Work {
    plainBindUnbind(benchOperatorBindUnbindLoop)
}

// MARK: - String binding: parse + bind + unbind

/// Binds each source to its `@Dynamic` receiver with `~>` and unbinds the binding.
@inline(never)
func benchOperatorDynamicLoop(_ sources: [Source], _ receivers: [Receiver]) {
    for i in sources.indices {
        let binding = (sources[i], \.value) ~> (receivers[i], \.value)
        binding.unbind()
    }
}

/// The same through a string binding: parsed (a cache lookup after the first), resolved by
/// name, bound and unbound.
@inline(never)
func benchExpressionLoop(_ sources: [Source], _ receivers: [Receiver]) {
    for i in sources.indices {
        let binding = try! Bind.expression("value ~> value").bind(sources[i], receivers[i])
        binding.unbind()
    }
}

private func dynamicBindUnbind(_ loop: @escaping ([Source], [Receiver]) -> Void) -> Work {
    var sources: [Source] = []
    var receivers: [Receiver] = []
    return .batch(BatchBody(
        prepare: { n in
            sources = (0..<n).map { i in
                let source = Source()
                source.value = i + 1
                return source
            }
            receivers = (0..<n).map { _ in Receiver() }
        },
        run: { loop(sources, receivers) },
        cleanup: { sources = []; receivers = [] },
        verify: {
            receivers.indices.allSatisfy { receivers[$0].value == $0 + 1 }
                && !sources.contains { Bind.isBound($0) }
        }))
}

// MARK: - Transform hop

private func transformHop() -> Work {
    let source = Source()
    let target = Plain()
    let binding = ((source, \.value) ~> (target, \.text)).transform { "#\($0)" }
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.text == "#\($0)" }, teardown: { binding.unbind() }))
}

private func convertHop() -> Work {
    let source = Source()
    let target = Plain()
    let chain = Bind.in(source, \.value).out(target, \.text, convert: { "#\($0)" })
    return .updates(UpdateBody(
        update: { source.value = $0 }, verify: { target.text == "#\($0)" }, teardown: { chain.unbind() }))
}

// MARK: - A BindableView cell

/// The widgets of cell-reuse's cell, with its eight bindings declared once for the type.
@MainActor final class BindableCell: BindableView {
    let title = Plain(), subtitle = Plain(), price = Plain(), rating = Plain()
    let note = BenchTextField(), favorite = BenchSwitch()
    let image = ImageView()
    let badge = BenchBadge()

    static let bindings: Bindings<BindableCell, RowModel> = [
        .init(\.title, ~>, \.title.text),
        .init(\.subtitle, ~>, \.subtitle.text),
        .init(\.price, ~>, \.price.text),
        .init(\.rating, ~>, \.rating.value),
        .init(\.note, <>, \.note),
        .init(\.isFavorite, <>, \.favorite),
        .init(\.imageName, ~>, \.image.image, transformer: ImageNamed()),
        .init(\.isNew, ~>, \.badge.isOn),
    ]

    var viewModel: RowModel? { didSet { rebind() } }

    let boundBindings = BoundBindings()
}

/// Finds a row's image by name.
struct ImageNamed: Transformer {
    func transform(_ name: String) -> BenchImage { BenchImage.named(name) }
}

/// One reuse per model: the cell is given the next row model.
@inline(never)
@MainActor func benchBindableCellLoop(_ cell: BindableCell, _ models: [RowModel]) {
    for model in models { cell.viewModel = model }
}

/// The cell and its row models, on the main actor, as views are.
@MainActor private final class BindableCellRun {
    let cell = BindableCell()
    var models: [RowModel] = []

    /// Whether the cell follows the last model, both ways, and no longer any earlier one.
    func verify() -> Bool {
        guard let last = models.last, let earlier = models.first else { return false }
        last.title = "changed"
        cell.note.type("typed")
        earlier.title = "stale"
        return cell.title.text == "changed" && last.note == "typed" && cell.image.image?.name == last.imageName
            && cell.badge.isOn == last.isNew && (models.count == 1 || !Bind.isBound(earlier))
    }
}

private func bindableCellReuse() -> Work {
    let run = MainActor.assumeIsolated { BindableCellRun() }
    return .batch(BatchBody(
        prepare: { n in MainActor.assumeIsolated { run.models = (0..<n).map { RowModel($0) } } },
        run: { MainActor.assumeIsolated { benchBindableCellLoop(run.cell, run.models) } },
        cleanup: {
            MainActor.assumeIsolated {
                run.cell.viewModel = nil
                run.models = []
            }
        },
        verify: { MainActor.assumeIsolated { run.verify() } }))
}

let operatorMeasurements: [Measurement] = [
    Measurement(id: "operator.bind-unbind", what: "(s, \\.value) ~> (p, \\.value) + unbind()", make: operatorBindUnbind),
    Measurement(id: "operator.bind-unbind.dynamic", what: "(s, \\.value) ~> (r, \\.value) + unbind(), r @Dynamic",
                make: { dynamicBindUnbind(benchOperatorDynamicLoop) }),
    Measurement(id: "expression.bind-unbind", what: "Bind.expression(\"value ~> value\").bind(s, r) + unbind()",
                make: { dynamicBindUnbind(benchExpressionLoop) }),
    Measurement(id: "transform.hop", what: "((s, \\.value) ~> (p, \\.text)).transform { \"#\\($0)\" }", make: transformHop),
    Measurement(id: "convert.hop", what: "Bind.in(s, \\.value).out(p, \\.text, convert: { \"#\\($0)\" })", make: convertHop),
    Measurement(id: "bindable-cell", what: "a BindableView cell of 8 bindings given the next row model", make: bindableCellReuse),
]
