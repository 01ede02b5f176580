// What the Operators article's examples leave out: the view model and the widgets. Not part
// of any example.
import Bindery

@Dynamic final class PersonViewModel {
    var name = ""
    var age = 0
}

@MainActor let vm = PersonViewModel()
@MainActor let nameLabel = Label(), subtitleLabel = Label(), headlineLabel = Label(), greetingLabel = Label()
@MainActor let footerLabel = Label(), previewLabel = Label()
@MainActor let nameField = TextField(), ageField = TextField()
