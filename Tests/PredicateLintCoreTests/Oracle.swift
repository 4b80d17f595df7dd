import Foundation
import Synchronization

/// Runs the real compiler, with the real `#Predicate` macro, over many snippets in one
/// invocation, and says which snippets it rejected and where.
struct Oracle {
    struct Diagnostic: Equatable, CustomStringConvertible {
        let line: Int
        /// Nil when the error is inside the macro's expansion: only the line is known then.
        let column: Int?
        let message: String

        var description: String { "\(line):\(column.map(String.init) ?? "?"): \(message)" }
    }

    /// One snippet's place in the batch and what the compiler said about it.
    struct Verdict {
        let snippet: String
        /// The batch line where the snippet's first line stands.
        let firstLine: Int
        let errors: [Diagnostic]

        /// Errors with line and column relative to the snippet.
        var localErrors: [Diagnostic] {
            errors.map { Diagnostic(line: $0.line - firstLine + 1, column: $0.column, message: $0.message) }
        }
    }

    static var swiftc: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var isAvailable: Bool { swiftc != nil }

    /// Snippets per compiler run: small enough that changing one example re-checks a few of
    /// its neighbours, not every example, and that two runs share the machine's cores.
    static let snippetsPerRun = 24

    /// A snippet to type-check, and the other files of its project (placed at file scope).
    struct Snippet: Sendable {
        let code: String
        var files: [String] = []
    }

    /// Type-checks every snippet, each inside a function of its own, a batch of snippets per
    /// compiler run, two runs at a time. A snippet with files of its own gets a run of its own,
    /// so that its declarations meet no other snippet's.
    static func judge(_ snippets: [Snippet]) throws -> [Verdict] {
        var batches: [[Snippet]] = []
        var shared: [Snippet] = []
        var order: [(batch: Int, position: Int)] = []
        var sharedPositions: [Int] = []
        for snippet in snippets {
            if snippet.files.isEmpty {
                sharedPositions.append(order.count)
                order.append((-1, shared.count))
                shared.append(snippet)
            } else {
                order.append((batches.count, 0))
                batches.append([snippet])
            }
        }
        let sharedBatches = stride(from: 0, to: shared.count, by: snippetsPerRun).map { Array(shared[$0..<min($0 + snippetsPerRun, shared.count)]) }
        let verdicts = try inParallel(batches + sharedBatches, judgeBatch)
        return order.map { place in
            place.batch >= 0 ? verdicts[place.batch][0]
                : verdicts[batches.count + place.position / snippetsPerRun][place.position % snippetsPerRun]
        }
    }

    static func judge(_ snippets: [String]) throws -> [Verdict] {
        try judge(snippets.map { Snippet(code: $0) })
    }

    /// Type-checks each snippet in a compiler run of its own: for verdicts that one snippet's
    /// cost must not influence, such as the type checker's budget.
    static func judgeSeparately(_ snippets: [Snippet]) throws -> [Verdict] {
        try inParallel(snippets.map { [$0] }, judgeBatch).flatMap { $0 }
    }

    private static func judgeBatch(_ snippets: [Snippet]) throws -> [Verdict] {
        // RegexBuilder only where a snippet builds a regex: it adds `contains` overloads (a
        // `Character` is a regex component there) that an ordinary app file does not see.
        var source = snippets.contains(where: { $0.code.contains("Regex") }) ? OracleFixture.source
            : OracleFixture.source.replacingOccurrences(of: "import RegexBuilder\n", with: "")
        var firstLines: [Int] = []
        for (index, snippet) in snippets.map(\.code).enumerated() {
            // Extensions and protocols are only valid at file scope; everything else gets a
            // function of its own, so that its locals do not clash with its neighbours'.
            let atFileScope = snippet.hasPrefix("extension ") || snippet.hasPrefix("protocol ")
            source += atFileScope ? "// snippet \(index)\n" : "func snippet\(index)() {\n"
            firstLines.append(source.count(where: { $0 == "\n" }) + 1)
            source += OracleFixture.withoutSwiftData(snippet) + (atFileScope ? "\n" : "\n}\n")
        }
        // A snippet's other files are files of their own, as in an app.
        let others = snippets.flatMap(\.files).map { "import Foundation\n" + OracleFixture.withoutSwiftData($0) }
        let diagnostics = parse(try compilerOutput(for: source, others: others), file: batchFileName)
        return snippets.indices.map { index in
            let lines = firstLines[index]..<(firstLines[index] + snippets[index].code.count(where: { $0 == "\n" }) + 1)
            return Verdict(snippet: snippets[index].code, firstLine: firstLines[index],
                           errors: diagnostics.filter { lines.contains($0.line) })
        }
    }

    static let batchFileName = "Batch.swift"

