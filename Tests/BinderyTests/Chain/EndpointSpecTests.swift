import Testing
@testable import Bindery

/// How a refused binding names the property the user wrote, and says why.
@Suite(.failOnUnexpectedDiagnostics) struct EndpointSpecTests {
    @Test("Rule 11: an ignored property refused as a sender is named, and the reason is that it is ignored")
    func ignoredSenderNamed() throws {
        let log = DiagnosticLog()
        let model = Notes()
        log.capture { Bind.in(model, \.draft).out(Label(), \.text) }
        #expect(log.all.count == 1)
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("cannot bind Notes.draft:"))
        #expect(message.contains("'draft' is marked @DynamicIgnored"))
        #expect(!Bind.isBound(model))
    }

    @Test("Rule 11: a property declared in a superclass that is not @Dynamic is named, with that class")
    func plainSuperclassPropertyNamed() throws {
        let log = DiagnosticLog()
        let model = Notes()
        log.capture { Bind.in(model, \.createdBy).out(Label(), \.text) }
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("cannot bind Notes.createdBy:"))
        #expect(message.contains("declared in PlainRecord, which is not @Dynamic"))
    }

    @Test("Rule 11: a property of a plain subclass of a @Dynamic class is refused with the cure: mark the subclass @Dynamic too")
    func plainSubclassPropertyNamed() throws {
        let log = DiagnosticLog()
        let model = UnmarkedNotes()
        log.capture { Bind.in(model, \.tag).out(Label(), \.text) }
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("cannot bind UnmarkedNotes.tag:"))
        #expect(message.contains("declared in UnmarkedNotes, a subclass of a @Dynamic class that is not marked @Dynamic itself"))
        #expect(message.contains("mark UnmarkedNotes @Dynamic too"))
        #expect(!message.contains("@DynamicIgnored"))
    }

    @Test("Rule 11: a computed sender that reads nothing observable is named and described as computed, never by the macro's storage or a neighbour")
    func computedSenderDescribed() throws {
        let log = DiagnosticLog()
        let app = App(session: Session(user: User(name: "a")))
        log.capture { Bind.in(app, \.buildName).out(Label(), \.text) }
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("cannot bind App.buildName:"))
        #expect(!message.contains("_$"))
        #expect(!message.contains("title:"))
        #expect(message.contains("computed"))
    }

    @Test("Rule 11: a refused receiver is named by its own property, not by a neighbour of its type or a wrapper's storage")
    func receiverNamedByOffset() throws {
        let log = DiagnosticLog()
        let box = Box()
        let swatch = Swatch()
        log.capture { Bind.in(box, \.int).out(swatch, \.border) }
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("cannot bind Swatch.border:"))
        #expect(!Bind.isBound(swatch))
        log.capture { Bind.in(box, \.color).out(swatch, \.level) }
        let wrapped = try #require(log.all.last?.message)
        #expect(wrapped.hasPrefix("cannot bind Swatch.(computed property of type Int):"))
        #expect(!wrapped.contains("_level"))
    }
}

/// A plain base class: its properties are not observable. The property is `final`, so its key
/// path addresses storage and Bindery can name it (an overridable property's key path goes
/// through accessors, and is described as computed).
class PlainRecord {
    final var createdBy = "me"
}

/// A `@Dynamic` subclass of a plain class, with an ignored property.
@Dynamic final class Notes: PlainRecord {
    var text = ""
    @DynamicIgnored var draft = ""
}

/// A property wrapper that clamps to 0...10.
@propertyWrapper struct Clamped {
    private var value = 0
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
    }

    init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
}

/// Two properties of one type side by side, and a wrapped one.
final class Swatch {
    var fill = Color(name: "white")
    var border = Color(name: "black")
    @Clamped var level = 0
}

/// A `@Dynamic` class open to subclasses.
@Dynamic class Draft {
    var text = ""
}

/// A subclass of a `@Dynamic` class that is not marked `@Dynamic` itself.
final class UnmarkedNotes: Draft {
    var tag = ""
}
