// What the examples of Transformer.swift leave out: the objects they bind. Not part of any
// example.
import Bindery

@Dynamic final class PersonViewModel {
    var name = ""
    var avatarURL = ""
}

@Dynamic final class Lottery {
    var winRate = 0.5
}

@MainActor let vm = PersonViewModel(), lottery = Lottery()
@MainActor let nameLabel = Label(), rateField = TextField(), avatar = ImageView()
