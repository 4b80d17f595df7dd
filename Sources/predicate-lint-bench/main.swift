import Dispatch
import Foundation
import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

// predicate-lint-bench [--sizes 1000,10000,50000] [--apps 10000] [--corpus DIR] [--repeat 3] [--keep] [--update FILE]
//
// For each corpus, in one run on this machine: the read floor (every byte read, all cores),
// the parse floor (SwiftParser over every file, all cores), and predicate-lint itself (the
// release binary beside this one, as a separate process): cold (empty cache), warm (nothing
// changed), after one file with a predicate changed, that file alone changed again (as a
// pre-commit hook lints it, against its project's models), and start-up (`version`); then the
// language server: from `initialize` to the first diagnostics of that file, and its peak memory
// once the workspace's models are indexed; and the processor time SHA-256 takes over every
// byte on one core (what a cold run's digests cost). Each time is the best of --repeat runs, since the
// machine may be busy. The ratios are the point: they compare measurements taken minutes
// apart on the same machine.
//
// --sizes: the synthetic app, one module of many small files; --apps: the same number of files
// shaped like real apps (several apps in one tree, large views holding @Query predicates,
// models extended in many files, common model names); --corpus: a folder of real apps (it is
// only read; the edited file is put back). --update FILE (repeatable): the table between the
// benchmark markers in FILE (the README, docs/Performance.md) is replaced by this run's.

var sizes = [1_000, 10_000, 50_000]
var appSizes: [Int] = []
var corpora: [String] = []
var sizesGiven = false
var repetitions = 3
var keep = false
var updates: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--sizes": sizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }; sizesGiven = true
    case "--apps": appSizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--corpus": corpora.append(arguments.popFirst() ?? "")
    case "--repeat": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
    case "--keep": keep = true
    case "--update": updates.append(arguments.popFirst() ?? "")
    case "--parse-floor":
        // Internal: SwiftParser over every Swift file under DIR on all cores, then exit.
        parseFloor(swiftFiles(in: arguments.popFirst() ?? "."))
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: predicate-lint-bench [--sizes 1000,10000,50000] [--apps 10000] [--corpus DIR] [--repeat 3] [--keep] [--update FILE]\n".utf8))
        exit(2)
    }
}

/// This benchmark, which parses a corpus in a process of its own (`--parse-floor DIR`).
let benchmark = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path

// Only what was asked for: --apps or --corpus alone do not also run the default sizes.
if !sizesGiven && (!appSizes.isEmpty || !corpora.isEmpty) { sizes = [] }

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

/// Runs the tool in `directory` (as a person or CI runs it: from the project, paths relative
/// to it); returns wall time and peak resident memory (MB) of the child.
@MainActor func runTool(_ arguments: [String], in directory: String? = nil, executable: String = tool) -> (seconds: Double, peakMB: Double, status: Int32) {
    // A struct in Glibc, a pointer that `init` allocates in Darwin.
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    // The child starts where the parent is (this toolchain's Glibc module lacks
    // posix_spawn_file_actions_addchdir_np); nothing else runs while it starts.
    let home = FileManager.default.currentDirectoryPath
    if let directory { chdir(directory) }
    defer { chdir(home) }
    let start = now()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    // `ru_maxrss` is in kilobytes on Linux and in bytes on macOS (getrusage(2) of each).
    #if canImport(Darwin)
    let peakMB = Double(usage.ru_maxrss) / 1_048_576
    #else
    let peakMB = Double(usage.ru_maxrss) / 1024
    #endif
    return (now() - start, peakMB, (status >> 8) & 0xFF)
}

func readFloor(_ files: [String]) -> Int {
    let total = ManagedAtomicCounter()
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        total.add(FileManager.default.contents(atPath: files[index])?.count ?? 0)
    }
    return total.value
}

/// Processor time of SHA-256 over every byte, on one core: what a cold run pays for the
/// digests the cache is keyed by (each file is digested once), apart from reading the files.
/// One file is held at a time: the tool's peak memory is measured from `wait4`, which on Linux
/// counts this process's resident memory when it spawned the tool, so holding a whole corpus
/// here (as a first version did) added its size to every peak measured after it.
@MainActor func digestTime(_ files: [String]) -> Double {
    (0..<max(1, repetitions)).map { _ in
        files.reduce(0.0) { total, path in
            guard let data = FileManager.default.contents(atPath: path) else { return total }
            let start = now()
            _ = SHA256.digest(data)
            return total + now() - start
        }
    }.min() ?? 0
}

