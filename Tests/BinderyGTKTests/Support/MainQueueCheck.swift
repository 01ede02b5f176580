#if GTK
import Foundation
import Testing

/// Runs `bindery-gtk-main-queue-check` (Tests/GTKMainQueueCheck), built beside this test
/// bundle, with the display this process has (Xvfb in CI).
enum MainQueueCheck {
    /// What a run printed and how it ended.
    struct Run {
        let status: Int32
        let output: String
    }

    /// The program, next to the test bundle in the build's products.
    static var program: URL {
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("bindery-gtk-main-queue-check")
    }

    /// Runs the program with `arguments` and waits for it to end.
    static func run(_ arguments: String...) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
#endif
