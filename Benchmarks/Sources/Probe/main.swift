import Bindery

final class Plain { var value = 0; var text: String? = nil }
@Dynamic final class Source { var value = 0 }

let n = Int(CommandLine.arguments.dropFirst().first ?? "10000") ?? 10000
let mode = CommandLine.arguments.dropFirst(2).first ?? "bu"
let sources = (0..<n).map { _ in Source() }
let targets = (0..<n).map { _ in Plain() }
@MainActor @inline(never) func run() {
    switch mode {
    case "bu":
        for i in 0..<n { let c = Bind.in(sources[i], \.value).out(targets[i], \.value); c.unbind() }
    default:
        let c = Bind.in(sources[0], \.value).out(targets[0], \.value)
        for i in 0..<n { sources[0].value = i }
        c.unbind()
    }
}
run()
