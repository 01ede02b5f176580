import Testing
@testable import Bindery

/// Key paths across several `@Dynamic` objects.
@Suite(.failOnUnexpectedDiagnostics) struct DynamicRouteTests {
    @Test("A sender key path across objects follows every link")
    func followsEveryLink() {
        let user = User(name: "Ada")
        let app = App(session: Session(user: user))
        let label = Label()
        Bind.in(app, \.session.user.name).out(label, \.text)
        #expect(label.text == "Ada")
        user.name = "Grace"
        #expect(label.text == "Grace")
    }

    @Test("Replacing an intermediate object re-attaches to the new one and lets go of the old")
    func reattachesWhenIntermediateReplaced() {
        let oldUser = User(name: "old")
        let session = Session(user: oldUser)
        let app = App(session: session)
        let label = Label()
        Bind.in(app, \.session.user.name).out(label, \.text)

        let newUser = User(name: "new")
        session.user = newUser
        #expect(label.text == "new")
        oldUser.name = "ignored"
        #expect(label.text == "new")
        newUser.name = "newer"
        #expect(label.text == "newer")

        app.session = Session(user: User(name: "third"))
        #expect(label.text == "third")
        newUser.name = "ignored too"
        #expect(label.text == "third")
    }

    @Test("An intermediate object is not kept alive by the route")
    func intermediatesNotRetained() {
        let app = App(session: Session(user: User(name: "a")))
        let label = Label()
        Bind.in(app, \.session.user.name).out(label, \.text)
        weak var weakSession: Session?
        do {
            let old = app.session
            weakSession = old
            app.session = Session(user: User(name: "b"))
        }
        #expect(weakSession == nil)
        #expect(label.text == "b")
    }

    @Test("A key path through a computed property is refused at bind time with a diagnostic")
    func computedPathRefused() {
        let log = DiagnosticLog()
        let app = App(session: Session(user: User(name: "a")))
        log.capture {
            Bind.in(app, \.computedTitle).out(Label(), \.text)
        }
        #expect(log.all.count == 1)
        let message = log.all.first?.message ?? ""
        #expect(message.hasPrefix("cannot bind App."))
        #expect(message.contains("not a stored property of a @Dynamic class"))
        #expect(!Bind.isBound(app))
    }

    @Test("A let is a valid link and never needs observing")
    func letLink() {
        let app = App(session: Session(user: User(name: "a")))
        let label = Label()
        Bind.in(app, \.build).out(label, \.text)
        #expect(label.text == "1")
        // A let inside a route: only the property past it is observed.
        let owner = User(name: "first")
        let account = Account(owner: owner)
        let ownerLabel = Label()
        Bind.in(account, \.owner.name).out(ownerLabel, \.text)
        #expect(ownerLabel.text == "first")
        owner.name = "second"
        #expect(ownerLabel.text == "second")
        #expect(account._$registrar.observedSlots.load(ordering: .relaxed) == 0)   // nothing listens to the let
    }
}
