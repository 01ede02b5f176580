// What the Operators article's examples leave out: the view model and the widgets. Not part
// of any example.
import Bindery

@Dynamic final class PersonViewModel {
    var name = ""
    var age = 0
    var winRate = 0.5
    var avatarURL = ""
}

/// Uppercases; lowercases back.
struct Uppercase: ReversibleTransformer {
    func transform(_ value: String) -> String { value.uppercased() }
    func reverseTransform(_ value: String) -> String { value.lowercased() }
}

/// A rate as a percentage, and back.
struct Percent: ReversibleTransformer {
    func transform(_ rate: Double) -> String { "\(Int((rate * 100).rounded()))%" }
    func reverseTransform(_ text: String) -> Double { (Double(text.prefix { $0.isNumber }) ?? 0) / 100 }
}

/// Downloads an avatar.
struct AvatarLoader: AsyncTransformer {
    func transform(_ url: String) async throws -> Image { try await Image(downloading: url) }
}

@MainActor let vm = PersonViewModel()
@MainActor let nameLabel = Label(), subtitleLabel = Label(), headlineLabel = Label(), greetingLabel = Label()
@MainActor let footerLabel = Label(), previewLabel = Label()
@MainActor let nameField = TextField(), ageField = TextField(), rateField = TextField()
@MainActor let avatarView = ImageView()
