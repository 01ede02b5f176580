import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@_DynamicTracked(slot)`: the accessors over `_$name` storage that report reads to
/// Observation and sets to Observation and the slot, the storage itself, and the errors for
/// misuse. `@DynamicIgnored` is left unexpanded so the marker on the storage shows. A property
/// written outside a class names its key path from `Self`; inside one, see
/// `keyPathsInAClass` and `keyPathsInAGenericClass`.
@Suite struct DynamicTrackedMacroTests {
    @Test("A var with an inferred type: accessors over _$sn, storage keeps the initial value")
    func inferredType() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(0) var sn = 0
            """,
            expandedSource: """
            var sn {
                @storageRestrictions(initializes: _$sn)
                init(initialValue) {
                    _$sn = initialValue
                }
                get {
                    _$registrar.access(self, keyPath: \\Self.sn, slot: 0, after: _$Slots.first)
                    return _$sn
                }
                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.sn, slot: 0, after: _$Slots.first, storing: newValue) {
                        $0._$sn = $1
                    }
                }
                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.sn)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.sn, slot: 0, after: _$Slots.first, observed: observed)
                    }
                    yield &_$sn
                }
            }

            @DynamicIgnored private var _$sn = 0
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("willSet/didSet move onto the storage, where the property is its storage: they run around the store, the report follows didSet")
    func observers() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(3) var name = "" {
                willSet { log(name, newValue) }
                didSet {
                    if name.count > 3 { self.name = String(name.prefix(3)) }
                    other.name = name
                    check(\\.name, oldValue)
                    later { self.name = "" }
                }
            }
            """,
            // The test support keeps the observers on the property; the compiler drops them
            // there once the macro gives it a getter and a setter (as with `@Observable`).
            expandedSource: """
            var name {
                willSet { log(name, newValue) }
                didSet {
                    if name.count > 3 { self.name = String(name.prefix(3)) }
                    other.name = name
                    check(\\.name, oldValue)
                    later { self.name = "" }
                }
                @storageRestrictions(initializes: _$name)
                init(initialValue) {
                    _$name = initialValue
                }

                get {
                    _$registrar.access(self, keyPath: \\Self.name, slot: 3, after: _$Slots.first)
                    return _$name
                }

                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.name, slot: 3, after: _$Slots.first, storing: newValue) {
                        $0._$name = $1
                    }
                }

                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.name)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.name, slot: 3, after: _$Slots.first, observed: observed)
                    }
                    yield &_$name
                }
            }

            @DynamicIgnored private var _$name = "" {
                willSet {
                    log(_$name, newValue)
                }
                didSet {
                    if _$name.count > 3 {
                        self._$name = String(_$name.prefix(3))
                    }
                    other.name = _$name
                    check(\\.name, oldValue)
                    later {
                        self.name = ""
                    }
                }
            }
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("A var with a type annotation: the storage copies it; the slot is the one given")
    func annotatedType() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(12) var code: String = ""
            """,
            expandedSource: """
            var code: String {
                @storageRestrictions(initializes: _$code)
                init(initialValue) {
                    _$code = initialValue
                }
                get {
                    _$registrar.access(self, keyPath: \\Self.code, slot: 12, after: _$Slots.first)
                    return _$code
                }
                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.code, slot: 12, after: _$Slots.first, storing: newValue) {
                        $0._$code = $1
                    }
                }
                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.code)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.code, slot: 12, after: _$Slots.first, observed: observed)
                    }
                    yield &_$code
                }
            }

            @DynamicIgnored private var _$code: String = ""
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("A var without an initial value: storage without one, set through the init accessor")
    func noInitializer() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(1) var session: Session?
            """,
            expandedSource: """
            var session: Session? {
                @storageRestrictions(initializes: _$session)
                init(initialValue) {
                    _$session = initialValue
                }
                get {
                    _$registrar.access(self, keyPath: \\Self.session, slot: 1, after: _$Slots.first)
                    return _$session
                }
                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.session, slot: 1, after: _$Slots.first, storing: newValue) {
                        $0._$session = $1
                    }
                }
                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.session)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.session, slot: 1, after: _$Slots.first, observed: observed)
                    }
                    yield &_$session
                }
            }

            @DynamicIgnored private var _$session: Session?
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("The property keeps its access; the storage is private and keeps @MainActor, weak and nonisolated")
    func modifiersAndAttributes() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(0) @MainActor public private(set) weak var delegate: Delegate?
            """,
            expandedSource: """
            @MainActor public private(set) weak var delegate: Delegate? {
                @storageRestrictions(initializes: _$delegate)
                init(initialValue) {
                    _$delegate = initialValue
                }
                get {
                    _$registrar.access(self, keyPath: \\Self.delegate, slot: 0, after: _$Slots.first)
                    return _$delegate
                }
                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.delegate, slot: 0, after: _$Slots.first, storing: newValue) {
                        $0._$delegate = $1
                    }
                }
                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.delegate)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.delegate, slot: 0, after: _$Slots.first, observed: observed)
                    }
                    yield &_$delegate
                }
            }

            @MainActor @DynamicIgnored private weak var _$delegate: Delegate?
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("A backticked name gets bare _$ storage")
    func backtickedName() {
        assertBinderyExpansion(
            """
            @_DynamicTracked(3) var `default` = false
            """,
            expandedSource: """
            var `default` {
                @storageRestrictions(initializes: _$default)
                init(initialValue) {
                    _$default = initialValue
                }
                get {
                    _$registrar.access(self, keyPath: \\Self.`default`, slot: 3, after: _$Slots.first)
                    return _$default
                }
                set {
                    _$registrar.withMutation(of: self, keyPath: \\Self.`default`, slot: 3, after: _$Slots.first, storing: newValue) {
                        $0._$default = $1
                    }
                }
                _modify {
                    let observed = _$registrar.willSet(self, keyPath: \\Self.`default`)
                    defer {
                        _$registrar.didSet(self, keyPath: \\Self.`default`, slot: 3, after: _$Slots.first, observed: observed)
                    }
                    yield &_$default
                }
            }

            @DynamicIgnored private var _$default = false
            """,
            macros: trackedMacroOnly
        )
    }

    @Test(
        "On anything but a stored instance var with one name: an error, and no expansion",
        arguments: [
            "let id = 7",
            "var twice: Int { 2 }",
            "static var shared = 0",
            "lazy var l = 0",
            "var wrapped = 0 { get { 1 } set {} }",
        ]
    )
    func misplaced(declaration: String) {
        assertBinderyExpansion(
            "@_DynamicTracked(0) \(declaration)",
            expandedSource: declaration,
            diagnostics: [
                DiagnosticSpec(
                    message: """
                    @_DynamicTracked is generated by @Dynamic and applies only to a stored instance 'var' \
                    with a single name and no accessors other than willSet and didSet
                    """,
                    line: 1,
                    column: 1
                )
            ],
            macros: trackedMacroOnly
        )
    }

    @Test("Without an integer-literal slot: an error, and no expansion")
    func missingSlot() {
        for attribute in ["@_DynamicTracked", "@_DynamicTracked(slot)"] {
            assertBinderyExpansion(
                "\(attribute) var sn = 0",
                expandedSource: "var sn = 0",
                diagnostics: [
                    DiagnosticSpec(
                        message: "@_DynamicTracked needs its registrar slot as an integer literal, as in @_DynamicTracked(0)",
                        line: 1,
                        column: 1
                    )
                ],
                macros: trackedMacroOnly
            )
        }
    }

    @Test("In a class that can keep static properties, the accessors use the key path kept in _$KeyPaths")
    func keyPathsInAClass() {
        assertBinderyExpansion(
            """
            final class Lottery {
                @_DynamicTracked(0) var sn = 0
            }
            """,
            expandedSource: """
            final class Lottery {
                var sn {
                    @storageRestrictions(initializes: _$sn)
                    init(initialValue) {
                        _$sn = initialValue
                    }
                    get {
                        _$registrar.access(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first)
                        return _$sn
                    }
                    set {
                        _$registrar.withMutation(of: self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, storing: newValue) {
                            $0._$sn = $1
                        }
                    }
                    _modify {
                        let observed = _$registrar.willSet(self, keyPath: _$KeyPaths.sn)
                        defer {
                            _$registrar.didSet(self, keyPath: _$KeyPaths.sn, slot: 0, after: _$Slots.first, observed: observed)
                        }
                        yield &_$sn
                    }
                }

                @DynamicIgnored private var _$sn = 0
            }
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("In a generic class, the accessors write the key path from the class")
    func keyPathsInAGenericClass() {
        assertBinderyExpansion(
            """
            final class Tagged<Tag> {
                @_DynamicTracked(0) var sn = 0
            }
            """,
            expandedSource: """
            final class Tagged<Tag> {
                var sn {
                    @storageRestrictions(initializes: _$sn)
                    init(initialValue) {
                        _$sn = initialValue
                    }
                    get {
                        _$registrar.access(self, keyPath: \\Tagged.sn, slot: 0, after: _$Slots.first)
                        return _$sn
                    }
                    set {
                        _$registrar.withMutation(of: self, keyPath: \\Tagged.sn, slot: 0, after: _$Slots.first, storing: newValue) {
                            $0._$sn = $1
                        }
                    }
                    _modify {
                        let observed = _$registrar.willSet(self, keyPath: \\Tagged.sn)
                        defer {
                            _$registrar.didSet(self, keyPath: \\Tagged.sn, slot: 0, after: _$Slots.first, observed: observed)
                        }
                        yield &_$sn
                    }
                }

                @DynamicIgnored private var _$sn = 0
            }
            """,
            macros: trackedMacroOnly
        )
    }

    @Test("In a class in an extension (of a type that may be generic), the accessors write the key path from the class")
    func keyPathsInAnExtension() {
        assertBinderyExpansion(
            """
            extension Outer {
                final class Inner {
                    @_DynamicTracked(0) var sn = 0
                }
            }
            """,
            expandedSource: """
            extension Outer {
                final class Inner {
                    var sn {
                        @storageRestrictions(initializes: _$sn)
                        init(initialValue) {
                            _$sn = initialValue
                        }
                        get {
                            _$registrar.access(self, keyPath: \\Inner.sn, slot: 0, after: _$Slots.first)
                            return _$sn
                        }
                        set {
                            _$registrar.withMutation(of: self, keyPath: \\Inner.sn, slot: 0, after: _$Slots.first, storing: newValue) {
                                $0._$sn = $1
                            }
                        }
                        _modify {
                            let observed = _$registrar.willSet(self, keyPath: \\Inner.sn)
                            defer {
                                _$registrar.didSet(self, keyPath: \\Inner.sn, slot: 0, after: _$Slots.first, observed: observed)
                            }
                            yield &_$sn
                        }
                    }

                    @DynamicIgnored private var _$sn = 0
                }
            }
            """,
            macros: trackedMacroOnly
        )
    }
}
