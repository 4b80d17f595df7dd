import Foundation
import Testing

/// The built `predicate-lint` executable, run as a user would run it.
@Suite struct BinaryTests {
    /// The executable sits beside the test bundle in the build folder.
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("predicate-lint")

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func exitStatusesReachTheShell() throws {
        let tree = try TemporaryTree([
            "Bad.swift": #"let p = #Predicate<Movie> { $0.name.hasSuffix("x") }"#,
            "Good.swift": #"let p = #Predicate<Movie> { $0.name.starts(with: "x") }"#,
        ])
        let bad = try run([tree.path("Bad.swift")])
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("\(tree.path("Bad.swift")):1:37: error: "))
        #expect(bad.stderr.contains("Found 1 error"))
        #expect(try run([tree.path("Good.swift")]).status == 0)
        #expect(try run(["--nope"]).status == 2)
        #expect(try run([tree.path("Missing.swift"), tree.path("Bad.swift")]).status == 2)
    }
}