func parseFloor(_ files: [String]) {
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        guard let data = FileManager.default.contents(atPath: files[index]) else { return }
        _ = SourceFile.parse(String(decoding: data, as: UTF8.self))
    }
}

final class ManagedAtomicCounter: @unchecked Sendable {
    private var total = 0
    private let lock = NSLock()
    func add(_ amount: Int) { lock.withLock { total += amount } }
    var value: Int { lock.withLock { total } }
}

/// The language server on `root`: seconds from sending `initialize` to the first diagnostics
/// for `file` (opened right after `initialized`), its peak memory once it has gone idle (its
/// models indexed in the background; nil where there is no `/proc` to read it from, as on
/// macOS), and then edit to diagnostics: `edits` changes of the
/// document, each sent once the last one's diagnostics arrived, alternately adding and removing
/// a line with a finding (the server publishes only diagnostics that changed), the median and
/// the 95th percentile, and the server's processor time per edit (nil without `/proc`).
func languageServer(root: String, file: String, edits: Int = 40)
    -> (firstDiagnostics: Double, peakMB: Double?, editP50: Double, editP95: Double, editCPU: Double?) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["lsp"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? process.run()) != nil else { return (0, 0, 0, 0, nil) }
    func send(_ json: String) {
        input.fileHandleForWriting.write(Data("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8))
    }
    func quoted(_ text: String) -> String { JSON.quoted(text) }
    let uri = "file://" + file
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    // The version of each diagnostics message, read as the server writes them (the tool's own
    // JSON-RPC reading, as a client).
    let messages = JSONRPCConnection(input: output.fileHandleForReading, output: input.fileHandleForWriting, framing: .contentLength)
    func nextDiagnosticsVersion() -> Int? {
        while true {
            switch messages.receive() {
            case .end: return nil
            case .malformed: continue
            case .message(let message):
                if message["method"]?.string == "textDocument/publishDiagnostics" { return message["params"]?["version"]?.integer ?? 0 }
            }
        }
    }
    let start = now()
    send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":\#(quoted("file://" + root)),"capabilities":{}}}"#)
    send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(quoted(uri)),"languageId":"swift","version":1,"text":\#(quoted(text))}}}"#)
    let first = nextDiagnosticsVersion() != nil ? now() - start : 0
    // Idle: no processor time used for a second.
    func cpuTicks() -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8) else { return -1 }
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
    }
    var ticks = cpuTicks()
    while true {
        Thread.sleep(forTimeInterval: 1)
        let later = cpuTicks()
        if later == ticks || later < 0 || now() - start > 300 { break }
        ticks = later
    }
    let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
    let peakKB = status?.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }
    var latencies: [Double] = []
    let ticksBeforeEdits = cpuTicks()
    let finding = "\nlet benchmarkEdit = #Predicate<String> { $0.hasPrefix(\"a\") }\n"
    for version in 2..<(2 + edits) {
        let edited = version % 2 == 0 ? text + finding : text
        let sent = now()
        send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":\#(quoted(uri)),"version":\#(version)},"contentChanges":[{"text":\#(quoted(edited))}]}}"#)
        while let received = nextDiagnosticsVersion(), received < version {}
        latencies.append(now() - sent)
    }
    latencies.sort()
    let ticksAfterEdits = cpuTicks()
    #if os(Linux)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    #else
    let ticksPerSecond = 100.0
    #endif
    let editCPU = ticksBeforeEdits < 0 || ticksAfterEdits < 0 ? nil
        : Double(ticksAfterEdits - ticksBeforeEdits) / ticksPerSecond / Double(edits)
    send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    func percentile(_ fraction: Double) -> Double {
        latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)]
    }
    return (first, peakKB.map { $0 / 1024 }, percentile(0.5), percentile(0.95), editCPU)
}

/// The file an edit touches: the first one holding a predicate.
func predicateFile(_ files: [String]) -> String {
    files.first { path in
        (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.contains("#Predicate") || $0.contains("@Query(") } ?? false
    } ?? files[0]
}

/// The file the language server's edits touch: the one an editor would have open, the file
/// with the most predicates (the largest of those), as real apps' dashboards and sync services.
func editorFile(_ files: [String]) -> (path: String, lines: Int, predicates: Int) {
    var best = (path: predicateFile(files), lines: 0, predicates: 0)
    for path in files {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        let predicates = text.components(separatedBy: "#Predicate").count - 1
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        if (predicates, lines) > (best.predicates, best.lines) { best = (path, lines, predicates) }
    }
    return best
}

