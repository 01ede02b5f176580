// What BindingTarget's examples leave out: the observed model. Not part of any example.
import Bindery

@Dynamic final class User {
    var name = ""
}

@MainActor let user = User()
