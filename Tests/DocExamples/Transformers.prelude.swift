// What the Transformers article's examples leave out: the view model and the widgets. Not part
// of any example.
import Bindery

@Dynamic final class PersonViewModel {
    var name = ""
    var shout = ""
    var winRate = 0.5
    var avatarURL = ""
}

@MainActor let vm = PersonViewModel()
@MainActor let nameLabel = Label(), whisperLabel = Label(), titleLabel = Label()
@MainActor let rateField = TextField(), avatar = ImageView()