/// Measures one corpus, prints its line and adds its row to `rows`.
@MainActor func measure(label: String, root: String, note: String?) -> Double {
    let files = swiftFiles(in: root)
    guard !files.isEmpty else {
        print("\(label): no Swift files")
        return 0
    }
    // Every cache is a new folder, removed only when the benchmark ends (`removeAtExit`).
    let caches = scratch("cache-\(label)")
    var bytes = 0
    let read = best { bytes = readFloor(files) }
    // In a process of its own: the peak memory `wait4` reports for a spawned tool includes
    // what this process held when it spawned it (Linux keeps the larger of the old and the
    // new address space's peaks across `exec`), and parsing a corpus here would leave this
    // process holding hundreds of megabytes.
    let parse = best { _ = runTool(["--parse-floor", root], executable: benchmark) }
    let digest = digestTime(files)
    var peak = 0.0
    var coldRound = 0
    let cold = best {
        coldRound += 1
        let run = runTool(["--quiet", "--cache-path", "\(caches)/cold-\(coldRound)"], in: root)
        peak = max(peak, run.peakMB)
    }
    let cache = "\(caches)/warm"
    _ = runTool(["--quiet", "--cache-path", cache], in: root)
    let warm = best { _ = runTool(["--quiet", "--cache-path", cache], in: root) }
    // The cache must never change a finding: cold, warm and uncached runs report the same.
    let reports = scratch("reports-\(label)")
    try? FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
    let checked = "\(caches)/checked"
    for (name, options) in [("cold", ["--cache-path", checked]), ("warm", ["--cache-path", checked]), ("uncached", ["--no-cache"])] {
        _ = runTool(["--quiet", "--reporter", "json", "--output", "\(reports)/\(name).json"] + options, in: root)
    }
    let findings = ["cold", "warm", "uncached"].map { FileManager.default.contents(atPath: "\(reports)/\($0).json") ?? Data() }
    guard findings[0] == findings[1], findings[1] == findings[2], !findings[0].isEmpty else {
        print("\(label): cold, warm and uncached runs disagree on the findings (\(reports)); the cache is broken")
        exit(1)
    }
    let edited = predicateFile(files)
    let original = FileManager.default.contents(atPath: edited) ?? Data()
    // The best time to lint `target` just after the file changed (a new comment each round,
    // so that its findings are never cached).
    func afterChanging(_ mark: String, lint target: String?) -> Double {
        (0..<max(1, repetitions)).map { round in
            try? (original + Data("\n// \(mark) \(round)\n".utf8)).write(to: URL(fileURLWithPath: edited))
            return runTool(["--quiet", "--cache-path", cache] + (target.map { [$0] } ?? []), in: root).seconds
        }.min() ?? 0
    }
    let edit = afterChanging("edit", lint: nil)
    // That file alone, changed again, as a pre-commit hook lints it: against its project's
    // models, with the cache the runs above left.
    let oneFile = afterChanging("one file", lint: String(edited.dropFirst(root.count + 1)))
    try? original.write(to: URL(fileURLWithPath: edited))
    let startUp = best { _ = runTool(["version"]) }
    let editor = editorFile(files)
    let server = languageServer(root: root, file: editor.path)

    let serverMemory = server.peakMB.map { String(format: "%7.1f", $0) } ?? "    n/a"
    print(label.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%6d %5.1f  %5.2fs  %5.2fs  %5.2fs  %5.2fs  %5.2fs  %6.0f ms  %5.0f ms  %7.1f  %6.2fs  ",
                 files.count, Double(bytes) / 1e6, read, parse, cold, warm, edit, oneFile * 1000, startUp * 1000,
                 peak, server.firstDiagnostics)
          + serverMemory + String(format: "  %5.0f ms  %5.0f ms  %10.3f  %9.2f  %6.0f ms",
                                  server.editP50 * 1000, server.editP95 * 1000, cold / parse, warm / read, digest * 1000)
          + (server.editCPU.map { String(format: "  %6.1f ms", $0 * 1000) } ?? "     n/a"))
    if let note { print("          (\(note))") }
    print("          (language server edits: \(editor.path.dropFirst(root.count + 1)), \(editor.lines) lines, \(editor.predicates) predicates)")
    rows.append(BenchmarkRow(corpus: label, files: files.count, megabytes: Double(bytes) / 1e6, readFloor: read, parseFloor: parse,
                             cold: cold, warm: warm, edit: edit, oneFile: oneFile, startUp: startUp, peakMB: peak,
                             serverFirstDiagnostics: server.firstDiagnostics, serverMB: server.peakMB,
                             serverEditP50: server.editP50, serverEditP95: server.editP95, serverEditCPU: server.editCPU, digest: digest))
    return cold
}

