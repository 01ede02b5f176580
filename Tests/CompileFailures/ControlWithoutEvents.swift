// expected-error: a control sends when the user edits it: add on: with the events that report an edit
// A control's property is heard through its events: without `on:` the compiler says to add it.
import Bindery

@Dynamic final class Settings {
    var volume = 0.5
}

final class Slider: Control {
    var value: Float = 0
    let eventCenter = ControlEventCenter()
    static var designatedKeyPath: ReferenceWritableKeyPath<Slider, Float> { \.value }
    static var designatedEvents: ControlEvents { .valueChanged }
}

func bind(_ settings: Settings, _ slider: Slider) {
    Bind.inout(settings, \.volume).inout(slider, \.value)
}
