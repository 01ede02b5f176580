// The objects the benchmarks bind and write.

import Bindery
import Observation
import OpenCombine

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

// MARK: - Routes, controls, elements

/// The head of a three-object route: `\.middle.leaf.value`.
@Dynamic final class RouteHead {
    var middle = RouteMiddle()
}

@Dynamic final class RouteMiddle {
    var leaf = RouteLeaf()
}

@Dynamic final class RouteLeaf {
    var value = 0
}

/// A control with an Int value, edited "by the user" through `edit(_:)`.
final class BenchField: Control {
    var value = 0
    var text = ""
    var isOn = false
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<BenchField, Int> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }

    /// A user edit: the value changes, then the event.
    @inline(never)
    func edit(_ newValue: Int) {
        value = newValue
        sendActions(for: .valueChanged)
    }
}

/// A `@Dynamic` model with an array whose elements are bound.
@Dynamic final class ElementModel {
    var values = [0, 0, 0]
}

// MARK: - The cell of cell-reuse

/// A row's view model, as an MVVM screen has one per row.
@Dynamic final class RowModel {
    var title = ""
    var subtitle = ""
    var price = 0.0
    var rating = 0
    var note = ""
    var imageName = ""
    var isFavorite = false
    var isNew = false

    init(_ i: Int) {
        title = "Item \(i)"
        subtitle = "Subtitle \(i)"
        price = Double(i) / 4
        rating = i % 5
        note = "note \(i)"
        imageName = i % 2 == 0 ? "even" : "odd"
        isFavorite = i % 3 == 0
        isNew = i % 7 == 0
    }
}

/// An image, as a cell shows one.
final class BenchImage: Sendable {
    let name: String
    init(name: String) { self.name = name }
    static let even = BenchImage(name: "even"), odd = BenchImage(name: "odd")
    static func named(_ name: String) -> BenchImage { name == "even" ? even : odd }
}

/// A table cell's widgets: five labels, a text field and a switch (controls), an image view.
final class Cell: @unchecked Sendable {
    // @unchecked: the benchmark uses a cell on one thread only; `badge` is written by a block
    // that runs on that thread.
    let title = Plain(), subtitle = Plain(), price = Plain(), rating = Plain()
    let note = BenchField(), favorite = BenchField()
    let image = ImageView()
    var badge = false
}

final class ImageView {
    var image: BenchImage? = nil
}

/// The same row model written for OpenCombine: one subject per property.
final class CombineRowModel {
    let title: CurrentValueSubject<String, Never>
    let subtitle: CurrentValueSubject<String, Never>
    let price: CurrentValueSubject<Double, Never>
    let rating: CurrentValueSubject<Int, Never>
    let note: CurrentValueSubject<String, Never>
    let imageName: CurrentValueSubject<String, Never>
    let isFavorite: CurrentValueSubject<Bool, Never>
    let isNew: CurrentValueSubject<Bool, Never>

    init(_ i: Int) {
        title = .init("Item \(i)")
        subtitle = .init("Subtitle \(i)")
        price = .init(Double(i) / 4)
        rating = .init(i % 5)
        note = .init("note \(i)")
        imageName = .init(i % 2 == 0 ? "even" : "odd")
        isFavorite = .init(i % 3 == 0)
        isNew = .init(i % 7 == 0)
    }
}

/// A text field whose designated property is its text, sent on edits.
final class BenchTextField: Control {
    var text = ""
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<BenchTextField, String> { \.text }
    static var designatedEvents: ControlEvents { .editingChanged }

    /// A user edit: the text changes, then the event.
    func type(_ newText: String) {
        text = newText
        sendActions(for: .editingChanged)
    }
}

/// A switch whose designated property is `isOn`.
final class BenchSwitch: Control {
    var isOn = false
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<BenchSwitch, Bool> { \.isOn }
    static var designatedEvents: ControlEvents { .valueChanged }
}

/// A badge shown for new rows.
final class BenchBadge {
    var isOn = false
}
