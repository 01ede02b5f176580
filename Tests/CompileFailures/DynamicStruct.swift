// expected-error: @Dynamic can only be applied to a class
// Only a class has the identity and lifetime a binding needs.
import Bindery

@Dynamic struct Settings {
    var volume = 0
}
