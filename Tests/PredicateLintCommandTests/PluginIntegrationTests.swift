import Foundation
import Testing

/// Builds a package that uses the build-tool plugin, the way a user's package would, and
/// reads the findings in the build output: one target's own, and one that needs the models of
/// the target it depends on. The fixture is built in the same place under
/// `.build` each time, so only the first run builds PredicateLint from scratch for it (about
/// 20 s); later runs rebuild what changed.
@Suite(.enabled(if: swiftOnPath != nil, "needs swift on PATH"))
struct PluginIntegrationTests {
    @Test func theBuildToolPluginReportsFindingsInTheBuild() throws {
        let folder = repositoryRoot.appendingPathComponent(".build/plugin-fixture")
        let link = folder.appendingPathComponent("predicate-lint").path
        let fixture = folder.appendingPathComponent("PluginFixture")
        // SwiftPM names a path dependency after its folder; the link gives it the name the
        // fixture's manifest uses, wherever this repository was cloned.
        try FileManager.default.createDirectory(at: fixture, withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != repositoryRoot.path {
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: repositoryRoot.path)
        }
        // The sources are written afresh (a new modification time), so the plugin runs again.
        let source = repositoryRoot.appendingPathComponent("Tests/Fixtures/PluginFixture")
        for file in ["Package.swift", "Sources/Store/Store.swift", "Sources/Models/Trip.swift", "Sources/Queries/Queries.swift"] {
            let target = fixture.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try Data(contentsOf: source.appendingPathComponent(file)).write(to: target)
        }

        // One target at a time: in one build, the error in `Queries` may stop the build before
        // `Store`'s findings are printed.
        func build(_ target: String) throws -> (status: Int32, output: String) {
            try runProgram(swiftOnPath!, ["build", "--package-path", fixture.path, "--target", target])
        }
        let store = try build("Store")
        #expect(store.status == 0, "a warning does not fail the build: \(store.output)")
        #expect(store.output.contains("Sources/Store/Store.swift:5:61: warning: SwiftData rejects force unwraps"), "\(store.output)")
        #expect(store.output.contains("[force-unwrap]"))
        #expect(!store.output.contains("Store.swift:8:"), "the correct predicate stays quiet")
        // The cross-target error fails the build, as an error should.
        let queries = try build("Queries")
        #expect(queries.status != 0, "\(queries.output)")
        #expect(queries.output.contains("Sources/Queries/Queries.swift:6:46: error: `isLong` is a computed property of `Trip`"), "\(queries.output)")
        // Each target reports its own findings, once: `Models` builds too, and reports nothing.
        #expect(queries.output.components(separatedBy: "[computed-property]").count == 2, "\(queries.output)")

        // The command plugin, on the one target: its dependency's models are read, and both the
        // finding and the verdict are shown (in a pipe SwiftPM prints the verdict first).
        let (commandStatus, commandOutput) = try runProgram(swiftOnPath!, [
            "package", "--package-path", fixture.path, "--allow-writing-to-package-directory",
            "predicate-lint", "--target", "Queries", "--no-cache",
        ])
        #expect(commandStatus != 0, "\(commandOutput)")
        let finding = commandOutput.range(of: "Queries.swift:6:46: error: `isLong` is a computed property")
        let verdict = commandOutput.range(of: "predicate-lint found problems")
        #expect(finding != nil && verdict != nil, "\(commandOutput)")
    }
}

let swiftOnPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