nonisolated(unsafe) var rows: [BenchmarkRow] = []

/// Folders the benchmark writes, removed when it ends and not before: on a file system without
/// a journal (ext4 as this project's CI machine mounts it), creating files within half a minute
/// of deleting many makes the kernel skip every recently freed inode, one disk block read each,
/// and a cold run that writes a thousand cache entries just after the benchmark deleted the
/// previous tree and its caches took 1.3 s of system time instead of 0.3 s.
nonisolated(unsafe) var removeAtExit: [String] = []

/// A new folder path for `name`, removed when the benchmark ends.
func scratch(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "predicate-lint-bench-\(name)-\(getpid())"
    removeAtExit.append(path)
    return path
}

/// Waits until files just written count as settled (`FileStamp.isSettled`): the cache trusts
/// a file's stamp only some seconds after its last write, and a checkout being linted is older
/// than that. Without the wait, a warm run here would read every file again.
func settle() {
    Thread.sleep(forTimeInterval: 3.5)
}

print("predicate-lint-bench on \(ProcessInfo.processInfo.activeProcessorCount) cores, best of \(repetitions)")
print("corpus     files    MB   read    parse   cold    warm    edit    one-file  start-up  peak MB  lsp 1st  lsp MB  edit p50  edit p95  cold/parse  warm/read  digest   lsp cpu/edit")
var coldTimes: [Int: Double] = [:]
for size in sizes {
    let root = keep ? NSTemporaryDirectory() + "predicate-lint-bench-\(size)-\(getpid())" : scratch("\(size)")
    let summary = try SyntheticCorpus.write(fileCount: size, to: root)
    settle()
    coldTimes[size] = measure(label: "synthetic", root: root,
                              note: "\(summary.relevantFiles) of \(summary.files) files hold models, model extensions or predicates")
}
for size in appSizes {
    let root = keep ? NSTemporaryDirectory() + "predicate-lint-bench-apps-\(size)-\(getpid())" : scratch("apps-\(size)")
    let summary = try SyntheticCorpus.writeApps(fileCount: size, to: root)
    settle()
    _ = measure(label: "app-like", root: root,
                note: "\(summary.apps) apps; \(summary.relevantFiles) of \(summary.files) files hold models, model extensions or predicates")
}
for corpus in corpora {
    let root = URL(fileURLWithPath: corpus).standardizedFileURL.path
    _ = measure(label: "corpus", root: root, note: root)
}
if let ten = coldTimes[10_000], let fifty = coldTimes[50_000] {
    print(String(format: "growth: 50k cold / 10k cold = %.2f (linear is 5)", fifty / ten))
}
for path in removeAtExit { try? FileManager.default.removeItem(atPath: path) }

/// The first line `swift --version` prints: the toolchain the figures were measured with.
func toolchainVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? process.run()) != nil else { return "Swift (version unknown)" }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").first.map { String($0).replacingOccurrences(of: #" \(swift-.*\)"#, with: "", options: .regularExpression) } ?? "Swift"
}

if !updates.isEmpty {
    let day = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
    #if os(macOS)
    let system = "macOS"
    #else
    let system = "Linux"
    #endif
    // The files updated say nothing about the figures.
    var shown = ["predicate-lint-bench"]
    var given = CommandLine.arguments.dropFirst()
    while let argument = given.popFirst() {
        if argument == "--update" { _ = given.popFirst() } else { shown.append(argument) }
    }
    let invocation = shown.joined(separator: " ")
    let measured = "Measured \(day) on \(system), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(toolchainVersion()), release build: "
        + "`\(invocation)` (best of \(repetitions) for each figure)."
    let table = BenchmarkTable.markdown(rows, measured: measured)
    for path in updates {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let updated = BenchmarkTable.updating(text, with: table) else {
            FileHandle.standardError.write(Data("error: \(path) has no benchmark table markers (or cannot be read); nothing written there\n".utf8))
            exit(2)
        }
        try updated.write(toFile: path, atomically: true, encoding: .utf8)
        print("updated the benchmark table in \(path)")
    }
}
