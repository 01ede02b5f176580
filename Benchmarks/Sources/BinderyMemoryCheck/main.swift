// Resident-memory check for bindings whose receivers die while bound, in a release build:
// `swift run -c release BinderyMemoryCheck [--iterations N]`.
//
// Each round binds two plain receivers to a long-lived @Dynamic model, lets both die while
// bound, then sets the model (the dispatch prunes them): what a table cell that binds labels to
// a view model does on every reuse. The engine's objects are freed at once, so resident memory
// must not grow with the number of rounds. The check measures it after a warm-up and after
// twice as many rounds again, and fails if the second half grew by more than a small slack
// (allocator noise), which a leak of even 100 bytes a round exceeds many times over.

import Bindery
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Dynamic final class Node {
    var x = 0
}

final class Label {
    var text: String? = nil
}

/// Resident set size in bytes, from /proc/self/statm (Linux); 0 where unavailable.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
    let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@inline(never)
func rounds(_ n: Int, on model: Node) {
    for _ in 0..<n {
        do { let label = Label(); Bind.in(model, \.x).out(label, \.text) }
        do { let label = Label(); Bind.in(model, \.x).out(label, \.text) }
        model.x += 1
    }
}

var iterations = 40_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--iterations", let value = arguments.popFirst(), let n = Int(value), n > 0 {
        iterations = n
    } else {
        print("usage: BinderyMemoryCheck [--iterations N]")
        exit(2)
    }
}

let model = Node()
rounds(iterations, on: model)            // warm-up: caches, allocator pools
let before = residentBytes()
rounds(2 * iterations, on: model)
let after = residentBytes()
let grown = after - before
let perRound = grown / (2 * iterations)
// A leak of 100 bytes per round over 80,000 rounds is 8 MB; allow 2 MB of allocator noise.
let slack = 2 << 20
print("memory-check: \(2 * iterations) rounds of two dying receivers: resident \(before / 1024) KiB -> \(after / 1024) KiB, about \(perRound) bytes per round")
if before == 0 {
    print("memory-check: resident memory is not readable here; nothing checked")
} else if grown > slack {
    print("memory-check: FAILED: resident memory grew by \(grown / 1024) KiB (more than \(slack / 1024) KiB)")
    exit(1)
} else {
    print("memory-check: passed")
}
