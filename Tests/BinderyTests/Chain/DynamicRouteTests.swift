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

    @Test("Rule 7: a route first declared as a receiver, then declared again as a sender, sends (and follows its links)")
    func routeReceiverDeclaredAgainAsSender() {
        let app = App(session: Session(user: User(name: "a")))
        let box = Box()
        Bind.inout(box, \.string).out(app, \.session.user.name)
        #expect(app.session.user.name == "")
        Bind.inout(app, \.session.user.name)
        app.session.user.name = "sent"
        #expect(box.string == "sent")
        app.session = Session(user: User(name: "replaced"))
        #expect(box.string == "replaced")
        box.string = "back"
        #expect(app.session.user.name == "back")
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

    @Test("Sets of the last property keep the links; replacing the last object, which then goes, is followed")
    func leafSetsKeepLinksAndReplacedLeafIsFollowed() {
        let session = Session(user: User(name: "a"))
        let app = App(session: session)
        let label = Label()
        Bind.in(app, \.session.user.name).out(label, \.text)
        for name in ["b", "c", "d"] {
            session.user.name = name
            #expect(label.text == name)
        }
        // The old user is held by nothing else: it goes while the link is set, before the
        // link's notification arrives.
        weak let oldUser = session.user
        session.user = User(name: "e")
        #expect(oldUser == nil)
        #expect(label.text == "e")
        session.user.name = "f"
        #expect(label.text == "f")
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

    @Test("A computed property that reads @Dynamic properties is a sender; one that reads nothing observable is refused with a diagnostic")
    func computedPath() {
        let log = DiagnosticLog()
        let app = App(session: Session(user: User(name: "a")))
        let label = Label()
        log.capture {
            Bind.in(app, \.computedTitle).out(label, \.text)
            app.title = "home"
        }
        #expect(log.all.isEmpty)
        #expect(label.text == "HOME")
        log.capture {
            Bind.in(app, \.buildName).out(Label(), \.text)
        }
        #expect(log.all.count == 1)
        let message = log.all.first?.message ?? ""
        #expect(message.hasPrefix("cannot bind App."))
        #expect(message.contains("not a stored property of a @Dynamic class"))
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
        #expect(account._$registrar.listenedSlotBits == 0)   // nothing listens to the let
    }

    @Test("An optional-chained key path delivers nil while a link is nil and follows the links as they change")
    func optionalChainFollowsLinks() {
        let shell = Shell()
        let label = Label()
        label.text = "stale"
        Bind.in(shell, \.session?.user.name).out(label, \.text)
        #expect(label.text == nil)

        let ada = User(name: "Ada")
        shell.session = Session(user: ada)
        #expect(label.text == "Ada")
        ada.name = "Grace"
        #expect(label.text == "Grace")

        let next = User(name: "Linus")
        shell.session?.user = next
        #expect(label.text == "Linus")
        ada.name = "not heard"
        #expect(label.text == "Linus")

        shell.session = nil
        #expect(label.text == nil)
        next.name = "not heard either"
        #expect(label.text == nil)
        #expect(Bind.isBound(shell))
    }

    @Test("An optional chain ending in an optional property, and one with two optional links")
    func optionalChainsOfOptionals() {
        let user = User(name: "Ada")
        let shell = Shell()
        shell.session = Session(user: user)
        let nickname = Label()
        let manager = Label()
        Bind.in(shell, \.session?.user.nickname).out(nickname, \.text)
        Bind.in(shell, \.session?.user.manager?.name).out(manager, \.text)
        #expect(nickname.text == nil)
        #expect(manager.text == nil)

        user.nickname = "ada"
        let boss = User(name: "Grace")
        user.manager = boss
        #expect(nickname.text == "ada")
        #expect(manager.text == "Grace")
        boss.name = "Grace H."
        #expect(manager.text == "Grace H.")
        user.manager = nil
        #expect(manager.text == nil)
        boss.name = "not heard"
        #expect(manager.text == nil)
    }

    @Test("An optional chain through a let link observes only what can change")
    func optionalChainThroughLet() {
        let owner = User(name: "first")
        let shell = Shell(account: Account(owner: owner))
        let label = Label()
        Bind.in(shell, \.account?.owner.name).out(label, \.text)
        #expect(label.text == "first")
        owner.name = "second"
        #expect(label.text == "second")
        let none = Label()
        Bind.in(Shell(), \.account?.owner.name).out(none, \.text)
        #expect(none.text == nil)
    }

    @Test("An optional chain does not keep a link it has left alive")
    func optionalChainLetsGoOfOldLinks() {
        let shell = Shell()
        shell.session = Session(user: User(name: "a"))
        let label = Label()
        Bind.in(shell, \.session?.user.name).out(label, \.text)
        weak var weakSession: Session?
        do {
            weakSession = shell.session
            shell.session = nil
        }
        #expect(weakSession == nil)
        #expect(label.text == nil)
    }

    @Test("A diagnostic names an optional chain as written")
    func optionalChainNamed() {
        #expect(DynamicRoute.name(of: \Shell.session?.user.manager?.name, in: Shell.self) == "session?.user.manager?.name")
        #expect(DynamicRoute.name(of: \Shell.session?.user.name, in: Shell.self) == "session?.user.name")
    }

    @Test("A force-unwrapped link is refused at bind time with a diagnostic that suggests ?")
    func forceUnwrapRefused() {
        let log = DiagnosticLog()
        let shell = Shell()
        shell.session = Session(user: User(name: "a"))
        log.capture {
            Bind.in(shell, \.session!.user.name).out(Label(), \.text)
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("write ? instead of !") == true)
        #expect(!Bind.isBound(shell))
    }

    @Test("An optional chain through an object that is not @Dynamic is refused at bind time")
    func optionalChainThroughPlainObjectRefused() {
        let log = DiagnosticLog()
        let shell = Shell()
        shell.plainSession = PlainSession(user: User(name: "a"))
        log.capture {
            Bind.in(shell, \.plainSession?.user.name).out(Label(), \.text)
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.message.contains("not a stored property of a @Dynamic class") == true)
        #expect(!Bind.isBound(shell))
    }
}
