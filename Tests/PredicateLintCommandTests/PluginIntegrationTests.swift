import Foundation
import Testing

/// Builds a package that uses the build-tool plugin, the way a user's package would, and
/// reads the findings in the build output. Slow (a package build, about 15 s).
@Suite(.enabled(if: swiftOnPath != nil, "needs swift on PATH"))
struct PluginIntegrationTests {
    @Test func theBuildToolPluginReportsFindingsInTheBuild() throws {
        let tree = try TemporaryTree()
        // SwiftPM names a path dependency after its folder; the link gives it the name the
        // fixture's manifest uses, wherever this repository was cloned.
        try FileManager.default.createSymbolicLink(atPath: tree.path("predicate-lint"), withDestinationPath: repositoryRoot.path)
        try FileManager.default.copyItem(
            atPath: repositoryRoot.appendingPathComponent("Tests/Fixtures/PluginFixture").path, toPath: tree.path("PluginFixture"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftOnPath!)
        process.arguments = ["build", "--package-path", tree.path("PluginFixture")]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("Sources/Store/Store.swift:9:53: warning: SwiftData rejects force unwraps"), "\(output)")
        #expect(output.contains("[force-unwrap]"))
        #expect(!output.contains("Store.swift:12:"), "the correct predicate stays quiet")
    }
}

let swiftOnPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
