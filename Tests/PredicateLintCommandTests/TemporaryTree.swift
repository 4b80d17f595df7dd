import Foundation
@testable import PredicateLintCommand

/// A folder of files for one test, removed when the test ends.
final class TemporaryTree {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("predicate-lint-test-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func path(_ relative: String = "") -> String {
        relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program to its end: its exit status, and its standard output and error together.
func runProgram(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

extension CommandEnvironment {
    /// What a server under test sees: a cache folder of the test run's own, never the user's.
    static let testing = CommandEnvironment(variables: ["XDG_CACHE_HOME": testCacheHome])
}

/// The cache folder of the whole test run (servers and the built binary use it), under the
/// system's temporary folder: tests never write to the user's cache.
let testCacheHome: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("predicate-lint-test-cache-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()
