import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Dynamic`'s three roles: which properties get `@_DynamicTracked(slot)`, the registrar and
/// property table, the conformance, and the errors. Most tests expand `@Dynamic` alone, so the
/// attributes it adds are visible; `fullExpansion` expands everything.
@Suite struct DynamicMacroTests {
    @Test("Tracks stored vars, inferred or annotated, in declaration order; lists lets with no slot and computed vars as computed; leaves the rest alone")
    func lottery() {
        assertBinderyExpansion(
            """
            @Dynamic final class Lottery {
                var sn = 0
                var code: String = ""
                let id = 7
                var twice: Int { sn * 2 }
                @DynamicIgnored var scratch = 0
                var session: Session?
                static var shared = 0
                lazy var l = 0
            }
            """,
            expandedSource: """
            final class Lottery {
                @_DynamicTracked(0)
                var sn = 0
                @_DynamicTracked(1)
                var code: String = ""
                let id = 7
                var twice: Int { sn * 2 }
                @DynamicIgnored var scratch = 0
                @_DynamicTracked(2)
                var session: Session?
                static var shared = 0
                lazy var l = 0

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let sn = \\Lottery.sn
                    static let code = \\Lottery.code
                    static let session = \\Lottery.session
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "sn", keyPath: \\Lottery.sn, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Lottery.sn,
                            get: {
                                $0._$sn
                            },
                            set: {
                                $0.sn = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "code", keyPath: \\Lottery.code, slot: 1,
                        accessor: Bindery._PropertyAccessor(
                            \\Lottery.code,
                            get: {
                                $0._$code
                            },
                            set: {
                                $0.code = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "id", keyPath: \\Lottery.id, slot: nil,
                        accessor: Bindery._PropertyAccessor(
                            \\Lottery.id,
                            get: {
                                $0.id
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "twice", keyPath: \\Lottery.twice, slot: nil, isComputed: true
                    ),
                    Bindery._DynamicProperty(
                        name: "session", keyPath: \\Lottery.session, slot: 2,
                        accessor: Bindery._PropertyAccessor(
                            \\Lottery.session,
                            get: {
                                $0._$session
                            },
                            set: {
                                $0.session = $1
                            }
                        )
                    ),
                ]
            }

            extension Lottery: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Each entry carries direct accessors: get and set for a tracked var, get alone for a let")
    func directAccessors() {
        assertBinderyExpansion(
            """
            @Dynamic final class Account {
                let id: Int
                var balance = 0
                weak var owner: Person?
                unowned var bank: Bank
                var note: String?
                init(id: Int, bank: Bank) { self.id = id; self.bank = bank }
            }
            """,
            expandedSource: """
            final class Account {
                let id: Int
                @_DynamicTracked(0)
                var balance = 0
                @_DynamicTracked(1)
                weak var owner: Person?
                @_DynamicTracked(2)
                unowned var bank: Bank
                @_DynamicTracked(3)
                var note: String?
                init(id: Int, bank: Bank) { self.id = id; self.bank = bank }

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let balance = \\Account.balance
                    static let owner = \\Account.owner
                    static let bank = \\Account.bank
                    static let note = \\Account.note
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "id", keyPath: \\Account.id, slot: nil,
                        accessor: Bindery._PropertyAccessor(
                            \\Account.id,
                            get: {
                                $0.id
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "balance", keyPath: \\Account.balance, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Account.balance,
                            get: {
                                $0._$balance
                            },
                            set: {
                                $0.balance = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "owner", keyPath: \\Account.owner, slot: 1,
                        accessor: Bindery._PropertyAccessor(
                            \\Account.owner,
                            get: {
                                $0._$owner
                            },
                            set: {
                                $0.owner = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "bank", keyPath: \\Account.bank, slot: 2,
                        accessor: Bindery._PropertyAccessor(
                            \\Account.bank,
                            get: {
                                $0._$bank
                            },
                            set: {
                                $0.bank = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "note", keyPath: \\Account.note, slot: 3,
                        accessor: Bindery._PropertyAccessor(
                            \\Account.note,
                            get: {
                                $0._$note
                            },
                            set: {
                                $0.note = $1
                            }
                        )
                    ),
                ]
            }

            extension Account: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Every macro expanded: accessors over _$ storage, registrar, table, conformance")
    func fullExpansion() {
        assertBinderyExpansion(
            """
            @Dynamic final class Counter {
                var count = 0
                let step: Int
                @DynamicIgnored var cache = 0
                init(step: Int) { self.step = step }
            }
            """,
            expandedSource: """
            final class Counter {
                var count {
                    @storageRestrictions(initializes: _$count)
                    init(initialValue) {
                        _$count = initialValue
                    }
                    get {
                        _$registrar.access(self, keyPath: _$KeyPaths.count, slot: 0, after: _$Slots.first)
                        return _$count
                    }
                    set {
                        _$registrar.withMutation(of: self, keyPath: _$KeyPaths.count, slot: 0, after: _$Slots.first, storing: newValue) {
                            $0._$count = $1
                        }
                    }
                    _modify {
                        let observed = _$registrar.willSet(self, keyPath: _$KeyPaths.count)
                        defer {
                            _$registrar.didSet(self, keyPath: _$KeyPaths.count, slot: 0, after: _$Slots.first, observed: observed)
                        }
                        yield &_$count
                    }
                }

                private var _$count = 0
                let step: Int
                var cache = 0
                init(step: Int) { self.step = step }

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let count = \\Counter.count
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "count", keyPath: \\Counter.count, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Counter.count,
                            get: {
                                $0._$count
                            },
                            set: {
                                $0.count = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "step", keyPath: \\Counter.step, slot: nil,
                        accessor: Bindery._PropertyAccessor(
                            \\Counter.step,
                            get: {
                                $0.step
                            }
                        )
                    ),
                ]
            }

            extension Counter: Bindery.DynamicObject {
            }
            """
        )
    }

    @Test("A var without an initial value is tracked like any other")
    func varWithoutInitializer() {
        assertBinderyExpansion(
            """
            @Dynamic final class User {
                var name: String
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: """
            final class User {
                @_DynamicTracked(0)
                var name: String
                init(name: String) { self.name = name }

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let name = \\User.name
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "name", keyPath: \\User.name, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\User.name,
                            get: {
                                $0._$name
                            },
                            set: {
                                $0.name = $1
                            }
                        )
                    ),
                ]
            }

            extension User: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Static, class, lazy, ignored, wrapped and _$ properties are neither tracked nor listed; computed ones are listed as computed, untracked")
    func untrackedMembers() {
        assertBinderyExpansion(
            """
            @Dynamic final class Model {
                var title = ""
                var upper: String { title.uppercased() }
                var proxy: String {
                    get { title }
                    set { title = newValue }
                }
                static var count = 0
                static let name = "Model"
                class var kind: String { "model" }
                lazy var heavy = [Int](repeating: 0, count: 100)
                @DynamicIgnored var scratch = 0
                @Bindery.DynamicIgnored var scratch2 = 0
                @DynamicIgnored let ignoredConstant = 1
                @Clamped var level = 0
                var _$internal = 0
                @_DynamicTracked(9) var manual = 0
                func reset() {}
            }
            """,
            expandedSource: """
            final class Model {
                @_DynamicTracked(0)
                var title = ""
                var upper: String { title.uppercased() }
                var proxy: String {
                    get { title }
                    set { title = newValue }
                }
                static var count = 0
                static let name = "Model"
                class var kind: String { "model" }
                lazy var heavy = [Int](repeating: 0, count: 100)
                @DynamicIgnored var scratch = 0
                @Bindery.DynamicIgnored var scratch2 = 0
                @DynamicIgnored let ignoredConstant = 1
                @Clamped var level = 0
                var _$internal = 0
                @_DynamicTracked(9) var manual = 0
                func reset() {}

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let title = \\Model.title
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "title", keyPath: \\Model.title, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Model.title,
                            get: {
                                $0._$title
                            },
                            set: {
                                $0.title = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "upper", keyPath: \\Model.upper, slot: nil, isComputed: true
                    ),
                    Bindery._DynamicProperty(
                        name: "proxy", keyPath: \\Model.proxy, slot: nil, isComputed: true
                    ),
                ]
            }

            extension Model: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Built-in attributes and @MainActor do not stop tracking; backticked names are listed bare")
    func attributesAndBackticks() {
        assertBinderyExpansion(
            """
            @Dynamic final class Settings {
                @available(macOS 15, *) var theme = 0
                @MainActor var `default` = false
            }
            """,
            expandedSource: """
            final class Settings {
                @available(macOS 15, *)
                @_DynamicTracked(0) var theme = 0
                @MainActor
                @_DynamicTracked(1) var `default` = false

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    @available(macOS 15, *) static let theme = \\Settings.theme
                    @MainActor static let `default` = \\Settings.`default`
                }

                nonisolated static var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: Settings.self, onMainActor: {
                            [
                                Bindery._DynamicProperty(
                                    name: "theme", keyPath: \\Settings.theme, slot: 0,
                                    accessor: Bindery._PropertyAccessor(
                                        \\Settings.theme,
                                        get: {
                                            $0._$theme
                                        },
                                        set: {
                                            $0.theme = $1
                                        }
                                    )
                                ),
                                Bindery._DynamicProperty(
                                    name: "default", keyPath: \\Settings.`default`, slot: 1,
                                    accessor: Bindery._PropertyAccessor(
                                        \\Settings.`default`,
                                        get: {
                                            $0._$default
                                        },
                                        set: {
                                            $0.`default` = $1
                                        }
                                    )
                                ),
                            ]
                        })
                }
            }

            extension Settings: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("A public or open class gets public members; a package class gets package members")
    func accessLevels() {
        for (keyword, member) in [("public", "public"), ("open", "public"), ("package", "package")] {
            assertBinderyExpansion(
                """
                @Dynamic \(keyword) class Model {
                    \(keyword) var title = ""
                }
                """,
                expandedSource: """
                \(keyword) class Model {
                    @_DynamicTracked(0)
                    \(keyword) var title = ""

                    \(member) nonisolated let _$registrar = Bindery._ChangeRegistrar()

                    enum _$Slots {
                        nonisolated static var first: Int {
                            0
                        }
                    }

                    private enum _$KeyPaths {
                        static let title = \\Model.title
                    }

                    \(keyword) nonisolated class var _$slotCount: Int {
                        _$Slots.first + 1
                    }

                    \(keyword) nonisolated class var _$dynamicProperties: [Bindery._DynamicProperty] {
                        Bindery._DynamicProperty.table(of: Self.self, declaredBy: Model.self, {
                                func table<Root: Model>(_: Root.Type) -> [Bindery._DynamicProperty] {
                                    [
                                        Bindery._DynamicProperty(
                                            name: "title", keyPath: \\Root.title, slot: 0,
                                            accessor: Bindery._PropertyAccessor(
                                                \\Root.title,
                                                get: {
                                                    $0._$title
                                                },
                                                set: {
                                                    $0.title = $1
                                                }
                                            )
                                        ),
                                    ]
                                }
                                return table(Self.self)
                            })
                    }
                }

                extension Model: Bindery.DynamicObject {
                }
                """,
                macros: dynamicMacroOnly
            )
        }
    }

    @Test("A @MainActor class: nonisolated members; its table is built on the main actor, checked there, with no bit cast")
    func mainActorClass() {
        assertBinderyExpansion(
            """
            @MainActor @Dynamic final class ViewModel {
                var title = ""
            }
            """,
            expandedSource: """
            @MainActor final class ViewModel {
                @_DynamicTracked(0)
                var title = ""

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    @MainActor static let title = \\ViewModel.title
                }

                nonisolated static var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: ViewModel.self, onMainActor: {
                            [
                                Bindery._DynamicProperty(
                                    name: "title", keyPath: \\ViewModel.title, slot: 0,
                                    accessor: Bindery._PropertyAccessor(
                                        \\ViewModel.title,
                                        get: {
                                            $0._$title
                                        },
                                        set: {
                                            $0.title = $1
                                        }
                                    )
                                ),
                            ]
                        })
                }
            }

            extension ViewModel: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("A class isolated to another global actor is refused: Bindery cannot reach that actor synchronously")
    func customGlobalActorClass() {
        assertBinderyExpansion(
            """
            @Dynamic @DatabaseActor final class Record {
                var id = 0
            }
            """,
            expandedSource: """
            @DatabaseActor final class Record {
                var id = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: """
                    @Dynamic supports classes on the main actor or on no global actor: 'Record' is \
                    isolated to 'DatabaseActor', whose properties Bindery cannot reach synchronously from the \
                    thread that binds or sets them; remove '@DatabaseActor', or use '@MainActor'
                    """,
                    line: 1,
                    column: 1
                )
            ],
            macros: dynamicMacroOnly
        )
    }

    @Test("Rule 1: a subclass of a @Dynamic class reuses the registrar, starts its slots after its superclass's and extends its table")
    func subclass() {
        assertBinderyExpansion(
            """
            @Dynamic class Car: Vehicle, Sendable {
                var doors = 4
                let wheels = 4
            }
            """,
            expandedSource: """
            class Car: Vehicle, Sendable {
                @_DynamicTracked(0)
                var doors = 4
                let wheels = 4

                enum _$Slots {
                    nonisolated static var first: Int {
                        Vehicle._$slotCount
                    }
                }

                private enum _$KeyPaths {
                    static let doors = \\Car.doors
                }

                override nonisolated class var _$slotCount: Int {
                    _$Slots.first + 1
                }

                override nonisolated class var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: Car.self, {
                            func table<Root: Car>(_: Root.Type) -> [Bindery._DynamicProperty] {
                                [
                                    Bindery._DynamicProperty(
                                        name: "doors", keyPath: \\Root.doors, slot: _$Slots.first + 0,
                                        accessor: Bindery._PropertyAccessor(
                                            \\Root.doors,
                                            get: {
                                                $0._$doors
                                            },
                                            set: {
                                                $0.doors = $1
                                            }
                                        )
                                    ),
                                    Bindery._DynamicProperty(
                                        name: "wheels", keyPath: \\Root.wheels, slot: nil,
                                        accessor: Bindery._PropertyAccessor(
                                            \\Root.wheels,
                                            get: {
                                                $0.wheels
                                            }
                                        )
                                    ),
                                ]
                            }
                            return super._$dynamicProperties + table(Self.self)
                        })
                }
            }
            """,
            macros: dynamicMacroAlreadyConforming
        )
    }

    @Test("Rule 1: a final subclass overrides the table with one rooted at itself, after its superclass's entries")
    func finalSubclass() {
        assertBinderyExpansion(
            """
            @Dynamic final class RaceCar: Car {
                var team = ""
            }
            """,
            expandedSource: """
            final class RaceCar: Car {
                @_DynamicTracked(0)
                var team = ""

                enum _$Slots {
                    nonisolated static var first: Int {
                        Car._$slotCount
                    }
                }

                private enum _$KeyPaths {
                    static let team = \\RaceCar.team
                }

                override nonisolated static var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: RaceCar.self, {
                            super._$dynamicProperties + [
                                Bindery._DynamicProperty(
                                    name: "team", keyPath: \\RaceCar.team, slot: _$Slots.first + 0,
                                    accessor: Bindery._PropertyAccessor(
                                        \\RaceCar.team,
                                        get: {
                                            $0._$team
                                        },
                                        set: {
                                            $0.team = $1
                                        }
                                    )
                                ),
                            ]
                        })
                }
            }
            """,
            macros: dynamicMacroAlreadyConforming
        )
    }

    @Test("A class that names DynamicObject itself is not taken for a subclass")
    func namesConformance() {
        assertBinderyExpansion(
            """
            @Dynamic final class Plain: Bindery.DynamicObject {
                var x = 0
            }
            """,
            expandedSource: """
            final class Plain: Bindery.DynamicObject {
                @_DynamicTracked(0)
                var x = 0

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let x = \\Plain.x
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "x", keyPath: \\Plain.x, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Plain.x,
                            get: {
                                $0._$x
                            },
                            set: {
                                $0.x = $1
                            }
                        )
                    ),
                ]
            }
            """,
            macros: dynamicMacroAlreadyConforming
        )
    }

    @Test("A generic class gets a computed table: static stored properties are not allowed there")
    func genericClass() {
        assertBinderyExpansion(
            """
            @Dynamic final class Box<Value> {
                var value: Value
                init(value: Value) { self.value = value }
            }
            """,
            expandedSource: """
            final class Box<Value> {
                @_DynamicTracked(0)
                var value: Value
                init(value: Value) { self.value = value }

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: Box.self, {
                            [
                                Bindery._DynamicProperty(
                                    name: "value", keyPath: \\Box.value, slot: 0,
                                    accessor: Bindery._PropertyAccessor(
                                        \\Box.value,
                                        get: {
                                            $0._$value
                                        },
                                        set: {
                                            $0.value = $1
                                        }
                                    )
                                ),
                            ]
                        })
                }
            }

            extension Box: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("A class nested in a generic type gets a computed table too")
    func classInGenericType() {
        assertBinderyExpansion(
            """
            struct Screen<Content> {
                @Dynamic final class State {
                    var page = 0
                }
            }
            """,
            expandedSource: """
            struct Screen<Content> {
                final class State {
                    @_DynamicTracked(0)
                    var page = 0

                    nonisolated let _$registrar = Bindery._ChangeRegistrar()

                    enum _$Slots {
                        nonisolated static var first: Int {
                            0
                        }
                    }

                    nonisolated static var _$dynamicProperties: [Bindery._DynamicProperty] {
                        Bindery._DynamicProperty.table(of: Self.self, declaredBy: State.self, {
                                [
                                    Bindery._DynamicProperty(
                                        name: "page", keyPath: \\State.page, slot: 0,
                                        accessor: Bindery._PropertyAccessor(
                                            \\State.page,
                                            get: {
                                                $0._$page
                                            },
                                            set: {
                                                $0.page = $1
                                            }
                                        )
                                    ),
                                ]
                            })
                    }
                }
            }

            extension Screen.State: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("A class with nothing to list gets an empty table")
    func emptyClass() {
        assertBinderyExpansion(
            """
            @Dynamic final class Empty {
            }
            """,
            expandedSource: """
            final class Empty {

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = []
            }

            extension Empty: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Computed properties a key path cannot name, or that the table must not list, stay unlisted: async, throwing, override, @available, a wrapper")
    func unlistedComputed() {
        assertBinderyExpansion(
            """
            @Dynamic final class Feed: Base {
                var later: Int { get async { 1 } }
                var risky: Int { get throws { 1 } }
                override var title: String { "feed" }
                @available(macOS 99, *) var future: Int { 1 }
                @Clamped var level: Int { 1 }
            }
            """,
            expandedSource: """
            final class Feed: Base {
                var later: Int { get async { 1 } }
                var risky: Int { get throws { 1 } }
                override var title: String { "feed" }
                @available(macOS 99, *) var future: Int { 1 }
                @Clamped var level: Int { 1 }

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = []
            }

            extension Feed: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("No extension when the class already conforms; @available carries over to the extension")
    func conformance() {
        assertBinderyExpansion(
            """
            @Dynamic class Derived: Base {
            }
            """,
            expandedSource: """
            class Derived: Base {

                enum _$Slots {
                    nonisolated static var first: Int {
                        Base._$slotCount
                    }
                }

                override nonisolated class var _$slotCount: Int {
                    _$Slots.first + 0
                }

                override nonisolated class var _$dynamicProperties: [Bindery._DynamicProperty] {
                    Bindery._DynamicProperty.table(of: Self.self, declaredBy: Derived.self, {
                            func table<Root: Derived>(_: Root.Type) -> [Bindery._DynamicProperty] {
                                []
                            }
                            return super._$dynamicProperties + table(Self.self)
                        })
                }
            }
            """,
            macros: dynamicMacroAlreadyConforming
        )
        assertBinderyExpansion(
            """
            @available(macOS 15, *)
            @Dynamic final class Recent {
            }
            """,
            expandedSource: """
            @available(macOS 15, *)
            final class Recent {

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = []
            }

            @available(macOS 15, *)
            extension Recent: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test(
        "Attached to a struct, enum, actor or protocol: an error, and no expansion",
        arguments: [("struct", "a struct"), ("enum", "an enum"), ("actor", "an actor"), ("protocol", "a protocol")]
    )
    func notAClass(keyword: String, kind: String) {
        assertBinderyExpansion(
            """
            @Dynamic \(keyword) Foo {
            }
            """,
            expandedSource: """
            \(keyword) Foo {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Dynamic can only be applied to a class; 'Foo' is \(kind)", line: 1, column: 1)
            ],
            macros: dynamicMacroOnly
        )
    }

    @Test("Attached to an extension: an error pointing at the class declaration")
    func onExtension() {
        assertBinderyExpansion(
            """
            @Dynamic extension Foo {
            }
            """,
            expandedSource: """
            extension Foo {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Dynamic can only be applied to a class; attach it to the declaration of 'Foo', not to an extension",
                    line: 1,
                    column: 1
                )
            ],
            macros: dynamicMacroOnly
        )
    }

    @Test("willSet/didSet observers: the property is tracked like any other, observers and all")
    func observers() {
        assertBinderyExpansion(
            """
            @Dynamic final class Form {
                var name = "" {
                    didSet { validate() }
                }
                var valid = false
            }
            """,
            expandedSource: """
            final class Form {
                @_DynamicTracked(0)
                var name = "" {
                    didSet { validate() }
                }
                @_DynamicTracked(1)
                var valid = false

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                private enum _$KeyPaths {
                    static let name = \\Form.name
                    static let valid = \\Form.valid
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "name", keyPath: \\Form.name, slot: 0,
                        accessor: Bindery._PropertyAccessor(
                            \\Form.name,
                            get: {
                                $0._$name
                            },
                            set: {
                                $0.name = $1
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "valid", keyPath: \\Form.valid, slot: 1,
                        accessor: Bindery._PropertyAccessor(
                            \\Form.valid,
                            get: {
                                $0._$valid
                            },
                            set: {
                                $0.valid = $1
                            }
                        )
                    ),
                ]
            }

            extension Form: Bindery.DynamicObject {
            }
            """,
            macros: dynamicMacroOnly
        )
    }

    @Test("Several names in one var, or a tuple pattern: an error, with a fix-it to mark it @DynamicIgnored")
    func multipleBindings() {
        assertBinderyExpansion(
            """
            @Dynamic final class Point {
                var x = 0, y = 0
                var (w, h) = (1, 1)
                let a = 1, b = 2
            }
            """,
            expandedSource: """
            final class Point {
                var x = 0, y = 0
                var (w, h) = (1, 1)
                let a = 1, b = 2

                nonisolated let _$registrar = Bindery._ChangeRegistrar()

                enum _$Slots {
                    nonisolated static var first: Int {
                        0
                    }
                }

                nonisolated static let _$dynamicProperties: [Bindery._DynamicProperty] = [
                    Bindery._DynamicProperty(
                        name: "a", keyPath: \\Point.a, slot: nil,
                        accessor: Bindery._PropertyAccessor(
                            \\Point.a,
                            get: {
                                $0.a
                            }
                        )
                    ),
                    Bindery._DynamicProperty(
                        name: "b", keyPath: \\Point.b, slot: nil,
                        accessor: Bindery._PropertyAccessor(
                            \\Point.b,
                            get: {
                                $0.b
                            }
                        )
                    ),
                ]
            }

            extension Point: Bindery.DynamicObject {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: """
                    @Dynamic tracks one property per 'var': declare 'x', 'y' in separate 'var' declarations, \
                    or mark the declaration @DynamicIgnored
                    """,
                    line: 2,
                    column: 5,
                    fixIts: [FixItSpec(message: "mark 'x, y' @DynamicIgnored")]
                ),
                DiagnosticSpec(
                    message: """
                    @Dynamic tracks one property per 'var': declare 'w', 'h' in separate 'var' declarations, \
                    or mark the declaration @DynamicIgnored
                    """,
                    line: 3,
                    column: 5,
                    fixIts: [FixItSpec(message: "mark 'w, h' @DynamicIgnored")]
                ),
            ],
            macros: dynamicMacroOnly
        )
    }
}
