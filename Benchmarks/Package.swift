// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BinderyBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Bindery", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // Counts heap allocations by defining malloc & co. in the executable (ELF interposition).
        .target(name: "BenchSupport"),
        .executableTarget(
            name: "BinderyBenchmarks",
            dependencies: [
                .product(name: "Bindery", package: "Bindery"),
                .product(name: "BinderyTerminal", package: "Bindery"),
                .product(name: "TodoModel", package: "Bindery"),
                .product(name: "TodoTerminal", package: "Bindery"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                "BenchSupport",
            ],
            linkerSettings: [
                // Valgrind 3.19 (Debian 12) cannot read the DWARF 5 that clang 21 emits for the C
                // and C++ targets and gives up, so `valgrind --tool=callgrind` would not run on
                // the binary. Function names stay in the symbol table, which is all
                // callgrind_annotate needs.
                .unsafeFlags(["-Xlinker", "--strip-debug"], .when(platforms: [.linux])),
            ]
        ),
        // Resident memory across bind / die / prune rounds, in release (CI runs it).
        .executableTarget(
            name: "BinderyMemoryCheck",
            dependencies: [.product(name: "Bindery", package: "Bindery")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