    /// What the compiler prints for `source`. The same compiler says the same of the same
    /// source, so its answer is kept under `.build` by compiler version and source: a second
    /// test run only compiles what changed.
    static func compilerOutput(for source: String, others: [String] = []) throws -> String {
        let otherNames = others.indices.map { "Other\($0).swift" }
        let arguments = ["-swift-version", "6", "-typecheck", "-parse-as-library", "-diagnostic-style", "llvm", batchFileName] + otherNames
        let key = stableDigest(([compilerVersion] + arguments + [source] + others).joined(separator: "\u{1F}"))
        let cached = cacheFolder.appendingPathComponent("\(key).txt")
        if let output = try? String(contentsOf: cached, encoding: .utf8) { return output }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("predicate-lint-oracle-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try source.write(to: directory.appendingPathComponent(batchFileName), atomically: true, encoding: .utf8)
        for (name, text) in zip(otherNames, others) {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // Swift 6 mode so that bare regex literals parse; a library, so that globals are
        // globals of a file like any app's. Run in the folder, with relative file names, so that
        // the output names no temporary path and can be kept.
        // One module cache for every run: each run building Foundation's and Glibc's Clang
        // modules afresh cost 2.3 s of its 2.5 s on a small snippet.
        let started = ContinuousClock.now
        let output = try run(["-module-cache-path", moduleCacheFolder.path] + arguments, in: directory)
        Progress.compiled(ContinuousClock.now - started)
        try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try? output.write(to: cached, atomically: true, encoding: .utf8)
        return output
    }

    static let cacheFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/oracle-verdicts")

    static let moduleCacheFolder = cacheFolder.deletingLastPathComponent().appendingPathComponent("oracle-module-cache")

    static let compilerVersion: String = (try? run(["--version"], in: FileManager.default.temporaryDirectory)) ?? "unknown"

    private static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc ?? "swiftc")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// FNV-1a over the text, twice with different seeds: a file name, not a security boundary.
    static func stableDigest(_ text: String) -> String {
        var (a, b): (UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4)
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 1
        }
        return String(a, radix: 16) + String(b, radix: 16)
    }

    /// Compiler runs at once, across every suite that asks the oracle: one per core. More
    /// only share the cores, and a type check that runs out of budget takes five times as long
    /// when five compete for two cores.
    private static let compilerSlots = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// `work` over each element, as many at a time as there are compiler slots, results in order.
    static func inParallel<Input: Sendable>(_ inputs: [Input], _ work: @escaping @Sendable (Input) throws -> [Verdict]) throws -> [[Verdict]] {
        let results = VerdictSlots(count: inputs.count)
        let queue = DispatchQueue(label: "oracle", attributes: .concurrent)
        let group = DispatchGroup()
        for (index, input) in inputs.enumerated() {
            queue.async(group: group) {
                compilerSlots.wait()
                defer { compilerSlots.signal() }
                results.set(index, Result { try work(input) })
            }
        }
        group.wait()
        return try results.values.map { try $0.get() }
    }

    /// Errors in the batch file. An error inside a macro expansion is reported in a generated
    /// buffer; the note that follows it ("in expansion of macro … here") gives the line.
    static func parse(_ output: String, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var pendingExpansionError: String?
        for line in output.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /(.+?):(\d+):(\d+): (error|note|warning): (.*)/) else { continue }
            let (path, lineNumber, column, kind, message) =
                (String(match.1), Int(match.2)!, Int(match.3)!, match.4, String(match.5))
            if kind == "error" {
                if path == file {
                    diagnostics.append(Diagnostic(line: lineNumber, column: column, message: message))
                    pendingExpansionError = nil
                } else {
                    pendingExpansionError = message
                }
            } else if kind == "note", path == file, let message = pendingExpansionError,
                      match.5.contains("in expansion of macro") {
                diagnostics.append(Diagnostic(line: lineNumber, column: nil, message: message))
                pendingExpansionError = nil
            }
        }
        return diagnostics
    }
}

/// A line on standard error for each compiler run that was not cached: on a fresh clone the
/// suite spends minutes here, and should say so while it does (the runner prints nothing
/// else until the end with `-q`).
private enum Progress {
    private static let count = Mutex(0)

    static func compiled(_ duration: Duration) {
        let done = count.withLock { count in
            count += 1
            return count
        }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let line = String(format: "oracle: %d compiler runs over rule examples so far (this one %.1f s); their verdicts are kept "
                          + "under .build/oracle-verdicts for the next run\n", done, seconds)
        FileHandle.standardError.write(Data(line.utf8))
    }
}

private final class VerdictSlots: @unchecked Sendable {
    private var storage: [Result<[Oracle.Verdict], any Error>?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<[Oracle.Verdict], any Error>) { lock.withLock { storage[index] = result } }
    var values: [Result<[Oracle.Verdict], any Error>] { lock.withLock { storage.compactMap { $0 } } }
}
