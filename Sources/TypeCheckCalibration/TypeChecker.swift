import Dispatch
import Foundation

/// `swiftc -typecheck` on one stand-in at a time, with a time limit, its verdicts kept in a
/// folder by a digest of the compiler, the limit and the source, so that a second run only
/// compiles what changed. One at a time: the timings are the measurement, and two compilers
/// side by side on two cores slow each other down.
public struct TypeChecker: Sendable {
    public enum Outcome: String, Sendable, Codable {
        case builds
        /// The compiler gave up: "unable to type-check this expression in reasonable time".
        case unableToTypeCheck = "unable-to-type-check"
        /// Still running at the time limit; stopped.
        case timeout
        case otherError = "other-error"
    }

    public struct Verdict: Sendable, Codable {
        public let outcome: Outcome
        public let seconds: Double
        /// Without the file's path: `12:40: error: …`.
        public let firstError: String
        /// The one-minute load average when the compiler started: a busy machine slows it.
        public let load: Double
        /// The stand-in's file name in the cache folder.
        public var file: String = ""
    }

    public let swiftc: String
    public let version: String
    public let timeLimit: Duration
    public let cacheFolder: URL

    public init(swiftc: String, timeLimit: Duration, cacheFolder: URL) throws {
        self.swiftc = swiftc
        self.timeLimit = timeLimit
        self.cacheFolder = cacheFolder
        // `--version` writes to standard error.
        let (status, output) = try Self.run(swiftc, ["--version"], limit: .seconds(60))
        guard status == 0 else { throw CalibrationError("`\(swiftc) --version` failed") }
        version = output.split(separator: "\n").first.map(String.init) ?? "unknown"
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
    }

    /// The verdict on `source`, from the cache when this compiler judged it before.
    public func verdict(on source: String, digest: (String) -> String) throws -> (verdict: Verdict, cached: Bool) {
        let name = String(digest("\(version)\n\(timeLimit)\n\(source)").prefix(24))
        let file = cacheFolder.appendingPathComponent(name + ".swift")
        let record = cacheFolder.appendingPathComponent(name + ".json")
        if let data = try? Data(contentsOf: record), var verdict = try? JSONDecoder().decode(Verdict.self, from: data) {
            verdict.file = file.lastPathComponent
            return (verdict, true)
        }
        try source.write(to: file, atomically: true, encoding: .utf8)
        var verdict = try typeCheck(file)
        verdict.file = file.lastPathComponent
        try JSONEncoder().encode(verdict).write(to: record, options: .atomic)
        return (verdict, false)
    }

    func typeCheck(_ file: URL) throws -> Verdict {
        var loads = [0.0, 0, 0]
        let load = getloadavg(&loads, 3) > 0 ? loads[0] : 0
        let start = ContinuousClock.now
        let (status, errorOutput) = try Self.run(swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library", file.path],
                                                    limit: timeLimit)
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let errors = errorOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        let firstError = { (line: Substring?) in line.map { String($0.split(separator: ".swift:", maxSplits: 1).last ?? $0) } ?? "" }
        let outcome: Outcome
        var first = ""
        switch status {
        case nil: outcome = .timeout
        case 0?: outcome = .builds
        default:
            if let gaveUp = errors.first(where: { $0.contains("unable to type-check this expression in reasonable time") }) {
                (outcome, first) = (.unableToTypeCheck, firstError(gaveUp))
            } else {
                (outcome, first) = (.otherError, firstError(errors.first ?? errorOutput.split(separator: "\n").first))
            }
        }
        return Verdict(outcome: outcome, seconds: (seconds * 100).rounded() / 100, firstError: first,
                       load: (load * 100).rounded() / 100)
    }

    /// Runs a program to its end or to `limit`: its status (nil when it was stopped) and what
    /// it wrote, both streams together. The
    /// driver runs a single type-check in its own process, so stopping it stops the compiler.
    static func run(_ program: String, _ arguments: [String], limit: Duration) throws -> (status: Int32?, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = errors
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Read while it runs: a full pipe would stall the compiler.
        nonisolated(unsafe) var errorData = Data()
        let reader = DispatchQueue(label: "type-checker.stderr")
        let readErrors = DispatchWorkItem { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.async(execute: readErrors)
        let seconds = Double(limit.components.seconds)
        var stopped = false
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            stopped = true
            process.terminate()
            finished.wait()
        }
        readErrors.wait()
        return (stopped ? nil : process.terminationStatus, String(decoding: errorData, as: UTF8.self))
    }
}

public struct CalibrationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
