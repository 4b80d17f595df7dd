import Dispatch
import Foundation
import SwiftParser
import SyntheticCorpus

// predicate-lint-bench [--sizes 1000,10000,50000] [--repeat 3] [--keep]
//
// For each corpus size, in one run on this machine: the read floor (every byte read, all
// cores), the parse floor (SwiftParser over every file, all cores), and predicate-lint itself
// (the release binary beside this one, as a separate process): cold (empty cache), warm
// (nothing changed), after one file changed, and on a single file (start-up). Each time is the
// best of --repeat runs, since the machine may be busy. The ratios are the point: they compare
// measurements taken minutes apart on the same machine.

var sizes = [1_000, 10_000, 50_000]
var repetitions = 3
var keep = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--sizes": sizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--repeat": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
    case "--keep": keep = true
    default:
        FileHandle.standardError.write(Data("usage: predicate-lint-bench [--sizes 1000,10000,50000] [--repeat 3] [--keep]\n".utf8))
        exit(2)
    }
}

let tool = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("predicate-lint").path
guard FileManager.default.isExecutableFile(atPath: tool) else {
    FileHandle.standardError.write(Data("error: \(tool) is missing; build it with `swift build -c release`\n".utf8))
    exit(2)
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

@MainActor func best(_ body: () -> Void) -> Double {
    (0..<max(1, repetitions)).map { _ in let start = now(); body(); return now() - start }.min() ?? 0
}

func swiftFiles(in directory: String) -> [String] {
    (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".swift") }.map { "\(directory)/\($0)" }.sorted()
}

/// Runs the tool; returns wall time and peak resident memory (MB) of the child.
@MainActor func runTool(_ arguments: [String]) -> (seconds: Double, peakMB: Double, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (now() - start, Double(usage.ru_maxrss) / 1024, (status >> 8) & 0xFF)
}

func readFloor(_ files: [String]) -> Int {
    let total = ManagedAtomicCounter()
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        total.add(FileManager.default.contents(atPath: files[index])?.count ?? 0)
    }
    return total.value
}

func parseFloor(_ files: [String]) {
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        guard let data = FileManager.default.contents(atPath: files[index]) else { return }
        _ = Parser.parse(source: String(decoding: data, as: UTF8.self))
    }
}

final class ManagedAtomicCounter: @unchecked Sendable {
    private var total = 0
    private let lock = NSLock()
    func add(_ amount: Int) { lock.withLock { total += amount } }
    var value: Int { lock.withLock { total } }
}

print("predicate-lint-bench on \(ProcessInfo.processInfo.activeProcessorCount) cores, best of \(repetitions)")
print("files    MB   read    parse   cold    warm    edit    one-file  files/s  peak MB  cold/parse  warm/read")
var coldTimes: [Int: Double] = [:]
for size in sizes {
    let root = NSTemporaryDirectory() + "predicate-lint-bench-\(size)-\(getpid())"
    try? FileManager.default.removeItem(atPath: root)
    let summary = try SyntheticCorpus.write(fileCount: size, to: root)
    let files = swiftFiles(in: root)
    let cache = root + ".cache"

    var bytes = 0
    let read = best { bytes = readFloor(files) }
    let parse = best { parseFloor(files) }
    var peak = 0.0
    let cold = best {
        try? FileManager.default.removeItem(atPath: cache)
        let run = runTool(["--quiet", "--cache-path", cache, root])
        peak = max(peak, run.peakMB)
    }
    _ = runTool(["--quiet", "--cache-path", cache, root])
    let warm = best { _ = runTool(["--quiet", "--cache-path", cache, root]) }
    let store = files.first { $0.contains("Store") } ?? files[0]
    var edit = 0.0
    for round in 0..<max(1, repetitions) {
        try? (String(contentsOfFile: store, encoding: .utf8) + "// edit \(round)\n").write(toFile: store, atomically: true, encoding: .utf8)
        let run = runTool(["--quiet", "--cache-path", cache, root])
        edit = round == 0 ? run.seconds : min(edit, run.seconds)
    }
    let oneFile = best { _ = runTool(["--quiet", "--no-cache", store]) }
    coldTimes[size] = cold

    print(String(format: "%-7d %5.1f  %5.2fs  %5.2fs  %5.2fs  %5.2fs  %5.2fs  %6.0f ms  %7.0f  %7.1f  %10.3f  %9.2f",
                 size, Double(bytes) / 1e6, read, parse, cold, warm, edit, oneFile * 1000,
                 Double(size) / cold, peak, cold / parse, warm / read))
    print("        (\(summary.relevantFiles) of \(summary.files) files hold models, model extensions or predicates)")
    if !keep {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: cache)
    }
}
if let ten = coldTimes[10_000], let fifty = coldTimes[50_000] {
    print(String(format: "growth: 50k cold / 10k cold = %.2f (linear is 5)", fifty / ten))
}
