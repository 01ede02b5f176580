// expected-error: type 'Canvas' does not conform to the 'Sendable' protocol
// A box is Sendable only when its value is: a box of a non-Sendable class cannot be shared.
import Bindery

final class Canvas {
    var strokes = 0
}

func share<T: Sendable>(_ value: T) {}

func use() {
    share(Dynamic(Canvas()))
}
