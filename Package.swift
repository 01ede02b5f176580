// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Bindery",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Bindery", targets: ["Bindery"]),
        // A terminal widget kit whose widgets are Bindery controls (the demo's widgets).
        .library(name: "BinderyTerminal", targets: ["BinderyTerminal"]),
        // The slot-machine demo in a terminal: `swift run lottery`.
        .executable(name: "lottery", targets: ["lottery"]),
        // TodoMVC's view model and its SQLite store (GRDB), and GRDB observations feeding a
        // DynamicList (BinderyGRDB): the one product that needs SQLite (libsqlite3-dev).
        .library(name: "TodoModel", targets: ["TodoModel", "BinderyGRDB"]),
        // TodoMVC's terminal screen (BinderyTerminal widgets bound to TodoModel), and the app.
        .library(name: "TodoTerminal", targets: ["TodoTerminal"]),
        // TodoMVC in a terminal: `swift run todos`.
        .executable(name: "todos", targets: ["todos"]),
        // GTK 4 widgets as Bindery controls; empty unless the `GTK` trait is on.
        .library(name: "BinderyGTK", targets: ["BinderyGTK"]),
        // The slot-machine demo in a GTK 4 window: `swift run --traits GTK lottery-gtk`.
        .executable(name: "lottery-gtk", targets: ["lottery-gtk"]),
        // TodoMVC in a GTK 4 window: `swift run --traits GTK todos-gtk`.
        .executable(name: "todos-gtk", targets: ["todos-gtk"]),
    ],
    traits: [
        .trait(
            name: "GTK",
            description: "Builds BinderyGTK and lottery-gtk against GTK 4 (needs libgtk-4-dev and pkg-config)"
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        // Builds the DocC catalog (`swift package generate-documentation`); no product uses it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Property-based tests (the string-binding parser's fuzz tests); only BinderyTests uses it.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // A manual clock for the timing operators' tests; only BinderyTests uses it.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // SQLite for TodoMVC's store and BinderyGRDB only (needs Debian's libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .macro(
            name: "BinderyMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        // The declaration of one Swift runtime function, in C (see `UnownedObject`).
        .target(name: "BinderyRuntime"),
        .target(
            name: "Bindery",
            dependencies: ["BinderyMacros", "BinderyRuntime"],
            // The engine's guide for contributors, not a resource.
            exclude: ["Chain/README.md"]
        ),
        .target(name: "BinderyTerminal", dependencies: ["Bindery"]),
        // The demos' view model, shared by the terminal and the GTK screens.
        .target(name: "LotteryModel", dependencies: ["Bindery"]),
        .executableTarget(name: "lottery", dependencies: ["Bindery", "BinderyTerminal", "LotteryModel"]),
        .target(name: "BinderyGRDB", dependencies: ["Bindery", .product(name: "GRDB", package: "GRDB.swift")]),
        // TodoMVC's view model, shared by the terminal and the GTK screens, with its stores.
        .target(name: "TodoModel", dependencies: ["Bindery", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "TodoTerminal", dependencies: ["Bindery", "BinderyTerminal", "TodoModel"]),
        .executableTarget(name: "todos", dependencies: ["BinderyTerminal", "TodoModel", "TodoTerminal"]),
        // GTK 4's headers and libraries, found with pkg-config; only the `GTK` trait uses them.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]
        ),
        .target(
            name: "BinderyGTK",
            dependencies: ["Bindery", .target(name: "CGtk", condition: .when(traits: ["GTK"]))]
        ),
        // Without the trait it only says how to build it with GTK.
        .executableTarget(
            name: "lottery-gtk",
            dependencies: ["Bindery", "BinderyGTK", "LotteryModel", .target(name: "CGtk", condition: .when(traits: ["GTK"]))]
        ),
        // Without the trait it only says how to build it.
        .executableTarget(
            name: "todos-gtk",
            dependencies: ["Bindery", "BinderyGTK", "TodoModel", .target(name: "CGtk", condition: .when(traits: ["GTK"]))]
        ),
        // One case of main-actor work queued while GTK's main loop runs, in a process of its own
        // (the main queue runs from GLib only on a first thread that Dispatch does not hold); run
        // by BinderyGTKTests. Without the trait it only says how to build it.
        .executableTarget(
            name: "bindery-gtk-main-queue-check",
            dependencies: ["Bindery", "BinderyGTK", .target(name: "CGtk", condition: .when(traits: ["GTK"]))],
            path: "Tests/GTKMainQueueCheck"
        ),
        .testTarget(
            name: "BinderyTests",
            dependencies: [
                "Bindery", .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "BinderyTerminalTests",
            dependencies: ["BinderyTerminal", "LotteryModel"]
        ),
        // Runs under Xvfb with `--traits GTK` (.ci/run); without the trait it only says so.
        .testTarget(
            name: "BinderyGTKTests",
            dependencies: ["Bindery", "BinderyGTK", .target(name: "CGtk", condition: .when(traits: ["GTK"]))]
        ),
        .testTarget(
            name: "TodoModelTests",
            dependencies: ["TodoModel", "BinderyGRDB", "TodoTerminal", "BinderyTerminal", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "BinderyMacrosTests",
            dependencies: [
                "BinderyMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
